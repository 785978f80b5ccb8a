//! `new URL(text)` and `new URLSearchParams(text)`.
//!
//! The full WHATWG URL parser (IDNA included) belongs to the JavaScript engine, which builds
//! the value; here a URL is checked for what makes `new URL` throw in practice (no scheme, a
//! special scheme without a host, a forbidden host character, a bad IPv4 address or port), so
//! such payloads fail in Rust too. URLSearchParams never throws for text; its pairs are parsed
//! here for the canonical form.

fn is_special(scheme: &str) -> bool {
    matches!(scheme, "http" | "https" | "ws" | "wss" | "ftp")
}

fn forbidden_host(c: char) -> bool {
    matches!(
        c,
        '\0' | '\t'
            | '\n'
            | '\r'
            | ' '
            | '#'
            | '/'
            | ':'
            | '<'
            | '>'
            | '?'
            | '@'
            | '['
            | '\\'
            | ']'
            | '^'
            | '|'
    )
}

/// WHATWG IPv4 number: decimal, `0x` hex or leading-zero octal.
fn ipv4_number(part: &str) -> Option<u64> {
    let (radix, digits) =
        if let Some(h) = part.strip_prefix("0x").or_else(|| part.strip_prefix("0X")) {
            (16, h)
        } else if part.len() > 1 && part.starts_with('0') {
            (8, part.get(1..)?)
        } else {
            (10, part)
        };
    if digits.is_empty() {
        return if radix == 16 { Some(0) } else { None };
    }
    if digits.len() > 20 {
        return None;
    }
    u64::from_str_radix(digits, radix).ok()
}

/// Whether a domain ends in a number, which makes it an IPv4 address that must parse.
fn ends_in_number(host: &str) -> bool {
    let trimmed = host.strip_suffix('.').unwrap_or(host);
    let last = trimmed.rsplit('.').next().unwrap_or("");
    !last.is_empty()
        && (last.bytes().all(|b| b.is_ascii_digit())
            || ipv4_number(last).is_some() && last.starts_with("0x"))
}

fn ipv4_ok(host: &str) -> bool {
    let trimmed = host.strip_suffix('.').unwrap_or(host);
    let parts: Vec<&str> = trimmed.split('.').collect();
    if parts.len() > 4 || parts.iter().any(|p| p.is_empty()) {
        return false;
    }
    let Some(nums) = parts
        .iter()
        .map(|p| ipv4_number(p))
        .collect::<Option<Vec<u64>>>()
    else {
        return false;
    };
    let (last, init) = match nums.split_last() {
        Some(x) => x,
        None => return false,
    };
    init.iter().all(|n| *n <= 255) && *last < 256u64.pow(5 - nums.len() as u32)
}

fn host_ok(host: &str, special: bool) -> bool {
    if let Some(inner) = host.strip_prefix('[') {
        return inner.strip_suffix(']').is_some_and(|v6| {
            !v6.is_empty()
                && v6
                    .chars()
                    .all(|c| c.is_ascii_hexdigit() || c == ':' || c == '.')
        });
    }
    if host.chars().any(forbidden_host) {
        return false;
    }
    if !special {
        return true;
    }
    if host.is_empty() || host.chars().any(|c| c.is_ascii_control()) {
        return false;
    }
    let b = host.as_bytes();
    let bad_percent = b.iter().enumerate().any(|(i, c)| {
        *c == b'%'
            && !(b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit))
    });
    if bad_percent {
        return false;
    }
    !ends_in_number(host) || ipv4_ok(host)
}

/// Whether `new URL(text)` (no base) succeeds, as far as this check goes (module docs).
pub(crate) fn url_ok(text: &str) -> bool {
    let trimmed = text.trim_matches(|c: char| c <= ' ');
    let s: String = trimmed
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let Some((scheme, rest)) = s.split_once(':') else {
        return false;
    };
    let mut chars = scheme.chars();
    if !chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        || !chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
    {
        return false;
    }
    let scheme = scheme.to_ascii_lowercase();
    let special = is_special(&scheme);
    if scheme == "file" {
        return true;
    }
    let authority = if special {
        rest.trim_start_matches(['/', '\\'])
    } else if let Some(a) = rest.strip_prefix("//") {
        a
    } else {
        return true; // an opaque path
    };
    let end = authority
        .find(|c: char| c == '/' || c == '?' || c == '#' || special && c == '\\')
        .unwrap_or(authority.len());
    let authority = authority.get(..end).unwrap_or("");
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let (host, port) = if host_port.starts_with('[') {
        match host_port.find(']') {
            Some(i) => {
                let (h, p) = host_port.split_at(i + 1);
                match p {
                    "" => (h, None),
                    _ => match p.strip_prefix(':') {
                        Some(port) => (h, Some(port)),
                        None => return false,
                    },
                }
            }
            None => return false,
        }
    } else {
        match host_port.rsplit_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (host_port, None),
        }
    };
    if let Some(p) = port {
        if !p.chars().all(|c| c.is_ascii_digit()) {
            return false;
        }
        if !p.is_empty() && p.trim_start_matches('0').len() > 5
            || p.parse::<u32>().is_ok_and(|n| n > 65535)
        {
            return false;
        }
        if host.is_empty() {
            return false;
        }
    }
    if special && host.is_empty() {
        return false;
    }
    host_ok(host, special)
}

fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        let hex = |j: usize| b.get(j).and_then(|h| char::from(*h).to_digit(16));
        match (c, hex(i + 1), hex(i + 2)) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (b'+', _, _) => {
                out.push(b' ');
                i += 1;
            }
            _ => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The (name, value) pairs of `new URLSearchParams(text)`.
pub(crate) fn search_params(text: &str) -> Vec<(String, String)> {
    let s = text.strip_prefix('?').unwrap_or(text);
    s.split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (percent_decode(k), percent_decode(v))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_urls() {
        for ok in [
            "https://example.com/a?b#c",
            "http://a:8080",
            "mailto:x@y",
            "file:///tmp",
            "a:",
            "http://[::1]:80/",
            "http://1.2.3.4",
            "https://例え.jp",
        ] {
            assert!(url_ok(ok), "{ok}");
        }
        for bad in [
            "",
            "nope",
            "/relative",
            "http://",
            "http://a b",
            "http://a:99999",
            "http://1.2.3.256",
            "1http://a",
            "http://a:x",
        ] {
            assert!(!url_ok(bad), "{bad}");
        }
    }

    #[test]
    fn parses_search_params() {
        assert_eq!(
            search_params("?a=1&b=x+y&&c&d=%C3%A9"),
            vec![
                ("a".into(), "1".into()),
                ("b".into(), "x y".into()),
                ("c".into(), "".into()),
                ("d".into(), "é".into())
            ]
        );
    }
}
