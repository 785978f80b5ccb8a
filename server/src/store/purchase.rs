//! A payment of the test store, in one transaction with the ledger: the trade row, the credits,
//! and for subscriptions the subscription row and the user's plan level.
//!
//! - pay as you go: the pack's credits, valid indefinitely; an unused 15% coupon (see
//!   [`super::coupon`]) lowers the amount and is used up;
//! - subscription: a period starting now, or at the end of the user's running period of the same
//!   SKU (a renewal extends it); the period's credits expire at its end; the plan level becomes
//!   the highest unexpired tier;
//! - free trial (`zero`): 3 days (core's `FREE_TRIAL_DAYS`) of the SKU's tier with its trial
//!   credits, amount 0, once per account and only without a running plan (spec 02 §5: the
//!   trial is offered to users who are not subscribed).

use super::catalog::{Catalog, Kind, Product, trial_seconds};
use super::subscriptions;
use crate::api::ApiError;
use crate::app::AppState;
use crate::clock;
use crate::ledger::{self, Entry};
use serde::Serialize;
use sqlx::Row;

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

/// Records a payment of `product` by the user (see the module doc).
pub async fn pay(
    state: &AppState,
    catalog: &Catalog,
    user_id: i64,
    product: &Product,
    zero: bool,
    session: &str,
) -> Result<Receipt, ApiError> {
    let now = clock::now_s();
    let pid = i64::try_from(product.sku_id).map_err(ApiError::internal)?;
    let mut tx = state.db.pool.begin().await?;
    ledger::lock_user(&mut tx, user_id).await?;
    if zero {
        if !product.trial {
            return Err(ApiError::invalid(
                "zero",
                format!("{} has no free trial", product.name),
            ));
        }
        if subscriptions::had_trial(&mut tx, user_id).await? {
            return Err(ApiError::conflict(
                "zero: this account has already used its free trial",
            ));
        }
        if subscriptions::active_plan(&mut tx, user_id, now)
            .await?
            .is_some()
        {
            return Err(ApiError::conflict(
                "zero: the free trial is for accounts without a running plan",
            ));
        }
    }
    let mut amount_cents = if zero { 0 } else { product.price_cents };
    let mut coupon_id = 0;
    if !zero && product.kind == Kind::Pack {
        let coupon = sqlx::query(
            "SELECT coupon_id, percent FROM coupons WHERE user_id = $1 AND used_trade_id = '' AND expires_at > $2
             ORDER BY percent DESC, coupon_id LIMIT 1",
        )
        .bind(user_id)
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        if let Some(c) = coupon {
            let percent: i64 = c.try_get("percent")?;
            coupon_id = c.try_get("coupon_id")?;
            // Whole cents, rounded half up.
            amount_cents = (product.price_cents * (100 - percent) + 50) / 100;
        }
    }
    let (kind, credits, start, end) = if zero {
        ("trial", product.trial_credits, now, now + trial_seconds())
    } else if product.is_subscription() {
        let start = subscriptions::next_start(&mut tx, user_id, pid, now).await?;
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
        "INSERT INTO trades (trade_id, user_id, sku_id, sku_name, kind, zero, amount_cents, currency, credits, coupon_id, session, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
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
    .execute(&mut *tx)
    .await?;
    if coupon_id != 0 {
        sqlx::query("UPDATE coupons SET used_trade_id = $1 WHERE user_id = $2 AND coupon_id = $3")
            .bind(&trade_id)
            .bind(user_id)
            .bind(coupon_id)
            .execute(&mut *tx)
            .await?;
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
    ledger::grant(&mut tx, &entry).await?;
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
        .execute(&mut *tx)
        .await?;
        // Only memberships change the trial flag; a credit plan leaves it as it was.
        let trial_flag = (product.kind == Kind::Membership).then_some(zero);
        subscriptions::refresh_level(&mut tx, user_id, now, trial_flag).await?;
    }
    tx.commit().await?;
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
