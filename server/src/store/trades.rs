//! The user's trades: `GET /v1/buy/trade-info` for the purchase poll
//! (docs/behaviour/pricing-and-purchase.md#purchase-popup) and `GET /v1/verify/record`, the list of
//! plan changes (answer not shown in the spec).

use super::catalog::cents_to_amount;
use crate::accounts::auth::AuthUser;
use crate::api::{ApiResult, ok};
use crate::clock;
use crate::params::{self, ApiQuery};
use crate::state::AppState;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sqlx::FromRow;

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

/// A trade as the purchase poll reads it (`sku_id_list` holds its one SKU).
#[derive(Debug, Serialize)]
pub struct RecentTrade {
    pub trade_id: String,
    pub sku_id_list: [i64; 1],
    pub amount: f64,
    pub currency: String,
    pub kind: String,
    pub created_at: i64,
}

/// The answer of the poll.
#[derive(Debug, Serialize)]
pub struct TradeInfo {
    pub total: usize,
    pub list: Vec<RecentTrade>,
}

#[derive(FromRow)]
struct TradeRow {
    trade_id: String,
    sku_id: i64,
    amount_cents: i64,
    currency: String,
    kind: String,
    created_at: i64,
}

/// `GET /v1/buy/trade-info?time_before=` → `{total, list:[{trade_id, sku_id_list:[sku_id],
/// amount, currency, kind, created_at}]}`: the user's trades made within the last
/// `time_before` seconds, newest first (the poll reads `total` and `list[0].sku_id_list[0]`).
pub async fn trade_info(
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(q): ApiQuery<TradeInfoQuery>,
) -> ApiResult<TradeInfo> {
    let time_before = params::int(
        "time_before",
        q.time_before.as_deref(),
        None,
        0,
        MAX_TIME_BEFORE,
    )?;
    let since = clock::now_s() - time_before - WINDOW_SLACK;
    let rows: Vec<TradeRow> = sqlx::query_as(
        "SELECT trade_id, sku_id, amount_cents, currency, kind, created_at FROM trades
         WHERE user_id = $1 AND created_at >= $2 ORDER BY created_at DESC, id DESC LIMIT 100",
    )
    .bind(user.id)
    .bind(since)
    .fetch_all(&state.db.pool)
    .await?;
    let list: Vec<RecentTrade> = rows
        .into_iter()
        .map(|r| RecentTrade {
            trade_id: r.trade_id,
            sku_id_list: [r.sku_id],
            amount: cents_to_amount(r.amount_cents),
            currency: r.currency,
            kind: r.kind,
            created_at: r.created_at,
        })
        .collect();
    ok(TradeInfo {
        total: list.len(),
        list,
    })
}

/// Paging of the record.
#[derive(Debug, Deserialize)]
pub struct RecordQuery {
    pub page: Option<String>,
    pub page_size: Option<String>,
}

/// A trade with the plan it started, as the record lists it.
#[derive(Debug, Serialize)]
pub struct RecordEntry {
    pub trade_id: String,
    pub sku_id: i64,
    pub name: String,
    pub kind: String,
    pub amount: f64,
    pub currency: String,
    pub credits: i64,
    pub created_at: i64,
    pub level: String,
    pub start_time: i64,
    pub expired_time: i64,
    pub is_expired: i64,
    pub is_free_trial: i64,
}

/// The answer of the record.
#[derive(Debug, Serialize)]
pub struct Record {
    pub list: Vec<RecordEntry>,
    pub total: i64,
    pub page: i64,
    pub page_size: i64,
}

#[derive(FromRow)]
struct RecordRow {
    trade_id: String,
    sku_id: i64,
    sku_name: String,
    kind: String,
    amount_cents: i64,
    currency: String,
    credits: i64,
    created_at: i64,
    tier: String,
    start_time: i64,
    expired_time: i64,
    is_free_trial: i64,
}

/// `GET /v1/verify/record?page=&page_size=` → `{list, total, page, page_size}`: every trade of
/// the user, newest first, with the plan it started when it was a subscription or trial:
/// `{trade_id, sku_id, name, kind, amount, currency, credits, created_at, level, start_time,
/// expired_time, is_expired, is_free_trial}` (`level` is "" for packs and `basic` for credit plans).
pub async fn verify_record(
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(q): ApiQuery<RecordQuery>,
) -> ApiResult<Record> {
    let page = params::int("page", q.page.as_deref(), Some(1), 1, 1_000_000)?;
    let size = params::int("page_size", q.page_size.as_deref(), Some(20), 1, 100)?;
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM trades WHERE user_id = $1")
        .bind(user.id)
        .fetch_one(&state.db.pool)
        .await?;
    let rows: Vec<RecordRow> = sqlx::query_as(
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
    let list = rows
        .into_iter()
        .map(|r| RecordEntry {
            is_expired: i64::from(r.expired_time != 0 && r.expired_time <= now),
            trade_id: r.trade_id,
            sku_id: r.sku_id,
            name: r.sku_name,
            kind: r.kind,
            amount: cents_to_amount(r.amount_cents),
            currency: r.currency,
            credits: r.credits,
            created_at: r.created_at,
            level: r.tier,
            start_time: r.start_time,
            expired_time: r.expired_time,
            is_free_trial: r.is_free_trial,
        })
        .collect();
    ok(Record {
        list,
        total,
        page,
        page_size: size,
    })
}
