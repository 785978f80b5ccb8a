//! `BigInt(value)` as devalue calls it: which texts and numbers it accepts, the text the
//! JavaScript side passes back to `BigInt`, and exact decimal digits for comparisons.

use super::number::js_number_to_string;

/// JavaScript's `StrWhiteSpaceChar` (WhiteSpace and LineTerminator), which `BigInt(text)`,
/// `Number(text)` and `String#trim` skip.
pub(crate) fn is_js_space(c: char) -> bool {
    matches!(
        c,
        '\u{9}' | '\u{A}' | '\u{B}' | '\u{C}' | '\u{D}' | ' ' | '\u{A0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200A}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202F}'
                | '\u{205F}'
                | '\u{3000}'
                | '\u{FEFF}'
    )
}

/// `StringToBigInt`: the normalised literal (decimal with optional `-`, or a lower-case
/// `0x` / `0o` / `0b` prefix with digits, no leading zeros), or None when `BigInt` throws.
pub(crate) fn parse_bigint_text(s: &str) -> Option<String> {
    let t = s.trim_matches(is_js_space);
    if t.is_empty() {
        return Some("0".into());
    }
    let b = t.as_bytes();
    let radix = match (b.first(), b.get(1)) {
        (Some(b'0'), Some(b'x' | b'X')) => 16,
        (Some(b'0'), Some(b'o' | b'O')) => 8,
        (Some(b'0'), Some(b'b' | b'B')) => 2,
        _ => 10,
    };
    if radix != 10 {
        let digits = t.get(2..)?;
        if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
            return None;
        }
        let trimmed = digits.trim_start_matches('0');
        if trimmed.is_empty() {
            return Some("0".into());
        }
        let prefix = match radix {
            16 => "0x",
            8 => "0o",
            _ => "0b",
        };
        return Some(format!("{prefix}{}", trimmed.to_ascii_lowercase()));
    }
    let (negative, digits) = match b.first() {
        Some(b'-') => (true, t.get(1..)?),
        Some(b'+') => (false, t.get(1..)?),
        _ => (false, t),
    };
    if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let trimmed = digits.trim_start_matches('0');
    if trimmed.is_empty() {
        return Some("0".into());
    }
    Some(if negative {
        format!("-{trimmed}")
    } else {
        trimmed.to_string()
    })
}

/// Whether a text is already in the normalised form of [`parse_bigint_text`].
pub(crate) fn is_normal_bigint(s: &str) -> bool {
    parse_bigint_text(s).is_some_and(|n| n == s)
}

const BASE: u64 = 1_000_000_000;

fn limbs_to_decimal(negative: bool, limbs: &[u32]) -> String {
    let mut out = String::new();
    let mut it = limbs.iter().rev().skip_while(|l| **l == 0);
    match it.next() {
        None => return "0".into(),
        Some(top) => {
            if negative {
                out.push('-');
            }
            out.push_str(&top.to_string());
        }
    }
    for l in it {
        out.push_str(&format!("{l:09}"));
    }
    out
}

fn mul_add(limbs: &mut Vec<u32>, mul: u64, add: u64) {
    let mut carry = add;
    for l in limbs.iter_mut() {
        let v = u64::from(*l) * mul + carry;
        *l = (v % BASE) as u32;
        carry = v / BASE;
    }
    while carry > 0 {
        limbs.push((carry % BASE) as u32);
        carry /= BASE;
    }
}

/// Longest non-decimal literal converted to decimal (the conversion is quadratic).
const MAX_CONVERT_DIGITS: usize = 20_000;

/// Decimal digits of a normalised literal (None when it is too long to convert cheaply).
pub(crate) fn to_decimal(normal: &str) -> Option<String> {
    let (radix, digits) = match normal.get(..2) {
        Some("0x") => (16, normal.get(2..)?),
        Some("0o") => (8, normal.get(2..)?),
        Some("0b") => (2, normal.get(2..)?),
        _ => return Some(normal.to_string()),
    };
    if digits.len() > MAX_CONVERT_DIGITS {
        return None;
    }
    let mut limbs: Vec<u32> = Vec::new();
    for c in digits.chars() {
        mul_add(&mut limbs, radix, u64::from(c.to_digit(radix as u32)?));
    }
    Some(limbs_to_decimal(false, &limbs))
}

/// `BigInt(x)` for a number: the exact integer, or V8's RangeError message.
pub(crate) fn bigint_from_number(x: f64) -> Result<String, String> {
    if !x.is_finite() || x.trunc() != x {
        return Err(format!(
            "The number {} cannot be converted to a BigInt because it is not an integer",
            js_number_to_string(x)
        ));
    }
    if x.abs() < 9.0e15 {
        return Ok(format!("{}", x as i64));
    }
    // |x| >= 2^53: mantissa * 2^exponent exactly.
    let bits = x.to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i64 - 1075;
    let mantissa = (bits & ((1u64 << 52) - 1)) | (1u64 << 52);
    let mut limbs = Vec::new();
    mul_add(&mut limbs, 1, mantissa);
    for _ in 0..exponent.max(0) {
        mul_add(&mut limbs, 2, 0);
    }
    Ok(limbs_to_decimal(x < 0.0, &limbs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_like_bigint() {
        assert_eq!(parse_bigint_text(" 0x1F ").as_deref(), Some("0x1f"));
        assert_eq!(parse_bigint_text("-007").as_deref(), Some("-7"));
        assert_eq!(parse_bigint_text("-0").as_deref(), Some("0"));
        assert_eq!(parse_bigint_text("").as_deref(), Some("0"));
        assert_eq!(parse_bigint_text("-0x1"), None);
        assert_eq!(parse_bigint_text("1.5"), None);
        assert_eq!(parse_bigint_text("0x"), None);
        assert_eq!(to_decimal("0xff").as_deref(), Some("255"));
        assert_eq!(to_decimal("0b0").as_deref(), Some("0"));
        assert_eq!(
            bigint_from_number(1e21).as_deref(),
            Ok("1000000000000000000000")
        );
        assert_eq!(
            bigint_from_number(-2f64.powi(64)).as_deref(),
            Ok("-18446744073709551616")
        );
        assert!(bigint_from_number(1.5).is_err());
    }
}
