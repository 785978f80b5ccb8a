//! API keys over real HTTP (docs/api.md): a signed-in user makes, lists and revokes keys; a key
//! is answered once and works on the task, upload, result, balance and credit-history calls within
//! its scopes, charged to its owner; it never reaches the account, key, payment or operator
//! calls; a revoked or expired key answers 401; each key has its own rate.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use crate::common;
use crate::media_support;

use aivg_server::limits::Rate;
use common::TestServer;
use media_support::{create_ok, pool, wait_done};
use serde_json::{Value, json};
use std::time::Duration;

/// Makes a key with `scopes`; answers the key and its list entry.
async fn new_key(s: &TestServer, token: &str, name: &str, scopes: &[&str]) -> (String, Value) {
    let (status, body) = s
        .post(
            "/v1/keys",
            Some(token),
            json!({"name": name, "scopes": scopes}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let key = body["data"]["key"].as_str().unwrap().to_owned();
    (key, body["data"].clone())
}

const ALL: &[&str] = &["tasks:create", "tasks:read", "balance:read"];

#[tokio::test]
async fn a_key_is_shown_once_stored_hashed_listed_and_revoked() {
    let s = TestServer::start().await;
    let token = s.register("kim@example.com").await;
    let (key, made) = new_key(&s, &token, "batch script", ALL).await;
    assert!(key.starts_with("aivg_sk_") && key.len() >= 48, "{key}");
    assert_eq!(made["name"], "batch script");
    assert_eq!(made["scopes"], json!(ALL));
    assert_eq!(made["last_used_ms"], 0);

    let (status, body) = s.get("/v1/credit/balance", Some(&key)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["balance"], 5);
    let (status, body) = s.get("/v1/credit/history", Some(&key)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["total"], 1, "the welcome credits");

    let (status, list) = s.get("/v1/keys", Some(&token)).await;
    assert_eq!(status, 200, "{list}");
    let entry = &list["data"]["list"][0];
    assert!(
        entry.get("key").is_none(),
        "the key is never listed: {entry}"
    );
    assert!(entry["last_used_ms"].as_i64().unwrap() > 0, "use recorded");
    assert!(key.starts_with(entry["prefix"].as_str().unwrap()));
    let stored: Vec<String> = sqlx::query_scalar("SELECT hash FROM api_keys")
        .fetch_all(&pool(&s))
        .await
        .unwrap();
    assert_eq!(stored.len(), 1);
    assert!(!stored[0].contains(&key[8..]), "only a hash is kept");

    let id = made["id"].as_i64().unwrap();
    let (status, body) = s
        .post(&format!("/v1/keys/{id}/revoke"), Some(&token), json!({}))
        .await;
    assert_eq!(status, 200, "{body}");
    assert!(body["data"]["revoked_ms"].as_i64().unwrap() > 0);
    let (status, body) = s.get("/v1/credit/balance", Some(&key)).await;
    assert_eq!(status, 401, "{body}");
    assert_eq!(body["msg"], "this API key was revoked");

    // Another user cannot revoke (or see) this user's keys.
    let other = s.register("kit@example.com").await;
    let (status, _) = s
        .post(&format!("/v1/keys/{id}/revoke"), Some(&other), json!({}))
        .await;
    assert_eq!(status, 404);
    let (_, list) = s.get("/v1/keys", Some(&other)).await;
    assert_eq!(list["data"]["list"], json!([]));
}

#[tokio::test]
async fn bad_key_requests_name_the_field() {
    let s = TestServer::start().await;
    let token = s.register("kip@example.com").await;
    for (body, field) in [
        (json!({"name": "", "scopes": ["tasks:read"]}), "name"),
        (json!({"name": "x", "scopes": []}), "scopes"),
        (json!({"name": "x", "scopes": ["admin"]}), "scopes"),
        (
            json!({"name": "x", "scopes": ["tasks:read"], "expires_in_days": 400}),
            "expires_in_days",
        ),
    ] {
        let (status, answer) = s.post("/v1/keys", Some(&token), body).await;
        assert_eq!(status, 400, "{answer}");
        assert!(
            answer["msg"].as_str().unwrap().starts_with(field),
            "{answer}"
        );
    }
    let (status, body) = s
        .post(
            "/v1/keys",
            Some(&token),
            json!({"name": "month", "scopes": ["tasks:read"], "expires_in_days": 30}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let expires = body["data"]["expires_ms"].as_i64().unwrap();
    let created = body["data"]["created_ms"].as_i64().unwrap();
    assert_eq!(expires - created, 30 * 86_400_000);
}

#[tokio::test]
async fn tasks_made_with_a_key_are_its_owners() {
    let s = TestServer::start().await;
    let token = s.register("kai@example.com").await;
    let (key, _) = new_key(&s, &token, "script", ALL).await;
    let id = create_ok(&s, &key, "text2image", json!({"prompt": "a red kite"})).await;
    let done = wait_done(&s, &key, "text2image", &id).await;
    assert_eq!(done["status"], "succeeded", "{done}");
    assert_eq!(s.balance(&token).await, 3, "charged to the key's owner");
    // The same task in the owner's queue, read with the browser session.
    let (status, list) = s.post("/v1/ai/task", Some(&token), json!({})).await;
    assert_eq!(status, 200, "{list}");
    assert!(list.to_string().contains(&id), "{list}");
    let (status, _) = s
        .get(&format!("/v1/ai/result/text2image/{id}"), Some(&token))
        .await;
    assert_eq!(status, 200);
    // An upload grant with the key.
    let (status, grant) = s
        .get(
            "/v1/common/oss/token?algorithm=text2image&ext=png",
            Some(&key),
        )
        .await;
    assert_eq!(status, 200, "{grant}");
}

#[tokio::test]
async fn a_key_works_only_within_its_scopes() {
    let s = TestServer::start().await;
    let token = s.register("kev@example.com").await;
    let (reader, _) = new_key(&s, &token, "balance only", &["balance:read"]).await;
    let (status, body) = s
        .post(
            "/v1/ai/create/text2image",
            Some(&reader),
            json!({"data": {"prompt": "a cat"}}),
        )
        .await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(body["msg"], "this API key lacks the scope tasks:create");
    let (status, _) = s.post("/v1/ai/task", Some(&reader), json!({})).await;
    assert_eq!(status, 403);
    assert_eq!(s.balance(&token).await, 5, "nothing charged");
    let (status, _) = s.get("/v1/credit/balance", Some(&reader)).await;
    assert_eq!(status, 200);
}

/// A server, a signed-in user's session and a key with every scope.
async fn user_with_key(email: &str) -> (TestServer, String, String) {
    let s = media_support::start_with(|c| c.stats_token = Some("operator-secret".into())).await;
    let token = s.register(email).await;
    let (key, _) = new_key(&s, &token, "everything", ALL).await;
    (s, token, key)
}

/// A call a key never reaches, whatever its scopes (see `accounts/auth/api_keys.rs`).
fn refused(status: u16, body: &Value, what: &str) {
    assert_eq!(status, 403, "{what}: {body}");
    assert_eq!(
        body["msg"], "this call does not accept API keys: sign in on the site to use it",
        "{what}"
    );
}

#[tokio::test]
async fn a_key_never_reaches_the_account_calls() {
    let (s, token, key) = user_with_key("kat@example.com").await;
    let (status, body) = s.post("/v1/user", Some(&key), json!({})).await;
    refused(status, &body, "user info");
    let (status, body) = s.post("/v1/logout", Some(&key), json!({})).await;
    refused(status, &body, "logout");
    let (status, body) = s.get("/v1/token/renew", Some(&key)).await;
    refused(status, &body, "renew");
    let (status, body) = s.post("/v1/activity/checkin", Some(&key), json!({})).await;
    refused(status, &body, "check-in");
    assert_eq!(s.post("/v1/user", Some(&token), json!({})).await.0, 200);
}

#[tokio::test]
async fn a_key_never_reaches_the_key_calls() {
    let (s, token, key) = user_with_key("kas@example.com").await;
    let (status, body) = s.get("/v1/keys", Some(&key)).await;
    refused(status, &body, "key list");
    let (status, body) = s
        .post(
            "/v1/keys",
            Some(&key),
            json!({"name": "more", "scopes": ["tasks:read"]}),
        )
        .await;
    refused(status, &body, "key creation");
    let (status, body) = s.post("/v1/keys/1/revoke", Some(&key), json!({})).await;
    refused(status, &body, "key revocation");
    let (_, list) = s.get("/v1/keys", Some(&token)).await;
    let list = list["data"]["list"].as_array().unwrap().clone();
    assert_eq!(list.len(), 1, "no key made");
    assert_eq!(list[0]["revoked_ms"], 0, "nor revoked");
}

#[tokio::test]
async fn a_key_never_reaches_the_payment_calls() {
    let (s, _, key) = user_with_key("kar@example.com").await;
    let (status, body) = s
        .post("/v1/pay/checkout", Some(&key), json!({"sku_id": 1}))
        .await;
    refused(status, &body, "checkout");
    let (status, body) = s.get("/v1/buy/trade-info", Some(&key)).await;
    refused(status, &body, "trades");
    let (status, body) = s
        .post("/v1/buy/coupon/receive", Some(&key), json!({}))
        .await;
    refused(status, &body, "coupon");
}

#[tokio::test]
async fn a_key_never_reaches_the_operator_calls() {
    let (s, _, key) = user_with_key("kaq@example.com").await;
    // The operator's report takes its own token only.
    let (status, body) = s.get("/v1/analytics/stats", Some(&key)).await;
    assert!(status == 401 || status == 403, "stats: {status} {body}");
    let (status, body) = s.get("/v1/analytics/stats", Some("operator-secret")).await;
    assert_eq!(status, 200, "the operator's token works: {body}");
}

#[tokio::test]
async fn an_expired_or_unknown_key_answers_401() {
    let s = TestServer::start().await;
    let token = s.register("kel@example.com").await;
    let (key, made) = new_key(&s, &token, "short", ALL).await;
    sqlx::query("UPDATE api_keys SET expires_ms = 1 WHERE id = $1")
        .bind(made["id"].as_i64().unwrap())
        .execute(&pool(&s))
        .await
        .unwrap();
    let (status, body) = s.get("/v1/credit/balance", Some(&key)).await;
    assert_eq!(status, 401, "{body}");
    assert_eq!(body["code"], 140013);
    assert_eq!(body["msg"], "this API key has expired");
    let (status, _) = s
        .get("/v1/credit/balance", Some("aivg_sk_notakeyatall"))
        .await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn each_key_has_its_own_rate() {
    let s = media_support::start_with(|c| {
        c.limits.api_key = Some(Rate::new(2, Duration::from_secs(3600)));
    })
    .await;
    let token = s.register("kay@example.com").await;
    let (first, _) = new_key(&s, &token, "one", ALL).await;
    let (second, _) = new_key(&s, &token, "two", ALL).await;
    for _ in 0..2 {
        assert_eq!(s.get("/v1/credit/balance", Some(&first)).await.0, 200);
    }
    let res = s
        .http
        .get(s.url("/v1/credit/balance"))
        .bearer_auth(&first)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 429);
    let retry: u64 = res.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(retry >= 1);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["code"], 429, "{body}");
    assert_eq!(s.get("/v1/credit/balance", Some(&second)).await.0, 200);
    assert_eq!(
        s.get("/v1/credit/balance", Some(&token)).await.0,
        200,
        "the browser session is not the key"
    );
}
