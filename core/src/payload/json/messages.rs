//! V8's `JSON.parse` error messages (Node 20+), position included.

use super::*;

/// V8 reports positions in UTF-16 code units.
pub(super) fn utf16_pos(text: &str, byte: usize) -> usize {
    let mut cut = byte.min(text.len());
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    text.get(..cut).map_or(0, |t| t.encode_utf16().count())
}

/// The message V8's `JSON.parse` throws for this failure.
pub(super) fn message(text: &str, fail: Fail) -> String {
    let at = |what: &str, p: usize| format!("{what} in JSON at position {}", utf16_pos(text, p));
    match fail {
        Fail::Token(p) => token_message(text, p),
        Fail::ExpectedPropNameOrRBrace(p) => at("Expected property name or '}'", p),
        Fail::ExpectedDoubleQuotedPropName(p) => at("Expected double-quoted property name", p),
        Fail::ExpectedColon(p) => at("Expected ':' after property name", p),
        Fail::ExpectedCommaOrRBrace(p) => at("Expected ',' or '}' after property value", p),
        Fail::ExpectedCommaOrRBrack(p) => at("Expected ',' or ']' after array element", p),
        Fail::UnterminatedString(p) => at("Unterminated string", p),
        Fail::BadControl(p) => at("Bad control character in string literal", p),
        Fail::BadEscape(p) => at("Bad escaped character", p),
        Fail::BadUnicodeEscape(p) => at("Bad Unicode escape", p),
        Fail::NoNumberAfterMinus(p) => at("No number after minus sign", p),
        Fail::UnterminatedFraction(p) => at("Unterminated fractional number", p),
        Fail::ExponentMissing(p) => at("Exponent part is missing a number", p),
        Fail::NonWhitespaceAfter(p) => {
            format!(
                "Unexpected non-whitespace character after JSON at position {}",
                utf16_pos(text, p)
            )
        }
    }
}

/// V8's `LookUpErrorMessageForJsonToken`: by the class of the character at `p`.
pub(super) fn token_message(text: &str, p: usize) -> String {
    let Some(&c) = text.as_bytes().get(p) else {
        return "Unexpected end of JSON input".to_string();
    };
    let pos = utf16_pos(text, p);
    match c {
        b'"' => return format!("Unexpected string in JSON at position {pos}"),
        b'-' | b'0'..=b'9' => return format!("Unexpected number in JSON at position {pos}"),
        _ => {}
    }
    if matches!(text, "NaN" | "Infinity" | "undefined" | "[object Object]") {
        return format!("\"{text}\" is not valid JSON");
    }
    // Context: the whole source when short, else ten code units either side.
    const CONTEXT: usize = 10;
    let units: Vec<u16> = text.encode_utf16().collect();
    let n = units.len();
    let ch = String::from_utf16_lossy(units.get(pos..pos + 1).unwrap_or(&[]));
    let slice =
        |a: usize, b: usize| String::from_utf16_lossy(units.get(a..b.min(n)).unwrap_or(&[]));
    let context = if n <= CONTEXT * 2 {
        format!("\"{text}\"")
    } else if pos < CONTEXT {
        format!("\"{}\"...", slice(0, pos + CONTEXT))
    } else if pos < n - CONTEXT {
        format!("...\"{}\"...", slice(pos - CONTEXT, pos + CONTEXT))
    } else {
        format!("...\"{}\"", slice(pos - CONTEXT, n))
    };
    format!("Unexpected token '{ch}', {context} is not valid JSON")
}
