//! A payment, in one transaction with the ledger: the trade row, the credits, and for
//! subscriptions the subscription row and the user's plan level. The test store pays at once
//! ([`pay`]); a payment provider's webhook records what was paid ([`record`], see `pay/grants.rs`).
//!
//! - pay as you go: the pack's credits, valid indefinitely; an unused 15% coupon (see
//!   [`super::coupon`]) or, while the halloween banner runs for the buyer, its 20% lowers the
//!   amount (the larger of the two; a coupon that applied is used up, by exactly one sale: an
//!   open checkout reserves its coupon, and a sale whose coupon is already used is refused);
//! - subscription: a period starting now, or at the end of the user's running period of the same
//!   SKU (a renewal extends it); the period's credits expire at its end; the plan level becomes
//!   the highest unexpired tier;
//! - free trial (`zero`): 3 days (core's `FREE_TRIAL_DAYS`) of the SKU's tier with its trial
//!   credits, amount 0, once per account and only without a running plan
//!   (docs/behaviour/pricing-and-purchase.md#subscriptions: the trial is offered to users who are
//!   not subscribed).

use super::catalog::{Catalog, Kind, Product, trial_seconds};
use super::subscriptions;
use crate::api::ApiError;
use crate::clock;
use crate::ledger::{self, Entry};
use aivg_core::pricing::{PackDiscountSource, discounted_cents, pack_discount};
use serde::Serialize;
use sqlx::{AnyConnection, AnyPool, FromRow};

/// What was bought, as the pay call answers it.
#[derive(Debug, Clone, Serialize)]
pub struct Receipt {
    pub trade_id: String,
    pub sku_id: u64,
    pub name: String,
    /// `credits`, `subscription` or `trial`.
    pub kind: &'static str,
    pub amount: f64,
    pub currency: String,
    pub credits: i64,
    /// The coupon applied (0 = none).
    pub coupon_id: i64,
    /// Start and end of the period (epoch seconds; 0 for packs).
    pub start_time: i64,
    pub expired_time: i64,
}

/// What a buyer pays for a product now: the price, lowered on packs by an unused coupon or the
/// halloween campaign (core's `pack_discount`: the larger, never both).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quote {
    pub amount_cents: i64,
    /// The coupon applied (0 = none; the campaign's discount uses no coupon).
    pub coupon_id: i64,
}

/// The user's best unused coupon.
#[derive(FromRow)]
struct StoredCoupon {
    coupon_id: i64,
    percent: i64,
}

/// The price of `product` for the user at `now` (see the module doc); `halloween` says whether
/// the halloween banner runs for the buyer (core's `halloween_banner_active` in the zone the buy
/// dialog sent).
pub async fn quote(
    conn: &mut AnyConnection,
    user_id: i64,
    product: &Product,
    zero: bool,
    halloween: bool,
    now: i64,
) -> Result<Quote, ApiError> {
    let full = Quote {
        amount_cents: product.price_cents,
        coupon_id: 0,
    };
    if zero {
        return Ok(Quote {
            amount_cents: 0,
            coupon_id: 0,
        });
    }
    if product.kind != Kind::Pack {
        return Ok(full);
    }
    // A coupon held by an open checkout (unpaid, unexpired) is reserved for it: a provider fixes
    // that checkout's amount when it is made, so no other purchase may be quoted with it
    // (docs/behaviour/pricing-and-purchase.md#coupons-are-used-once).
    let coupon: Option<StoredCoupon> = sqlx::query_as(
        "SELECT coupon_id, percent FROM coupons WHERE user_id = $1 AND used_trade_id = '' AND expires_at > $2
           AND NOT EXISTS (SELECT 1 FROM checkouts k WHERE k.user_id = coupons.user_id
             AND k.coupon_id = coupons.coupon_id AND k.used_at = 0 AND k.expires_at > $2)
         ORDER BY percent DESC, coupon_id LIMIT 1",
    )
    .bind(user_id)
    .bind(now)
    .fetch_optional(&mut *conn)
    .await?;
    let coupon = match coupon {
        Some(c) => Some((
            c.coupon_id,
            u32::try_from(c.percent).map_err(ApiError::internal)?,
        )),
        None => None,
    };
    let discount = pack_discount(coupon.map(|(_, p)| p), halloween).map_err(ApiError::internal)?;
    let Some(discount) = discount else {
        return Ok(full);
    };
    Ok(Quote {
        amount_cents: discounted_cents(product.price_cents, discount.percent)
            .map_err(ApiError::internal)?,
        coupon_id: match (discount.source, coupon) {
            (PackDiscountSource::Coupon, Some((id, _))) => id,
            _ => 0,
        },
    })
}

/// Whether the halloween banner runs for a buyer in `time_zone` at `now` (epoch seconds): core's
/// `halloween_banner_active`. `time_zone` is the IANA name the buy dialog sends (the browser's);
/// empty means UTC (scripts, old clients). The zone is the buyer's word, so a buyer can at most
/// move the banner's days by the zones' ±14 hours, which is the same for every buyer.
pub fn halloween_runs(time_zone: &str, now: i64) -> Result<bool, ApiError> {
    let name = if time_zone.trim().is_empty() {
        "UTC"
    } else {
        time_zone
    };
    let zone = aivg_core::ads::zone_named(name).map_err(|e| ApiError::invalid("time_zone", e))?;
    #[allow(clippy::cast_precision_loss)] // epoch milliseconds stay far below 2^53
    let now_ms = (now as f64) * 1000.0;
    aivg_core::ads::halloween_banner_active(now_ms, &zone).map_err(ApiError::internal)
}

/// Refuses a free trial the user may not start (see the module doc).
pub async fn check_trial(
    conn: &mut AnyConnection,
    user_id: i64,
    product: &Product,
    now: i64,
) -> Result<(), ApiError> {
    if !product.trial {
        return Err(ApiError::invalid(
            "zero",
            format!("{} has no free trial", product.name),
        ));
    }
    if subscriptions::had_trial(conn, user_id).await? {
        return Err(ApiError::conflict(
            "zero: this account has already used its free trial",
        ));
    }
    if subscriptions::active_plan(conn, user_id, now)
        .await?
        .is_some()
    {
        return Err(ApiError::conflict(
            "zero: the free trial is for accounts without a running plan",
        ));
    }
    Ok(())
}

/// One sale to record.
#[derive(Debug, Clone, Copy)]
pub struct Sale<'a> {
    pub user_id: i64,
    pub product: &'a Product,
    pub zero: bool,
    /// The buy dialog's purchase session id.
    pub session: &'a str,
    pub quote: Quote,
    /// `test` or the payment provider's name.
    pub provider: &'a str,
    pub now: i64,
}

/// The test store's payment: checks, prices and records it in one transaction.
pub async fn pay(
    pool: &AnyPool,
    catalog: &Catalog,
    user_id: i64,
    product: &Product,
    zero: bool,
    session: &str,
    time_zone: &str,
) -> Result<Receipt, ApiError> {
    let now = clock::now_s();
    let halloween = halloween_runs(time_zone, now)?;
    let mut tx = crate::db::begin_write(pool).await?;
    ledger::lock_user(&mut tx, user_id).await?;
    if zero {
        check_trial(&mut tx, user_id, product, now).await?;
    }
    let quote = quote(&mut tx, user_id, product, zero, halloween, now).await?;
    let sale = Sale {
        user_id,
        product,
        zero,
        session,
        quote,
        provider: "test",
        now,
    };
    let receipt = record(&mut tx, catalog, &sale).await?;
    tx.commit().await?;
    Ok(receipt)
}

/// The refusal of a sale quoted with a coupon another purchase has used.
pub fn coupon_used() -> ApiError {
    ApiError::conflict(
        "coupon: this checkout's coupon was used by another purchase; start again from the buy dialog",
    )
}

/// Whether the user's coupon `coupon_id` is still unused (0, no coupon: true).
pub async fn coupon_unused(
    conn: &mut AnyConnection,
    user_id: i64,
    coupon_id: i64,
) -> Result<bool, ApiError> {
    if coupon_id == 0 {
        return Ok(true);
    }
    let row: Option<(i64,)> = sqlx::query_as(
        "SELECT coupon_id FROM coupons WHERE user_id = $1 AND coupon_id = $2 AND used_trade_id = ''",
    )
    .bind(user_id)
    .bind(coupon_id)
    .fetch_optional(conn)
    .await?;
    Ok(row.is_some())
}

/// Records a sale inside the caller's transaction, after [`ledger::lock_user`]: the trade, the
/// coupon used, the credits and, for subscriptions and trials, the period and plan level.
pub async fn record(
    conn: &mut AnyConnection,
    catalog: &Catalog,
    sale: &Sale<'_>,
) -> Result<Receipt, ApiError> {
    let Sale {
        user_id,
        product,
        zero,
        session,
        quote,
        provider,
        now,
    } = *sale;
    let pid = i64::try_from(product.sku_id).map_err(ApiError::internal)?;
    let Quote {
        amount_cents,
        coupon_id,
    } = quote;
    let (kind, credits, start, end) = if zero {
        ("trial", product.trial_credits, now, now + trial_seconds())
    } else if product.is_subscription() {
        let start = subscriptions::next_start(conn, user_id, pid, now).await?;
        (
            "subscription",
            product.credits_granted(),
            start,
            start + product.period_seconds(),
        )
    } else {
        ("credits", product.credits_granted(), now, 0)
    };
    let trade_id = format!("t{}", crate::ids::random_token(15));
    sqlx::query(
        "INSERT INTO trades (trade_id, user_id, sku_id, sku_name, kind, zero, amount_cents, currency, credits, coupon_id, session, created_at, provider)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
    )
    .bind(&trade_id)
    .bind(user_id)
    .bind(pid)
    .bind(&product.name)
    .bind(kind)
    .bind(i64::from(zero))
    .bind(amount_cents)
    .bind(&catalog.currency)
    .bind(credits)
    .bind(coupon_id)
    .bind(session)
    .bind(now)
    .bind(provider)
    .execute(&mut *conn)
    .await?;
    if coupon_id != 0 {
        let used = sqlx::query(
            "UPDATE coupons SET used_trade_id = $1 WHERE user_id = $2 AND coupon_id = $3 AND used_trade_id = ''",
        )
        .bind(&trade_id)
        .bind(user_id)
        .bind(coupon_id)
        .execute(&mut *conn)
        .await?;
        // A coupon discounts one purchase: a sale quoted with one another purchase used is refused
        // (the caller's transaction rolls back, nothing is charged on the test store).
        if used.rows_affected() == 0 {
            return Err(coupon_used());
        }
    }
    let details = match kind {
        "trial" => format!("{} free trial", product.name),
        "subscription" => format!("{} subscription", product.name),
        _ => format!("Purchased {}", product.name),
    };
    let entry = Entry {
        user_id,
        reason: kind,
        details: &details,
        credits,
        date: now,
        expire_time: end,
        reference: &trade_id,
    };
    ledger::grant(conn, &entry).await?;
    if kind != "credits" {
        sqlx::query(
            "INSERT INTO subscriptions (user_id, trade_id, pid, name, tier, period_unit, start_time, expired_time, is_free_trial, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(user_id)
        .bind(&trade_id)
        .bind(pid)
        .bind(&product.name)
        .bind(product.tier.as_str())
        .bind(if zero { "trial" } else { product.period_unit.map_or("", |u| u.as_str()) })
        .bind(start)
        .bind(end)
        .bind(i64::from(zero))
        .bind(now)
        .execute(&mut *conn)
        .await?;
        // Only memberships change the trial flag; a credit plan leaves it as it was.
        let trial_flag = (product.kind == Kind::Membership).then_some(zero);
        subscriptions::refresh_level(conn, user_id, now, trial_flag).await?;
    }
    Ok(Receipt {
        trade_id,
        sku_id: product.sku_id,
        name: product.name.clone(),
        kind,
        amount: super::catalog::cents_to_amount(amount_cents),
        currency: catalog.currency.clone(),
        credits,
        coupon_id,
        start_time: if kind == "credits" { 0 } else { start },
        expired_time: end,
    })
}
