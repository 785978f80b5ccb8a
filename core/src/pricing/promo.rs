//! Promo config per subscription SKU 25284005..25284016
//! (docs/behaviour/pricing-and-purchase.md#plans-and-tiers).
//!
//! The spec gives the value sets but not the SKU-to-row pairing, so the table is designed to
//! fit them exactly: twelve SKUs are six plans (three standard, three premium) each sold
//! monthly (odd id) and yearly (next even id). Standard plans grant 50/100/200 credits a month,
//! premium 200/400/600, which uses each listed amount (50/100/200/400/600). Within a tier the
//! rows follow the tier's rules: check-in 5 (standard) or 10 (premium) credits as in
//! docs/behaviour/ads-and-experiments.md#promotions, speed level 1 or 2 ("premium: faster
//! generation"), discount 0 or 15 (the premium 15% coupon of
//! docs/behaviour/pricing-and-purchase.md#purchase-popup), and the 3-day trial credits grow with
//! the plan: 50, 80, 100 for the small, middle and large plan of each tier. Videos are a tenth of
//! the credits (5/10/20/40/60) and images equal the credits.

use super::{PeriodUnit, PlanTier};
use serde::{Deserialize, Serialize};

/// One row of the promo table (docs/behaviour/pricing-and-purchase.md#plans-and-tiers "Promo config
/// per subscription sku id").
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PromoConfig {
    /// The subscription SKU id.
    pub sku_id: u64,
    /// Tier of the plan (the designed pairing, see the module doc).
    #[cfg_attr(feature = "tsify", tsify(type = "Tier"))]
    pub tier: PlanTier,
    /// Billing period (odd ids monthly, even ids yearly; designed).
    pub period_unit: PeriodUnit,
    /// Credits granted each month.
    pub month_credits: u32,
    /// Number of videos those credits make.
    pub video_num: u32,
    /// Number of images those credits make (equal to the credits).
    pub image_num: u32,
    /// Daily check-in credits on this plan.
    pub check_in: u32,
    /// Generation speed level (1 normal, 2 faster).
    pub speed: u32,
    /// Discount percent on extra credits.
    pub discount: u32,
    /// Credits granted by the 3-day free trial.
    #[serde(rename = "try3DayCredits")]
    pub try3_day_credits: u32,
}

/// First id of the promo table (docs/behaviour/ads-and-experiments.md#promotions).
pub const PROMO_FIRST_SKU_ID: u64 = 25_284_005;
/// Last id of the promo table (docs/behaviour/ads-and-experiments.md#promotions).
pub const PROMO_LAST_SKU_ID: u64 = 25_284_016;

/// (tier, monthly credits, trial credits) of the six plans, in id order.
const PLANS: [(PlanTier, u32, u32); 6] = [
    (PlanTier::Standard, 50, 50),
    (PlanTier::Standard, 100, 80),
    (PlanTier::Standard, 200, 100),
    (PlanTier::Premium, 200, 50),
    (PlanTier::Premium, 400, 80),
    (PlanTier::Premium, 600, 100),
];

/// The promo config of a subscription SKU (JS `promoConfig`), or `None` for an id outside
/// 25284005..=25284016.
pub fn promo_config(sku_id: u64) -> Option<PromoConfig> {
    let offset = sku_id.checked_sub(PROMO_FIRST_SKU_ID)?;
    if sku_id > PROMO_LAST_SKU_ID {
        return None;
    }
    let plan = usize::try_from(offset / 2).ok()?;
    let &(tier, month_credits, try3_day_credits) = PLANS.get(plan)?;
    let premium = tier == PlanTier::Premium;
    Some(PromoConfig {
        sku_id,
        tier,
        period_unit: if offset % 2 == 0 {
            PeriodUnit::Month
        } else {
            PeriodUnit::Year
        },
        month_credits,
        video_num: month_credits / 10,
        image_num: month_credits,
        check_in: if premium { 10 } else { 5 },
        speed: if premium { 2 } else { 1 },
        discount: if premium { 15 } else { 0 },
        try3_day_credits,
    })
}

/// The whole promo table, in id order (JS `promoConfigTable`).
pub fn promo_config_table() -> Vec<PromoConfig> {
    (PROMO_FIRST_SKU_ID..=PROMO_LAST_SKU_ID)
        .filter_map(promo_config)
        .collect()
}
