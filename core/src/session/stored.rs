//! Stored values with an expiry (docs/behaviour/accounts-and-sessions.md#logged-in-test) and the
//! shell's logged-in test (docs/behaviour/accounts-and-sessions.md#logged-in-test).
//!
//! A stored record is the JSON `{ "expire": <epoch ms>, "data": <value> }`. Decided: a value is
//! valid while `now < expire` (so it is already expired exactly at `expire`); a record with no
//! `expire` (absent or null) was stored without expiry and never expires; an `expire` that is
//! not a finite number makes the record invalid, as does a record that is not an object.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A value kept in local storage with its expiry.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoredRecord {
    /// Epoch ms after which the value is dropped; absent = never.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expire: Option<i64>,
    /// The stored value.
    #[serde(default)]
    #[cfg_attr(feature = "tsify", tsify(type = "unknown"))]
    pub data: Value,
}

/// Builds the record to store for `data` at `now_ms`, expiring `ttl_ms` later (`None`: never).
/// A negative TTL is treated as 0 (already expired); the sum saturates instead of overflowing.
pub fn make_stored_record(data: Value, now_ms: i64, ttl_ms: Option<i64>) -> StoredRecord {
    StoredRecord {
        expire: ttl_ms.map(|ttl| now_ms.saturating_add(ttl.max(0))),
        data,
    }
}

/// Whether a stored record may still be used at `now_ms` (see the module doc for the rules).
pub fn stored_value_valid(record: &Value, now_ms: i64) -> bool {
    let Some(object) = record.as_object() else {
        return false;
    };
    match object.get("expire") {
        None | Some(Value::Null) => true,
        Some(Value::Number(n)) => match n.as_i64() {
            Some(expire) => now_ms < expire,
            None => n
                .as_f64()
                .is_some_and(|expire| expire.is_finite() && (now_ms as f64) < expire),
        },
        Some(_) => false,
    }
}

/// What reading a stored key gave (JS `readStoredValue`).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoredRead {
    /// The record's `data` while it is valid, else `null`.
    #[cfg_attr(feature = "tsify", tsify(type = "unknown"))]
    pub value: Option<Value>,
    /// Something was stored but cannot be used (expired, unreadable, no `data`): remove the key
    /// (docs/behaviour/accounts-and-sessions.md#logged-in-test: "Stored values with an expiry are
    /// dropped when expired").
    pub remove: bool,
}

/// Reads a stored value from the raw text kept in storage (`None`: nothing stored) at `now_ms`.
/// Unreadable text counts like an expired record, so a storage failure falls back to defaults
/// (docs/behaviour/calls-and-errors.md#the-error-catalogue) and the bad entry is cleaned up.
pub fn read_stored_value(raw: Option<&str>, now_ms: i64) -> StoredRead {
    let Some(raw) = raw else {
        return StoredRead {
            value: None,
            remove: false,
        };
    };
    let value = serde_json::from_str::<Value>(raw)
        .ok()
        .filter(|record| stored_value_valid(record, now_ms))
        .and_then(|record| record.get("data").cloned());
    StoredRead {
        remove: value.is_none(),
        value,
    }
}

/// The shell's logged-in test (docs/behaviour/accounts-and-sessions.md#logged-in-test): the
/// user-info record exists (not `null`), has not passed its expire time at `now_ms`, and its `data`
/// is an object with at least one member.
pub fn is_logged_in(record: &Value, now_ms: i64) -> bool {
    stored_value_valid(record, now_ms)
        && record
            .get("data")
            .and_then(Value::as_object)
            .is_some_and(|data| !data.is_empty())
}
