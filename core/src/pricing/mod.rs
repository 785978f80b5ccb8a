//! Pricing rules: discounts, per-credit prices, SKU orders and filters, batches, promo table
//! (docs/behaviour/pricing-and-purchase.md#purchase-popup, #prices).
//!
//! - [`sku`]: the SKU with the server's field names, read tolerantly, and what derives from it.
//! - [`price`]: discount percent, per-credit price, a yearly plan's monthly price, price text.
//! - [`order`]: credits and membership orders, the membership filter.
//! - [`popup`]: tabs (smart popup, default period) and the plan B / plan C cards.
//! - [`market`]: batches by country, free-trial countries, the pricing plan value, fixed ids.
//! - [`promo`]: the promo config table of subscription SKUs 25284005..25284016.
//! - [`funnel`]: funnel stage order per user type, virtual discount layering, promotion offers.
//! - [`sku_sets`]: the credit SKUs (one list on every device), the recommend-activity mode, the
//!   recommended SKU.
//! - [`saving`]: the "Save N %" claim, against a real reference price only.
//! - [`benefits`]: what each membership tier gets, row by row, and the tiers' monthly credits.
//! - [`campaign`]: the halloween banner's discount and text size, discounts per language, the
//!   discount a credit pack gets at checkout.
//! - [`tolerant`]: readers that accept numbers or numeric strings (shared with `ads`).

pub mod benefits;
pub mod campaign;
pub mod funnel;
pub mod market;
pub mod order;
pub mod popup;
pub mod price;
pub mod promo;
pub mod saving;
pub mod sku;
pub mod sku_sets;
pub mod tolerant;

pub use benefits::{
    PREMIUM_MONTHLY_CREDITS, PlanBenefit, STANDARD_MONTHLY_CREDITS, plan_benefits,
    tier_monthly_credits,
};
pub use campaign::{
    BANNER_TEXT_MAX_PX, BANNER_TEXT_MIN_PX, DiscountDisplay, DiscountStyle, HALLOWEEN_PERCENT,
    PackDiscount, PackDiscountSource, banner_text_size, discount_display, discounted_cents,
    discounted_price, halloween_discount, pack_discount,
};
pub use funnel::{
    FunnelStage, PromoAction, PromoOffer, VIRTUAL_DISCOUNT_BASE, VIRTUAL_DISCOUNT_STEP,
    funnel_stage_order, promo_offers, stage_action, virtual_discount_layer,
};
pub use market::{
    COUPON_PERCENT, DEFAULT_CHECKIN_COUNTRIES, DEFAULT_COUPON_ID, DEFAULT_PRICING_PLAN,
    FREE_TRIAL_COUNTRIES, FREE_TRIAL_DAYS, HIGHEST_DISCOUNT_SKU_ID, HIGHEST_DISCOUNT_SKU_ID_INDIA,
    MOBILE_CAROUSEL_MS, PricingConstants, highest_discount_sku_id, is_free_trial_country,
    pricing_batch, pricing_constants, pricing_plan,
};
pub use order::{credit_sku_order, membership_sku_filter, membership_sku_order, membership_tier};
pub use popup::{
    BuyTab, MembershipPeriod, PlanBCards, UserType, default_membership_period, plan_b_cards,
    plan_c_cards, smart_popup_tab,
};
pub use price::{
    discount_percent, format_price, per_credit_price, sku_discount_percent, sku_price_text,
    yearly_monthly_price,
};
pub use promo::{
    PROMO_FIRST_SKU_ID, PROMO_LAST_SKU_ID, PromoConfig, promo_config, promo_config_table,
};
pub use saving::sku_saving_percent;
pub use sku::{
    FeatureCode, PeriodUnit, PlanTier, Sku, SkuDerived, credits_discount_flag, describe_sku,
    free_trial_selector_visible, is_credits_code, sku_buy_url, trial_checkbox_default,
};

pub use sku_sets::{
    CreditSkuSets, CreditSlot, CreditSlots, RECOMMEND_ACTIVITY, credit_sku_sets, credit_sku_slots,
    is_recommend_activity, recommended_sku,
};

use crate::Coded;

/// Errors of the pricing rules: only arithmetic on unusable numbers can fail.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PricingError {
    /// A price was NaN, infinite or negative.
    #[error(
        "The {what} must be a number of zero or more (it was not a number, infinite or negative)."
    )]
    InvalidPrice {
        /// Which argument ("price", "amount", ...).
        what: &'static str,
    },
    /// The credits amount was 0, so a per-credit price does not exist.
    #[error("This pack has no credits, so it has no per-credit price.")]
    NoCredits,
    /// The credits amount was NaN, infinite or negative.
    #[error("The credits amount must be a number above zero.")]
    InvalidCredits,
    /// A discount percent outside 1..=99.
    #[error("The discount must be a whole percent from 1 to 99.")]
    InvalidPercent,
    /// A width was NaN, infinite or (for a text) negative.
    #[error("The {what} must be a finite number of pixels.")]
    InvalidLength {
        /// Which argument ("box width", "text width").
        what: &'static str,
    },
}

impl Coded for PricingError {
    fn code(&self) -> &'static str {
        match self {
            Self::InvalidPrice { .. } => "invalid_price",
            Self::NoCredits => "no_credits",
            Self::InvalidCredits => "invalid_credits",
            Self::InvalidPercent => "invalid_percent",
            Self::InvalidLength { .. } => "invalid_length",
        }
    }
}
