//! JSON string escapes, decoded to UTF-8 or (for lone surrogates) to UTF-16 units.

pub(super) fn hex4(b: &[u8]) -> Option<u16> {
    let mut v = 0u16;
    for &c in b.get(..4)? {
        v = (v << 4) | u16::try_from(char::from(c).to_digit(16)?).ok()?;
    }
    Some(v)
}

/// Unescapes a JSON string body (already validated by the scanner) into `out`. Returns
/// false, leaving `out` partial, when it contains a lone surrogate.
pub(crate) fn unescape_into(raw: &str, out: &mut String) -> bool {
    let b = raw.as_bytes();
    let mut i = 0;
    let mut plain_from = 0;
    out.reserve(raw.len());
    while i < b.len() {
        match raw.get(i..).and_then(|rest| rest.find('\\')) {
            Some(k) => i += k,
            None => break,
        }
        out.push_str(raw.get(plain_from..i).unwrap_or(""));
        let e = b.get(i + 1).copied().unwrap_or(b'\\');
        i += 2;
        match e {
            b'b' => out.push('\u{8}'),
            b'f' => out.push('\u{c}'),
            b'n' => out.push('\n'),
            b'r' => out.push('\r'),
            b't' => out.push('\t'),
            b'u' => {
                let u = hex4(b.get(i..).unwrap_or(&[])).unwrap_or(0xFFFD);
                i += 4;
                if (0xD800..0xDC00).contains(&u) {
                    let low = if b.get(i) == Some(&b'\\') && b.get(i + 1) == Some(&b'u') {
                        hex4(b.get(i + 2..).unwrap_or(&[]))
                    } else {
                        None
                    };
                    match low {
                        Some(l) if (0xDC00..0xE000).contains(&l) => {
                            let cp =
                                0x10000 + ((u32::from(u) - 0xD800) << 10) + (u32::from(l) - 0xDC00);
                            out.push(char::from_u32(cp).unwrap_or('\u{FFFD}'));
                            i += 6;
                        }
                        _ => return false,
                    }
                } else if (0xDC00..0xE000).contains(&u) {
                    return false;
                } else {
                    out.push(char::from_u32(u32::from(u)).unwrap_or('\u{FFFD}'));
                }
            }
            other => out.push(char::from(other)),
        }
        plain_from = i;
    }
    out.push_str(raw.get(plain_from..).unwrap_or(""));
    true
}

/// Unescapes a JSON string body into UTF-16 code units, keeping lone surrogates.
pub(crate) fn unescape_wide(raw: &str, out: &mut Vec<u16>) {
    let b = raw.as_bytes();
    let mut i = 0;
    let mut plain_from = 0;
    while let Some(&c) = b.get(i) {
        if c != b'\\' {
            i += 1;
            continue;
        }
        out.extend(raw.get(plain_from..i).unwrap_or("").encode_utf16());
        let e = b.get(i + 1).copied().unwrap_or(b'\\');
        i += 2;
        let unit = match e {
            b'b' => 8,
            b'f' => 12,
            b'n' => 10,
            b'r' => 13,
            b't' => 9,
            b'u' => {
                let u = hex4(b.get(i..).unwrap_or(&[])).unwrap_or(0xFFFD);
                i += 4;
                u
            }
            other => u16::from(other),
        };
        out.push(unit);
        plain_from = i;
    }
    out.extend(raw.get(plain_from..).unwrap_or("").encode_utf16());
}
