//! Payments: one-time checkouts, a small provider trait, Stripe Checkout, and the webhook that
//! alone grants what a provider was paid for.
//!
//! | call | answer |
//! |---|---|
//! | `POST /v1/pay/checkout {sku_id, zero, session}` (Bearer) | `{checkout_id, url, provider, expires_at}` ([`create`]) |
//! | `POST /v1/pay/stripe/webhook` (`Stripe-Signature`) | `{received, outcome}`; 400 for a bad signature ([`stripe_webhook`]) |
//! | `GET /pay/return?status=paid\|cancelled` | the small page a provider sends the buyer back to ([`create`]) |
//!
//! The provider is Stripe when `AIVG_STRIPE_SECRET_KEY` is set, else the built-in test store when
//! `AIVG_TEST_STORE=1`, else none (checkouts answer 404). Links use `AIVG_PUBLIC_URL` (else the
//! listen address), never the request's Host header.

pub mod checkouts;
pub mod create;
pub mod grants;
pub mod provider;
pub mod stripe_api;
pub mod stripe_events;
pub mod stripe_signature;
pub mod stripe_webhook;

use crate::app::AppState;
use crate::config::Config;
use axum::Router;
use axum::routing::{get, post};
use provider::{PaymentProvider, TestStore};
use std::sync::Arc;

/// Stripe's settings (`AIVG_STRIPE_*`); `Debug` hides the secrets.
#[derive(Clone)]
pub struct StripeSettings {
    /// `AIVG_STRIPE_SECRET_KEY`: the API key (`sk_…`).
    pub secret_key: String,
    /// `AIVG_STRIPE_WEBHOOK_SECRET`: the webhook endpoint's signing secret (`whsec_…`); unset,
    /// the webhook answers 404 and nothing is ever granted.
    pub webhook_secret: Option<String>,
    /// `AIVG_STRIPE_API_URL`: Stripe's API origin (tests point it at a fake).
    pub api_url: String,
}

impl std::fmt::Debug for StripeSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StripeSettings")
            .field("secret_key", &"<hidden>")
            .field(
                "webhook_secret",
                &self.webhook_secret.as_ref().map(|_| "<hidden>"),
            )
            .field("api_url", &self.api_url)
            .finish()
    }
}

/// Stripe's API origin.
pub const STRIPE_API_URL: &str = "https://api.stripe.com";

impl StripeSettings {
    /// Stripe's settings from the environment; `None` without a secret key.
    pub fn from_env(var: &dyn Fn(&str) -> Option<String>) -> Option<Self> {
        Some(Self {
            secret_key: var("AIVG_STRIPE_SECRET_KEY")?,
            webhook_secret: var("AIVG_STRIPE_WEBHOOK_SECRET"),
            api_url: var("AIVG_STRIPE_API_URL")
                .unwrap_or_else(|| STRIPE_API_URL.to_owned())
                .trim_end_matches('/')
                .to_owned(),
        })
    }
}

/// The payment set-up of a running server.
#[derive(Debug, Clone)]
pub struct Payments {
    provider: Option<Arc<dyn PaymentProvider>>,
    stripe_webhook_secret: Option<Arc<str>>,
}

impl Payments {
    /// Picks the provider of the configuration (see the module doc).
    pub fn new(cfg: &Config) -> Self {
        let provider: Option<Arc<dyn PaymentProvider>> = match &cfg.stripe {
            Some(stripe) => Some(Arc::new(stripe_api::StripeCheckout::new(stripe))),
            None if cfg.test_store => Some(Arc::new(TestStore)),
            None => None,
        };
        Self {
            provider,
            stripe_webhook_secret: cfg
                .stripe
                .as_ref()
                .and_then(|s| s.webhook_secret.as_deref())
                .map(Arc::from),
        }
    }

    /// The provider new checkouts go through.
    pub fn provider(&self) -> Option<&dyn PaymentProvider> {
        self.provider.as_deref()
    }

    /// The secret Stripe signs its webhooks with.
    pub fn stripe_webhook_secret(&self) -> Option<&str> {
        self.stripe_webhook_secret.as_deref()
    }
}

/// The origin of the links the server hands out: `AIVG_PUBLIC_URL`, else the listen address.
pub fn public_origin(cfg: &Config) -> String {
    cfg.public_url.as_deref().map_or_else(
        || format!("http://{}", cfg.addr),
        |url| url.trim_end_matches('/').to_owned(),
    )
}

/// The routes of this area, merged into the app router.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/v1/pay/checkout", post(create::create))
        .route("/v1/pay/stripe/webhook", post(stripe_webhook::webhook))
        .route("/pay/return", get(create::return_page))
}
