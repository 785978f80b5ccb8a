//! `GET /v1/keys/{id}/deliveries`: the key's recent webhook deliveries with their attempts, for
//! its owner signed in on the site (keys never reach it: `auth/api_keys.rs` lists it nowhere).

use crate::accounts::auth::AuthUser;
use crate::api::{ApiError, ApiResult, List, ok};
use crate::state::AppState;
use axum::extract::{Path, State};
use serde::Serialize;
use sqlx::FromRow;

/// Deliveries listed, newest first.
pub const LISTED: i64 = 50;

/// One attempt.
#[derive(Debug, Serialize, FromRow, utoipa::ToSchema)]
pub struct AttemptItem {
    #[serde(skip)]
    pub delivery_id: i64,
    pub at_ms: i64,
    /// The receiver's HTTP status; 0 when it did not answer.
    pub status: i64,
    pub error: String,
    pub duration_ms: i64,
}

/// One delivery: its message id (`webhook-id`), task, URL, event type and state.
#[derive(Debug, Serialize, FromRow, utoipa::ToSchema)]
pub struct DeliveryItem {
    #[serde(skip)]
    pub id: i64,
    pub msg_id: String,
    pub task_id: String,
    pub url: String,
    /// `task.succeeded`, `task.failed` or `task.cancelled`.
    pub event: String,
    /// `pending`, `delivered` or `failed`.
    pub state: String,
    pub attempts: i64,
    /// When the next attempt is due (0 when none is).
    pub next_ms: i64,
    pub created_ms: i64,
    pub done_ms: i64,
    /// Its attempts, oldest first.
    #[sqlx(skip)]
    pub tries: Vec<AttemptItem>,
}

/// `GET /v1/keys/{id}/deliveries` → `{list}`: the key's last [`LISTED`] deliveries, newest first,
/// each with its attempts; 404 for a key that is not the user's.
pub async fn list(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<List<DeliveryItem>> {
    let pool = &state.db.pool;
    let mine: Option<i64> =
        sqlx::query_scalar("SELECT id FROM api_keys WHERE id = $1 AND user_id = $2")
            .bind(id)
            .bind(user.id)
            .fetch_optional(pool)
            .await?;
    if mine.is_none() {
        return Err(ApiError::not_found("no such API key"));
    }
    let mut list: Vec<DeliveryItem> = sqlx::query_as(
        "SELECT id, msg_id, task_id, url, event, state, attempts, next_ms, created_ms, done_ms
         FROM webhook_deliveries WHERE key_id = $1 ORDER BY id DESC LIMIT $2",
    )
    .bind(id)
    .bind(LISTED)
    .fetch_all(pool)
    .await?;
    let oldest = list.last().map_or(0, |d| d.id);
    let tries: Vec<AttemptItem> = sqlx::query_as(
        "SELECT a.delivery_id, a.at_ms, a.status, a.error, a.duration_ms
         FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
         WHERE d.key_id = $1 AND d.id >= $2 ORDER BY a.id",
    )
    .bind(id)
    .bind(oldest)
    .fetch_all(pool)
    .await?;
    for t in tries {
        if let Some(d) = list.iter_mut().find(|d| d.id == t.delivery_id) {
            d.tries.push(t);
        }
    }
    ok(List { list })
}
