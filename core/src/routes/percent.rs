//! Percent-decoding of path segments into parameter values and encoding back.

use std::fmt::Write;

/// Decodes `%XX` escapes of one path segment. A segment with a malformed escape, or whose
/// bytes are not UTF-8 once decoded, is returned as written (as the browser router does).
pub(crate) fn decode_segment(segment: &str) -> String {
    if !segment.contains('%') {
        return segment.to_string();
    }
    let bytes = segment.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut iter = bytes.iter().copied();
    while let Some(b) = iter.next() {
        if b == b'%' {
            let hi = iter.next().and_then(hex);
            let lo = iter.next().and_then(hex);
            match (hi, lo) {
                (Some(h), Some(l)) => out.push(h.saturating_mul(16).saturating_add(l)),
                _ => return segment.to_string(),
            }
        } else {
            out.push(b);
        }
    }
    String::from_utf8(out).unwrap_or_else(|_| segment.to_string())
}

fn hex(b: u8) -> Option<u8> {
    char::from(b)
        .to_digit(16)
        .and_then(|d| u8::try_from(d).ok())
}

/// Encodes a parameter value as one path segment: unreserved characters and the sub-delimiters
/// `!$&'()*+,;=:@` stay, everything else (`/`, `?`, `#`, `%`, space, non-ASCII) becomes `%XX`
/// of its UTF-8 bytes. `.` and `..` are fully escaped so browsers do not resolve them.
pub(crate) fn encode_segment(value: &str) -> String {
    if value == "." || value == ".." {
        return value.replace('.', "%2E");
    }
    let mut out = String::with_capacity(value.len());
    for b in value.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@".contains(&b) {
            out.push(char::from(b));
        } else {
            // Writing to a String cannot fail.
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{decode_segment, encode_segment};

    #[test]
    fn decodes_and_keeps_malformed() {
        assert_eq!(decode_segment("a%20b"), "a b");
        assert_eq!(decode_segment("%e6%97%a5"), "日");
        assert_eq!(decode_segment("100%"), "100%");
        assert_eq!(decode_segment("%G0"), "%G0");
        assert_eq!(decode_segment("%C3"), "%C3");
    }

    #[test]
    fn encodes_reversibly() {
        for v in ["a b", "a/b", "100%", "日本", ".", "..", "x?y#z", "+:@!"] {
            assert_eq!(decode_segment(&encode_segment(v)), v);
        }
        assert_eq!(encode_segment("a/b c"), "a%2Fb%20c");
    }
}
