//! The built-in test store (`AIVG_TEST_STORE=1`, else its routes answer 404): an HTML page
//! clearly labelled "Test store — no real payment" and `POST /store/checkout/pay`, which records
//! the trade (see [`super::purchase`]).
//!
//! Identification decision: no access token ever travels in a URL. The app creates a one-time
//! checkout with its Bearer token (`POST /v1/pay/checkout`, `crate::pay`) and opens
//! `/store/checkout?checkout=<id>`; the page pays with `{checkout}` alone, which uses the
//! checkout up (single use, 35 minutes). Without a checkout, `?sku_id=&zero=` shows the product
//! without a way to pay. Scripts and tests may still pay `{sku_id, zero, session}` with an
//! `Authorization: Bearer` header, for a SKU listed for their country and pricing plan
//! ([`super::eligibility`]).

use super::catalog::{Kind, Product, cents_to_amount, find_product};
use super::eligibility;
use super::purchase::{self, Quote, Receipt, Sale};
use crate::accounts::auth::MaybeUser;
use crate::api::{ApiError, ApiJson, ApiResult, ok};
use crate::clock;
use crate::html::html_escape;
use crate::ledger;
use crate::params::{self, ApiQuery};
use crate::pay::checkouts;
use crate::state::AppState;
use aivg_core::pricing::{FREE_TRIAL_DAYS, PeriodUnit};
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{Html, IntoResponse, Response};
use serde::Deserialize;
use serde_json::Value;

const TEMPLATE: &str = include_str!("../../pages/checkout.html");

/// Query of the page: a checkout id, or a SKU to preview.
#[derive(Debug, Deserialize)]
pub struct CheckoutQuery {
    pub checkout: Option<String>,
    pub sku_id: Option<String>,
    pub zero: Option<String>,
}

fn period_text(unit: Option<PeriodUnit>) -> &'static str {
    match unit {
        Some(PeriodUnit::Week) => "week",
        Some(PeriodUnit::Month) => "month",
        Some(PeriodUnit::Year) => "year",
        None => "",
    }
}

fn lines(p: &Product, zero: bool) -> Vec<String> {
    if zero {
        return vec![
            format!(
                "{FREE_TRIAL_DAYS}-day free trial of the {} plan",
                p.tier.as_str()
            ),
            format!("{} credits, valid during the trial", p.trial_credits),
            "Nothing to pay today".to_owned(),
        ];
    }
    match p.kind {
        Kind::Pack => vec![
            format!("{} credits, valid indefinitely", p.unit_credits),
            "One-off payment".to_owned(),
        ],
        Kind::CreditPlan => vec![
            format!(
                "{} credits each {}",
                p.unit_credits,
                period_text(p.period_unit)
            ),
            format!(
                "Billed every {}; credits expire at the end of the period",
                period_text(p.period_unit)
            ),
        ],
        Kind::Membership => vec![
            format!(
                "{} plan: {} credits per month",
                p.tier.as_str(),
                p.unit_credits
            ),
            format!(
                "{} credits now, valid until the end of the {}",
                p.credits_granted(),
                period_text(p.period_unit)
            ),
            "Watermark-free output, ultra HD, frame interpolation, unlimited effects".to_owned(),
        ],
    }
}

fn error_page(e: &ApiError) -> Response {
    let body = format!(
        "<!doctype html><meta charset=utf-8><title>Test store</title><p><strong>Test store — no real payment</strong></p><p>{}</p>",
        html_escape(&e.msg)
    );
    (e.status, Html(body)).into_response()
}

/// `GET /store/checkout`: the page of one SKU (errors are small HTML pages with 400).
/// Admits a call of the test store only when `AIVG_TEST_STORE=1` (else 404: on a public site
/// nobody may grant themselves credits).
#[derive(Debug)]
pub struct TestStoreOn;

impl axum::extract::FromRequestParts<AppState> for TestStoreOn {
    type Rejection = ApiError;

    async fn from_request_parts(
        _parts: &mut axum::http::request::Parts,
        state: &AppState,
    ) -> Result<Self, ApiError> {
        if state.cfg.test_store {
            Ok(Self)
        } else {
            Err(ApiError::not_found(
                "no test store on this site (AIVG_TEST_STORE is off)",
            ))
        }
    }
}

async fn render(state: &AppState, q: &CheckoutQuery) -> Result<String, ApiError> {
    let catalog = state.content.catalog()?;
    // A checkout shows what it charges (its coupon or campaign price), a preview the list price.
    let (product, zero, checkout_id, charged) = match params::text(q.checkout.as_deref()) {
        Some(id) => {
            let mut conn = state.db.pool.acquire().await?;
            let found = if checkouts::looks_like_id(id) {
                checkouts::find(&mut conn, "test", id).await?
            } else {
                None
            };
            let c = found
                .filter(|c| c.used_at == 0 && c.expires_at > clock::now_s())
                .ok_or_else(|| {
                    ApiError::conflict("checkout: this checkout is paid, expired or unknown; start again from the buy dialog")
                })?;
            (
                find_product(&catalog, Some(c.sku_id))?,
                c.zero != 0,
                c.id,
                Some(c.amount_cents),
            )
        }
        None => {
            let sku_id = params::int("sku_id", q.sku_id.as_deref(), None, 1, i64::MAX)?;
            let zero = params::flag("zero", q.zero.as_deref())?;
            (
                find_product(&catalog, Some(sku_id))?,
                zero,
                String::new(),
                None,
            )
        }
    };
    if zero && !product.trial {
        return Err(ApiError::invalid(
            "zero",
            format!("{} has no free trial", product.name),
        ));
    }
    // The page shows the price the buy dialog showed: the list price, struck through only where
    // the dialog struck it too (a pack's campaign price, or a coupon the checkout applied). The
    // catalogue's `original_price` is never shown as a struck price: the dialog never showed it
    // (docs/behaviour/pricing-and-purchase.md#prices "Real saving").
    let symbol = &catalog.currency_symbol;
    let (price, original) = if zero {
        (format!("{symbol}0.00"), String::new())
    } else if let Some(cents) = charged.filter(|c| *c < product.price_cents) {
        (
            format!("{symbol}{:.2}", cents_to_amount(cents)),
            format!("<s>{symbol}{:.2}</s>", product.price()),
        )
    } else {
        (format!("{symbol}{:.2}", product.price()), String::new())
    };
    let price = match product.period_unit {
        Some(unit) if !zero => format!("{price} / {}", period_text(Some(unit))),
        _ => price,
    };
    let lines: String = lines(product, zero)
        .iter()
        .map(|l| format!("<li>{}</li>", html_escape(l)))
        .collect();
    Ok(TEMPLATE
        .replace("{{NAME}}", &html_escape(&product.name))
        .replace("{{PRICE}}", &html_escape(&price))
        .replace("{{ORIGINAL}}", &original)
        .replace("{{LINES}}", &lines)
        .replace("{{CHECKOUT}}", &checkout_id))
}

pub async fn page(
    _on: TestStoreOn,
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<CheckoutQuery>,
) -> Response {
    match render(&state, &q).await {
        Ok(html) => {
            let mut res = Html(html).into_response();
            res.headers_mut()
                .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
            res
        }
        Err(e) => error_page(&e),
    }
}

/// Body of the pay call: a checkout id (the page), or a SKU with a Bearer header (scripts).
#[derive(Debug, Deserialize)]
pub struct PayBody {
    #[serde(default)]
    pub checkout: String,
    #[serde(default)]
    pub sku_id: Value,
    #[serde(default)]
    pub zero: Value,
    #[serde(default)]
    pub session: String,
    /// The buyer's IANA zone, for the halloween discount (empty: UTC).
    #[serde(default)]
    pub time_zone: String,
}

/// `POST /store/checkout/pay` → the receipt (trade id, amount, credits, period).
pub async fn pay(
    _on: TestStoreOn,
    State(state): State<AppState>,
    user: MaybeUser,
    headers: HeaderMap,
    ApiJson(body): ApiJson<PayBody>,
) -> ApiResult<Receipt> {
    let catalog = state.content.catalog()?;
    if !body.checkout.trim().is_empty() {
        return ok(pay_checkout(&state, body.checkout.trim()).await?);
    }
    let user = user.0.ok_or_else(|| {
        ApiError::logged_out("please log in: open the store from the site's buy dialog")
    })?;
    let product = find_product(
        &catalog,
        params::json_int("sku_id", &body.sku_id, 1, i64::MAX)?,
    )?;
    let zero = params::json_flag("zero", &body.zero)?;
    let session = checkouts::check_session(&body.session)?;
    let market = eligibility::market_of(&state, &user, &headers).await?;
    eligibility::check_listed(product, zero, &market)?;
    ok(purchase::pay(
        &state.db.pool,
        &catalog,
        user.id,
        product,
        zero,
        session,
        &body.time_zone,
    )
    .await?)
}

/// Pays a one-time checkout of the test store at the checkout's price: uses it up and records
/// the sale in one transaction (a failed payment leaves the checkout usable).
async fn pay_checkout(state: &AppState, id: &str) -> Result<Receipt, ApiError> {
    let catalog = state.content.catalog()?;
    let now = clock::now_s();
    let mut tx = crate::db::begin_write(&state.db.pool).await?;
    let c = checkouts::use_test_checkout(&mut tx, id, now).await?;
    let product = find_product(&catalog, Some(c.sku_id))?;
    let zero = c.zero != 0;
    ledger::lock_user(&mut tx, c.user_id).await?;
    if zero {
        purchase::check_trial(&mut tx, c.user_id, product, now).await?;
    }
    // The price agreed when the checkout was made (its coupon or campaign discount), as a
    // payment provider charges it; a coupon already used elsewhere is not used twice: `record`
    // refuses the payment (docs/behaviour/pricing-and-purchase.md#coupons-are-used-once).
    let quote = Quote {
        amount_cents: c.amount_cents,
        coupon_id: c.coupon_id,
    };
    let sale = Sale {
        user_id: c.user_id,
        product,
        zero,
        session: &c.session,
        quote,
        provider: "test",
        now,
    };
    let receipt = purchase::record(&mut tx, &catalog, &sale).await?;
    tx.commit().await?;
    Ok(receipt)
}
