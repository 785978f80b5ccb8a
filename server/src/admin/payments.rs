//! The console's Payments page: trades (purchases) with their buyer, SKU, amount, status and
//! Stripe ids; the provider events received and what each did; and a refund of a purchase through
//! Stripe's API (docs/operations.md#payments).
//!
//! A refund is asked of Stripe once per grant: the grant's `refund_state` goes from '' to
//! 'pending' in one conditional UPDATE, so of two admins clicking at once one gets 409; Stripe is
//! called with an `Idempotency-Key` of the grant, so a retried call cannot refund twice either.
//! The credits are not taken here: Stripe's `charge.refunded` webhook that follows takes them
//! back (`pay/grants.rs`), exactly as for a refund made in Stripe's dashboard.

use super::AdminUser;
use super::audit;
use super::users::check_reason;
use crate::api::{ApiError, ApiJson, ApiResult, ok};
use crate::clock;
use crate::params::ApiQuery;
use crate::state::AppState;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use sqlx::FromRow;

/// Rows a page.
pub const PAGE_SIZE: i64 = 50;
/// The longest trade id accepted in a path.
const MAX_TRADE_ID: usize = 64;

/// `?page=` (from 1).
#[derive(Debug, Deserialize)]
pub struct PageQuery {
    #[serde(default)]
    pub page: Option<i64>,
}

fn page_of(q: &PageQuery) -> Result<i64, ApiError> {
    let page = q.page.unwrap_or(1);
    if (1..=100_000).contains(&page) {
        Ok(page)
    } else {
        Err(ApiError::invalid("page", "must be a whole number from 1"))
    }
}

/// A trade as the database has it, with its Stripe grant when there is one.
#[derive(Debug, FromRow)]
struct TradeRow {
    trade_id: String,
    user_id: i64,
    email: String,
    sku_id: i64,
    sku_name: String,
    kind: String,
    amount_cents: i64,
    currency: String,
    credits: i64,
    provider: String,
    created_at: i64,
    session_id: String,
    payment_intent: String,
    invoice: String,
    clawed_credits: i64,
    refund_state: String,
    refund_id: String,
}

/// A trade on the page.
#[derive(Debug, Serialize)]
pub struct Trade {
    pub trade_id: String,
    pub user_id: i64,
    pub email: String,
    pub sku_id: i64,
    pub sku_name: String,
    pub kind: String,
    pub amount_cents: i64,
    pub currency: String,
    pub credits: i64,
    /// `stripe`, or `test` for the built-in test store.
    pub provider: String,
    pub created_at: i64,
    /// `paid`, `refund_pending` (asked of Stripe now), `refunded` (Stripe accepted our refund),
    /// `money_back` (credits taken back after a refund or dispute made elsewhere).
    pub status: &'static str,
    /// Stripe's ids: the checkout session (or renewal invoice) granted, its payment intent and
    /// invoice, and our refund (empty when none).
    pub session_id: String,
    pub payment_intent: String,
    pub invoice: String,
    pub refund_id: String,
    /// Credits taken back by refunds and disputes so far.
    pub clawed_credits: i64,
    /// Whether the console can refund it now.
    pub refundable: bool,
}

fn status_of(r: &TradeRow) -> &'static str {
    match r.refund_state.as_str() {
        "pending" => "refund_pending",
        "requested" => "refunded",
        _ if r.clawed_credits > 0 => "money_back",
        _ => "paid",
    }
}

impl From<TradeRow> for Trade {
    fn from(r: TradeRow) -> Self {
        let status = status_of(&r);
        let refundable =
            r.provider == "stripe" && !r.payment_intent.is_empty() && r.refund_state.is_empty();
        Self {
            status,
            refundable,
            trade_id: r.trade_id,
            user_id: r.user_id,
            email: r.email,
            sku_id: r.sku_id,
            sku_name: r.sku_name,
            kind: r.kind,
            amount_cents: r.amount_cents,
            currency: r.currency,
            credits: r.credits,
            provider: r.provider,
            created_at: r.created_at,
            session_id: r.session_id,
            payment_intent: r.payment_intent,
            invoice: r.invoice,
            refund_id: r.refund_id,
            clawed_credits: r.clawed_credits,
        }
    }
}

const TRADE_SELECT: &str =
    "SELECT t.trade_id, t.user_id, COALESCE(u.email, '') AS email, t.sku_id, t.sku_name, t.kind,
        t.amount_cents, t.currency, t.credits, t.provider, t.created_at,
        COALESCE(g.object_id, '') AS session_id, COALESCE(g.payment_intent, '') AS payment_intent,
        COALESCE(g.invoice, '') AS invoice, COALESCE(g.clawed_credits, 0) AS clawed_credits,
        COALESCE(g.refund_state, '') AS refund_state, COALESCE(g.refund_id, '') AS refund_id
 FROM trades t LEFT JOIN users u ON u.id = t.user_id
 LEFT JOIN payment_grants g ON g.trade_id = t.trade_id";

/// A page of trades.
#[derive(Debug, Serialize)]
pub struct TradePage {
    pub list: Vec<Trade>,
    pub total: i64,
    pub page: i64,
    pub page_size: i64,
}

/// `GET /v1/admin/payments?page=`: trades, newest first.
pub async fn trades(
    State(state): State<AppState>,
    _admin: AdminUser,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> ApiResult<TradePage> {
    let page = page_of(&q)?;
    let pool = &state.db.pool;
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM trades")
        .fetch_one(pool)
        .await?;
    let rows: Vec<TradeRow> = sqlx::query_as(&format!(
        "{TRADE_SELECT} ORDER BY t.id DESC LIMIT $1 OFFSET $2"
    ))
    .bind(PAGE_SIZE)
    .bind((page - 1) * PAGE_SIZE)
    .fetch_all(pool)
    .await?;
    ok(TradePage {
        list: rows.into_iter().map(Trade::from).collect(),
        total,
        page,
        page_size: PAGE_SIZE,
    })
}

/// A provider event received, and what it did (`outcome`: the webhook's answer as JSON, e.g.
/// `{"result":"took_back","credits":51}`; empty for events older than the console).
#[derive(Debug, FromRow, Serialize)]
pub struct EventRow {
    pub provider: String,
    pub event_id: String,
    #[sqlx(rename = "type")]
    #[serde(rename = "type")]
    pub kind: String,
    pub received_at: i64,
    pub outcome: String,
}

/// A page of events.
#[derive(Debug, Serialize)]
pub struct EventPage {
    pub list: Vec<EventRow>,
    pub total: i64,
    pub page: i64,
    pub page_size: i64,
}

/// `GET /v1/admin/payments/events?page=`: the provider events received, newest first.
pub async fn events(
    State(state): State<AppState>,
    _admin: AdminUser,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> ApiResult<EventPage> {
    let page = page_of(&q)?;
    let pool = &state.db.pool;
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM payment_events")
        .fetch_one(pool)
        .await?;
    let list: Vec<EventRow> = sqlx::query_as(
        "SELECT provider, event_id, type, received_at, outcome FROM payment_events
         ORDER BY received_at DESC, event_id DESC LIMIT $1 OFFSET $2",
    )
    .bind(PAGE_SIZE)
    .bind((page - 1) * PAGE_SIZE)
    .fetch_all(pool)
    .await?;
    ok(EventPage {
        list,
        total,
        page,
        page_size: PAGE_SIZE,
    })
}

/// `{reason}` of a refund (kept in the audit trail).
#[derive(Debug, Deserialize)]
pub struct RefundAsk {
    #[serde(default)]
    pub reason: String,
}

/// The answer of a refund: the trade as it is now and Stripe's refund.
#[derive(Debug, Serialize)]
pub struct Refunded {
    pub trade: Trade,
    pub refund_id: String,
    pub refund_status: String,
}

fn check_trade_id(id: &str) -> Result<(), ApiError> {
    if id.is_empty()
        || id.len() > MAX_TRADE_ID
        || !id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(ApiError::invalid(
            "id",
            format!("a trade id is 1 to {MAX_TRADE_ID} letters, digits, '-' or '_'"),
        ));
    }
    Ok(())
}

async fn trade_row(state: &AppState, id: &str) -> Result<Option<TradeRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{TRADE_SELECT} WHERE t.trade_id = $1 ORDER BY g.created_at LIMIT 1"
    ))
    .bind(id)
    .fetch_optional(&state.db.pool)
    .await
}

/// `POST /v1/admin/payments/{id}/refund {reason}`: refunds the whole payment of trade `id`
/// through Stripe (see the module doc). 404 for an unknown trade; 409 for a trade not paid
/// through Stripe, one whose payment Stripe has not named yet, or one already refunded; 502 when
/// Stripe refuses or does not answer (the trade can be refunded again then).
pub async fn refund(
    State(state): State<AppState>,
    admin: AdminUser,
    Path(id): Path<String>,
    ApiJson(ask): ApiJson<RefundAsk>,
) -> ApiResult<Refunded> {
    check_trade_id(&id)?;
    let reason = ask.reason.trim();
    check_reason(reason, "required: say why, it is kept in the audit trail")?;
    let row = trade_row(&state, &id)
        .await?
        .ok_or_else(|| ApiError::not_found(format!("no trade has the id {id}")))?;
    if row.provider != "stripe" || row.session_id.is_empty() {
        return Err(ApiError::conflict(format!(
            "trade {id} was not paid through Stripe ({}): there is nothing to refund there",
            row.provider
        )));
    }
    let Some(stripe) = state.payments.stripe() else {
        return Err(ApiError::conflict(
            "this site has no Stripe key (AIVG_STRIPE_SECRET_KEY is unset)",
        ));
    };
    if row.payment_intent.is_empty() {
        return Err(ApiError::conflict(format!(
            "Stripe has not named the payment of trade {id} yet; try again after its invoice is paid"
        )));
    }
    let now = clock::now_s();
    let claimed = sqlx::query(
        "UPDATE payment_grants SET refund_state = 'pending', refund_by = $1, refund_at = $2
         WHERE provider = 'stripe' AND object_id = $3 AND refund_state = ''",
    )
    .bind(admin.id)
    .bind(now)
    .bind(&row.session_id)
    .execute(&state.db.pool)
    .await?
    .rows_affected();
    if claimed == 0 {
        return Err(ApiError::conflict(format!(
            "trade {id} was already refunded (or a refund of it is under way)"
        )));
    }
    let key = format!("aivg-refund-{}", row.session_id);
    let refund = match stripe.refund(&row.payment_intent, &id, &key).await {
        Ok(refund) => refund,
        Err(e) => {
            // Stripe refused or did not answer: nothing was refunded, the admin may try again.
            sqlx::query(
                "UPDATE payment_grants SET refund_state = '' WHERE provider = 'stripe' AND object_id = $1 AND refund_state = 'pending'",
            )
            .bind(&row.session_id)
            .execute(&state.db.pool)
            .await?;
            return Err(e);
        }
    };
    let mut tx = crate::db::begin_write(&state.db.pool).await?;
    sqlx::query(
        "UPDATE payment_grants SET refund_state = 'requested', refund_id = $1 WHERE provider = 'stripe' AND object_id = $2",
    )
    .bind(&refund.id)
    .bind(&row.session_id)
    .execute(&mut *tx)
    .await?;
    let before = format!(
        "{} {} {}; {} ({})",
        status_of(&row),
        row.amount_cents,
        row.currency,
        row.payment_intent,
        row.email
    );
    let after = format!("refund {} {}: {reason}", refund.id, refund.status);
    audit::record(
        &mut tx,
        admin.id,
        "payment_refund",
        &format!("trade:{id}"),
        &before,
        &after,
    )
    .await?;
    tx.commit().await?;
    let trade = trade_row(&state, &id)
        .await?
        .map(Trade::from)
        .ok_or_else(|| ApiError::not_found(format!("no trade has the id {id}")))?;
    ok(Refunded {
        trade,
        refund_id: refund.id,
        refund_status: refund.status,
    })
}
