//! `GET /v1/credit/history` (spec 02 §3, §5, §7, §9): the user's ledger rows, newest first.

use crate::api::{ApiError, ApiResult, ok};
use crate::auth::AuthUser;
use crate::clock;
use crate::state::AppState;
use axum::Router;
use axum::routing::get;
use serde::Deserialize;
use serde_json::{Value, json};
use sqlx::Row;

/// The routes of this area.
pub fn router() -> Router<AppState> {
    Router::new().route("/v1/credit/history", get(history))
}

/// Default and largest page sizes (15 is the spec's, spec 02 §9; 100 caps a request).
pub const PAGE_SIZE: i64 = aivg_core::credits::CREDIT_HISTORY_PAGE_SIZE as i64;
const MAX_PAGE_SIZE: i64 = 100;

/// Query of the history: `type` (empty/all, Acquisition, Consumption), `page` (from 1), `page_size`.
#[derive(Debug, Deserialize)]
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

/// `GET /v1/credit/history` → `{list, total}`.
pub async fn history(
    state: axum::extract::State<AppState>,
    user: AuthUser,
    crate::params::ApiQuery(q): crate::params::ApiQuery<HistoryQuery>,
) -> ApiResult<Value> {
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
    let total: i64 = sqlx::query(
        "SELECT COUNT(*) AS n FROM credit_entries WHERE user_id = $1 AND ($2 = '' OR type = $2)",
    )
    .bind(user.id)
    .bind(kind)
    .fetch_one(&state.db.pool)
    .await?
    .try_get("n")?;
    let rows = sqlx::query(
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
    let mut list = Vec::with_capacity(rows.len());
    for r in rows {
        let expire_time: i64 = r.try_get("expire_time")?;
        list.push(json!({
            "type": r.try_get::<String, _>("type")?,
            "details": r.try_get::<String, _>("details")?,
            "credits": r.try_get::<i64, _>("credits")?,
            "date": r.try_get::<i64, _>("date")?,
            "expire_time": expire_time,
            "is_expired": i64::from(expire_time != 0 && expire_time <= now),
            "status": r.try_get::<i64, _>("status")?,
        }));
    }
    ok(json!({ "list": list, "total": total, "page": page, "page_size": size }))
}
