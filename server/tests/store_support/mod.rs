//! What the store's test files share: paying through the test store and reading its answers.
#![allow(dead_code, clippy::unwrap_used)]

use crate::common::TestServer;
use serde_json::{Value, json};

pub fn ids(list: &Value) -> Vec<u64> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|s| s["sku_id"].as_u64().unwrap())
        .collect()
}

pub fn now() -> i64 {
    aivg_server::clock::now_s()
}

pub async fn pay(s: &TestServer, token: &str, sku_id: u64, zero: u8) -> (u16, Value) {
    s.post(
        "/store/checkout/pay",
        Some(token),
        json!({"sku_id": sku_id, "zero": zero, "session": "s-1"}),
    )
    .await
}

pub fn assert_field_error(status: u16, body: &Value, field: &str) {
    assert!((400..500).contains(&status), "{status} {body}");
    assert_ne!(body["code"], 0, "{body}");
    let msg = body["msg"].as_str().unwrap();
    assert!(msg.contains(field), "message {msg:?} names {field}");
}
