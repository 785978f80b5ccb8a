//! Issue 5, item 8, table-driven: every POST call of the server gets malformed bodies (not JSON,
//! not an object, wrong field types, missing fields, over the size limit, with and without a
//! declared length) and every GET call a malformed query; each answer must be the envelope with a
//! non-zero code, a message naming the field, and never a 5xx.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use common::TestServer;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// One POST call and how it must refuse bad bodies.
struct PostCall {
    path: &'static str,
    /// Sends the test user's token.
    auth: bool,
    /// With `auth`: the call also answers guests (no token is not a 401).
    guests: bool,
    /// Whether the call reads a body at all (the rest take none: spec 02 §7 "payload none").
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

/// Asserts an error envelope: 4xx, non-zero code, a message; answers the message.
#[track_caller]
fn refused(what: &str, status: u16, body: &Value) -> String {
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
fn envelope_not_5xx(what: &str, status: u16, body: &Value) {
    assert!(status < 500, "{what}: HTTP {status} {body}");
    assert!(body["code"].is_i64(), "{what}: not an envelope: {body}");
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
    let big = vec![b' '; aivg_server::app::BODY_LIMIT + 1024];
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
    let over = aivg_server::app::BODY_LIMIT + 256 * 1024;
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

#[tokio::test]
async fn every_get_call_refuses_a_malformed_query_with_an_envelope() {
    let s = TestServer::start().await;
    let token = s.register("queries@example.com").await;
    // (path with a bad query, needs the token, field the message must name)
    let table: [(&str, bool, &str); 18] = [
        ("/v1/credit/history?page=first", true, "page"),
        ("/v1/credit/history?type=Gift", true, "type"),
        ("/v1/activity/checkin/status?code=weekly", true, "code"),
        ("/v1/buy/sku-info?plan=nine", false, "plan"),
        ("/v1/buy/trade-info?time_before=soon", true, "time_before"),
        ("/v1/common/ab-test?user_id=u1", false, "test_code"),
        ("/v1/common/prompt_sample?key=", false, "key"),
        ("/v1/common/demo/list?key=", false, "key"),
        ("/v1/workflow/list?page=0", false, "page"),
        ("/v1/workflow/info?id=abc", false, "id"),
        (
            "/v1/workflow/explore/list?page_size=1000",
            false,
            "page_size",
        ),
        ("/v1/workflow/explore/info?id=", false, "id"),
        ("/v1/workflow/zone/info?id=x", false, "id"),
        ("/v1/workflow/resource/info?id=-1", false, "id"),
        ("/v1/common/oss/token?algorithm=", true, "algorithm"),
        ("/v1/common/oss/sign?oss_path=", true, "oss_path"),
        (
            "/v1/common/oss/mediainfo?oss_path=../etc/passwd",
            true,
            "oss_path",
        ),
        ("/v1/recommend/tpl?action_conf=%ZZ", false, "action_conf"),
    ];
    for (path, auth, field) in table {
        let (status, body) = s.get(path, auth.then_some(token.as_str())).await;
        let msg = refused(path, status, &body);
        assert!(msg.contains(field), "{path}: names {field}: {msg}");
    }
    // A query that cannot be read at all (bad percent-encoding of a typed field).
    let (status, body) = s.get("/v1/credit/history?page=%FF", Some(&token)).await;
    refused("history with bad encoding", status, &body);
}

#[tokio::test]
async fn wrong_methods_and_unknown_calls_answer_envelopes() {
    let s = TestServer::start().await;
    let res = s
        .http
        .delete(s.url("/v1/activity/checkin"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 405);
    assert!(res.headers().contains_key("allow"));
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["code"], 405);
    assert!(body["msg"].as_str().unwrap().starts_with("method"));
    let (status, body) = s.get("/v1/user", None).await;
    assert_eq!(status, 405, "POST only: {body}");
    assert_eq!(body["code"], 405);
    // A path segment that is not UTF-8: axum's plain-text rejection, answered as an envelope.
    let token = s.register("paths@example.com").await;
    let (status, body) = s.get("/v1/ai/result/text2image/%FF%FE", Some(&token)).await;
    refused("non-UTF-8 path segment", status, &body);
    let (status, body) = s.post("/v1/no/such/call", None, json!({})).await;
    assert_eq!(status, 404);
    assert_eq!(body["code"], 404);
    // Missing content type on a typed JSON call names it.
    let res = s
        .http
        .post(s.url("/account/login"))
        .body(r#"{"email":"a@b.co","password":"x"}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 415);
    let body: Value = res.json().await.unwrap();
    assert!(body["msg"].as_str().unwrap().starts_with("content-type"));
}

#[tokio::test]
async fn the_nul_character_is_refused_everywhere() {
    // PostgreSQL text cannot hold NUL: without the guard these were 500s there.
    let s = TestServer::start().await;
    let token = s.register("nul@example.com").await;
    let bodies = [
        (
            "/account/register",
            json!({"email": "n\u{0}@example.com", "password": "secret\u{0}123"}),
        ),
        (
            "/account/login",
            json!({"email": "nul@example.com", "password": "secret\u{0}"}),
        ),
        ("/v1/oauth/token", json!({"code": "abc\u{0}"})),
        ("/v1/activity/checkin", json!({"code": "daily\u{0}checkin"})),
        ("/v1/activity/apply", json!({"code": "x\u{0}"})),
        (
            "/v1/ai/create/text2image",
            json!({"data": {"prompt": "a cat\u{0}"}, "user_data": {"module": "m\u{0}"}}),
        ),
        ("/v1/ai/prompt/polish", json!({"prompt": "a\u{0}b"})),
        ("/v1/ai/task", json!({"module": "x\u{0}"})),
        ("/v1/ai/retry", json!({"task_id": "a\u{0}"})),
        ("/v1/ai/result/batch", json!({"task_ids": ["a\u{0}"]})),
        (
            "/v1/explore/report",
            json!({"explore_id": 1448, "reason": "report_reason_11", "other": "bad\u{0}"}),
        ),
        (
            "/store/checkout/pay",
            json!({"sku_id": 24_120_010, "session": "s\u{0}"}),
        ),
    ];
    for (path, body) in bodies {
        let (status, answer) = s.post(path, Some(&token), body).await;
        let msg = refused(path, status, &answer);
        assert_eq!(msg, "body: must not contain the NUL character", "{path}");
    }
    for path in [
        "/v1/ai/result/text2image/ab%00cd",
        "/v1/common/ab-test?test_code=login_test&user_id=u%00",
        "/v1/credit/history?type=%00",
    ] {
        let (status, answer) = s.get(path, Some(&token)).await;
        refused(path, status, &answer);
    }
    // The text "\u0000" (an escaped backslash) is ordinary text.
    let (status, answer) = s
        .post(
            "/v1/ai/prompt/polish",
            Some(&token),
            json!({"prompt": "a literal \\u0000 in a prompt"}),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
}
