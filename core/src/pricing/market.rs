//! Country and experiment inputs of pricing: batches, free-trial countries, the pricing plan
//! value, and the fixed ids of docs/behaviour/pricing-and-purchase.md#markets-and-batches.

use serde::{Deserialize, Serialize};

/// The two check-in countries that get pricing batch 1
/// (docs/behaviour/pricing-and-purchase.md#markets-and-batches "check-in countries (two, names not
/// shown)"). The names are not in the spec, so this default is a placeholder the product owner
/// should confirm: India and Indonesia, the two large price-sensitive markets where a daily
/// check-in reward matters most. Callers with the real list pass it to [`pricing_batch`].
pub const DEFAULT_CHECKIN_COUNTRIES: [&str; 2] = ["IN", "ID"];

/// Countries offered the 3-day free trial
/// (docs/behaviour/pricing-and-purchase.md#markets-and-batches).
pub const FREE_TRIAL_COUNTRIES: [&str; 6] = ["US", "BR", "GB", "MX", "FR", "PH"];

/// Default coupon id (docs/behaviour/pricing-and-purchase.md#markets-and-batches).
pub const DEFAULT_COUPON_ID: u64 = 13_417;
/// Coupon discount in percent (docs/behaviour/pricing-and-purchase.md#coupons "Coupon 15 percent").
pub const COUPON_PERCENT: u32 = 15;
/// Length of the free trial in days (docs/behaviour/pricing-and-purchase.md#subscriptions "Free
/// trial 3 days").
pub const FREE_TRIAL_DAYS: u32 = 3;
/// Highest-discount SKU outside India (docs/behaviour/pricing-and-purchase.md#markets-and-batches).
pub const HIGHEST_DISCOUNT_SKU_ID: u64 = 24_109_016;
/// Highest-discount SKU in India (docs/behaviour/pricing-and-purchase.md#markets-and-batches).
pub const HIGHEST_DISCOUNT_SKU_ID_INDIA: u64 = 24_149_003;
/// Pricing plan used when the experiment value is missing or invalid
/// (docs/behaviour/pricing-and-purchase.md#markets-and-batches "default 4").
pub const DEFAULT_PRICING_PLAN: u8 = 4;
/// Mobile credits carousel rotation period (docs/behaviour/pricing-and-purchase.md#purchase-popup
/// "Mobile carousel 6000 ms").
pub const MOBILE_CAROUSEL_MS: u32 = 6_000;

/// A country code as compared here: trimmed and upper-cased (`" us"` is `US`).
fn normalize_country(country: &str) -> String {
    country.trim().to_ascii_uppercase()
}

/// Pricing batch of a country (JS `pricingBatch`): 1 for the check-in countries, 2 for every
/// other country (docs/behaviour/pricing-and-purchase.md#markets-and-batches), including the empty
/// country of a failed country fetch (docs/behaviour/pricing-and-purchase.md#markets-and-batches).
/// `checkin_countries` of `None` uses [`DEFAULT_CHECKIN_COUNTRIES`]. Comparison ignores case and
/// surrounding spaces.
pub fn pricing_batch(country: &str, checkin_countries: Option<&[String]>) -> u8 {
    let c = normalize_country(country);
    if c.is_empty() {
        return 2;
    }
    let listed = match checkin_countries {
        Some(list) => list.iter().any(|x| normalize_country(x) == c),
        None => DEFAULT_CHECKIN_COUNTRIES.contains(&c.as_str()),
    };
    if listed { 1 } else { 2 }
}

/// Whether a country is offered the free trial (JS `isFreeTrialCountry`,
/// docs/behaviour/pricing-and-purchase.md#markets-and-batches); case and surrounding spaces are
/// ignored.
pub fn is_free_trial_country(country: &str) -> bool {
    FREE_TRIAL_COUNTRIES.contains(&normalize_country(country).as_str())
}

/// The pricing plan experiment value (JS `pricingPlan`): a whole number 1 to 4 is kept, and
/// anything else (missing, NaN, fractional, out of range) gives [`DEFAULT_PRICING_PLAN`]
/// (docs/behaviour/pricing-and-purchase.md#markets-and-batches "pricing plan values 1 to 4 (default
/// 4)").
pub fn pricing_plan(value: Option<f64>) -> u8 {
    match value {
        Some(v) if (1.0..=4.0).contains(&v) && v.fract() == 0.0 => {
            // Whole and within 1..=4, so the conversion is exact.
            v as u8
        }
        _ => DEFAULT_PRICING_PLAN,
    }
}

/// The highest-discount SKU id for a country (JS `highestDiscountSkuId`): 24149003 for India
/// (`IN`), 24109016 for every other country
/// (docs/behaviour/pricing-and-purchase.md#markets-and-batches).
pub fn highest_discount_sku_id(country: &str) -> u64 {
    if normalize_country(country) == "IN" {
        HIGHEST_DISCOUNT_SKU_ID_INDIA
    } else {
        HIGHEST_DISCOUNT_SKU_ID
    }
}

/// The pricing constants of docs/behaviour/pricing-and-purchase.md#purchase-popup in one object, so
/// the app never repeats a number (JS `pricingConstants`).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PricingConstants {
    /// [`DEFAULT_COUPON_ID`].
    pub default_coupon_id: u64,
    /// [`COUPON_PERCENT`].
    pub coupon_percent: u32,
    /// [`FREE_TRIAL_DAYS`].
    pub free_trial_days: u32,
    /// [`DEFAULT_PRICING_PLAN`].
    pub default_pricing_plan: u8,
    /// [`MOBILE_CAROUSEL_MS`].
    pub mobile_carousel_ms: u32,
    /// [`FREE_TRIAL_COUNTRIES`].
    pub free_trial_countries: Vec<String>,
    /// [`DEFAULT_CHECKIN_COUNTRIES`].
    pub default_checkin_countries: Vec<String>,
    /// [`super::RECOMMEND_ACTIVITY`]: the activity type of the recommend-activity mode.
    pub recommend_activity: String,
    /// [`crate::credits::SIGNUP_CREDITS`]: the credits a new account starts with.
    pub signup_credits: u32,
    /// [`super::campaign::BANNER_TEXT_MAX_PX`]: the size the banner's text is measured at.
    pub banner_text_max_px: u32,
}

/// The constants above as one object.
pub fn pricing_constants() -> PricingConstants {
    PricingConstants {
        default_coupon_id: DEFAULT_COUPON_ID,
        coupon_percent: COUPON_PERCENT,
        free_trial_days: FREE_TRIAL_DAYS,
        default_pricing_plan: DEFAULT_PRICING_PLAN,
        mobile_carousel_ms: MOBILE_CAROUSEL_MS,
        free_trial_countries: FREE_TRIAL_COUNTRIES.iter().map(|s| s.to_string()).collect(),
        default_checkin_countries: DEFAULT_CHECKIN_COUNTRIES
            .iter()
            .map(|s| s.to_string())
            .collect(),
        recommend_activity: super::RECOMMEND_ACTIVITY.to_string(),
        signup_credits: crate::credits::SIGNUP_CREDITS,
        banner_text_max_px: super::campaign::BANNER_TEXT_MAX_PX,
    }
}
