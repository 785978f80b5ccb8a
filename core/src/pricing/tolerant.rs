//! Tolerant readers for server and local-storage JSON (docs/behaviour/uploads.md#uploads "tolerant"
//! fields).
//!
//! The server sends prices and ids sometimes as numbers and sometimes as numeric strings, and
//! local storage may hold anything an older build wrote. These readers never fail: a value that
//! cannot be understood reads as "missing" (`None`, `false` or `""`), so one odd field never
//! rejects a whole SKU list or ad record.
//!
//! Decisions (the spec is silent): a numeric string is trimmed and parsed as a plain decimal
//! (`"9.99"`, `" 12 "`, `"1e3"`); currency signs and thousands separators (`"$9.99"`,
//! `"1,000"`) read as missing; NaN and infinities read as missing.

use crate::decimal::parse_decimal;
use serde::{Deserialize, Deserializer};
use serde_json::Value;

/// Parses a number given as a JSON number or a numeric string; anything else is `None`.
pub fn number_from_value(value: &Value) -> Option<f64> {
    let n = match value {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => parse_decimal(s),
        _ => None,
    }?;
    n.is_finite().then_some(n)
}

/// Reads a non-negative whole number (ids, counts); fractional or negative values are `None`.
pub fn whole_from_value(value: &Value) -> Option<u64> {
    let n = number_from_value(value)?;
    // 2^53: beyond it a double no longer holds every integer, so an id there is unreliable.
    if n < 0.0 || n.fract() != 0.0 || n > 9_007_199_254_740_992.0 {
        return None;
    }
    // Checked above: whole, non-negative and below 2^53, so the conversion is exact.
    Some(n as u64)
}

/// Reads a flag: `true`/`false`, numbers (non-zero is true) and the strings
/// `"true"`, `"1"`, `"yes"` (case-insensitive); everything else is false.
pub fn flag_from_value(value: &Value) -> bool {
    match value {
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64().is_some_and(|x| x != 0.0 && x.is_finite()),
        Value::String(s) => {
            let t = s.trim().to_ascii_lowercase();
            t == "true" || t == "yes" || parse_decimal(&t).is_some_and(|x| x != 0.0)
        }
        _ => false,
    }
}

/// Reads text: strings as they are, numbers written out, anything else (null, objects) as `""`.
pub fn text_from_value(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        _ => String::new(),
    }
}

/// Serde adapter: optional number from a number or numeric string.
pub fn opt_number<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    let v = Option::<Value>::deserialize(d)?;
    Ok(v.as_ref().and_then(number_from_value))
}

/// Serde adapter: optional whole number (ids, credits counts, period values).
pub fn opt_whole<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    let v = Option::<Value>::deserialize(d)?;
    Ok(v.as_ref().and_then(whole_from_value))
}

/// Serde adapter: tolerant flag, missing is false.
pub fn flag<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    let v = Option::<Value>::deserialize(d)?;
    Ok(v.as_ref().is_some_and(flag_from_value))
}

/// Serde adapter: tolerant text, missing or null is `""`.
pub fn text<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let v = Option::<Value>::deserialize(d)?;
    Ok(v.as_ref().map(text_from_value).unwrap_or_default())
}

/// Serde adapter: optional text; missing, null or blank is `None`.
pub fn opt_text<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let v = Option::<Value>::deserialize(d)?;
    Ok(v.as_ref()
        .map(text_from_value)
        .filter(|s| !s.trim().is_empty()))
}

/// Serde adapter: a list that may be missing, null or not a list (all read as empty); items
/// that do not read as `T` are skipped.
pub fn list<'de, D: Deserializer<'de>, T: serde::de::DeserializeOwned>(
    d: D,
) -> Result<Vec<T>, D::Error> {
    let v = Option::<Value>::deserialize(d)?;
    Ok(match v {
        Some(Value::Array(items)) => items
            .into_iter()
            .filter_map(|item| serde_json::from_value(item).ok())
            .collect(),
        _ => Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn numbers_and_numeric_strings_read_alike() {
        assert_eq!(number_from_value(&json!(9.99)), Some(9.99));
        assert_eq!(number_from_value(&json!(" 9.99 ")), Some(9.99));
        assert_eq!(number_from_value(&json!("$9.99")), None);
        assert_eq!(number_from_value(&json!("1,000")), None);
        assert_eq!(number_from_value(&json!("NaN")), None);
        assert_eq!(number_from_value(&json!("inf")), None);
        assert_eq!(whole_from_value(&json!("24109016")), Some(24_109_016));
        assert_eq!(whole_from_value(&json!(1.5)), None);
        assert_eq!(whole_from_value(&json!(-1)), None);
        assert!(flag_from_value(&json!("1")) && flag_from_value(&json!("TRUE")));
        assert!(!flag_from_value(&json!("0")) && !flag_from_value(&json!(null)));
    }
}
