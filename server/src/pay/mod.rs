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
pub mod payments;
pub mod provider;
pub mod stripe_api;
pub mod stripe_events;
pub mod stripe_signature;
pub mod stripe_webhook;

pub use crate::config::stripe::{STRIPE_API_URL, StripeSettings};
use crate::state::AppState;
use axum::Router;
use axum::routing::{get, post};
pub use payments::Payments;

/// The routes of this area, merged into the app router.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/v1/pay/checkout", post(create::create))
        .route("/v1/pay/stripe/webhook", post(stripe_webhook::webhook))
        .route("/pay/return", get(create::return_page))
}
