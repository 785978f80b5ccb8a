//! Every GET call gets a malformed query, and calls come with wrong methods, unknown paths, paths
//! that are not UTF-8 and no content type; each answer must be the envelope with a non-zero code,
//! a message naming the field, and never a 5xx.

use crate::common;
use crate::envelope_support;

use common::TestServer;
use envelope_support::refused;
use serde_json::{Value, json};

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
