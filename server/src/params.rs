//! Reading request parameters the way every call of the store and site areas does: query strings
//! through [`ApiQuery`] (a malformed query answers the envelope, not axum's plain text), numbers
//! read from text so a mistake names its field.

use crate::api::ApiError;
use axum::extract::{FromRequestParts, Query};
use axum::http::request::Parts;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// A query string read into `T`; a rejection answers 400 with the parser's message.
#[derive(Debug, Clone, Copy, Default)]
pub struct ApiQuery<T>(pub T);

impl<S, T> FromRequestParts<S> for ApiQuery<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        Query::<T>::from_request_parts(parts, state)
            .await
            .map(|Query(v)| ApiQuery(v))
            .map_err(|e| ApiError::bad_request(format!("query: {}", e.body_text())))
    }
}

/// The trimmed text of an optional parameter, `None` when absent or blank.
pub fn text(raw: Option<&str>) -> Option<&str> {
    raw.map(str::trim).filter(|s| !s.is_empty())
}

/// The trimmed text of `key` in a JSON object body, `None` when absent, null or blank; any other
/// JSON type answers 400 naming `field`.
pub fn text_param<'a>(
    field: &str,
    map: &'a Map<String, Value>,
    key: &str,
) -> Result<Option<&'a str>, ApiError> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(text(Some(s))),
        Some(other) => Err(ApiError::invalid(
            field,
            format!("must be text, got {other}"),
        )),
    }
}

/// A `media` filter: none when absent, blank or `all`, else one of `allowed`.
pub fn media<'a>(raw: Option<&'a str>, allowed: &[&str]) -> Result<Option<&'a str>, ApiError> {
    match text(raw) {
        None | Some("all") => Ok(None),
        Some(m) if allowed.contains(&m) => Ok(Some(m)),
        Some(other) => Err(ApiError::invalid(
            "media",
            format!("must be {}, got {other:?}", allowed.join(" or ")),
        )),
    }
}

/// A whole number within `range`, `default` when absent or blank (`None` default: required).
pub fn int(
    field: &str,
    raw: Option<&str>,
    default: Option<i64>,
    min: i64,
    max: i64,
) -> Result<i64, ApiError> {
    match (text(raw), default) {
        (None, Some(d)) => Ok(d),
        (None, None) => Err(ApiError::invalid(
            field,
            format!("missing: give a whole number from {min} to {max}"),
        )),
        (Some(s), _) => match s.parse::<i64>() {
            Ok(n) if (min..=max).contains(&n) => Ok(n),
            _ => Err(ApiError::invalid(
                field,
                format!("must be a whole number from {min} to {max}, got {s:?}"),
            )),
        },
    }
}

/// A whole number in a JSON body that may be a number or numeric text (clients send ids both
/// ways); `None` when absent or null.
pub fn json_int(field: &str, value: &Value, min: i64, max: i64) -> Result<Option<i64>, ApiError> {
    let n = match value {
        Value::Null => return Ok(None),
        Value::Number(n) => n.as_i64(),
        Value::String(s) if s.trim().is_empty() => return Ok(None),
        Value::String(s) => s.trim().parse::<i64>().ok(),
        _ => None,
    };
    match n {
        Some(n) if (min..=max).contains(&n) => Ok(Some(n)),
        _ => Err(ApiError::invalid(
            field,
            format!("must be a whole number from {min} to {max}, got {value}"),
        )),
    }
}

/// A 0/1 flag in a body: 0, 1, true, false, "0", "1" (absent = false).
pub fn json_flag(field: &str, value: &Value) -> Result<bool, ApiError> {
    match value {
        Value::Null => Ok(false),
        Value::Bool(b) => Ok(*b),
        Value::Number(n) if n.as_i64() == Some(0) => Ok(false),
        Value::Number(n) if n.as_i64() == Some(1) => Ok(true),
        Value::String(s) if matches!(s.trim(), "0" | "false" | "") => Ok(false),
        Value::String(s) if matches!(s.trim(), "1" | "true") => Ok(true),
        other => Err(ApiError::invalid(
            field,
            format!("must be 0 or 1, got {other}"),
        )),
    }
}

/// A 0/1 flag in a query string (absent = false).
pub fn flag(field: &str, raw: Option<&str>) -> Result<bool, ApiError> {
    match text(raw) {
        None | Some("0" | "false") => Ok(false),
        Some("1" | "true") => Ok(true),
        Some(other) => Err(ApiError::invalid(
            field,
            format!("must be 0 or 1, got {other:?}"),
        )),
    }
}

/// A JSON object body that may also be empty or `null` (calls whose payload the spec does not
/// show, or whose fields all have defaults); anything else answers 400 naming `body`.
pub fn object_body(bytes: &[u8]) -> Result<Map<String, Value>, ApiError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(Map::new());
    }
    match serde_json::from_slice::<Value>(bytes) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(Value::Null) => Ok(Map::new()),
        Ok(_) => Err(ApiError::invalid("body", "must be a JSON object")),
        Err(e) => Err(ApiError::invalid("body", format!("not JSON: {e}"))),
    }
}
