//! `GET /v1/credit/history` (docs/behaviour/credits-and-checkin.md#the-ledger): the user's ledger
//! rows, newest first; `GET /v1/credit/balance`: the credits left alone, for programs with an
//! API key (docs/api.md), which cannot read the account's user info.

use crate::accounts::auth::AuthUser;
use crate::api::{ApiError, ApiResult, ok};
use crate::clock;
use crate::state::AppState;
use axum::Router;
use axum::routing::get;
use serde::{Deserialize, Serialize};
use sqlx::FromRow;

/// The routes of this area.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/v1/credit/history", get(history))
        .route("/v1/credit/balance", get(balance))
}

/// The answer of the balance.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Balance {
    /// Credits left now (the same number as the user info's `integral.integral`).
    pub balance: i64,
}

/// `GET /v1/credit/balance` → `{balance}`.
pub async fn balance(state: axum::extract::State<AppState>, user: AuthUser) -> ApiResult<Balance> {
    let mut conn = state.db.pool.acquire().await?;
    let balance = crate::ledger::balance(&mut conn, user.id, clock::now_s()).await?;
    ok(Balance { balance })
}

/// Default and largest page sizes (15 is the spec's,
/// docs/behaviour/credits-and-checkin.md#the-ledger; 100 caps a request).
pub const PAGE_SIZE: i64 = aivg_core::credits::CREDIT_HISTORY_PAGE_SIZE as i64;
const MAX_PAGE_SIZE: i64 = 100;

/// Query of the history: `type` (empty/all, Acquisition, Consumption), `page` (from 1), `page_size`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HistoryQuery {
    #[serde(default, rename = "type")]
    pub kind: String,
    #[serde(default)]
    pub page: Option<String>,
    #[serde(default)]
    pub page_size: Option<String>,
}

fn positive(field: &str, raw: Option<&str>, default: i64, max: i64) -> Result<i64, ApiError> {
    match raw.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(default),
        Some(s) => match s.parse::<i64>() {
            Ok(n) if (1..=max).contains(&n) => Ok(n),
            _ => Err(ApiError::invalid(
                field,
                format!("must be a whole number from 1 to {max}, got {s:?}"),
            )),
        },
    }
}

/// One entry of the history: a row of the ledger (`is_expired` is 1 once a grant's expiry has
/// passed, computed after reading).
#[derive(Debug, FromRow, Serialize, utoipa::ToSchema)]
pub struct HistoryEntry {
    #[sqlx(rename = "type")]
    #[serde(rename = "type")]
    pub kind: String,
    pub details: String,
    pub credits: i64,
    pub date: i64,
    pub expire_time: i64,
    #[sqlx(skip)]
    pub is_expired: i64,
    pub status: i64,
}

/// The answer of the history.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct History {
    pub list: Vec<HistoryEntry>,
    pub total: i64,
    pub page: i64,
    pub page_size: i64,
}

/// `GET /v1/credit/history` → `{list, total, page, page_size}`.
pub async fn history(
    state: axum::extract::State<AppState>,
    user: AuthUser,
    crate::params::ApiQuery(q): crate::params::ApiQuery<HistoryQuery>,
) -> ApiResult<History> {
    let kind = match q.kind.trim() {
        "" | "all" => None,
        "Acquisition" | "acquisition" => Some("Acquisition"),
        "Consumption" | "consumption" => Some("Consumption"),
        other => {
            return Err(ApiError::invalid(
                "type",
                format!("unknown type {other:?}: use Acquisition or Consumption"),
            ));
        }
    };
    let page = positive("page", q.page.as_deref(), 1, 1_000_000)?;
    let size = positive(
        "page_size",
        q.page_size.as_deref(),
        PAGE_SIZE,
        MAX_PAGE_SIZE,
    )?;
    // An empty kind matches every row.
    let kind = kind.unwrap_or("");
    let total: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM credit_entries WHERE user_id = $1 AND ($2 = '' OR type = $2)",
    )
    .bind(user.id)
    .bind(kind)
    .fetch_one(&state.db.pool)
    .await?;
    let mut list: Vec<HistoryEntry> = sqlx::query_as(
        "SELECT type, details, credits, date, expire_time, status FROM credit_entries
         WHERE user_id = $1 AND ($2 = '' OR type = $2) ORDER BY date DESC, id DESC LIMIT $3 OFFSET $4",
    )
    .bind(user.id)
    .bind(kind)
    .bind(size)
    .bind((page - 1) * size)
    .fetch_all(&state.db.pool)
    .await?;
    let now = clock::now_s();
    for e in &mut list {
        e.is_expired = i64::from(e.expire_time != 0 && e.expire_time <= now);
    }
    ok(History {
        list,
        total,
        page,
        page_size: size,
    })
}
