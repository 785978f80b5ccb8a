//! Shared conversions between JS values and core's types.
//!
//! Structured data crosses as plain JS objects: read with [`from_js`] (a failure becomes an
//! `invalid_argument` Error naming the argument), written with [`to_js_value`] using the
//! JSON-compatible serializer (maps as plain objects, `None` as `null`, integers as numbers).
//!
//! JS numbers arrive as `f64`; the helpers below turn them into core's integer types without
//! wrapping or silent truncation: a value that is not a whole number in range is an
//! `invalid_argument` Error (times are the exception: fractions of a millisecond are dropped).

use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::JsValue;

use crate::error::{bad_argument, conversion};

/// Largest integer a JS number holds exactly (`Number.MAX_SAFE_INTEGER`).
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// Largest distance from the epoch a JS `Date` can hold, in ms (ECMAScript §21.4.1.22).
const MAX_TIME_MS: f64 = 8.64e15;

/// Reads argument `name` as `T`; an unreadable value is an `invalid_argument` Error.
pub fn from_js<T: DeserializeOwned>(name: &str, value: JsValue) -> Result<T, JsValue> {
    serde_wasm_bindgen::from_value::<T>(value).map_err(|e| {
        // serde-wasm-bindgen's message is a JS Error's text ("Error: unknown variant ...").
        let text = e.to_string();
        bad_argument(name, text.strip_prefix("Error: ").unwrap_or(&text))
    })
}

/// Writes `value` as a plain JS value (objects, arrays, numbers, strings, booleans, null).
pub fn to_js_value<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(conversion)
}

/// Writes `Some(value)` as a plain JS value and `None` as `undefined`.
pub fn to_js_option<T: Serialize>(value: Option<&T>) -> Result<JsValue, JsValue> {
    value.map_or(Ok(JsValue::UNDEFINED), to_js_value)
}

/// A JS number that must be a whole number in the safe integer range (ids, codes).
pub fn int_arg(name: &str, value: f64) -> Result<i64, JsValue> {
    if value.is_finite() && value.fract() == 0.0 && value.abs() <= MAX_SAFE_INTEGER {
        // Exact: a whole number within ±2^53.
        Ok(value as i64)
    } else {
        Err(bad_argument(
            name,
            format!("expected a whole number, got {value}"),
        ))
    }
}

/// An optional whole number (`null` / `undefined` is `None`).
pub fn opt_int_arg(name: &str, value: Option<f64>) -> Result<Option<i64>, JsValue> {
    value.map(|v| int_arg(name, v)).transpose()
}

/// A time or duration in epoch milliseconds: finite and within the range of a JS `Date`;
/// a fraction of a millisecond is dropped (rounded down), so `performance.now()`-style values work.
pub fn time_arg(name: &str, value: f64) -> Result<i64, JsValue> {
    if value.is_finite() && value.abs() <= MAX_TIME_MS {
        // Exact: a whole number within ±8.64e15.
        Ok(value.floor() as i64)
    } else {
        Err(bad_argument(
            name,
            format!("expected a finite number of milliseconds, got {value}"),
        ))
    }
}

/// An optional time or duration in ms (`null` / `undefined` is `None`).
pub fn opt_time_arg(name: &str, value: Option<f64>) -> Result<Option<i64>, JsValue> {
    value.map(|v| time_arg(name, v)).transpose()
}

/// A JS number that must be a whole number from 0 to 4294967295 (counts, indexes).
pub fn u32_arg(name: &str, value: f64) -> Result<u32, JsValue> {
    if value.is_finite() && value.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&value) {
        // Exact: a whole number within 0..=u32::MAX.
        Ok(value as u32)
    } else {
        Err(bad_argument(
            name,
            format!(
                "expected a whole number from 0 to {}, got {value}",
                u32::MAX
            ),
        ))
    }
}

/// A JS number that must be a whole number from 0 to 65535 (HTTP statuses).
pub fn u16_arg(name: &str, value: f64) -> Result<u16, JsValue> {
    if value.is_finite() && value.fract() == 0.0 && (0.0..=f64::from(u16::MAX)).contains(&value) {
        // Exact: a whole number within 0..=u16::MAX.
        Ok(value as u16)
    } else {
        Err(bad_argument(
            name,
            format!(
                "expected a whole number from 0 to {}, got {value}",
                u16::MAX
            ),
        ))
    }
}
