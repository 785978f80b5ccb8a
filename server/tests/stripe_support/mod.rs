//! A fake Stripe API on loopback for the payment tests: `POST /v1/checkout/sessions` checks the
//! secret key, records the form and answers `{id, url}` like Stripe; plus a server configured
//! for it, signed webhook calls and the events Stripe would send.
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use crate::common::TestServer;
use aivg_server::pay::StripeSettings;
use aivg_server::pay::stripe_signature::sign;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use axum::{Form, Json, Router};
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};

pub const SECRET_KEY: &str = "sk_test_fake";
pub const WEBHOOK_SECRET: &str = "whsec_fake_secret";
pub const PUBLIC_URL: &str = "https://aivg.example";

/// A form as the fake received it: (key, value) pairs in order.
pub type FormPairs = Vec<(String, String)>;

/// The sessions the fake was asked to create.
#[derive(Clone, Default)]
pub struct FakeStripe {
    pub sessions: Arc<Mutex<Vec<FormPairs>>>,
    pub url: String,
}

impl FakeStripe {
    /// A value of the n-th created session's form.
    pub fn field(&self, n: usize, key: &str) -> Option<String> {
        let sessions = self.sessions.lock().unwrap();
        sessions[n]
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
    }

    pub fn count(&self) -> usize {
        self.sessions.lock().unwrap().len()
    }
}

async fn create_session(
    State(fake): State<FakeStripe>,
    headers: HeaderMap,
    Form(form): Form<FormPairs>,
) -> (StatusCode, Json<Value>) {
    let auth = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    if auth != format!("Bearer {SECRET_KEY}") {
        let error = json!({"error": {"type": "invalid_request_error", "message": "Invalid API Key provided"}});
        return (StatusCode::UNAUTHORIZED, Json(error));
    }
    let has = |k: &str| form.iter().any(|(key, _)| key == k);
    if !has("mode") || !has("line_items[0][price_data][unit_amount]") {
        let error = json!({"error": {"type": "invalid_request_error", "message": "Missing required param"}});
        return (StatusCode::BAD_REQUEST, Json(error));
    }
    let mut sessions = fake.sessions.lock().unwrap();
    sessions.push(form);
    let id = format!("cs_test_{}", sessions.len());
    let url = format!("https://checkout.fake/c/pay/{id}");
    (
        StatusCode::OK,
        Json(json!({"id": id, "object": "checkout.session", "url": url})),
    )
}

/// Starts the fake on an ephemeral loopback port.
pub async fn start_fake() -> FakeStripe {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let fake = FakeStripe {
        url: format!("http://{}", listener.local_addr().unwrap()),
        ..FakeStripe::default()
    };
    let app = Router::new()
        .route("/v1/checkout/sessions", post(create_session))
        .with_state(fake.clone());
    tokio::spawn(async move { axum::serve(listener, app).await });
    fake
}

/// A server whose payments go through the fake Stripe (the test store off).
pub async fn stripe_server() -> (TestServer, FakeStripe) {
    stripe_server_configured(|_| {}).await
}

/// [`stripe_server`] with its test configuration adjusted by `f` first.
pub async fn stripe_server_configured(
    f: impl FnOnce(&mut aivg_server::config::Config),
) -> (TestServer, FakeStripe) {
    let fake = start_fake().await;
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

pub fn event(id: &str, kind: &str, object: Value) -> Value {
    json!({"id": id, "object": "event", "type": kind, "data": {"object": object}})
}

/// `checkout.session.completed` of a paid session; `extra` adds or replaces fields.
pub fn session_completed(
    id: &str,
    session: &str,
    checkout_id: &str,
    amount: i64,
    extra: Value,
) -> Value {
    let mut object = json!({
        "id": session, "object": "checkout.session", "payment_status": "paid",
        "client_reference_id": checkout_id, "metadata": {"checkout_id": checkout_id},
        "amount_total": amount, "currency": "usd",
    });
    if let (Some(o), Some(e)) = (object.as_object_mut(), extra.as_object()) {
        o.extend(e.clone());
    }
    event(id, "checkout.session.completed", object)
}

pub fn invoice_paid(
    id: &str,
    invoice: &str,
    subscription: &str,
    reason: &str,
    amount: i64,
    pi: &str,
) -> Value {
    event(
        id,
        "invoice.paid",
        json!({"id": invoice, "object": "invoice", "subscription": subscription, "billing_reason": reason, "amount_paid": amount, "payment_intent": pi}),
    )
}

pub fn charge_refunded(id: &str, pi: &str, amount: i64, refunded: i64) -> Value {
    event(
        id,
        "charge.refunded",
        json!({"id": "ch_1", "object": "charge", "payment_intent": pi, "amount": amount, "amount_refunded": refunded, "refunded": amount == refunded}),
    )
}

pub fn dispute_created(id: &str, pi: &str, amount: i64) -> Value {
    event(
        id,
        "charge.dispute.created",
        json!({"id": "dp_1", "object": "dispute", "charge": "ch_1", "payment_intent": pi, "amount": amount}),
    )
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
