//! What a provider's verified notification changes, exactly once, each in one transaction with
//! the ledger:
//!
//! - every event id is recorded in `payment_events` first: a replayed event changes nothing;
//! - every paid object (a checkout session, a renewal invoice) is recorded in `payment_grants`
//!   with the trade it granted: two events about one session grant once;
//! - a paid session grants what its checkout bought (credits, a plan period, or a free trial)
//!   through the test store's code (`store/purchase.rs`); a renewal invoice
//!   (`billing_reason = subscription_cycle`) of a subscription one of our checkouts started grants
//!   the next period; a subscription's first invoice is the session's and grants nothing more;
//! - money given back takes credits back (rule below); a whole refund or a dispute of a plan
//!   payment also ends that period.
//!
//! Take-back rule: of a purchase that granted C credits for an amount A, a refund of R (Stripe's
//! cumulative `amount_refunded`) accounts for ceil(C·R/A) credits, a dispute for all C; each
//! event takes what is accounted for minus what earlier events took. The credits are taken from
//! what is left of the purchase first, then from the buyer's other credits, never below a zero
//! balance (`ledger::take_back`): credits already spent are not owed back, and are not taken
//! later from other purchases.

use super::checkouts::{self, Checkout};
use super::stripe_events::{Action, MoneyBack, PaidInvoice, PaidSession};
use crate::api::ApiError;
use crate::clock;
use crate::ledger::{self, Entry};
use crate::store::catalog::{Catalog, Product};
use crate::store::purchase::{self, Quote, Sale};
use crate::store::subscriptions;
use serde::Serialize;
use sqlx::{AnyConnection, AnyPool, FromRow};

/// What a notification did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum Outcome {
    Granted { trade_id: String },
    TookBack { credits: i64 },
    Duplicate,
    Ignored { reason: String },
}

fn ignored(reason: impl Into<String>) -> Outcome {
    Outcome::Ignored {
        reason: reason.into(),
    }
}

/// Acts on one event of `provider`, once per event id (see the module doc). Answers what it did
/// and the user whose credits or plan it may have changed (committed by then), whom the caller
/// tells `user_infos` about: no request of that user made the change.
pub async fn handle(
    pool: &AnyPool,
    catalog: &Catalog,
    provider: &str,
    event_id: &str,
    event_type: &str,
    action: &Action,
) -> Result<(Outcome, Option<i64>), ApiError> {
    let now = clock::now_s();
    let mut tx = crate::db::begin_write(pool).await?;
    let fresh = sqlx::query(
        "INSERT INTO payment_events (provider, event_id, type, received_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
    )
    .bind(provider)
    .bind(event_id)
    .bind(event_type)
    .bind(now)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if fresh == 0 {
        return Ok((Outcome::Duplicate, None));
    }
    let mut touched = None;
    let outcome = match action {
        Action::SessionPaid(s) => {
            session_paid(&mut tx, catalog, provider, s, now, &mut touched).await?
        }
        Action::InvoicePaid(i) => {
            invoice_paid(&mut tx, catalog, provider, i, now, &mut touched).await?
        }
        Action::MoneyBack(m) => money_back(&mut tx, provider, m, now, &mut touched).await?,
        Action::Ignore(why) => ignored(*why),
    };
    // What the event did, for the console's Payments page.
    let recorded = serde_json::to_string(&outcome).unwrap_or_default();
    sqlx::query("UPDATE payment_events SET outcome = $1 WHERE provider = $2 AND event_id = $3")
        .bind(&recorded)
        .bind(provider)
        .bind(event_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    if let Outcome::Ignored { reason } = &outcome {
        tracing::info!("{provider} event {event_id} ({event_type}) ignored: {reason}");
    }
    Ok((outcome, touched))
}

async fn already_granted(
    conn: &mut AnyConnection,
    provider: &str,
    object_id: &str,
) -> Result<bool, sqlx::Error> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT 1 FROM payment_grants WHERE provider = $1 AND object_id = $2")
            .bind(provider)
            .bind(object_id)
            .fetch_optional(conn)
            .await?;
    Ok(found.is_some())
}

/// One row of `payment_grants`.
struct GrantRow<'a> {
    object_id: &'a str,
    checkout: &'a Checkout,
    trade_id: &'a str,
    credits: i64,
    amount_cents: i64,
    payment_intent: &'a str,
    invoice: &'a str,
}

async fn insert_grant(
    conn: &mut AnyConnection,
    provider: &str,
    g: &GrantRow<'_>,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO payment_grants (provider, object_id, checkout_id, trade_id, user_id, credits, amount_cents, payment_intent, invoice, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(provider)
    .bind(g.object_id)
    .bind(&g.checkout.id)
    .bind(g.trade_id)
    .bind(g.checkout.user_id)
    .bind(g.credits)
    .bind(g.amount_cents)
    .bind(g.payment_intent)
    .bind(g.invoice)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

fn product_of<'a>(catalog: &'a Catalog, c: &Checkout) -> Result<&'a Product, ApiError> {
    u64::try_from(c.sku_id)
        .ok()
        .and_then(|id| catalog.find(id))
        .ok_or_else(|| ApiError::internal(format!("checkout {}: SKU {} is gone", c.id, c.sku_id)))
}

async fn session_paid(
    conn: &mut AnyConnection,
    catalog: &Catalog,
    provider: &str,
    s: &PaidSession,
    now: i64,
    touched: &mut Option<i64>,
) -> Result<Outcome, ApiError> {
    if !checkouts::looks_like_id(&s.checkout_id) {
        return Ok(ignored("the session names none of our checkouts"));
    }
    let Some(checkout) = checkouts::find(conn, provider, &s.checkout_id).await? else {
        return Ok(ignored("the session names an unknown checkout"));
    };
    if checkout.provider_ref != s.id {
        return Ok(ignored("the session is not the one made for its checkout"));
    }
    let product = product_of(catalog, &checkout)?;
    ledger::lock_user(conn, checkout.user_id).await?;
    *touched = Some(checkout.user_id);
    if already_granted(conn, provider, &s.id).await? {
        return Ok(Outcome::Duplicate);
    }
    let zero = checkout.zero != 0;
    if zero && let Err(e) = purchase::check_trial(conn, checkout.user_id, product, now).await {
        tracing::warn!(
            "{provider} session {}: trial not granted ({}); cancel its subscription {}",
            s.id,
            e.msg,
            s.subscription
        );
        return Ok(ignored(e.msg));
    }
    // The provider has taken the money: the sale is recorded as paid. Its coupon is reserved by
    // the checkout (`purchase::quote`), so it is unused unless the checkout outlived its
    // reservation; then the sale names no coupon rather than use one twice.
    let coupon_id = if purchase::coupon_unused(conn, checkout.user_id, checkout.coupon_id).await? {
        checkout.coupon_id
    } else {
        tracing::warn!(
            "{provider} session {}: coupon {} was already used; sale recorded without it",
            s.id,
            checkout.coupon_id
        );
        0
    };
    let sale = Sale {
        user_id: checkout.user_id,
        product,
        zero,
        session: &checkout.session,
        quote: Quote {
            amount_cents: s.amount_total,
            coupon_id,
        },
        provider,
        now,
    };
    let receipt = purchase::record(conn, catalog, &sale).await?;
    let row = GrantRow {
        object_id: &s.id,
        checkout: &checkout,
        trade_id: &receipt.trade_id,
        credits: receipt.credits,
        amount_cents: s.amount_total,
        payment_intent: &s.payment_intent,
        invoice: &s.invoice,
    };
    insert_grant(conn, provider, &row, now).await?;
    checkouts::mark_paid(conn, &checkout.id, &s.subscription, now).await?;
    Ok(Outcome::Granted {
        trade_id: receipt.trade_id,
    })
}

async fn invoice_paid(
    conn: &mut AnyConnection,
    catalog: &Catalog,
    provider: &str,
    i: &PaidInvoice,
    now: i64,
    touched: &mut Option<i64>,
) -> Result<Outcome, ApiError> {
    if i.billing_reason != "subscription_cycle" {
        // The first invoice was paid through the session: remember its payment for refunds.
        if !i.payment_intent.is_empty() && !i.id.is_empty() {
            sqlx::query(
                "UPDATE payment_grants SET payment_intent = $1 WHERE provider = $2 AND invoice = $3 AND payment_intent = ''",
            )
            .bind(&i.payment_intent)
            .bind(provider)
            .bind(&i.id)
            .execute(&mut *conn)
            .await?;
        }
        return Ok(ignored(format!(
            "not a renewal (billing_reason {:?})",
            i.billing_reason
        )));
    }
    if i.subscription.is_empty() || i.id.is_empty() {
        return Ok(ignored("the invoice names no subscription"));
    }
    let Some(checkout) = checkouts::find_by_subscription(conn, provider, &i.subscription).await?
    else {
        return Ok(ignored("a subscription none of our checkouts started"));
    };
    let product = product_of(catalog, &checkout)?;
    ledger::lock_user(conn, checkout.user_id).await?;
    *touched = Some(checkout.user_id);
    if already_granted(conn, provider, &i.id).await? {
        return Ok(Outcome::Duplicate);
    }
    let sale = Sale {
        user_id: checkout.user_id,
        product,
        zero: false,
        session: &checkout.session,
        quote: Quote {
            amount_cents: i.amount_paid,
            coupon_id: 0,
        },
        provider,
        now,
    };
    let receipt = purchase::record(conn, catalog, &sale).await?;
    let row = GrantRow {
        object_id: &i.id,
        checkout: &checkout,
        trade_id: &receipt.trade_id,
        credits: receipt.credits,
        amount_cents: i.amount_paid,
        payment_intent: &i.payment_intent,
        invoice: &i.id,
    };
    insert_grant(conn, provider, &row, now).await?;
    Ok(Outcome::Granted {
        trade_id: receipt.trade_id,
    })
}

/// Credits accounted for when `returned` of `amount` went back (see the module doc).
pub fn owed_back(credits: i64, amount: i64, returned: i64) -> i64 {
    if amount <= 0 || returned >= amount {
        return credits;
    }
    let returned = returned.max(0);
    // ceil(credits * returned / amount) in integers.
    (credits * returned + amount - 1) / amount
}

/// The grant a returned payment paid for.
#[derive(FromRow)]
struct PaidGrant {
    object_id: String,
    trade_id: String,
    user_id: i64,
    credits: i64,
}

async fn money_back(
    conn: &mut AnyConnection,
    provider: &str,
    m: &MoneyBack,
    now: i64,
    touched: &mut Option<i64>,
) -> Result<Outcome, ApiError> {
    let grant: Option<PaidGrant> = sqlx::query_as(
        "SELECT object_id, trade_id, user_id, credits FROM payment_grants
         WHERE provider = $1 AND ((payment_intent <> '' AND payment_intent = $2) OR (invoice <> '' AND invoice = $3))
         ORDER BY created_at LIMIT 1",
    )
    .bind(provider)
    .bind(&m.payment_intent)
    .bind(&m.invoice)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(PaidGrant {
        object_id,
        trade_id,
        user_id,
        credits,
    }) = grant
    else {
        return Ok(ignored("a payment none of our grants came from"));
    };
    ledger::lock_user(conn, user_id).await?;
    *touched = Some(user_id);
    // Read again under the lock: another event may have taken some back meanwhile.
    let clawed: i64 = sqlx::query_scalar(
        "SELECT clawed_credits FROM payment_grants WHERE provider = $1 AND object_id = $2",
    )
    .bind(provider)
    .bind(&object_id)
    .fetch_one(&mut *conn)
    .await?;
    let owed = owed_back(credits, m.amount, m.returned);
    if m.returned >= m.amount {
        // All the money went back: the period it paid for ends now.
        sqlx::query(
            "UPDATE subscriptions SET expired_time = $1 WHERE trade_id = $2 AND expired_time > $1",
        )
        .bind(now)
        .bind(&trade_id)
        .execute(&mut *conn)
        .await?;
        subscriptions::refresh_level(conn, user_id, now, None).await?;
    }
    if owed <= clawed {
        return Ok(ignored("those credits were already taken back"));
    }
    let details = format!("Payment returned: credits of {trade_id} taken back");
    let entry = Entry {
        user_id,
        reason: "payment_returned",
        details: &details,
        credits: owed - clawed,
        date: now,
        expire_time: 0,
        reference: &trade_id,
    };
    let taken = ledger::take_back(conn, &entry).await?;
    sqlx::query(
        "UPDATE payment_grants SET clawed_credits = $1 WHERE provider = $2 AND object_id = $3",
    )
    .bind(owed)
    .bind(provider)
    .bind(&object_id)
    .execute(&mut *conn)
    .await?;
    Ok(Outcome::TookBack { credits: taken })
}

#[cfg(test)]
mod tests {
    use super::owed_back;

    #[test]
    fn owed_back_is_proportional_and_rounds_up() {
        assert_eq!(owed_back(100, 1499, 1499), 100);
        assert_eq!(owed_back(100, 1499, 0), 0);
        assert_eq!(owed_back(100, 1000, 500), 50);
        assert_eq!(owed_back(100, 1000, 1), 1);
        assert_eq!(
            owed_back(100, 0, 0),
            100,
            "a free or unknown amount: all of it"
        );
    }
}
