//! JavaScript's `Number::toString` (shortest round-trip digits, JS layout) for the messages
//! and conversions devalue's constructors make with numbers.

/// `String(x)` in JavaScript.
pub fn js_number_to_string(x: f64) -> String {
    if x.is_nan() {
        return "NaN".into();
    }
    if x == 0.0 {
        return "0".into();
    }
    if x.is_infinite() {
        return if x > 0.0 {
            "Infinity".into()
        } else {
            "-Infinity".into()
        };
    }
    let sign = if x < 0.0 { "-" } else { "" };
    // Rust's `{:e}` prints the shortest digits that round-trip, like JavaScript.
    let e = format!("{:e}", x.abs());
    let (mantissa, exp) = e.split_once('e').unwrap_or((&e, "0"));
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let exp: i64 = exp.parse().unwrap_or(0);
    let k = digits.len() as i64;
    let n = exp + 1; // position of the decimal point relative to the digits
    let body = if k <= n && n <= 21 {
        format!("{digits}{}", "0".repeat((n - k) as usize))
    } else if 0 < n && n <= 21 {
        let (a, b) = digits.split_at(n as usize);
        format!("{a}.{b}")
    } else if -6 < n && n <= 0 {
        format!("0.{}{digits}", "0".repeat((-n) as usize))
    } else {
        let e = n - 1;
        let es = if e < 0 {
            format!("-{}", -e)
        } else {
            format!("+{e}")
        };
        let (first, rest) = digits.split_at(1.min(digits.len()));
        if rest.is_empty() {
            format!("{first}e{es}")
        } else {
            format!("{first}.{rest}e{es}")
        }
    };
    format!("{sign}{body}")
}

#[cfg(test)]
mod tests {
    use super::js_number_to_string as s;

    #[test]
    fn formats_like_javascript() {
        assert_eq!(s(1.5), "1.5");
        assert_eq!(s(-0.0), "0");
        assert_eq!(s(1e21), "1e+21");
        assert_eq!(s(1e20), "100000000000000000000");
        assert_eq!(s(1.2e-7), "1.2e-7");
        assert_eq!(s(0.000001), "0.000001");
        assert_eq!(s(123456.789), "123456.789");
        assert_eq!(s(5e-324), "5e-324");
        assert_eq!(s(f64::MAX), "1.7976931348623157e+308");
        assert_eq!(s(f64::NEG_INFINITY), "-Infinity");
        assert_eq!(s(0.1 + 0.2), "0.30000000000000004");
    }
}
