//! The payment set-up of a running server, held by the application state (`state.rs`).

use super::provider::{PaymentProvider, TestStore};
use super::stripe_api;
use crate::config::Config;
use std::sync::Arc;

/// The payment set-up of a running server.
#[derive(Debug, Clone)]
pub struct Payments {
    provider: Option<Arc<dyn PaymentProvider>>,
    stripe_webhook_secret: Option<Arc<str>>,
    stripe: Option<Arc<stripe_api::StripeCheckout>>,
}

impl Payments {
    /// Picks the provider of the configuration (see the module doc).
    pub fn new(cfg: &Config) -> Self {
        let stripe = cfg
            .stripe
            .as_ref()
            .map(|s| Arc::new(stripe_api::StripeCheckout::new(s)));
        let provider: Option<Arc<dyn PaymentProvider>> = match &stripe {
            Some(stripe) => Some(stripe.clone() as Arc<dyn PaymentProvider>),
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
            stripe,
        }
    }

    /// Stripe's API, when the site takes payments through Stripe (refunds from the console).
    pub fn stripe(&self) -> Option<&stripe_api::StripeCheckout> {
        self.stripe.as_deref()
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
