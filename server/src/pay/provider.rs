//! The payment-provider trait: a provider turns a checkout into a page where the buyer pays.
//! What was paid is granted later, from the provider's verified notification (`grants.rs`),
//! never from the buyer's return to the site.

use crate::api::ApiError;
use crate::store::catalog::Product;

/// What a provider is asked to sell.
#[derive(Debug, Clone, Copy)]
pub struct Order<'a> {
    /// Our one-time checkout id (the provider hands it back in its notifications).
    pub checkout_id: &'a str,
    pub product: &'a Product,
    /// A free trial first (billed after it when the provider bills subscriptions).
    pub zero: bool,
    /// What each payment charges, in cents (for a trial: each period after it).
    pub amount_cents: i64,
    /// ISO currency code, as the catalogue writes it.
    pub currency: &'a str,
    /// Epoch seconds after which the checkout cannot be paid.
    pub expires_at: i64,
    /// `AIVG_PUBLIC_URL` (or the listen address), without a trailing slash.
    pub origin: &'a str,
}

/// The provider's page for an order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hosted {
    /// The provider's id of it ("" for the test store).
    pub reference: String,
    /// Where to send the buyer.
    pub url: String,
}

/// A payment provider.
#[async_trait::async_trait]
pub trait PaymentProvider: Send + Sync + std::fmt::Debug {
    /// Short name stored with checkouts and trades (`test`, `stripe`).
    fn name(&self) -> &'static str;

    /// Creates the page where the buyer pays the order.
    async fn create_checkout(&self, order: &Order<'_>) -> Result<Hosted, ApiError>;
}

/// The built-in test store (`AIVG_TEST_STORE=1`): its own page, paid with one click.
#[derive(Debug, Clone, Copy)]
pub struct TestStore;

#[async_trait::async_trait]
impl PaymentProvider for TestStore {
    fn name(&self) -> &'static str {
        "test"
    }

    async fn create_checkout(&self, order: &Order<'_>) -> Result<Hosted, ApiError> {
        Ok(Hosted {
            reference: String::new(),
            url: format!(
                "{}/store/checkout?checkout={}",
                order.origin, order.checkout_id
            ),
        })
    }
}
