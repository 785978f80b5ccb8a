//! Assertions on the error envelope, shared by the bad-input and site tests.
#![allow(dead_code, clippy::unwrap_used)]

use serde_json::Value;

/// Asserts a 4xx refusal with a non-zero code whose message names `field`.
pub fn assert_field_error(status: u16, body: &Value, field: &str) {
    assert!((400..500).contains(&status), "{status} {body}");
    assert_ne!(body["code"], 0, "{body}");
    let msg = body["msg"].as_str().unwrap();
    assert!(msg.contains(field), "message {msg:?} names {field}");
}

/// Asserts an error envelope: 4xx, non-zero code, a message; answers the message.
#[track_caller]
pub fn refused(what: &str, status: u16, body: &Value) -> String {
    assert!((400..500).contains(&status), "{what}: HTTP {status} {body}");
    assert!(
        body["code"].as_i64().is_some_and(|c| c != 0),
        "{what}: code {body}"
    );
    assert!(body.get("trace_id").is_some(), "{what}: envelope {body}");
    let msg = body["msg"].as_str().unwrap_or_default().to_owned();
    assert!(!msg.is_empty(), "{what}: message {body}");
    msg
}

/// Asserts any envelope (success or refusal) that is not a server error.
#[track_caller]
pub fn envelope_not_5xx(what: &str, status: u16, body: &Value) {
    assert!(status < 500, "{what}: HTTP {status} {body}");
    assert!(body["code"].is_i64(), "{what}: not an envelope: {body}");
}
