//! JavaScript exports of the buy dialog's offers and promotions in aivg_core: the credit SKUs
//! per device and the recommend-activity mode, the recommended SKU, the promotion modal's
//! offers, and the halloween banner (docs/behaviour/ads-and-experiments.md#ads "Ads", #ads).
//!
//! SKU lists cross as the server sends them and answers are indices into them (as in
//! `pricing`); times are epoch ms with the browser's IANA zone name.

use aivg_core::ads;
use aivg_core::lang::Lang;
use aivg_core::pricing::{self, UserType};
use wasm_bindgen::prelude::*;

use crate::convert::{from_js, to_js_value, u32_arg};
use crate::error::to_js;
use crate::pricing::{batch_arg, skus_arg};
use crate::zone;

fn lang_arg(value: JsValue) -> Result<Lang, JsValue> {
    from_js("lang", value)
}

/// The credits tab's lists for a mode, the same on every device: plans and packs as indices,
/// in display order.
/// ```js
/// const { plans, packs } = creditSkuSets(skus, false, pricingBatch(country))
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = creditSkuSets, unchecked_return_type = "CreditSkuSets")]
pub fn credit_sku_sets(
    #[wasm_bindgen(unchecked_param_type = "Sku[]")] skus: JsValue,
    recommend: bool,
    batch: f64,
) -> Result<JsValue, JsValue> {
    let batch = batch_arg(batch)?;
    to_js_value(&pricing::credit_sku_sets(
        &skus_arg(skus)?,
        recommend,
        batch,
    ))
}

/// The credit slots (period and credits range) a mode offers on every device.
/// ```js
/// creditSkuSlots(false).packs // [{ periodUnit: null, minCredits: 10, maxCredits: 500 }, ...]
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = creditSkuSlots, unchecked_return_type = "CreditSlots")]
pub fn credit_sku_slots(recommend: bool) -> Result<JsValue, JsValue> {
    to_js_value(&pricing::credit_sku_slots(recommend))
}

/// Whether an activity type puts the buy dialog in recommend-activity mode.
/// ```js
/// isRecommendActivity("recommend") // true
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = isRecommendActivity)]
pub fn is_recommend_activity(activity: Option<String>) -> bool {
    pricing::is_recommend_activity(activity.as_deref())
}

/// The recommended SKU among `candidates` (indices into `skus`): the highest-discount one.
/// ```js
/// recommendedSku(skus, [0, 1, 2], "US") // e.g. 2, or undefined when none has a discount
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = recommendedSku, unchecked_return_type = "number | undefined")]
pub fn recommended_sku(
    #[wasm_bindgen(unchecked_param_type = "Sku[]")] skus: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number[]")] candidates: JsValue,
    country: &str,
) -> Result<JsValue, JsValue> {
    let candidates: Vec<usize> = from_js("candidates", candidates)?;
    Ok(
        match pricing::recommended_sku(&skus_arg(skus)?, &candidates, country) {
            Some(i) => to_js_value(&i)?,
            None => JsValue::UNDEFINED,
        },
    )
}

/// The promotion modal's offers for a user type, top first, each with its layer.
/// ```js
/// promoOffers("guest")[0] // { stage: "acquisition", action: "signUp", layer: 1000 }
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = promoOffers, unchecked_return_type = "PromoOffer[]")]
pub fn promo_offers(
    #[wasm_bindgen(unchecked_param_type = "UserType")] user: JsValue,
) -> Result<JsValue, JsValue> {
    to_js_value(&pricing::promo_offers(from_js::<UserType>("user", user)?))
}

/// Whether the halloween banner runs at `nowMs` in the user's zone (24 to 31 October).
/// ```js
/// halloweenBannerActive(Date.now(), Intl.DateTimeFormat().resolvedOptions().timeZone)
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = halloweenBannerActive)]
pub fn halloween_banner_active(
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
    #[wasm_bindgen(js_name = timeZone)] time_zone: &str,
) -> Result<bool, JsValue> {
    ads::halloween_banner_active(now_ms, &zone::named(time_zone)?).map_err(to_js)
}

/// The halloween banner's discount as a language writes it (20 % off; 8 in Chinese).
/// ```js
/// halloweenDiscount("zh") // { style: "zhe", value: 8 }
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = halloweenDiscount, unchecked_return_type = "DiscountDisplay")]
pub fn halloween_discount(
    #[wasm_bindgen(unchecked_param_type = "LanguageCode")] lang: JsValue,
) -> Result<JsValue, JsValue> {
    to_js_value(&pricing::halloween_discount(lang_arg(lang)?))
}

/// A discount percent (1 to 99) as a language writes it.
/// ```js
/// discountDisplay(15, "zh") // { style: "zhe", value: 8.5 }
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = discountDisplay, unchecked_return_type = "DiscountDisplay")]
pub fn discount_display(
    percent: f64,
    #[wasm_bindgen(unchecked_param_type = "LanguageCode")] lang: JsValue,
) -> Result<JsValue, JsValue> {
    let percent = u32_arg("percent", percent)?;
    to_js_value(&pricing::discount_display(percent, lang_arg(lang)?).map_err(to_js)?)
}

/// The banner's text size in px (12 to 34): the largest that fits `boxWidth`, given the text's
/// width drawn at 34 px.
/// ```js
/// bannerTextSize(300, 510) // 20
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = bannerTextSize)]
pub fn banner_text_size(
    #[wasm_bindgen(js_name = boxWidth)] box_width: f64,
    #[wasm_bindgen(js_name = textWidthAtMax)] text_width_at_max: f64,
) -> Result<u32, JsValue> {
    pricing::banner_text_size(box_width, text_width_at_max).map_err(to_js)
}

/// The discount a pay-as-you-go credit pack gets at checkout: the larger of the user's coupon
/// (`couponPercent`, null for none) and the halloween discount while its banner runs; never both.
/// ```js
/// packDiscount(15, true) // { percent: 20, source: "halloween" }
/// packDiscount(null, false) // null
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = packDiscount, unchecked_return_type = "PackDiscount | null")]
pub fn pack_discount(
    #[wasm_bindgen(js_name = couponPercent)] coupon_percent: Option<f64>,
    halloween: bool,
) -> Result<JsValue, JsValue> {
    let coupon = coupon_percent
        .map(|p| u32_arg("couponPercent", p))
        .transpose()?;
    to_js_value(&pricing::pack_discount(coupon, halloween).map_err(to_js)?)
}

/// A price in currency units after `percent` off, rounded to whole cents as the checkout
/// charges it.
/// ```js
/// discountedPrice(9.99, 20) // 7.99
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = discountedPrice)]
pub fn discounted_price(price: f64, percent: f64) -> Result<f64, JsValue> {
    pricing::discounted_price(price, u32_arg("percent", percent)?).map_err(to_js)
}
