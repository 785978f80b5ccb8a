//! `POST /v1/pay/stripe/webhook`: Stripe's notifications. The raw body is checked against the
//! `Stripe-Signature` header with `AIVG_STRIPE_WEBHOOK_SECRET` (`stripe_signature.rs`) before
//! anything is read from it; a bad, missing or stale signature answers 400 and changes nothing.
//! A verified event is acted on once (`grants.rs`) and answered 200 (also when it was a replay or
//! needed nothing), so Stripe stops sending it; only our own failure answers 500, and Stripe
//! retries later. Without a webhook secret the route answers 404.

use super::grants::{self, Outcome};
use super::stripe_events::{self, Event};
use super::stripe_signature;
use crate::api::{ApiError, ApiResult, ok};
use crate::clock;
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::Serialize;

/// The answer Stripe reads (only its status matters to Stripe).
#[derive(Debug, Serialize)]
pub struct Received {
    pub received: bool,
    pub event_id: String,
    pub outcome: Outcome,
}

/// `POST /v1/pay/stripe/webhook`.
pub async fn webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Received> {
    let secret = state.payments.stripe_webhook_secret().ok_or_else(|| {
        ApiError::not_found("no Stripe webhook on this site (AIVG_STRIPE_WEBHOOK_SECRET is unset)")
    })?;
    let header = headers
        .get("stripe-signature")
        .and_then(|v| v.to_str().ok());
    if let Err(e) = stripe_signature::verify(secret, header, &body, clock::now_s()) {
        tracing::warn!("stripe webhook refused: {e}");
        return Err(ApiError::bad_request(e.to_string()));
    }
    let event: Event = serde_json::from_slice(&body)
        .map_err(|e| ApiError::bad_request(format!("body: not a Stripe event ({e})")))?;
    if event.id.is_empty() || event.id.len() > 255 {
        return Err(ApiError::invalid("id", "a Stripe event needs its id"));
    }
    let action = stripe_events::action(&event);
    let catalog = state.content.catalog()?;
    let (outcome, user) = grants::handle(
        &state.db.pool,
        &catalog,
        "stripe",
        &event.id,
        &event.kind,
        &action,
    )
    .await?;
    if let Some(user) = user {
        state.user_infos.changed(user);
    }
    ok(Received {
        received: true,
        event_id: event.id,
        outcome,
    })
}
