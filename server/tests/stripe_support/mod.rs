//! The payment tests' side of the fake Stripe (`fakes/stripe`): a server configured for it,
//! checkouts, signed webhook calls and the buyer's plan.
#![allow(dead_code, clippy::unwrap_used, clippy::indexing_slicing)]

use crate::common::TestServer;
use aivg_server::pay::StripeSettings;
use aivg_server::pay::stripe_signature::sign;
use fake_stripe::{FakeStripe, SECRET_KEY, WEBHOOK_SECRET};
use serde_json::{Value, json};

pub const PUBLIC_URL: &str = "https://aivg.example";

/// A server whose payments go through the fake Stripe (the test store off).
pub async fn stripe_server() -> (TestServer, FakeStripe) {
    stripe_server_configured(|_| {}).await
}

/// [`stripe_server`] with its test configuration adjusted by `f` first.
pub async fn stripe_server_configured(
    f: impl FnOnce(&mut aivg_server::config::Config),
) -> (TestServer, FakeStripe) {
    let fake = FakeStripe::start().await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut cfg = aivg_server::config::Config::for_tests(dir.path().join("data"));
    f(&mut cfg);
    cfg.database_url = crate::common::database_url(dir.path()).await;
    cfg.test_store = false;
    cfg.public_url = Some(PUBLIC_URL.into());
    cfg.stripe = Some(StripeSettings {
        secret_key: SECRET_KEY.into(),
        webhook_secret: Some(WEBHOOK_SECRET.into()),
        api_url: fake.url.clone(),
    });
    (TestServer::start_with(dir, cfg).await, fake)
}

/// `POST /v1/pay/checkout`; returns (status, body).
pub async fn checkout(s: &TestServer, token: &str, sku_id: u64, zero: u8) -> (u16, Value) {
    s.post(
        "/v1/pay/checkout",
        Some(token),
        json!({"sku_id": sku_id, "zero": zero, "session": "dialog-1"}),
    )
    .await
}

/// A checkout that must succeed: (checkout id, Stripe session id).
pub async fn paid_checkout(s: &TestServer, token: &str, sku_id: u64, zero: u8) -> (String, String) {
    let (status, body) = checkout(s, token, sku_id, zero).await;
    assert_eq!(status, 200, "{body}");
    let url = body["data"]["url"].as_str().unwrap();
    let session = url.rsplit('/').next().unwrap().to_owned();
    (
        body["data"]["checkout_id"].as_str().unwrap().to_owned(),
        session,
    )
}

/// Posts an event signed at `t` with `secret` (None: no signature header).
pub async fn post_event_signed(
    s: &TestServer,
    event: &Value,
    secret: Option<&str>,
    t: i64,
) -> (u16, Value) {
    let body = serde_json::to_vec(event).unwrap();
    let mut req = s
        .http
        .post(s.url("/v1/pay/stripe/webhook"))
        .header("content-type", "application/json");
    if let Some(secret) = secret {
        req = req.header(
            "stripe-signature",
            format!("t={t},v1={}", sign(secret, t, &body)),
        );
    }
    let res = req.body(body).send().await.unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

/// Posts an event signed now with the right secret; returns (status, outcome's `result`).
pub async fn post_event(s: &TestServer, event: &Value) -> (u16, String) {
    let (status, body) =
        post_event_signed(s, event, Some(WEBHOOK_SECRET), aivg_server::clock::now_s()).await;
    let result = body["data"]["outcome"]["result"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    (status, result)
}

/// The user's plan level and its end.
pub async fn level(s: &TestServer, token: &str) -> (String, i64) {
    let (_, user) = s.post("/v1/user", Some(token), json!({})).await;
    (
        user["data"]["verify"]["level"].as_str().unwrap().to_owned(),
        user["data"]["verify"]["expired_time"].as_i64().unwrap_or(0),
    )
}

/// Puts the signed-in user in a pricing plan (as if the experiment had assigned it).
pub async fn set_pricing_plan(s: &TestServer, token: &str, plan: i64) {
    let (_, user) = s.post("/v1/user", Some(token), json!({})).await;
    let uid = user["data"]["uid"].as_str().unwrap().to_owned();
    let pool = &s.running.as_ref().unwrap().state.db.pool;
    sqlx::query("DELETE FROM ab_assignments WHERE test_code = 'pricing_plan' AND subject = $1")
        .bind(&uid)
        .execute(pool)
        .await
        .unwrap();
    sqlx::query("INSERT INTO ab_assignments (test_code, subject, plan, created_at) VALUES ('pricing_plan', $1, $2, 0)")
        .bind(&uid)
        .bind(plan)
        .execute(pool)
        .await
        .unwrap();
}
