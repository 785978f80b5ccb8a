//! Analytics (docs/behaviour/ads-and-experiments.md#analytics): the app's tracking events arrive in
//! batches, are validated and stored in `analytics_events`; a stats report gives counts per event
//! and the p75 of the web vitals (FCP, LCP) per page.
//!
//! | call | what |
//! |---|---|
//! | `POST /v1/analytics/events` | a batch `{session_id?, events: [{name, page, at, data?}]}` → `{stored}` |
//! | `GET /v1/analytics/stats` | the report; needs `Authorization: Bearer {AIVG_STATS_TOKEN}` |
//!
//! The same report prints from the command line: `aivg-server stats` (see `main.rs`).
//!
//! Decisions (server behaviour is "not shown" in the spec): anyone may send events (visitors are
//! anonymous); the body is read whatever its content type, because `navigator.sendBeacon` sends
//! text/plain; one bad event rejects the whole batch with a 400 naming it (`events[3].name`), and
//! the app drops a batch answered 4xx without retrying; the stats endpoint answers 404 while
//! `AIVG_STATS_TOKEN` is unset, so a server without a token reveals nothing.

pub mod event;
pub mod stats;

use crate::api::{ApiError, ApiResult, ok};
use crate::state::AppState;
use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, header};
use axum::routing::{get, post};
use serde::Serialize;

/// The routes of this area, merged into the app router.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/v1/analytics/events", post(collect))
        .route("/v1/analytics/stats", get(stats_report))
}

/// The answer of a stored batch: how many events it held.
#[derive(Debug, Serialize)]
pub struct Stored {
    pub stored: usize,
}

/// `POST /v1/analytics/events`.
pub async fn collect(State(state): State<AppState>, body: Bytes) -> ApiResult<Stored> {
    let batch = event::parse_batch(&body)?;
    let received_ms = crate::clock::now_ms();
    let mut tx = crate::db::begin_write(&state.db.pool).await?;
    for e in &batch.events {
        sqlx::query(
            "INSERT INTO analytics_events (name, page, metric, value, data, session_id, client_ms, received_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(&e.name)
        .bind(&e.page)
        .bind(&e.metric)
        .bind(e.value)
        .bind(&e.data)
        .bind(&batch.session_id)
        .bind(e.at_ms)
        .bind(received_ms)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    ok(Stored {
        stored: batch.events.len(),
    })
}

/// `GET /v1/analytics/stats`.
pub async fn stats_report(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> ApiResult<stats::Report> {
    let Some(expected) = state.cfg.stats_token.as_deref() else {
        return Err(ApiError::not_found(
            "the stats report is disabled: set AIVG_STATS_TOKEN on the server",
        ));
    };
    let given = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or("");
    if !same_secret(given.trim().as_bytes(), expected.as_bytes()) {
        return Err(ApiError::new(
            axum::http::StatusCode::UNAUTHORIZED,
            401,
            "authorization: send Bearer {AIVG_STATS_TOKEN}",
        ));
    }
    ok(stats::report(&state.db).await?)
}

/// Compares without stopping at the first difference, so the answer time tells nothing.
fn same_secret(given: &[u8], expected: &[u8]) -> bool {
    given.len() == expected.len()
        && given
            .iter()
            .zip(expected)
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
}

#[cfg(test)]
mod tests {
    use super::same_secret;

    #[test]
    fn secrets_compare_whole() {
        assert!(same_secret(b"abc", b"abc"));
        assert!(!same_secret(b"abd", b"abc"));
        assert!(!same_secret(b"ab", b"abc"));
        assert!(!same_secret(b"", b"abc"));
    }
}
