//! Stripe's settings (`AIVG_STRIPE_*`), plain data the configuration defines so it imports no
//! area (the payments are `pay/`).

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
