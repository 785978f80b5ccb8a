//! Numeric strings: the one reader of a number the server or local storage sends as text
//! (`"9.99"`, `" 12 "`, `"1e3"`), shared by every tolerant field reader.
//!
//! It accepts what `str::parse::<f64>` accepts for finite numbers (an optional `+` or `-`,
//! digits with an optional fraction, either side of the point may be empty but not both, an
//! optional exponent, leading zeros), and reads `inf`, `NaN` and overflowing values as `None`,
//! which every caller treated as "not a number" anyway.
//!
//! Why not `str::parse::<f64>`: its Eisel-Lemire table (11 KB of incompressible powers of
//! five, about 10 KB of the web app's first-load WebAssembly once compressed) would be the
//! only user of that code in the rules module, which already carries serde_json's own number
//! reader. So the text is brought to JSON's number grammar (no `+`, no redundant leading
//! zeros, a digit on both sides of the point) and read by serde_json. In a build without
//! serde_json's `float_roundtrip` feature that reader may round a long mantissa one unit in
//! the last place off; server and browser run this same code, so they still agree.

/// The finite number `text` spells (surrounding whitespace ignored), or `None`.
pub fn parse_decimal(text: &str) -> Option<f64> {
    let json = to_json_number(text.trim())?;
    serde_json::from_str::<f64>(&json)
        .ok()
        .filter(|x| x.is_finite())
}

/// `text` in JSON's number grammar, or `None` when it is not a decimal number.
fn to_json_number(text: &str) -> Option<String> {
    let (negative, rest) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let (mantissa, exponent) = match rest.find(['e', 'E']) {
        Some(at) => (&rest[..at], Some(&rest[at + 1..])),
        None => (rest, None),
    };
    let (whole, fraction) = match mantissa.split_once('.') {
        Some((w, f)) => (w, f),
        None => (mantissa, ""),
    };
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if (whole.is_empty() && fraction.is_empty()) || !digits(whole) || !digits(fraction) {
        return None;
    }
    let mut out = String::with_capacity(text.len() + 2);
    if negative {
        out.push('-');
    }
    let whole = whole.trim_start_matches('0');
    out.push_str(if whole.is_empty() { "0" } else { whole });
    if !fraction.is_empty() {
        out.push('.');
        out.push_str(fraction);
    }
    if let Some(exp) = exponent {
        let unsigned = exp.strip_prefix(['+', '-']).unwrap_or(exp);
        if unsigned.is_empty() || !digits(unsigned) {
            return None;
        }
        out.push('e');
        out.push_str(exp);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::parse_decimal;
    use proptest::prelude::*;

    proptest! {
        /// Same answer as Rust's reader (finite values) on texts of the decimal grammar and
        /// near misses; the tests build serde_json with `float_roundtrip`, so bit for bit.
        #[test]
        fn agrees_with_rusts_reader(text in r"\s?[+-]?[0-9]{0,4}(\.[0-9]{0,4})?([eE][+-]?[0-9]{0,3})?\s?") {
            let rust = text.trim().parse::<f64>().ok().filter(|x| x.is_finite());
            prop_assert_eq!(parse_decimal(&text), rust);
        }

        #[test]
        fn reads_back_every_printed_double(x in any::<f64>().prop_filter("finite", |x| x.is_finite())) {
            prop_assert_eq!(parse_decimal(&format!("{x}")), Some(x));
            prop_assert_eq!(parse_decimal(&format!("{x:e}")), Some(x));
        }
    }

    #[test]
    fn reads_what_rust_reads_for_finite_numbers() {
        let cases = [
            "0",
            "-0",
            "12",
            " 12 ",
            "9.99",
            "+5",
            ".5",
            "5.",
            "-.5",
            "007",
            "00.25",
            "1e3",
            "1E3",
            "1e+3",
            "2.5e-3",
            "-1.25E+2",
            "123456789012345678901234567890",
            "0.1",
            "3.141592653589793",
            "1e-400",
            "4.9e-324",
            "1.7976931348623157e308",
        ];
        for text in cases {
            let expected = text.trim().parse::<f64>().ok();
            assert!(expected.is_some(), "{text:?}");
            assert_eq!(parse_decimal(text), expected, "{text:?}");
        }
    }

    #[test]
    fn rejects_what_is_not_a_finite_decimal() {
        let cases = [
            "", " ", ".", "+", "-", "e3", "1e", "1e+", "1.2.3", "1,000", "$9.99", "0x10", "1_000",
            "inf", "-inf", "infinity", "NaN", "nan", "1e400", "--1", "+-1", "1 2", "١٢", "1e3.5",
        ];
        for text in cases {
            assert_eq!(parse_decimal(text), None, "{text:?}");
        }
    }
}
