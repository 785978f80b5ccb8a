//! One-time checkouts: the buyer's signed-in app asks for one (`create.rs`), and only its opaque
//! id travels in a URL (the test store's page, a provider's notification), never the access
//! token. A checkout is paid at most once: the test store's page uses it up, a provider's
//! session is granted once (`grants.rs`).

use crate::api::ApiError;
use sqlx::{AnyConnection, FromRow};

/// How long a checkout can be paid: 35 minutes, a little over the shortest expiry Stripe Checkout
/// accepts (30 minutes from its creation), so latency or clock skew never makes Stripe refuse it.
pub const CHECKOUT_TTL_S: i64 = 35 * 60;

/// A stored checkout.
#[derive(Debug, Clone, FromRow)]
pub struct Checkout {
    pub id: String,
    pub user_id: i64,
    pub sku_id: i64,
    pub zero: i64,
    pub session: String,
    pub amount_cents: i64,
    pub currency: String,
    pub coupon_id: i64,
    pub provider: String,
    pub provider_ref: String,
    pub subscription_ref: String,
    pub used_at: i64,
    pub expires_at: i64,
}

const COLUMNS: &str = "id, user_id, sku_id, zero, session, amount_cents, currency, coupon_id, provider, provider_ref, subscription_ref, used_at, expires_at";

/// A new opaque checkout id.
pub fn new_id() -> String {
    format!("co_{}", crate::ids::random_token(32))
}

/// Whether a text may be a checkout id (checked before any query).
pub fn looks_like_id(id: &str) -> bool {
    id.len() <= 64
        && id.starts_with("co_")
        && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The buy dialog's purchase session id: at most 64 letters, digits, '-', '_' or '.'.
pub fn check_session(session: &str) -> Result<&str, ApiError> {
    let session = session.trim();
    if session.len() > 64
        || !session
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
    {
        return Err(ApiError::invalid(
            "session",
            "must be at most 64 letters, digits, '-', '_' or '.'",
        ));
    }
    Ok(session)
}

/// Stores a new checkout (its `provider_ref` is set once the provider answered).
pub async fn insert(conn: &mut AnyConnection, c: &Checkout, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO checkouts (id, user_id, sku_id, zero, session, amount_cents, currency, coupon_id, provider, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(&c.id)
    .bind(c.user_id)
    .bind(c.sku_id)
    .bind(c.zero)
    .bind(&c.session)
    .bind(c.amount_cents)
    .bind(&c.currency)
    .bind(c.coupon_id)
    .bind(&c.provider)
    .bind(c.expires_at)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Records the provider's id of a checkout.
pub async fn set_provider_ref(
    conn: &mut AnyConnection,
    id: &str,
    reference: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE checkouts SET provider_ref = $1 WHERE id = $2")
        .bind(reference)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// A checkout of a provider by id.
pub async fn find(
    conn: &mut AnyConnection,
    provider: &str,
    id: &str,
) -> Result<Option<Checkout>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM checkouts WHERE id = $1 AND provider = $2"
    ))
    .bind(id)
    .bind(provider)
    .fetch_optional(conn)
    .await
}

/// The checkout that started a provider's subscription.
pub async fn find_by_subscription(
    conn: &mut AnyConnection,
    provider: &str,
    subscription: &str,
) -> Result<Option<Checkout>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM checkouts WHERE provider = $1 AND subscription_ref = $2 AND subscription_ref <> '' ORDER BY created_at LIMIT 1"
    ))
    .bind(provider)
    .bind(subscription)
    .fetch_optional(conn)
    .await
}

/// Marks a checkout paid (and the subscription it started, if any).
pub async fn mark_paid(
    conn: &mut AnyConnection,
    id: &str,
    subscription: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE checkouts SET used_at = $1 WHERE id = $2")
        .bind(now)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    if !subscription.is_empty() {
        sqlx::query("UPDATE checkouts SET subscription_ref = $1 WHERE id = $2")
            .bind(subscription)
            .bind(id)
            .execute(conn)
            .await?;
    }
    Ok(())
}

/// Uses up an unexpired, unused checkout of the test store, or says why it cannot be paid.
pub async fn use_test_checkout(
    conn: &mut AnyConnection,
    id: &str,
    now: i64,
) -> Result<Checkout, ApiError> {
    let unusable = || {
        ApiError::conflict(
            "checkout: this checkout is paid, expired or unknown; start again from the buy dialog",
        )
    };
    if !looks_like_id(id) {
        return Err(unusable());
    }
    sqlx::query_as(&format!(
        "UPDATE checkouts SET used_at = $1 WHERE id = $2 AND provider = 'test' AND used_at = 0 AND expires_at > $1 RETURNING {COLUMNS}"
    ))
    .bind(now)
    .bind(id)
    .fetch_optional(conn)
    .await?
    .ok_or_else(unusable)
}
