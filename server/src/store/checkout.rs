//! The built-in test store: `GET /store/checkout?sku_id=&zero=0|1&session=` (an HTML page
//! clearly labelled "Test store — no real payment") and `POST /store/checkout/pay {sku_id, zero,
//! token, session}`, which records the trade (see [`super::purchase`]).
//!
//! Identification decision: the app opens the SKU's `buy_url` (or `zero_buy_url`) in a new tab
//! with `#token=<access token>` appended; the page reads the token from the fragment (never sent
//! to a server, so never in a log), or from a `token` query parameter as a fallback, hides it
//! from the address bar and sends it in the pay call's body. The pay call also accepts the usual
//! `Authorization: Bearer` header when the body has no token. A bad token answers 401/140013.

use super::catalog::{Catalog, Kind, Product, catalog, cents_to_amount};
use super::purchase::{self, Receipt};
use crate::api::{ApiError, ApiJson, ApiResult, ok};
use crate::app::AppState;
use crate::auth::{AuthUser, MaybeUser};
use crate::site::params::{self, ApiQuery, html_escape};
use aivg_core::pricing::{FREE_TRIAL_DAYS, PeriodUnit};
use axum::extract::{FromRequestParts, State};
use axum::http::{HeaderValue, header};
use axum::response::{Html, IntoResponse, Response};
use serde::Deserialize;
use serde_json::Value;

const TEMPLATE: &str = include_str!("../../pages/checkout.html");

/// Query of the page (`token` is read by the page's script, not here).
#[derive(Debug, Deserialize)]
pub struct CheckoutQuery {
    pub sku_id: Option<String>,
    pub zero: Option<String>,
}

fn find_product(catalog: &Catalog, sku_id: Option<i64>) -> Result<&Product, ApiError> {
    let id = sku_id.ok_or_else(|| ApiError::invalid("sku_id", "missing: give the SKU to buy"))?;
    u64::try_from(id)
        .ok()
        .and_then(|id| catalog.find(id))
        .ok_or_else(|| ApiError::invalid("sku_id", format!("no SKU {id} in the store")))
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

pub async fn page(_on: TestStoreOn, ApiQuery(q): ApiQuery<CheckoutQuery>) -> Response {
    let render = || -> Result<String, ApiError> {
        let catalog = catalog()?;
        let sku_id = params::int("sku_id", q.sku_id.as_deref(), None, 1, i64::MAX)?;
        let product = find_product(catalog, Some(sku_id))?;
        let zero = params::flag("zero", q.zero.as_deref())?;
        if zero && !product.trial {
            return Err(ApiError::invalid(
                "zero",
                format!("{} has no free trial", product.name),
            ));
        }
        let symbol = &catalog.currency_symbol;
        let (price, original) = if zero {
            (
                format!("{symbol}0.00"),
                format!("<s>{symbol}{:.2}</s>", product.price()),
            )
        } else if product.original_cents > product.price_cents {
            (
                format!("{symbol}{:.2}", product.price()),
                format!(
                    "<s>{symbol}{:.2}</s>",
                    cents_to_amount(product.original_cents)
                ),
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
            .replace("{{SKU_ID}}", &product.sku_id.to_string())
            .replace("{{ZERO}}", if zero { "1" } else { "0" }))
    };
    match render() {
        Ok(html) => {
            let mut res = Html(html).into_response();
            res.headers_mut()
                .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
            res
        }
        Err(e) => error_page(&e),
    }
}

/// Body of the pay call.
#[derive(Debug, Deserialize)]
pub struct PayBody {
    #[serde(default)]
    pub sku_id: Value,
    #[serde(default)]
    pub zero: Value,
    #[serde(default)]
    pub token: String,
    #[serde(default)]
    pub session: String,
}

/// The user of a token given in a body, checked exactly like the Authorization header.
async fn user_of_token(state: &AppState, token: &str) -> Result<AuthUser, ApiError> {
    let value = HeaderValue::from_str(&format!("Bearer {}", token.trim()))
        .map_err(|_| ApiError::logged_out("please log in again: the access token is not valid"))?;
    let mut req = axum::http::Request::new(());
    req.headers_mut().insert(header::AUTHORIZATION, value);
    let (mut parts, ()) = req.into_parts();
    AuthUser::from_request_parts(&mut parts, state).await
}

/// `POST /store/checkout/pay` → the receipt (trade id, amount, credits, period).
pub async fn pay(
    _on: TestStoreOn,
    State(state): State<AppState>,
    header_user: MaybeUser,
    ApiJson(body): ApiJson<PayBody>,
) -> ApiResult<Receipt> {
    let user = if body.token.trim().is_empty() {
        header_user.0.ok_or_else(|| {
            ApiError::logged_out("please log in: open the store from the site's buy dialog")
        })?
    } else {
        user_of_token(&state, &body.token).await?
    };
    let catalog = catalog()?;
    let product = find_product(
        catalog,
        params::json_int("sku_id", &body.sku_id, 1, i64::MAX)?,
    )?;
    let zero = params::json_flag("zero", &body.zero)?;
    let session = body.session.trim();
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
    ok(purchase::pay(&state, catalog, user.id, product, zero, session).await?)
}
