//! Price arithmetic shown in the popup: discount percent, per-credit price, a yearly plan's
//! monthly price and the currency display (docs/behaviour/pricing-and-purchase.md#prices).
//!
//! Rounding (the spec says "round" and "two decimals" without more): half up (away from zero)
//! on the decimal value a person would compute, so the binary floating-point result is first
//! snapped to 6 decimals: `(10 - 8.75) / 10 * 100` rounds to 13 and `1.005` shows as `1.01`
//! (where JavaScript's `toFixed` would give `1.00` because the double is 1.00499…).

use super::{PricingError, Sku};

/// Snaps away binary noise (to 6 decimals) then rounds half away from zero.
fn round_half_up(x: f64) -> f64 {
    // Beyond 1e15 there is no fractional part left to snap, and x * 1e6 could overflow.
    if x.abs() >= 1e15 {
        return x.round();
    }
    ((x * 1e6).round() / 1e6).round()
}

/// Two-decimal text of a finite non-negative amount, rounded half up ("9.99", "10.00").
pub(crate) fn two_decimals(amount: f64) -> String {
    let cents = round_half_up(amount * 100.0);
    // Below 2^53 the cents are exact integers; above, digits are noise anyway.
    if (0.0..9_007_199_254_740_992.0).contains(&cents) {
        let c = cents as u64;
        format!("{}.{:02}", c / 100, c % 100)
    } else {
        format!("{amount:.2}")
    }
}

fn check_amount(value: f64, what: &'static str) -> Result<f64, PricingError> {
    if value.is_finite() && value >= 0.0 {
        // Normalises -0.0 so it never prints as "-0.00".
        Ok(value + 0.0)
    } else {
        Err(PricingError::InvalidPrice { what })
    }
}

/// Discount percent (docs/behaviour/pricing-and-purchase.md#prices): `round((reference - price) /
/// reference * 100)` where the reference is the original or recommended price (JS
/// `discountPercent`).
///
/// `None` (nothing shown) when either price is missing, not finite, zero or negative; when the
/// price is at or above the reference (no negative "discounts": a price raise shows nothing);
/// and when the rounded result is 0 ("none shown when zero"). Halves round up: 12.5 → 13.
pub fn discount_percent(price: Option<f64>, original_price: Option<f64>) -> Option<i64> {
    let price = price.filter(|p| p.is_finite() && *p > 0.0)?;
    let reference = original_price.filter(|p| p.is_finite() && *p > 0.0)?;
    if price >= reference {
        return None;
    }
    let percent = round_half_up((reference - price) / reference * 100.0);
    // 0 < price < reference keeps the ratio in (0, 100], so the cast is exact.
    let whole = percent.clamp(0.0, 100.0) as i64;
    (whole > 0).then_some(whole)
}

/// A SKU's discount against [`Sku::reference_price`] (JS `skuDiscountPercent`).
pub fn sku_discount_percent(sku: &Sku) -> Option<i64> {
    discount_percent(sku.price, sku.reference_price())
}

/// Per-credit price (docs/behaviour/pricing-and-purchase.md#prices): `price / credits` with two
/// decimals, as text (JS `perCreditPrice`). `perCreditPrice(9.99, 100)` is `"0.10"`.
///
/// Errors: `invalid_price` for a NaN, infinite or negative price; `no_credits` for 0 credits
/// (a pack without credits has no per-credit price); `invalid_credits` for NaN, infinite or
/// negative credits.
pub fn per_credit_price(price: f64, credits: f64) -> Result<String, PricingError> {
    let price = check_amount(price, "price")?;
    if credits == 0.0 {
        return Err(PricingError::NoCredits);
    }
    if !credits.is_finite() || credits < 0.0 {
        return Err(PricingError::InvalidCredits);
    }
    let each = price / credits;
    if !each.is_finite() {
        return Err(PricingError::InvalidCredits);
    }
    Ok(two_decimals(each))
}

/// Monthly price shown for a yearly plan (docs/behaviour/pricing-and-purchase.md#prices): `price /
/// 12` with two decimals (JS `yearlyMonthlyPrice`). `yearlyMonthlyPrice(119.88)` is `"9.99"`.
///
/// Errors: `invalid_price` for a NaN, infinite or negative price.
pub fn yearly_monthly_price(price: f64) -> Result<String, PricingError> {
    let price = check_amount(price, "yearly price")?;
    Ok(two_decimals(price / 12.0))
}

/// Price display (JS `formatPrice`): the currency symbol followed by the amount with two
/// decimals, e.g. `formatPrice(9.99, "$")` is `"$9.99"`. The symbol is trimmed; when it is
/// blank the amount is shown alone (the spec shows no other fallback).
///
/// Errors: `invalid_price` for a NaN, infinite or negative amount.
pub fn format_price(amount: f64, currency_symbol: &str) -> Result<String, PricingError> {
    let amount = check_amount(amount, "amount")?;
    Ok(format!(
        "{}{}",
        currency_symbol.trim(),
        two_decimals(amount)
    ))
}

/// A SKU's price for display (JS `skuPriceText`): [`format_price`] of `price` with
/// `currency_symbol`; `None` when the SKU has no usable price.
pub fn sku_price_text(sku: &Sku) -> Option<String> {
    format_price(sku.price?, &sku.currency_symbol).ok()
}
