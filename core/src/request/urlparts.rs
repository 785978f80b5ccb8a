//! A small, forgiving reader of `http(s)` URLs, enough to compare origins and paths the way a
//! browser would (backslashes as slashes, dot segments resolved, user info ignored) without a
//! URL library. Only used inside the request area.

/// The parts of an `http(s)` or protocol-relative URL that link rules look at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct HttpUrl {
    /// `http` or `https`, lowercase; `None` for a protocol-relative `//host` URL.
    pub scheme: Option<String>,
    /// Host, lowercase, without a trailing dot.
    pub host: String,
    /// Port as written, if any.
    pub port: Option<u16>,
    /// Path with `\` read as `/` and dot segments resolved; at least `/`.
    pub path: String,
    /// Query including its `?`, or "".
    pub query: String,
    /// Fragment including its `#`, or "".
    pub fragment: String,
}

impl HttpUrl {
    /// Port used on the wire: the written one, else the scheme's default (`fallback_scheme`
    /// stands in for a protocol-relative URL).
    pub fn effective_port(&self, fallback_scheme: Option<&str>) -> Option<u16> {
        self.port
            .or(match self.scheme.as_deref().or(fallback_scheme) {
                Some("http") => Some(80),
                Some("https") => Some(443),
                _ => None,
            })
    }

    /// `host[:port]` as `URL.host` gives it.
    pub fn host_with_port(&self) -> String {
        match self.port {
            Some(port) => format!("{}:{port}", self.host),
            None => self.host.clone(),
        }
    }
}

fn is_slash(c: char) -> bool {
    c == '/' || c == '\\'
}

/// Reads an `http:`/`https:` URL (any case, any number of slashes after the colon, as browsers
/// do for these schemes) or a protocol-relative one (`//`, `\\`, `/\`, `\/`). `None` for
/// anything else or for an empty host or a bad port.
pub(crate) fn parse_http_url(text: &str) -> Option<HttpUrl> {
    let lower_head = text.get(..6).unwrap_or(text).to_ascii_lowercase();
    let (scheme, rest) = if lower_head.starts_with("https:") {
        (Some("https".to_string()), text.get(6..).unwrap_or(""))
    } else if lower_head.starts_with("http:") {
        (Some("http".to_string()), text.get(5..).unwrap_or(""))
    } else {
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(a), Some(b)) if is_slash(a) && is_slash(b) => (None, text),
            _ => return None,
        }
    };
    let rest = rest.trim_start_matches(is_slash);
    let authority_end = rest.find(['/', '\\', '?', '#']).unwrap_or(rest.len());
    let (authority, remainder) = rest.split_at(authority_end);
    let host_port = authority.rsplit('@').next().unwrap_or("");
    let (host, port_text) = if host_port.starts_with('[') {
        match host_port.find(']') {
            Some(end) => {
                let (h, p) = host_port.split_at(end + 1);
                (h, p.strip_prefix(':'))
            }
            None => return None,
        }
    } else {
        match host_port.split_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (host_port, None),
        }
    };
    let port = match port_text {
        None | Some("") => None,
        Some(p) if p.bytes().all(|b| b.is_ascii_digit()) => Some(p.parse::<u16>().ok()?),
        Some(_) => return None,
    };
    let host = host.trim_end_matches('.').to_ascii_lowercase();
    if host.is_empty() {
        return None;
    }
    let query_start = remainder.find(['?', '#']).unwrap_or(remainder.len());
    let (raw_path, tail) = remainder.split_at(query_start);
    let (query, fragment) = match tail.find('#') {
        Some(pos) => tail.split_at(pos),
        None => (tail, ""),
    };
    Some(HttpUrl {
        scheme,
        host,
        port,
        path: remove_dot_segments(&raw_path.replace('\\', "/")),
        query: query.to_string(),
        fragment: fragment.to_string(),
    })
}

fn dot_kind(segment: &str) -> u8 {
    match segment.to_ascii_lowercase().as_str() {
        "." | "%2e" => 1,
        ".." | ".%2e" | "%2e." | "%2e%2e" => 2,
        _ => 0,
    }
}

/// Resolves `.` and `..` segments (also percent-encoded ones, as browsers do) of a path.
pub(crate) fn remove_dot_segments(path: &str) -> String {
    let segments: Vec<&str> = path.split('/').collect();
    let count = segments.len();
    let mut out: Vec<&str> = Vec::with_capacity(count);
    for (i, segment) in segments.iter().enumerate().skip(1) {
        let last = i + 1 == count;
        match dot_kind(segment) {
            1 => {
                if last {
                    out.push("");
                }
            }
            2 => {
                out.pop();
                if last {
                    out.push("");
                }
            }
            _ => out.push(segment),
        }
    }
    format!("/{}", out.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_like_a_browser() {
        let url = parse_http_url("HTTPS:\\\\user@WWW.Media.IO.:8443\\ai\\..\\x?q=1#h").unwrap();
        assert_eq!(url.scheme.as_deref(), Some("https"));
        assert_eq!(url.host, "www.media.io");
        assert_eq!(url.port, Some(8443));
        assert_eq!(url.path, "/x");
        assert_eq!(url.query, "?q=1");
        assert_eq!(url.fragment, "#h");
        assert_eq!(remove_dot_segments("/a/%2E/b/.."), "/a/");
        assert!(parse_http_url("https://").is_none());
        assert!(parse_http_url("mailto:x").is_none());
    }
}
