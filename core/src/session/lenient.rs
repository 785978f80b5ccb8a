//! Forgiving field readers for server data: a field of the wrong type or missing reads as its
//! default instead of failing the whole object (docs/behaviour/accounts-and-sessions.md#accounts
//! user info must survive partial answers).

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer};
use serde_json::Value;

/// A string from a string or a number (ids often arrive as numbers); anything else is "".
pub(crate) fn string<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    Ok(string_of(&Value::deserialize(d)?))
}

pub(crate) fn string_of(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    }
}

/// An integer from a number (fractions dropped, clamped to i64) or a numeric string; else 0.
pub(crate) fn int<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    Ok(int_of(&Value::deserialize(d)?))
}

pub(crate) fn int_of(value: &Value) -> i64 {
    let float = match value {
        Value::Number(n) => match n.as_i64() {
            Some(i) => return i,
            None => n.as_f64(),
        },
        Value::String(s) => match s.trim().parse::<i64>() {
            Ok(i) => return i,
            Err(_) => crate::decimal::parse_decimal(s),
        },
        Value::Bool(b) => return i64::from(*b),
        _ => None,
    };
    // `as` saturates at the i64 bounds and maps NaN to 0: never panics.
    float
        .filter(|f| f.is_finite())
        .map_or(0, |f| f.trunc() as i64)
}

/// A flag from a boolean, a number (non-zero is true) or a string (`"1"`, `"true"`, `"yes"`).
pub(crate) fn flag<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Bool(b) => b,
        Value::Number(n) => n.as_f64().is_some_and(|f| f != 0.0),
        Value::String(s) => matches!(s.trim().to_ascii_lowercase().as_str(), "1" | "true" | "yes"),
        _ => false,
    })
}

/// A nested object read leniently, or its default when it is not an object.
pub(crate) fn object<'de, D: Deserializer<'de>, T: DeserializeOwned + Default>(
    d: D,
) -> Result<T, D::Error> {
    Ok(match Value::deserialize(d)? {
        value @ Value::Object(_) => serde_json::from_value(value).unwrap_or_default(),
        _ => T::default(),
    })
}

/// A list whose unreadable elements are skipped; not a list reads as empty.
pub(crate) fn list<'de, D: Deserializer<'de>, T: DeserializeOwned>(
    d: D,
) -> Result<Vec<T>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Array(items) => items
            .into_iter()
            .filter(Value::is_object)
            .filter_map(|item| serde_json::from_value(item).ok())
            .collect(),
        _ => Vec::new(),
    })
}

/// An e-mail from a string or from an object `{email}`
/// (docs/behaviour/accounts-and-sessions.md#accounts writes it as "email ({email})").
pub(crate) fn email<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Object(map) => map.get("email").map(string_of).unwrap_or_default(),
        other => string_of(&other),
    })
}
