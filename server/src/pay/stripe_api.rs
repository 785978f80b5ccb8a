//! Stripe Checkout as a [`PaymentProvider`]: `POST {AIVG_STRIPE_API_URL}/v1/checkout/sessions`,
//! form-encoded, with the price inline (`price_data` from our SKU catalogue), so no product or
//! price has to be set up in Stripe's dashboard.
//!
//! - packs: `mode=payment`; subscriptions (memberships, credit plans): `mode=subscription` with a
//!   recurring price of the SKU's period; a free trial: `subscription_data[trial_period_days]`
//!   (core's 3 days), billed at the full price after it unless cancelled;
//! - our checkout id travels as `client_reference_id` and `metadata[checkout_id]` (also on the
//!   subscription or payment intent); the session expires with our checkout (35 minutes);
//! - the buyer comes back to `{AIVG_PUBLIC_URL}/pay/return?status=paid|cancelled`;
//! - each checkout is created once (`Idempotency-Key`), so a retried call cannot make two.
//!
//! Refunds from the console: `POST /v1/refunds` with the payment intent (the whole payment),
//! `reason=requested_by_customer`, `metadata[trade_id]` and an `Idempotency-Key` per grant, so a
//! retried call cannot refund twice. Stripe answers the refund (`{id, status}`) and then sends
//! `charge.refunded`, which takes the credits back (`grants.rs`).

use super::provider::{Hosted, Order, PaymentProvider};
use crate::api::ApiError;
use crate::config::stripe::StripeSettings;
use crate::store::catalog::Kind;
use aivg_core::pricing::{FREE_TRIAL_DAYS, PeriodUnit};
use axum::http::StatusCode;
use serde::Deserialize;
use std::time::Duration;

/// How long a call to Stripe may take.
const STRIPE_TIMEOUT: Duration = Duration::from_secs(20);

/// The Stripe Checkout provider.
#[derive(Debug, Clone)]
pub struct StripeCheckout {
    http: reqwest::Client,
    api_url: String,
    secret_key: String,
}

impl StripeCheckout {
    pub fn new(settings: &StripeSettings) -> Self {
        Self {
            http: reqwest::Client::builder()
                .timeout(STRIPE_TIMEOUT)
                .build()
                .unwrap_or_default(),
            api_url: settings.api_url.clone(),
            secret_key: settings.secret_key.clone(),
        }
    }
}

/// The form of a Checkout Session for an order (see the module doc).
pub fn session_form(order: &Order<'_>) -> Vec<(String, String)> {
    let p = order.product;
    let id = order.checkout_id;
    let mut form: Vec<(String, String)> = vec![
        ("client_reference_id".into(), id.into()),
        ("metadata[checkout_id]".into(), id.into()),
        ("metadata[sku_id]".into(), p.sku_id.to_string()),
        (
            "success_url".into(),
            format!("{}/pay/return?status=paid", order.origin),
        ),
        (
            "cancel_url".into(),
            format!("{}/pay/return?status=cancelled", order.origin),
        ),
        ("expires_at".into(), order.expires_at.to_string()),
        ("line_items[0][quantity]".into(), "1".into()),
        (
            "line_items[0][price_data][currency]".into(),
            order.currency.to_ascii_lowercase(),
        ),
        (
            "line_items[0][price_data][unit_amount]".into(),
            order.amount_cents.to_string(),
        ),
        (
            "line_items[0][price_data][product_data][name]".into(),
            p.name.clone(),
        ),
    ];
    let interval = match p.period_unit {
        Some(PeriodUnit::Week) => Some("week"),
        Some(PeriodUnit::Month) => Some("month"),
        Some(PeriodUnit::Year) => Some("year"),
        None => None,
    };
    match interval {
        Some(interval) if p.kind != Kind::Pack => {
            form.push(("mode".into(), "subscription".into()));
            form.push((
                "line_items[0][price_data][recurring][interval]".into(),
                interval.into(),
            ));
            form.push((
                "line_items[0][price_data][recurring][interval_count]".into(),
                "1".into(),
            ));
            form.push(("subscription_data[metadata][checkout_id]".into(), id.into()));
            if order.zero {
                form.push((
                    "subscription_data[trial_period_days]".into(),
                    FREE_TRIAL_DAYS.to_string(),
                ));
            }
        }
        _ => {
            form.push(("mode".into(), "payment".into()));
            form.push((
                "payment_intent_data[metadata][checkout_id]".into(),
                id.into(),
            ));
        }
    }
    form
}

#[derive(Debug, Deserialize)]
struct SessionAnswer {
    id: String,
    url: Option<String>,
}

#[derive(Debug, Deserialize)]
struct RefundAnswer {
    id: String,
    #[serde(default)]
    status: String,
}

/// A refund Stripe accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refund {
    pub id: String,
    /// `pending`, `succeeded`, … as Stripe says.
    pub status: String,
}

#[derive(Debug, Deserialize)]
struct ErrorAnswer {
    error: ErrorBody,
}

#[derive(Debug, Deserialize)]
struct ErrorBody {
    #[serde(default)]
    message: String,
}

fn provider_error(msg: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::BAD_GATEWAY, 502, msg)
}

impl StripeCheckout {
    /// One form-encoded `POST {api_url}{path}` made once per `key` (`Idempotency-Key`): Stripe's
    /// answer read as `T`, or a 502 saying what went wrong (`what`: "checkout session", "refund").
    async fn post_form<T: serde::de::DeserializeOwned>(
        &self,
        path: &str,
        key: &str,
        form: &(impl serde::Serialize + ?Sized),
        what: &str,
    ) -> Result<T, ApiError> {
        let res = self
            .http
            .post(format!("{}{path}", self.api_url))
            .bearer_auth(&self.secret_key)
            .header("Idempotency-Key", key)
            .form(form)
            .send()
            .await
            .map_err(|e| {
                tracing::warn!("stripe: create {what}: {e}");
                provider_error("the payment provider did not answer; try again in a moment")
            })?;
        let status = res.status();
        let body = res.bytes().await.map_err(|e| {
            provider_error(format!("the payment provider's answer was cut off ({e})"))
        })?;
        if !status.is_success() {
            let message = serde_json::from_slice::<ErrorAnswer>(&body)
                .map(|e| e.error.message)
                .unwrap_or_default();
            tracing::warn!("stripe: {what} refused ({status}): {message}");
            return Err(provider_error(format!(
                "the payment provider refused the {what} ({status}): {message}"
            )));
        }
        serde_json::from_slice(&body)
            .map_err(|e| provider_error(format!("unexpected answer of the payment provider: {e}")))
    }

    /// Refunds the whole of `payment_intent` (see the module doc); `key` makes the call once.
    pub async fn refund(
        &self,
        payment_intent: &str,
        trade_id: &str,
        key: &str,
    ) -> Result<Refund, ApiError> {
        let form = [
            ("payment_intent", payment_intent),
            ("reason", "requested_by_customer"),
            ("metadata[trade_id]", trade_id),
        ];
        let refund: RefundAnswer = self.post_form("/v1/refunds", key, &form, "refund").await?;
        Ok(Refund {
            id: refund.id,
            status: refund.status,
        })
    }
}

#[async_trait::async_trait]
impl PaymentProvider for StripeCheckout {
    fn name(&self) -> &'static str {
        "stripe"
    }

    async fn create_checkout(&self, order: &Order<'_>) -> Result<Hosted, ApiError> {
        let key = format!("aivg-{}", order.checkout_id);
        let session: SessionAnswer = self
            .post_form(
                "/v1/checkout/sessions",
                &key,
                &session_form(order),
                "checkout session",
            )
            .await?;
        let url = session
            .url
            .filter(|u| u.starts_with("https://") || u.starts_with("http://"))
            .ok_or_else(|| provider_error("the payment provider gave no checkout page"))?;
        Ok(Hosted {
            reference: session.id,
            url,
        })
    }
}
