//! JavaScript exports of aivg_core::pricing: discounts, per-credit prices, SKU orders and
//! filters, popup tabs and cards, batches, the promo table and the funnel
//! (docs/behaviour/pricing-and-purchase.md#purchase-popup).
//!
//! SKUs cross as the server sends them (snake_case fields, numbers or numeric strings); orders
//! and filters answer with indices into the list given, so the app keeps its own objects. SKU
//! ids cross as JS numbers.

use aivg_core::pricing::{self, MembershipPeriod, Sku, UserType};
use wasm_bindgen::prelude::*;

use crate::convert::{from_js, int_arg, to_js_value, u32_arg};
use crate::error::{bad_argument, to_js};

/// Reads one SKU argument.
fn sku_arg(value: JsValue) -> Result<Sku, JsValue> {
    from_js("sku", value)
}

/// Reads a SKU list argument.
pub(crate) fn skus_arg(value: JsValue) -> Result<Vec<Sku>, JsValue> {
    from_js("skus", value)
}

/// Reads a pricing batch: a whole number from 0 to 255 (the rules know 1 and 2).
pub(crate) fn batch_arg(value: f64) -> Result<u8, JsValue> {
    u8::try_from(u32_arg("batch", value)?).map_err(|_| {
        bad_argument(
            "batch",
            format!("expected a whole number from 0 to 255, got {value}"),
        )
    })
}

/// Reads a SKU id: a whole number from 0 up (SKU ids cross as JS numbers).
fn sku_id_arg(value: f64) -> Result<u64, JsValue> {
    u64::try_from(int_arg("skuId", value)?).map_err(|_| {
        bad_argument(
            "skuId",
            format!("expected a whole number from 0 up, got {value}"),
        )
    })
}

/// An optional integer as `number | null`.
fn number_or_null(value: Option<i64>) -> JsValue {
    // Percentages are 1..=100, far inside the exact range of a double.
    value.map_or(JsValue::NULL, |v| JsValue::from_f64(v as f64))
}

/// Discount percent of a price against the original (or recommended) price; null when none is shown.
/// ```js
/// discountPercent(9.99, 19.99) // 50
/// discountPercent(10, 10)      // null
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = discountPercent, unchecked_return_type = "number | null")]
pub fn discount_percent(
    price: Option<f64>,
    #[wasm_bindgen(js_name = originalPrice)] original_price: Option<f64>,
) -> JsValue {
    number_or_null(pricing::discount_percent(price, original_price))
}

/// A SKU's discount against its reference price (recommended when `show_rec_price`, else original).
/// ```js
/// skuDiscountPercent({ price: "9.99", original_price: 19.99 }) // 50
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = skuDiscountPercent, unchecked_return_type = "number | null")]
pub fn sku_discount_percent(
    #[wasm_bindgen(unchecked_param_type = "Sku")] sku: JsValue,
) -> Result<JsValue, JsValue> {
    Ok(number_or_null(pricing::sku_discount_percent(&sku_arg(
        sku,
    )?)))
}

/// A SKU's saving against a real reference price (twelve monthly payments for a yearly plan,
/// the smallest SKU of its kind for credits); null when it has none.
/// ```js
/// skuSavingPercent(skus, 1) // e.g. 30 for a yearly plan at 83.88 next to a monthly one at 9.99
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = skuSavingPercent, unchecked_return_type = "number | null")]
pub fn sku_saving_percent(
    #[wasm_bindgen(unchecked_param_type = "Sku[]")] skus: JsValue,
    index: f64,
) -> Result<JsValue, JsValue> {
    let skus = skus_arg(skus)?;
    let index = usize::try_from(u32_arg("index", index)?)
        .map_err(|_| bad_argument("index", format!("expected a list index, got {index}")))?;
    Ok(number_or_null(pricing::sku_saving_percent(&skus, index)))
}

/// The benefit rows of a membership SKU's card, each included or not; empty for other SKUs.
/// ```js
/// planBenefits({ sku_id: 24109013, period_unit: "month" })[0] // { key: "monthly_credits", included: true, count: 100, minutes: [] }
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = planBenefits, unchecked_return_type = "PlanBenefit[]")]
pub fn plan_benefits(
    #[wasm_bindgen(unchecked_param_type = "Sku")] sku: JsValue,
) -> Result<JsValue, JsValue> {
    to_js_value(&pricing::plan_benefits(&sku_arg(sku)?))
}

/// Per-credit price with two decimals, rounded half up; throws `no_credits` for 0 credits.
/// ```js
/// perCreditPrice(9.99, 100) // "0.10"
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = perCreditPrice)]
pub fn per_credit_price(price: f64, credits: f64) -> Result<String, JsValue> {
    pricing::per_credit_price(price, credits).map_err(to_js)
}

/// Monthly price shown for a yearly plan: price / 12 with two decimals.
/// ```js
/// yearlyMonthlyPrice(119.88) // "9.99"
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = yearlyMonthlyPrice)]
pub fn yearly_monthly_price(price: f64) -> Result<String, JsValue> {
    pricing::yearly_monthly_price(price).map_err(to_js)
}

/// Price display: the currency symbol followed by the amount with two decimals.
/// ```js
/// formatPrice(9.99, "$") // "$9.99"
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = formatPrice)]
pub fn format_price(
    amount: f64,
    #[wasm_bindgen(js_name = currencySymbol)] currency_symbol: &str,
) -> Result<String, JsValue> {
    pricing::format_price(amount, currency_symbol).map_err(to_js)
}

/// A SKU's price for display, or undefined when it has no usable price.
/// ```js
/// skuPriceText({ price: "9.99", currency_symbol: "$" }) // "$9.99"
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = skuPriceText)]
pub fn sku_price_text(
    #[wasm_bindgen(unchecked_param_type = "Sku")] sku: JsValue,
) -> Result<Option<String>, JsValue> {
    Ok(pricing::sku_price_text(&sku_arg(sku)?))
}

/// Everything the popup derives from one SKU (subscription, credits, tier, plan label, discount).
/// ```js
/// describeSku({ sku_id: 24109016, period_unit: "year" }).planLabel // "premium_yearly"
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = describeSku, unchecked_return_type = "SkuDerived")]
pub fn describe_sku(
    #[wasm_bindgen(unchecked_param_type = "Sku")] sku: JsValue,
) -> Result<JsValue, JsValue> {
    to_js_value(&pricing::describe_sku(&sku_arg(sku)?))
}

/// Initial state of a SKU's free-trial checkbox when the popup opens (zero_buy and auto-checked).
/// ```js
/// trialCheckboxDefault({ zero_buy: 1 }, true) // true
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = trialCheckboxDefault)]
pub fn trial_checkbox_default(
    #[wasm_bindgen(unchecked_param_type = "Sku")] sku: JsValue,
    #[wasm_bindgen(js_name = autoChecked)] auto_checked: bool,
) -> Result<bool, JsValue> {
    Ok(pricing::trial_checkbox_default(
        &sku_arg(sku)?,
        auto_checked,
    ))
}

/// Whether the free-trial selector shows: not subscribed, and the SKU has zero_buy and a zero_buy_url.
/// ```js
/// freeTrialSelectorVisible(false, { zero_buy: true, zero_buy_url: "https://pay/t" }) // true
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = freeTrialSelectorVisible)]
pub fn free_trial_selector_visible(
    #[wasm_bindgen(js_name = isSubscribed)] is_subscribed: bool,
    #[wasm_bindgen(unchecked_param_type = "Sku")] sku: JsValue,
) -> Result<bool, JsValue> {
    Ok(pricing::free_trial_selector_visible(
        is_subscribed,
        &sku_arg(sku)?,
    ))
}

/// The store URL a buy click opens (zero_buy_url when the trial box is ticked and offered), or undefined when blank.
/// ```js
/// skuBuyUrl({ buy_url: "https://pay/b" }, false, false) // "https://pay/b"
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = skuBuyUrl)]
pub fn sku_buy_url(
    #[wasm_bindgen(unchecked_param_type = "Sku")] sku: JsValue,
    #[wasm_bindgen(js_name = zeroBuyTicked)] zero_buy_ticked: bool,
    #[wasm_bindgen(js_name = isSubscribed)] is_subscribed: bool,
) -> Result<Option<String>, JsValue> {
    Ok(pricing::sku_buy_url(
        &sku_arg(sku)?,
        zero_buy_ticked,
        is_subscribed,
    ))
}

/// Credits-SKU discount flag: only the 1000 and 2000 credit pay-as-you-go packs.
/// ```js
/// creditsDiscountFlag({ feature_code_list: [{ feature_code: "credits_2024", sale_unit_value: 1000 }] }) // true
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = creditsDiscountFlag)]
pub fn credits_discount_flag(
    #[wasm_bindgen(unchecked_param_type = "Sku")] sku: JsValue,
) -> Result<bool, JsValue> {
    Ok(pricing::credits_discount_flag(&sku_arg(sku)?))
}

/// Whether a feature code is the 2024 credits code (mentions both "credit" and "2024").
/// ```js
/// isCreditsCode("MI_AI_CREDIT_2024") // true
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = isCreditsCode)]
pub fn is_credits_code(code: &str) -> bool {
    pricing::is_credits_code(code)
}

/// Display order of credits SKUs as indices: ascending by credits, descending in batch 2.
/// ```js
/// creditSkuOrder(skus, pricingBatch(country)) // e.g. [0, 2, 1]
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = creditSkuOrder, unchecked_return_type = "number[]")]
pub fn credit_sku_order(
    #[wasm_bindgen(unchecked_param_type = "Sku[]")] skus: JsValue,
    batch: f64,
) -> Result<JsValue, JsValue> {
    let batch = batch_arg(batch)?;
    to_js_value(&pricing::credit_sku_order(&skus_arg(skus)?, batch))
}

/// Display order of membership SKUs as indices: by price, highest first.
/// ```js
/// membershipSkuOrder([{ price: 9.99 }, { price: 19.99 }]) // [1, 0]
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = membershipSkuOrder, unchecked_return_type = "number[]")]
pub fn membership_sku_order(
    #[wasm_bindgen(unchecked_param_type = "Sku[]")] skus: JsValue,
) -> Result<JsValue, JsValue> {
    to_js_value(&pricing::membership_sku_order(&skus_arg(skus)?))
}

/// The membership tier the popup offers: standard in membership-upgrade mode, else premium.
/// ```js
/// membershipTier(true) // "standard"
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = membershipTier, unchecked_return_type = "Tier")]
pub fn membership_tier(
    #[wasm_bindgen(js_name = upgradeMode)] upgrade_mode: bool,
) -> Result<JsValue, JsValue> {
    to_js_value(&pricing::membership_tier(upgrade_mode))
}

/// Indices of the membership SKUs of the offered tier, in the given order.
/// ```js
/// membershipSkuFilter([{ sub_tpl_name: "Premium" }, { sub_tpl_name: "Standard" }], false) // [0]
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = membershipSkuFilter, unchecked_return_type = "number[]")]
pub fn membership_sku_filter(
    #[wasm_bindgen(unchecked_param_type = "Sku[]")] skus: JsValue,
    #[wasm_bindgen(js_name = upgradeMode)] upgrade_mode: bool,
) -> Result<JsValue, JsValue> {
    to_js_value(&pricing::membership_sku_filter(
        &skus_arg(skus)?,
        upgrade_mode,
    ))
}

/// The tab the smart popup opens on: membership without a subscription, credits for subscribers.
/// ```js
/// smartPopupTab("free") // "membership"
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = smartPopupTab, unchecked_return_type = "BuyTab")]
pub fn smart_popup_tab(
    #[wasm_bindgen(unchecked_param_type = "UserType")] user: JsValue,
) -> Result<JsValue, JsValue> {
    to_js_value(&pricing::smart_popup_tab(from_js::<UserType>(
        "user", user,
    )?))
}

/// The membership tab's default period: yearly in batch 2, else monthly.
/// ```js
/// defaultMembershipPeriod(2) // "yearly"
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = defaultMembershipPeriod, unchecked_return_type = "MembershipPeriod")]
pub fn default_membership_period(batch: f64) -> Result<JsValue, JsValue> {
    to_js_value(&pricing::default_membership_period(batch_arg(batch)?))
}

/// Plan B's monthly and yearly cards as indices: standard SKUs in batch 1, premium otherwise.
/// ```js
/// planBCards(skus, 1) // { monthly: 1, yearly: 2 }
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = planBCards, unchecked_return_type = "PlanBCards")]
pub fn plan_b_cards(
    #[wasm_bindgen(unchecked_param_type = "Sku[]")] skus: JsValue,
    batch: f64,
) -> Result<JsValue, JsValue> {
    let batch = batch_arg(batch)?;
    to_js_value(&pricing::plan_b_cards(&skus_arg(skus)?, batch))
}

/// Plan C's standard and premium cards for a period as indices (premium first on mobile).
/// ```js
/// planCCards(skus, "yearly", false) // [3, 5]
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = planCCards, unchecked_return_type = "number[]")]
pub fn plan_c_cards(
    #[wasm_bindgen(unchecked_param_type = "Sku[]")] skus: JsValue,
    #[wasm_bindgen(unchecked_param_type = "MembershipPeriod")] period: JsValue,
    #[wasm_bindgen(js_name = isMobile)] is_mobile: bool,
) -> Result<JsValue, JsValue> {
    let period: MembershipPeriod = from_js("period", period)?;
    to_js_value(&pricing::plan_c_cards(&skus_arg(skus)?, period, is_mobile))
}

/// Pricing batch of a country: 1 for the check-in countries (default IN, ID), else 2.
/// ```js
/// pricingBatch("in") // 1
/// pricingBatch("US", ["US", "CA"]) // 1
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = pricingBatch)]
pub fn pricing_batch(
    country: &str,
    #[wasm_bindgen(js_name = checkinCountries, unchecked_optional_param_type = "string[] | null")]
    checkin_countries: JsValue,
) -> Result<u8, JsValue> {
    let list: Option<Vec<String>> = from_js("checkinCountries", checkin_countries)?;
    Ok(pricing::pricing_batch(country, list.as_deref()))
}

/// Whether a country is offered the 3-day free trial (US, BR, GB, MX, FR, PH).
/// ```js
/// isFreeTrialCountry(" us ") // true
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = isFreeTrialCountry)]
pub fn is_free_trial_country(country: &str) -> bool {
    pricing::is_free_trial_country(country)
}

/// The pricing plan experiment value: a whole number 1 to 4, anything else gives 4.
/// ```js
/// pricingPlan(2) // 2
/// pricingPlan(undefined) // 4
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = pricingPlan)]
pub fn pricing_plan(value: Option<f64>) -> u8 {
    pricing::pricing_plan(value)
}

/// The highest-discount SKU id for a country: 24149003 for India, else 24109016.
/// ```js
/// highestDiscountSkuId("IN") // 24149003
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = highestDiscountSkuId)]
pub fn highest_discount_sku_id(country: &str) -> f64 {
    // The two ids are 8-digit constants: exact as doubles.
    pricing::highest_discount_sku_id(country) as f64
}

/// The pricing constants of docs/behaviour/pricing-and-purchase.md#purchase-popup in one object (coupon,
/// trial days, plan default, carousel, countries).
/// ```js
/// pricingConstants().couponPercent // 15
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = pricingConstants, unchecked_return_type = "PricingConstants")]
pub fn pricing_constants() -> Result<JsValue, JsValue> {
    to_js_value(&pricing::pricing_constants())
}

/// The promo config row of a subscription SKU id, or null outside 25284005..25284016.
/// ```js
/// promoConfig(25284005).monthCredits // 50
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = promoConfig, unchecked_return_type = "PromoConfig | null")]
pub fn promo_config(#[wasm_bindgen(js_name = skuId)] sku_id: f64) -> Result<JsValue, JsValue> {
    to_js_value(&pricing::promo_config(sku_id_arg(sku_id)?))
}

/// The whole promo table, in id order.
/// ```js
/// promoConfigTable().length // 12
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = promoConfigTable, unchecked_return_type = "PromoConfig[]")]
pub fn promo_config_table() -> Result<JsValue, JsValue> {
    to_js_value(&pricing::promo_config_table())
}

/// Funnel stages in priority order for a user type (stages already passed are left out).
/// ```js
/// funnelStageOrder("free") // ["activation", "revenue", "retention", "referral"]
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = funnelStageOrder, unchecked_return_type = "FunnelStage[]")]
pub fn funnel_stage_order(
    #[wasm_bindgen(unchecked_param_type = "UserType")] user: JsValue,
) -> Result<JsValue, JsValue> {
    to_js_value(&pricing::funnel_stage_order(from_js::<UserType>(
        "user", user,
    )?))
}

/// The virtual discount layer of an offer: 1000 plus 10 per rank below the top.
/// ```js
/// virtualDiscountLayer(1) // 1010
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = virtualDiscountLayer)]
pub fn virtual_discount_layer(
    #[wasm_bindgen(js_name = ranksBelowTop)] ranks_below_top: f64,
) -> Result<u32, JsValue> {
    Ok(pricing::virtual_discount_layer(u32_arg(
        "ranksBelowTop",
        ranks_below_top,
    )?))
}
