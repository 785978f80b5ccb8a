//! The halloween banner's discount and text size, and how a discount is written per language
//! (docs/behaviour/pricing-and-purchase.md#coupons "Coupon 15 percent; halloween banner 20 percent
//! (8 in Chinese locale). Banner text size 12 to 34 px."). When the banner runs is
//! [`crate::ads::halloween_banner_active`].

use super::PricingError;
use crate::lang::Lang;
use serde::{Deserialize, Serialize};

/// The halloween banner's discount in percent (docs/behaviour/pricing-and-purchase.md#coupons).
pub const HALLOWEEN_PERCENT: u32 = 20;
/// Smallest banner text size in px (docs/behaviour/pricing-and-purchase.md#coupons).
pub const BANNER_TEXT_MIN_PX: u32 = 12;
/// Largest banner text size in px (docs/behaviour/pricing-and-purchase.md#coupons).
pub const BANNER_TEXT_MAX_PX: u32 = 34;

/// How a discount is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum DiscountStyle {
    /// "20% OFF": the share taken off the price.
    PercentOff,
    /// "8折": the share of the price still paid, in tenths (the Chinese way of writing a
    /// discount).
    Zhe,
}

/// A discount as a language writes it: a style and the number to show.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct DiscountDisplay {
    /// How to write it.
    pub style: DiscountStyle,
    /// The number: the percent off, or the tenths still paid (8 for 20 % off, 8.5 for 15 %).
    pub value: f64,
}

/// How a discount of `percent` is written in `lang` (JS `discountDisplay`).
///
/// docs/behaviour/pricing-and-purchase.md#coupons gives the halloween banner's 20 percent as "8 in
/// Chinese locale": Chinese shops write a discount as the tenths still paid (八折, 80 % of the
/// price), so the Chinese interface shows `(100 - percent) / 10` in the zhe style and every other
/// language the percent off. The spec gives the Chinese form for the banner only; the app uses this
/// for the banner and keeps the plain percent in the SKU badges and the coupon block, whose "-30%"
/// reads the same in any language.
///
/// Errors: `invalid_percent` unless `percent` is a whole number from 1 to 99 (0 is no discount,
/// 100 would be free).
pub fn discount_display(percent: u32, lang: Lang) -> Result<DiscountDisplay, PricingError> {
    if !(1..=99).contains(&percent) {
        return Err(PricingError::InvalidPercent);
    }
    Ok(if lang == Lang::Zh {
        DiscountDisplay {
            style: DiscountStyle::Zhe,
            value: f64::from(100 - percent) / 10.0,
        }
    } else {
        DiscountDisplay {
            style: DiscountStyle::PercentOff,
            value: f64::from(percent),
        }
    })
}

/// The halloween banner's discount in `lang` (JS `halloweenDiscount`): [`discount_display`] of
/// [`HALLOWEEN_PERCENT`], so 20 % off, and 8 (折) in Chinese.
pub fn halloween_discount(lang: Lang) -> DiscountDisplay {
    discount_display(HALLOWEEN_PERCENT, lang).unwrap_or(DiscountDisplay {
        style: DiscountStyle::PercentOff,
        value: f64::from(HALLOWEEN_PERCENT),
    })
}

/// The banner's text size in whole px (JS `bannerTextSize`): the largest size at which the text
/// fits the box, within 12 to 34 px (docs/behaviour/pricing-and-purchase.md#coupons).
///
/// `box_width` is the width the text may take; `text_width_at_max` is the text's width drawn at
/// 34 px (the caller measures it once; text width grows in proportion to the size). The size is
/// `34 * box_width / text_width_at_max`, rounded down so the text never overflows, then kept
/// within 12..=34: a long translation shrinks down to 12 px and wraps below that, a short one
/// stops growing at 34 px. An empty text (width 0) gets 34; a box of width 0 or less gets 12.
///
/// Errors: `invalid_length` for a NaN, infinite or negative text width, or a NaN or infinite box.
pub fn banner_text_size(box_width: f64, text_width_at_max: f64) -> Result<u32, PricingError> {
    if !box_width.is_finite() {
        return Err(PricingError::InvalidLength { what: "box width" });
    }
    if !text_width_at_max.is_finite() || text_width_at_max < 0.0 {
        return Err(PricingError::InvalidLength { what: "text width" });
    }
    let (min, max) = (f64::from(BANNER_TEXT_MIN_PX), f64::from(BANNER_TEXT_MAX_PX));
    if text_width_at_max == 0.0 {
        return Ok(BANNER_TEXT_MAX_PX);
    }
    let fitted = (max * box_width / text_width_at_max).floor();
    // Clamped to 12..=34 (NaN cannot occur: both inputs are finite and the divisor positive),
    // so the conversion is exact.
    Ok(fitted.clamp(min, max) as u32)
}

/// Where a credit pack's discount at checkout comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum PackDiscountSource {
    /// The user's unused coupon (docs/behaviour/pricing-and-purchase.md#coupons: 15 percent), used
    /// up by the purchase.
    Coupon,
    /// The halloween banner's discount, while the banner runs
    /// (docs/behaviour/pricing-and-purchase.md#coupons: 20 percent).
    Halloween,
}

/// The discount a credit pack gets at checkout: a percent and where it comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct PackDiscount {
    /// Percent off the price, 1 to 99.
    pub percent: u32,
    /// The coupon or the halloween campaign.
    pub source: PackDiscountSource,
}

/// The discount a pay-as-you-go credit pack gets at checkout (JS `packDiscount`), given the
/// percent of the user's best unused coupon (`None`: no coupon) and whether the halloween banner
/// runs for the buyer ([`crate::ads::halloween_banner_active`] in the buyer's zone).
///
/// Decided (docs/behaviour/pricing-and-purchase.md#coupons gives the 15 % coupon and the banner's
/// 20 % but not how they combine):
/// - the two never stack: the larger applies; on a tie the campaign applies, so the coupon stays
///   unused for a later purchase;
/// - only pay-as-you-go packs are discounted, like the coupon: a subscription's provider bills
///   every later period at the price of the first, so a campaign price on a plan would either
///   last for ever or change the price after the first period, and the spec shows neither (the
///   banner says the discount is for credit packs);
/// - a free trial costs nothing and takes no discount (the caller does not ask).
///
/// Errors: `invalid_percent` for a coupon percent outside 1..=99.
pub fn pack_discount(
    coupon_percent: Option<u32>,
    halloween: bool,
) -> Result<Option<PackDiscount>, PricingError> {
    if let Some(p) = coupon_percent
        && !(1..=99).contains(&p)
    {
        return Err(PricingError::InvalidPercent);
    }
    let campaign = halloween.then_some(PackDiscount {
        percent: HALLOWEEN_PERCENT,
        source: PackDiscountSource::Halloween,
    });
    let coupon = coupon_percent.map(|percent| PackDiscount {
        percent,
        source: PackDiscountSource::Coupon,
    });
    Ok(match (campaign, coupon) {
        (Some(h), Some(c)) => Some(if c.percent > h.percent { c } else { h }),
        (h, c) => h.or(c),
    })
}

/// A price in whole cents after `percent` off (JS `discountedCents`), rounded half up to whole
/// cents: what the checkout charges and what the buy dialog shows (in currency units, through
/// [`discounted_price`]), so the two never differ by a cent.
///
/// Errors: `invalid_price` for negative cents; `invalid_percent` outside 1..=99.
pub fn discounted_cents(price_cents: i64, percent: u32) -> Result<i64, PricingError> {
    if price_cents < 0 {
        return Err(PricingError::InvalidPrice { what: "price" });
    }
    if !(1..=99).contains(&percent) {
        return Err(PricingError::InvalidPercent);
    }
    // i128: no overflow for any i64 price.
    let cents = (i128::from(price_cents) * i128::from(100 - percent) + 50) / 100;
    // At most the price itself, so it fits.
    Ok(i64::try_from(cents).unwrap_or(price_cents))
}

/// A price in currency units (two decimals, as the SKU list gives it) after `percent` off (JS
/// `discountedPrice`): the price in whole cents, [`discounted_cents`], back to units.
///
/// Errors: `invalid_price` for a NaN, infinite, negative or absurdly large price (over 10^13);
/// `invalid_percent` outside 1..=99.
pub fn discounted_price(price: f64, percent: u32) -> Result<f64, PricingError> {
    if !price.is_finite() || !(0.0..=1e13).contains(&price) {
        return Err(PricingError::InvalidPrice { what: "price" });
    }
    // Finite and at most 10^15 cents (< 2^53), so the conversion is exact.
    let cents = (price * 100.0).round() as i64;
    #[allow(clippy::cast_precision_loss)] // at most 10^15, exact in f64
    Ok(discounted_cents(cents, percent)? as f64 / 100.0)
}
