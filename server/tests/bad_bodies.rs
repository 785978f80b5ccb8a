//! Table-driven: every POST call of the server gets malformed bodies (not JSON, not an object,
//! wrong field types, missing fields, over the size limit, with and without a declared length);
//! each answer must be the envelope with a non-zero code, a message naming the field, and never a
//! 5xx.
#![allow(clippy::unwrap_used, clippy::panic)]

use crate::common;
use crate::envelope_support;

use common::TestServer;
use envelope_support::{envelope_not_5xx, refused};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// One POST call and how it must refuse bad bodies.
struct PostCall {
    path: &'static str,
    /// Sends the test user's token.
    auth: bool,
    /// With `auth`: the call also answers guests (no token is not a 401).
    guests: bool,
    /// Whether the call reads a body at all (the rest take none:
    /// docs/behaviour/calls-and-errors.md#the-calls "payload none").
    reads_body: bool,
    /// A JSON object with a field of the wrong type, and the field the message must name.
    wrong_type: Option<(Value, &'static str)>,
    /// The field `{}` is refused for (missing), or `None` when every field has a default.
    required: Option<&'static str>,
}

const fn call(path: &'static str, auth: bool) -> PostCall {
    PostCall {
        path,
        auth,
        guests: false,
        reads_body: true,
        wrong_type: None,
        required: None,
    }
}

fn post_calls() -> Vec<PostCall> {
    let wrong = |body: Value, field: &'static str| Some((body, field));
    vec![
        PostCall {
            wrong_type: wrong(json!({"email": 5, "password": "secret123"}), "email"),
            required: Some("email"),
            ..call("/account/register", false)
        },
        PostCall {
            wrong_type: wrong(json!({"email": "a@b.co", "password": []}), "password"),
            required: Some("email"),
            ..call("/account/login", false)
        },
        PostCall {
            wrong_type: wrong(json!({"code": 12}), "code"),
            required: Some("code"),
            ..call("/v1/oauth/token", false)
        },
        PostCall {
            reads_body: false,
            ..call("/v1/user", true)
        },
        PostCall {
            wrong_type: wrong(json!({"code": 5}), "code"),
            required: Some("code"),
            ..call("/v1/activity/checkin", true)
        },
        PostCall {
            wrong_type: wrong(json!({"sku_id": "abc"}), "sku_id"),
            required: Some("sku_id"),
            ..call("/store/checkout/pay", true)
        },
        PostCall {
            wrong_type: wrong(json!({"code": 5}), "code"),
            required: Some("code"),
            ..call("/v1/activity/apply", true)
        },
        PostCall {
            wrong_type: wrong(json!({"data": 5}), "data"),
            required: Some("data.prompt"),
            ..call("/v1/ai/create/text2image", true)
        },
        PostCall {
            wrong_type: wrong(json!({"data": {"file_path": 7}}), "data.file_path"),
            required: Some("data.file_path"),
            ..call("/v1/ai/create/image_fkp", true)
        },
        PostCall {
            wrong_type: wrong(json!({"data": {"prompt": ["x"]}}), "data.prompt"),
            required: Some("data.prompt"),
            ..call("/v1/ai/create/t_sensitive_detect", true)
        },
        PostCall {
            wrong_type: wrong(json!({"prev_task": [], "data": {}}), "prev_task"),
            required: Some("prev_task"),
            ..call("/v1/ai/create/watermark_download", true)
        },
        PostCall {
            reads_body: false,
            ..call("/v1/ai/cancel/no-such-task", true)
        },
        PostCall {
            reads_body: false,
            ..call("/v1/ai/del/no-such-task", true)
        },
        PostCall {
            wrong_type: wrong(json!({"file_path": 5}), "file_path"),
            required: Some("file_path"),
            ..call("/v1/ai/prompt/img2prompt", true)
        },
        PostCall {
            wrong_type: wrong(json!({"prompt": 5}), "prompt"),
            required: Some("prompt"),
            ..call("/v1/ai/prompt/polish", true)
        },
        PostCall {
            wrong_type: wrong(json!({"task_ids": 5}), "task_ids"),
            required: Some("task_ids"),
            ..call("/v1/ai/result/batch", true)
        },
        PostCall {
            wrong_type: wrong(json!({"task_id": []}), "task_id"),
            required: Some("task_id"),
            ..call("/v1/ai/retry", true)
        },
        PostCall {
            wrong_type: wrong(json!({"page": "first"}), "page"),
            ..call("/v1/ai/task", true)
        },
        PostCall {
            wrong_type: wrong(json!({"taskId": {}}), "taskId"),
            required: Some("taskId"),
            ..call("/v1/ai/task/data_save", true)
        },
        PostCall {
            wrong_type: wrong(json!({"task_id": "t1", "like": "yes"}), "like"),
            required: Some("task_id"),
            ..call("/v1/ai/task/like", true)
        },
        PostCall {
            wrong_type: wrong(json!({"coupon_id": "abc"}), "coupon_id"),
            ..call("/v1/buy/coupon/receive", true)
        },
        PostCall {
            wrong_type: wrong(json!({"explore_id": "x"}), "explore_id"),
            required: Some("explore_id"),
            ..call("/v1/explore/report", false)
        },
        PostCall {
            wrong_type: wrong(json!({"pids": "x"}), "pids"),
            required: Some("pids"),
            guests: true,
            ..call("/v1/feature-code/auth", true)
        },
        PostCall {
            wrong_type: wrong(json!({"media": 5}), "media"),
            ..call("/v1/workflow/category/list", false)
        },
        PostCall {
            wrong_type: wrong(json!({"tpl_id": "x"}), "tpl_id"),
            required: Some("tpl_id"),
            ..call("/v1/workflow/direct", false)
        },
        PostCall {
            wrong_type: wrong(json!({"params": 5}), "params"),
            ..call("/v1/workflow/resource/list", false)
        },
        PostCall {
            wrong_type: wrong(json!({"res_id": "x"}), "res_id"),
            required: Some("res_id"),
            ..call("/v1/workflow/resource/export", false)
        },
        // Last: it ends the test user's session.
        PostCall {
            reads_body: false,
            ..call("/v1/logout", true)
        },
    ]
}

/// POST raw bytes with a JSON content type; (status, body as JSON or Null).
async fn post_raw(s: &TestServer, path: &str, token: Option<&str>, body: Vec<u8>) -> (u16, Value) {
    let mut req = s
        .http
        .post(s.url(path))
        .header("content-type", "application/json")
        .body(body);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let res = req.send().await.unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn every_post_call_refuses_malformed_bodies_with_an_envelope() {
    let s = TestServer::start().await;
    let token = s.register("table@example.com").await;
    let big = vec![b' '; aivg_server::api::BODY_LIMIT + 1024];
    for c in post_calls() {
        let token = c.auth.then_some(token.as_str());
        let p = c.path;

        let (status, body) = post_raw(&s, p, token, b"{not json".to_vec()).await;
        if c.reads_body {
            let msg = refused(&format!("{p} not JSON"), status, &body);
            assert!(msg.starts_with("body"), "{p}: {msg}");
        } else {
            envelope_not_5xx(&format!("{p} not JSON"), status, &body);
        }

        for (label, not_object) in [("array", json!([1, 2])), ("text", json!("x"))] {
            let (status, body) = s.post(p, token, not_object).await;
            if c.reads_body {
                refused(&format!("{p} {label} body"), status, &body);
            } else {
                envelope_not_5xx(&format!("{p} {label} body"), status, &body);
            }
        }

        if let Some((wrong, field)) = &c.wrong_type {
            let (status, body) = s.post(p, token, wrong.clone()).await;
            let msg = refused(&format!("{p} {wrong}"), status, &body);
            assert!(msg.contains(field), "{p} {wrong}: names {field}: {msg}");
        }

        let (status, body) = s.post(p, token, json!({})).await;
        match c.required {
            Some(field) => {
                let msg = refused(&format!("{p} {{}}"), status, &body);
                assert!(msg.contains(field), "{p} {{}}: names {field}: {msg}");
            }
            None => envelope_not_5xx(&format!("{p} {{}}"), status, &body),
        }

        let (status, body) = post_raw(&s, p, token, big.clone()).await;
        assert_eq!(status, 413, "{p} huge body: {body}");
        assert_eq!(body["code"], 413, "{p}");
        assert!(body["msg"].as_str().unwrap().starts_with("body"), "{p}");

        if c.auth && !c.guests {
            let (status, body) = s.post(p, None, json!({})).await;
            assert_eq!(status, 401, "{p} without a token: {body}");
            assert_eq!(body["code"], 140_013, "{p}");
        }
    }
}

/// Sends `body` with no declared length (chunked) over a raw connection; answers (status, body).
async fn post_chunked(s: &TestServer, path: &str, token: &str, body: &[u8]) -> (u16, Value) {
    let addr = s.base.trim_start_matches("http://");
    let mut conn = tokio::net::TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    );
    conn.write_all(head.as_bytes()).await.unwrap();
    for chunk in body.chunks(64 * 1024) {
        let frame = [format!("{:x}\r\n", chunk.len()).as_bytes(), chunk, b"\r\n"].concat();
        // The server may answer and close before the whole body is sent.
        if conn.write_all(&frame).await.is_err() {
            break;
        }
    }
    let _ = conn.write_all(b"0\r\n\r\n").await;
    let mut raw = Vec::new();
    let _ = conn.read_to_end(&mut raw).await;
    let text = String::from_utf8_lossy(&raw);
    let status: u16 = text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status line: {text}"));
    let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    (
        status,
        serde_json::from_str(body.trim()).unwrap_or(Value::Null),
    )
}

#[tokio::test]
async fn bodies_without_a_length_are_limited_too() {
    let s = TestServer::start().await;
    let token = s.register("chunks@example.com").await;
    let over = aivg_server::api::BODY_LIMIT + 256 * 1024;
    // A typed JSON body, a raw object body and a free-form one: each reads its body differently.
    for path in ["/v1/activity/checkin", "/v1/activity/apply", "/v1/ai/task"] {
        let (status, body) = post_chunked(&s, path, &token, &vec![b' '; over]).await;
        assert_eq!(status, 413, "{path}: {body}");
        assert_eq!(body["code"], 413, "{path}: {body}");
    }
    // Under the limit, a chunked body is read normally.
    let (status, body) = post_chunked(&s, "/v1/ai/task", &token, br#"{"page": 1}"#).await;
    assert_eq!(status, 200, "{body}");
}
