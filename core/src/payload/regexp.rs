//! `new RegExp(source, flags)`: the flag check that makes it throw, and the `source`
//! normalisation the engine applies (for the canonical form).

/// Whether `new RegExp(_, flags)` accepts the flags: each of `dgimsuvy` at most once, and not
/// both `u` and `v`.
pub(crate) fn flags_ok(flags: &str) -> bool {
    let mut seen = 0u32;
    for c in flags.chars() {
        let Some(bit) = "dgimsuvy".find(c) else {
            return false;
        };
        if seen & (1 << bit) != 0 {
            return false;
        }
        seen |= 1 << bit;
    }
    let (u, v) = (1 << 5, 1 << 6);
    seen & (u | v) != (u | v)
}

/// `RegExp#flags`: the flags in the engine's order.
pub(crate) fn canonical_flags(flags: &str) -> String {
    "dgimsuvy".chars().filter(|c| flags.contains(*c)).collect()
}

/// `RegExp#source` of `new RegExp(source)` as V8 writes it: `(?:)` for empty, `/` outside a
/// class and line terminators escaped.
pub(crate) fn canonical_source(source: &str) -> String {
    if source.is_empty() {
        return "(?:)".into();
    }
    let mut out = String::with_capacity(source.len());
    let mut in_class = false;
    let mut chars = source.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.peek().copied() {
                Some('\n' | '\r' | '\u{2028}' | '\u{2029}') => {}
                Some(next) => {
                    out.push('\\');
                    out.push(next);
                    chars.next();
                }
                None => out.push('\\'),
            },
            '/' if !in_class => out.push_str("\\/"),
            '[' => {
                in_class = true;
                out.push(c);
            }
            ']' => {
                in_class = false;
                out.push(c);
            }
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_and_source() {
        assert!(flags_ok("gimsuy") && flags_ok("dv") && flags_ok(""));
        assert!(!flags_ok("gg") && !flags_ok("uv") && !flags_ok("x"));
        assert_eq!(canonical_flags("yg"), "gy");
        assert_eq!(canonical_source(""), "(?:)");
        assert_eq!(canonical_source("a/b[/]\n"), "a\\/b[/]\\n");
        assert_eq!(canonical_source("\\/"), "\\/");
    }
}
