//! The user's trades: `GET /v1/buy/trade-info` for the purchase poll (spec 02 §4, §7) and
//! `GET /v1/verify/record`, the list of plan changes (answer not shown in the spec).

use super::catalog::cents_to_amount;
use crate::api::{ApiResult, ok};
use crate::auth::AuthUser;
use crate::clock;
use crate::site::params::{self, ApiQuery};
use crate::state::AppState;
use axum::extract::State;
use serde::Deserialize;
use serde_json::{Value, json};
use sqlx::Row;

/// Longest window of the poll: 30 days (the dialog may stay open while the page is hidden).
const MAX_TIME_BEFORE: i64 = 30 * 24 * 3600;
/// Seconds added to the window, so a trade made in the second the dialog opened is not missed
/// when the client rounds its elapsed time down.
const WINDOW_SLACK: i64 = 2;

/// `time_before`: whole seconds since the buy dialog opened.
#[derive(Debug, Deserialize)]
pub struct TradeInfoQuery {
    pub time_before: Option<String>,
}

/// `GET /v1/buy/trade-info?time_before=` → `{total, list:[{trade_id, sku_id_list:[sku_id],
/// amount, currency, kind, created_at}]}`: the user's trades made within the last
/// `time_before` seconds, newest first (the poll reads `total` and `list[0].sku_id_list[0]`).
pub async fn trade_info(
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(q): ApiQuery<TradeInfoQuery>,
) -> ApiResult<Value> {
    let time_before = params::int(
        "time_before",
        q.time_before.as_deref(),
        None,
        0,
        MAX_TIME_BEFORE,
    )?;
    let since = clock::now_s() - time_before - WINDOW_SLACK;
    let rows = sqlx::query(
        "SELECT trade_id, sku_id, amount_cents, currency, kind, created_at FROM trades
         WHERE user_id = $1 AND created_at >= $2 ORDER BY created_at DESC, id DESC LIMIT 100",
    )
    .bind(user.id)
    .bind(since)
    .fetch_all(&state.db.pool)
    .await?;
    let mut list = Vec::with_capacity(rows.len());
    for r in rows {
        list.push(json!({
            "trade_id": r.try_get::<String, _>("trade_id")?,
            "sku_id_list": [r.try_get::<i64, _>("sku_id")?],
            "amount": cents_to_amount(r.try_get("amount_cents")?),
            "currency": r.try_get::<String, _>("currency")?,
            "kind": r.try_get::<String, _>("kind")?,
            "created_at": r.try_get::<i64, _>("created_at")?,
        }));
    }
    ok(json!({ "total": list.len(), "list": list }))
}

/// Paging of the record.
#[derive(Debug, Deserialize)]
pub struct RecordQuery {
    pub page: Option<String>,
    pub page_size: Option<String>,
}

/// `GET /v1/verify/record?page=&page_size=` → `{list, total, page, page_size}`: every trade of
/// the user, newest first, with the plan it started when it was a subscription or trial:
/// `{trade_id, sku_id, name, kind, amount, currency, credits, created_at, level, start_time,
/// expired_time, is_expired, is_free_trial}` (`level` is "" for packs and `basic` for credit plans).
pub async fn verify_record(
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(q): ApiQuery<RecordQuery>,
) -> ApiResult<Value> {
    let page = params::int("page", q.page.as_deref(), Some(1), 1, 1_000_000)?;
    let size = params::int("page_size", q.page_size.as_deref(), Some(20), 1, 100)?;
    let total: i64 = sqlx::query("SELECT COUNT(*) AS n FROM trades WHERE user_id = $1")
        .bind(user.id)
        .fetch_one(&state.db.pool)
        .await?
        .try_get("n")?;
    let rows = sqlx::query(
        "SELECT t.trade_id, t.sku_id, t.sku_name, t.kind, t.amount_cents, t.currency, t.credits, t.created_at,
                COALESCE(s.tier, '') AS tier, COALESCE(s.start_time, 0) AS start_time,
                COALESCE(s.expired_time, 0) AS expired_time, COALESCE(s.is_free_trial, 0) AS is_free_trial
         FROM trades t LEFT JOIN subscriptions s ON s.trade_id = t.trade_id
         WHERE t.user_id = $1 ORDER BY t.created_at DESC, t.id DESC LIMIT $2 OFFSET $3",
    )
    .bind(user.id)
    .bind(size)
    .bind((page - 1) * size)
    .fetch_all(&state.db.pool)
    .await?;
    let now = clock::now_s();
    let mut list = Vec::with_capacity(rows.len());
    for r in rows {
        let expired_time: i64 = r.try_get("expired_time")?;
        list.push(json!({
            "trade_id": r.try_get::<String, _>("trade_id")?,
            "sku_id": r.try_get::<i64, _>("sku_id")?,
            "name": r.try_get::<String, _>("sku_name")?,
            "kind": r.try_get::<String, _>("kind")?,
            "amount": cents_to_amount(r.try_get("amount_cents")?),
            "currency": r.try_get::<String, _>("currency")?,
            "credits": r.try_get::<i64, _>("credits")?,
            "created_at": r.try_get::<i64, _>("created_at")?,
            "level": r.try_get::<String, _>("tier")?,
            "start_time": r.try_get::<i64, _>("start_time")?,
            "expired_time": expired_time,
            "is_expired": i64::from(expired_time != 0 && expired_time <= now),
            "is_free_trial": r.try_get::<i64, _>("is_free_trial")?,
        }));
    }
    ok(json!({ "list": list, "total": total, "page": page, "page_size": size }))
}
