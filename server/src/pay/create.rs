//! `POST /v1/pay/checkout {sku_id, zero, session, source, time_zone}` (Bearer): a one-time checkout
//! of a SKU listed for the buyer (`store/eligibility.rs`), priced now (`store/purchase.rs`: a
//! pack's coupon or, while the halloween banner runs in the buyer's `time_zone`, its discount;
//! the answer's `amount` says what will be charged), handed to the
//! provider; the answer's `url` is where the app sends the buyer (a new tab). Nothing is granted
//! here: the test store grants when its page is paid, Stripe when its signed webhook says so.
//! `source` (docs/behaviour/pricing-and-purchase.md#purchase-popup: where the purchase came from,
//! e.g. "pricing tabs") is accepted and only logged.
//!
//! `GET /pay/return?status=paid|cancelled`: where Stripe sends the buyer back; it only says what
//! happened (the buy dialog's purchase poll sees the trade once the webhook has granted it).

use super::checkouts::{self, CHECKOUT_TTL_S, Checkout};
use super::provider::Order;
use crate::accounts::auth::AuthUser;
use crate::api::{ApiError, ApiJson, ApiResult, ok};
use crate::clock;
use crate::ledger;
use crate::params;
use crate::state::AppState;
use crate::store::catalog::cents_to_amount;
use crate::store::{catalog, eligibility, purchase};
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{Html, IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Body of the call.
#[derive(Debug, Deserialize)]
pub struct CreateBody {
    #[serde(default)]
    pub sku_id: Value,
    #[serde(default)]
    pub zero: Value,
    #[serde(default)]
    pub session: String,
    #[serde(default)]
    pub source: String,
    /// The buyer's IANA zone (the browser's): decides whether the halloween banner's discount
    /// applies (empty: UTC).
    #[serde(default)]
    pub time_zone: String,
}

/// The answer.
#[derive(Debug, Serialize)]
pub struct Created {
    pub checkout_id: String,
    /// What the checkout charges, in currency units, and the currency.
    pub amount: f64,
    pub currency: String,
    pub url: String,
    pub provider: &'static str,
    pub expires_at: i64,
}

/// `POST /v1/pay/checkout`.
pub async fn create(
    State(state): State<AppState>,
    user: AuthUser,
    headers: HeaderMap,
    ApiJson(body): ApiJson<CreateBody>,
) -> ApiResult<Created> {
    let provider = state.payments.provider().ok_or_else(|| {
        ApiError::not_found(
            "no payment provider on this site (set AIVG_STRIPE_SECRET_KEY, or AIVG_TEST_STORE=1 for the test store)",
        )
    })?;
    let catalog = state.content.catalog()?;
    let product = catalog::find_product(
        &catalog,
        params::json_int("sku_id", &body.sku_id, 1, i64::MAX)?,
    )?;
    let zero = params::json_flag("zero", &body.zero)?;
    let session = checkouts::check_session(&body.session)?;
    tracing::debug!(
        "checkout of {} from {:?}",
        product.sku_id,
        body.source.chars().take(64).collect::<String>()
    );
    let market = eligibility::market_of(&state, &user, &headers).await?;
    eligibility::check_listed(product, zero, &market)?;
    let now = clock::now_s();
    let halloween = purchase::halloween_runs(&body.time_zone, now)?;
    // Quoting and saving the checkout under the user's lock: the checkout reserves the coupon
    // it is quoted with, so two checkouts made at once cannot both take it
    // (docs/behaviour/pricing-and-purchase.md#coupons-are-used-once).
    let mut tx = crate::db::begin_write(&state.db.pool).await?;
    ledger::lock_user(&mut tx, user.id).await?;
    if zero {
        purchase::check_trial(&mut tx, user.id, product, now).await?;
    }
    let quote = purchase::quote(&mut tx, user.id, product, zero, halloween, now).await?;
    let checkout = Checkout {
        id: checkouts::new_id(),
        user_id: user.id,
        sku_id: i64::try_from(product.sku_id).map_err(ApiError::internal)?,
        zero: i64::from(zero),
        session: session.to_owned(),
        amount_cents: quote.amount_cents,
        currency: catalog.currency.clone(),
        coupon_id: quote.coupon_id,
        provider: provider.name().to_owned(),
        provider_ref: String::new(),
        subscription_ref: String::new(),
        used_at: 0,
        expires_at: now + CHECKOUT_TTL_S,
    };
    checkouts::insert(&mut tx, &checkout, now).await?;
    tx.commit().await?;
    let mut conn = state.db.pool.acquire().await?;
    let origin = crate::links::public_origin(&state.cfg);
    let order = Order {
        checkout_id: &checkout.id,
        product,
        zero,
        // A trial's later periods are billed at the full price.
        amount_cents: if zero {
            product.price_cents
        } else {
            quote.amount_cents
        },
        currency: &catalog.currency,
        expires_at: checkout.expires_at,
        origin: &origin,
    };
    let hosted = provider.create_checkout(&order).await?;
    if !hosted.reference.is_empty() {
        checkouts::set_provider_ref(&mut conn, &checkout.id, &hosted.reference).await?;
    }
    ok(Created {
        amount: cents_to_amount(checkout.amount_cents),
        currency: checkout.currency.clone(),
        checkout_id: checkout.id,
        url: hosted.url,
        provider: provider.name(),
        expires_at: checkout.expires_at,
    })
}

/// `status` of the return page.
#[derive(Debug, Deserialize)]
pub struct ReturnQuery {
    pub status: Option<String>,
}

/// `GET /pay/return`.
pub async fn return_page(params::ApiQuery(q): params::ApiQuery<ReturnQuery>) -> Response {
    let (title, text) = match q.status.as_deref() {
        Some("paid") => (
            "Payment received",
            "Thank you. Your purchase is added to your account within moments; you can close this tab.",
        ),
        _ => (
            "Payment cancelled",
            "Nothing was charged. You can close this tab and choose again in the buy dialog.",
        ),
    };
    let html = format!(
        "<!doctype html><html lang=en><meta charset=utf-8><meta name=viewport content=\"width=device-width, initial-scale=1\"><meta name=robots content=noindex><title>{title}</title><main style=\"font-family:system-ui,sans-serif;max-width:30rem;margin:15vh auto;padding:0 1rem\"><h1>{title}</h1><p>{text}</p></main></html>"
    );
    let mut res = Html(html).into_response();
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res
}
