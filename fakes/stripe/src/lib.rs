//! A fake Stripe API on loopback for the payment tests: `POST /v1/checkout/sessions` checks the
//! secret key, records the form and answers `{id, url}` like Stripe; plus the webhook events
//! Stripe would send ([`events`]).
// A test fake: a poisoned lock may panic.
#![allow(clippy::unwrap_used)]

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

    /// How many sessions it created.
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
