//! A fake Stripe API on loopback for the payment tests: `POST /v1/checkout/sessions` checks the
//! secret key, records the form and answers `{id, url}` like Stripe; `POST /v1/refunds` refunds a
//! payment intent once, as Stripe does (the same `Idempotency-Key` answers the same refund; a
//! second refund of a refunded payment is refused with `charge_already_refunded`); plus the
//! webhook events Stripe would send ([`events`]).
// A test fake: a poisoned lock may panic.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

pub mod events;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use axum::{Form, Json, Router};
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};

/// The secret API key the fake accepts.
pub const SECRET_KEY: &str = "sk_test_fake";
/// The webhook signing secret of the fake's account.
pub const WEBHOOK_SECRET: &str = "whsec_fake_secret";

/// A form as the fake received it: (key, value) pairs in order.
pub type FormPairs = Vec<(String, String)>;

/// A running fake; clones share it.
#[derive(Debug, Clone, Default)]
pub struct FakeStripe {
    /// The forms of the sessions it was asked to create, in order.
    pub sessions: Arc<Mutex<Vec<FormPairs>>>,
    /// The forms of the refunds it made, in order.
    pub refunds: Arc<Mutex<Vec<FormPairs>>>,
    /// Refunds by idempotency key: (key, refund id).
    keys: Arc<Mutex<Vec<(String, String)>>>,
    /// Its base URL (the server's Stripe `api_url`).
    pub url: String,
}

impl FakeStripe {
    /// Starts the fake on an ephemeral loopback port.
    pub async fn start() -> std::io::Result<Self> {
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0)).await?;
        let fake = Self {
            url: format!("http://{}", listener.local_addr()?),
            ..Self::default()
        };
        let app = Router::new()
            .route("/v1/checkout/sessions", post(create_session))
            .route("/v1/refunds", post(create_refund))
            .with_state(fake.clone());
        tokio::spawn(async move { axum::serve(listener, app).await });
        Ok(fake)
    }

    /// A value of the n-th created session's form.
    pub fn field(&self, n: usize, key: &str) -> Option<String> {
        let sessions = self.sessions.lock().unwrap();
        sessions
            .get(n)?
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
    }

    /// The forms of the refunds it made.
    pub fn refund_forms(&self) -> Vec<FormPairs> {
        self.refunds.lock().unwrap().clone()
    }

    /// How many sessions it created.
    pub fn count(&self) -> usize {
        self.sessions.lock().unwrap().len()
    }
}

/// Stripe's 401 unless the request carries the fake's secret key.
fn unauthorized(headers: &HeaderMap) -> Option<(StatusCode, Json<Value>)> {
    let auth = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    if auth == format!("Bearer {SECRET_KEY}") {
        return None;
    }
    let error =
        json!({"error": {"type": "invalid_request_error", "message": "Invalid API Key provided"}});
    Some((StatusCode::UNAUTHORIZED, Json(error)))
}

/// A refund object as Stripe answers it.
fn refund_object(id: &str, form: &FormPairs) -> Value {
    let get = |k: &str| {
        form.iter()
            .find(|(key, _)| key == k)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    json!({
        "id": id, "object": "refund", "status": "succeeded",
        "payment_intent": get("payment_intent"), "reason": get("reason"),
        "metadata": {"trade_id": get("metadata[trade_id]")}, "currency": "usd",
    })
}

async fn create_refund(
    State(fake): State<FakeStripe>,
    headers: HeaderMap,
    Form(form): Form<FormPairs>,
) -> (StatusCode, Json<Value>) {
    if let Some(refused) = unauthorized(&headers) {
        return refused;
    }
    let Some(pi) = form
        .iter()
        .find(|(k, _)| k == "payment_intent" || k == "charge")
        .map(|(_, v)| v.clone())
    else {
        let error = json!({"error": {"type": "invalid_request_error", "message": "One of the following params should be provided for this request: payment_intent or charge."}});
        return (StatusCode::BAD_REQUEST, Json(error));
    };
    let key = headers
        .get("idempotency-key")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let mut keys = fake.keys.lock().unwrap();
    let mut refunds = fake.refunds.lock().unwrap();
    if !key.is_empty()
        && let Some((_, id)) = keys.iter().find(|(k, _)| *k == key)
    {
        let n: usize = id.trim_start_matches("re_test_").parse().unwrap_or(1);
        return (StatusCode::OK, Json(refund_object(id, &refunds[n - 1])));
    }
    let refunded = refunds.iter().any(|f| {
        f.iter()
            .any(|(k, v)| (k == "payment_intent" || k == "charge") && *v == pi)
    });
    if refunded {
        let error = json!({"error": {"type": "invalid_request_error", "code": "charge_already_refunded", "message": format!("Charge for {pi} has already been refunded.")}});
        return (StatusCode::BAD_REQUEST, Json(error));
    }
    refunds.push(form);
    let id = format!("re_test_{}", refunds.len());
    if !key.is_empty() {
        keys.push((key, id.clone()));
    }
    let object = refund_object(&id, &refunds[refunds.len() - 1]);
    (StatusCode::OK, Json(object))
}

async fn create_session(
    State(fake): State<FakeStripe>,
    headers: HeaderMap,
    Form(form): Form<FormPairs>,
) -> (StatusCode, Json<Value>) {
    if let Some(refused) = unauthorized(&headers) {
        return refused;
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
