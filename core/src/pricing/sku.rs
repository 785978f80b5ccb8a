//! The SKU of the pricing popup, with the server's field names, and what is derived from it
//! (docs/behaviour/pricing-and-purchase.md#skus "SKU", #skus "SKU to tier").

use super::tolerant;
use serde::{Deserialize, Serialize};

/// Billing period of a subscription SKU (docs/behaviour/pricing-and-purchase.md#subscriptions
/// `period_unit`: week|month|year).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PeriodUnit {
    /// Weekly subscription.
    Week,
    /// Monthly subscription.
    Month,
    /// Yearly subscription.
    Year,
}

impl PeriodUnit {
    /// The wire spelling (`"week"`, `"month"`, `"year"`).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Week => "week",
            Self::Month => "month",
            Self::Year => "year",
        }
    }

    /// Reads the wire spelling, case-insensitively; anything else is `None`.
    pub fn parse(text: &str) -> Option<Self> {
        match text.trim().to_ascii_lowercase().as_str() {
            "week" => Some(Self::Week),
            "month" => Some(Self::Month),
            "year" => Some(Self::Year),
            _ => None,
        }
    }
}

fn opt_period<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<PeriodUnit>, D::Error> {
    let v = Option::<serde_json::Value>::deserialize(d)?;
    Ok(match v {
        Some(serde_json::Value::String(s)) => PeriodUnit::parse(&s),
        _ => None,
    })
}

/// Plan tier of a SKU: the one tier type of core, defined with the SKU-id table in `session`.
pub use crate::session::Tier as PlanTier;

/// One entry of `feature_code_list` (docs/behaviour/pricing-and-purchase.md#skus): a feature code
/// and its amount.
#[cfg_attr(
    feature = "tsify",
    derive(tsify::Tsify),
    tsify(missing_as_null, rename = "SkuFeatureCode")
)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FeatureCode {
    /// The feature code; the credits amount is under the 2024 credits code (see [`is_credits_code`]).
    #[cfg_attr(feature = "tsify", tsify(type = "string | null"))]
    #[serde(default, deserialize_with = "tolerant::text")]
    pub feature_code: String,
    /// The amount; for the credits code it is the number of credits (number or numeric string).
    #[cfg_attr(feature = "tsify", tsify(type = "number | string | null"))]
    #[serde(default, deserialize_with = "tolerant::opt_number")]
    pub sale_unit_value: Option<f64>,
}

/// Whether a feature code is "the 2024 credits one" (docs/behaviour/pricing-and-purchase.md#skus).
///
/// The exact code is not shown, so any code that mentions both `credit` and `2024`
/// (case-insensitive, e.g. `credits_2024`, `MI_AI_CREDIT_2024`) counts; older credits codes
/// without `2024` are ignored, as the spec names only the 2024 one.
pub fn is_credits_code(code: &str) -> bool {
    let lower = code.to_ascii_lowercase();
    lower.contains("credit") && lower.contains("2024")
}

/// A SKU as the server sends it (docs/behaviour/pricing-and-purchase.md#skus), read tolerantly:
/// prices and ids may be numbers or numeric strings, flags may be booleans or 0/1, and anything
/// missing or unreadable is `None`, `false` or `""` rather than an error. Field names are the
/// server's (snake_case).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Sku {
    /// SKU id (e.g. 24109016).
    #[cfg_attr(feature = "tsify", tsify(type = "number | string | null"))]
    #[serde(default, deserialize_with = "tolerant::opt_whole")]
    pub sku_id: Option<u64>,
    /// Subscription template id.
    #[cfg_attr(feature = "tsify", tsify(type = "number | string | null"))]
    #[serde(default, deserialize_with = "tolerant::opt_whole")]
    pub sub_tpl_id: Option<u64>,
    /// Subscription template name; contains `standard` or `premium` for memberships.
    #[cfg_attr(feature = "tsify", tsify(type = "string | null"))]
    #[serde(default, deserialize_with = "tolerant::text")]
    pub sub_tpl_name: String,
    /// Billing period; `None` for pay-as-you-go packs (or an unknown unit).
    #[cfg_attr(feature = "tsify", tsify(type = "PeriodUnit | string | null"))]
    #[serde(default, deserialize_with = "opt_period")]
    pub period_unit: Option<PeriodUnit>,
    /// Number of period units per billing cycle.
    #[cfg_attr(feature = "tsify", tsify(type = "number | string | null"))]
    #[serde(default, deserialize_with = "tolerant::opt_whole")]
    pub period_val: Option<u64>,
    /// Price to pay.
    #[cfg_attr(feature = "tsify", tsify(type = "number | string | null"))]
    #[serde(default, deserialize_with = "tolerant::opt_number")]
    pub price: Option<f64>,
    /// List price before discount.
    #[cfg_attr(feature = "tsify", tsify(type = "number | string | null"))]
    #[serde(default, deserialize_with = "tolerant::opt_number")]
    pub original_price: Option<f64>,
    /// Recommended (reference) price.
    #[cfg_attr(feature = "tsify", tsify(type = "number | string | null"))]
    #[serde(default, deserialize_with = "tolerant::opt_number")]
    pub recommend_price: Option<f64>,
    /// Whether the recommended price is the one to strike through and compare against.
    #[cfg_attr(feature = "tsify", tsify(type = "boolean | number | string | null"))]
    #[serde(default, deserialize_with = "tolerant::flag")]
    pub show_rec_price: bool,
    /// Currency code (e.g. `USD`).
    #[cfg_attr(feature = "tsify", tsify(type = "string | null"))]
    #[serde(default, deserialize_with = "tolerant::text")]
    pub currency: String,
    /// Currency symbol shown before amounts (e.g. `$`).
    #[cfg_attr(feature = "tsify", tsify(type = "string | null"))]
    #[serde(default, deserialize_with = "tolerant::text")]
    pub currency_symbol: String,
    /// Feature codes and amounts; the credits amount lives here.
    #[cfg_attr(feature = "tsify", tsify(type = "SkuFeatureCode[] | null"))]
    #[serde(default, deserialize_with = "tolerant::list")]
    pub feature_code_list: Vec<FeatureCode>,
    /// Store URL for a normal purchase.
    #[cfg_attr(feature = "tsify", tsify(type = "string | null"))]
    #[serde(default, deserialize_with = "tolerant::text")]
    pub buy_url: String,
    /// Retention promotion flag (the spec gives no type; read as a flag: true, 1 or "1").
    #[cfg_attr(feature = "tsify", tsify(type = "boolean | number | string | null"))]
    #[serde(default, deserialize_with = "tolerant::flag")]
    pub retention_promotion: bool,
    /// Store URL used for the retention promotion.
    #[cfg_attr(feature = "tsify", tsify(type = "string | null"))]
    #[serde(default, deserialize_with = "tolerant::text")]
    pub retention_promotion_buy_url: String,
    /// Free-trial (zero-price first period) flag.
    #[cfg_attr(feature = "tsify", tsify(type = "boolean | number | string | null"))]
    #[serde(default, deserialize_with = "tolerant::flag")]
    pub zero_buy: bool,
    /// Store URL used when the free-trial checkbox is ticked.
    #[cfg_attr(feature = "tsify", tsify(type = "string | null"))]
    #[serde(default, deserialize_with = "tolerant::text")]
    pub zero_buy_url: String,
}

impl Sku {
    /// A SKU is a subscription when it has a billing period (week, month or year); packs
    /// without `period_unit` are pay-as-you-go (docs/behaviour/pricing-and-purchase.md#skus derived
    /// `isSubscription`).
    pub fn is_subscription(&self) -> bool {
        self.period_unit.is_some()
    }

    /// Credits granted: `sale_unit_value` of the 2024 credits feature code, when it is a
    /// finite non-negative number (rounded to a whole credit); `None` otherwise.
    pub fn credits(&self) -> Option<u64> {
        let value = self
            .feature_code_list
            .iter()
            .find(|f| is_credits_code(&f.feature_code))?
            .sale_unit_value?;
        // 2^53 caps it so the conversion stays exact.
        if !(0.0..=9_007_199_254_740_992.0).contains(&value) {
            return None;
        }
        Some(value.round() as u64)
    }

    /// Tier: the fixed SKU-id table of docs/behaviour/pricing-and-purchase.md#plans-and-tiers
    /// first, then `sub_tpl_name` containing `premium` or `standard` (premium wins if both appear),
    /// else basic ([`crate::session::sku_tier`]).
    pub fn tier(&self) -> PlanTier {
        crate::session::sku_tier(
            self.sku_id.and_then(|id| i64::try_from(id).ok()),
            &self.sub_tpl_name,
        )
    }

    /// The plan label as a translation-key suffix (the spec lists "plan label" as derived but
    /// does not show it): `{tier}_{period}` for subscriptions (`standard_monthly`,
    /// `premium_yearly`, `basic_weekly`), `credits_pack` for pay-as-you-go.
    pub fn plan_label(&self) -> String {
        match self.period_unit {
            None => "credits_pack".to_string(),
            Some(unit) => {
                let period = match unit {
                    PeriodUnit::Week => "weekly",
                    PeriodUnit::Month => "monthly",
                    PeriodUnit::Year => "yearly",
                };
                format!("{}_{period}", self.tier().as_str())
            }
        }
    }

    /// The price the discount is measured against: `recommend_price` when `show_rec_price` is
    /// set and it is positive, else `original_price`
    /// (docs/behaviour/pricing-and-purchase.md#purchase-popup "original or recommended").
    pub fn reference_price(&self) -> Option<f64> {
        let rec = self.recommend_price.filter(|p| *p > 0.0);
        match (self.show_rec_price, rec) {
            (true, Some(r)) => Some(r),
            _ => self.original_price,
        }
    }
}

/// What the popup derives from a SKU (docs/behaviour/pricing-and-purchase.md#skus "derived"), in
/// one object for JavaScript.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SkuDerived {
    /// See [`Sku::is_subscription`].
    pub is_subscription: bool,
    /// See [`Sku::credits`].
    pub credits: Option<u64>,
    /// See [`Sku::tier`].
    #[cfg_attr(feature = "tsify", tsify(type = "Tier"))]
    pub tier: PlanTier,
    /// See [`Sku::plan_label`].
    pub plan_label: String,
    /// Discount against the reference price (see [`super::sku_discount_percent`]).
    pub discount_percent: Option<i64>,
}

/// Everything derived from one SKU (JS `describeSku`).
pub fn describe_sku(sku: &Sku) -> SkuDerived {
    SkuDerived {
        is_subscription: sku.is_subscription(),
        credits: sku.credits(),
        tier: sku.tier(),
        plan_label: sku.plan_label(),
        discount_percent: super::sku_discount_percent(sku),
    }
}

/// Initial state of a SKU's free-trial checkbox when the popup opens
/// (docs/behaviour/pricing-and-purchase.md#purchase-popup "resets each SKU's trial checkbox to
/// (zero_buy and auto-checked)").
pub fn trial_checkbox_default(sku: &Sku, auto_checked: bool) -> bool {
    sku.zero_buy && auto_checked
}

/// Free-trial selector visibility (docs/behaviour/pricing-and-purchase.md#subscriptions): only when
/// the user is not subscribed and the SKU has `zero_buy` and a non-blank `zero_buy_url`.
pub fn free_trial_selector_visible(is_subscribed: bool, sku: &Sku) -> bool {
    !is_subscribed && sku.zero_buy && !sku.zero_buy_url.trim().is_empty()
}

/// The store URL a buy click opens (docs/behaviour/pricing-and-purchase.md#purchase-popup):
/// `zero_buy_url` when the free-trial box is ticked and the selector is available for this SKU,
/// else `buy_url`. `None` when the chosen URL is blank, so the caller can refuse the click instead
/// of opening an empty tab.
pub fn sku_buy_url(sku: &Sku, zero_buy_ticked: bool, is_subscribed: bool) -> Option<String> {
    let url = if zero_buy_ticked && free_trial_selector_visible(is_subscribed, sku) {
        &sku.zero_buy_url
    } else {
        &sku.buy_url
    };
    let trimmed = url.trim();
    (!trimmed.is_empty()).then(|| trimmed.to_string())
}

/// Credits-SKU discount flag (docs/behaviour/pricing-and-purchase.md#purchase-popup): only for the
/// 1000 and 2000 credit pay-as-you-go packs.
pub fn credits_discount_flag(sku: &Sku) -> bool {
    !sku.is_subscription() && matches!(sku.credits(), Some(1000 | 2000))
}
