//! The "Save N %" claim of the buy dialog, measured against a price the same dialog really
//! offers (docs/behaviour/pricing-and-purchase.md#prices "Real saving").
//!
//! The spec measures a discount against a SKU's `original_price` or `recommend_price`
//! ([`super::discount_percent`]), a list price nobody is ever charged. The project's decision: a
//! saving is only claimed against a real reference, so what a visitor reads is true whoever
//! they are (signed in or out, the rule reads only the listed prices):
//! - a yearly plan against twelve months of the monthly plan of the same tier and credits;
//! - a credit plan or pack against buying its credits at the per-credit price of the smallest
//!   SKU of the same kind (same period, or both packs);
//! - nothing else (a monthly or weekly membership has no cheaper way to compare with).
//!
//! The percent is [`super::discount_percent`]'s arithmetic, so none is claimed at or above the
//! reference and none rounds to 0.

use super::{PeriodUnit, PlanTier, Sku, discount_percent};

/// The reference price a SKU's saving is measured against, if the list holds one.
fn reference_price(skus: &[Sku], sku: &Sku) -> Option<f64> {
    match (sku.tier(), sku.period_unit) {
        (PlanTier::Basic, period) => {
            let credits = sku.credits().filter(|c| *c > 0)?;
            let smallest = skus
                .iter()
                .filter(|s| s.tier() == PlanTier::Basic && s.period_unit == period)
                .filter(|s| s.price.is_some_and(|p| p > 0.0))
                .filter(|s| s.credits().is_some_and(|c| c > 0))
                .min_by_key(|s| s.credits())?;
            let (base_price, base_credits) = (smallest.price?, smallest.credits()?);
            // Credit amounts are far below 2^53: the conversions are exact.
            Some(base_price / base_credits as f64 * credits as f64)
        }
        (tier, Some(PeriodUnit::Year)) => {
            let monthly = skus.iter().find(|s| {
                s.tier() == tier
                    && s.period_unit == Some(PeriodUnit::Month)
                    && s.credits() == sku.credits()
            })?;
            Some(monthly.price? * 12.0)
        }
        _ => None,
    }
}

/// The saving of `skus[index]` in whole percent against its real reference (see the module
/// doc), JS `skuSavingPercent`; `None` when it has none, saves nothing or `index` is outside
/// the list.
pub fn sku_saving_percent(skus: &[Sku], index: usize) -> Option<i64> {
    let sku = skus.get(index)?;
    discount_percent(sku.price, reference_price(skus, sku))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
    use super::*;
    use serde_json::json;

    fn sku(v: serde_json::Value) -> Sku {
        serde_json::from_value(v).unwrap()
    }

    fn credits(n: u64) -> serde_json::Value {
        json!([{"feature_code": "credits_2024", "sale_unit_value": n}])
    }

    #[test]
    fn a_yearly_plan_saves_against_twelve_monthly_payments() {
        let list = [
            sku(
                json!({"sku_id": 24109013, "period_unit": "month", "price": 9.99, "original_price": 12.99, "feature_code_list": credits(100)}),
            ),
            sku(
                json!({"sku_id": 24109014, "period_unit": "year", "price": 83.88, "original_price": 155.88, "feature_code_list": credits(100)}),
            ),
            sku(
                json!({"sku_id": 24109015, "period_unit": "month", "price": 19.99, "original_price": 29.99, "feature_code_list": credits(500)}),
            ),
        ];
        // 83.88 against 119.88.
        assert_eq!(sku_saving_percent(&list, 1), Some(30));
        // A monthly plan claims nothing, whatever its list price says.
        assert_eq!(sku_saving_percent(&list, 0), None);
        assert_eq!(sku_saving_percent(&list, 2), None);
        assert_eq!(sku_saving_percent(&list, 9), None);
    }

    #[test]
    fn a_yearly_plan_without_its_monthly_plan_claims_nothing() {
        let list = [
            sku(
                json!({"sku_id": 24109015, "period_unit": "month", "price": 19.99, "feature_code_list": credits(500)}),
            ),
            sku(
                json!({"sku_id": 24109014, "period_unit": "year", "price": 83.88, "feature_code_list": credits(100)}),
            ),
        ];
        assert_eq!(sku_saving_percent(&list, 1), None);
    }

    #[test]
    fn packs_and_credit_plans_save_against_the_smallest_of_their_kind() {
        let list = [
            sku(json!({"price": 1.99, "feature_code_list": credits(10)})),
            sku(json!({"price": 99.99, "feature_code_list": credits(1000)})),
            sku(json!({"period_unit": "month", "price": 1.49, "feature_code_list": credits(10)})),
            sku(json!({"period_unit": "month", "price": 36.99, "feature_code_list": credits(500)})),
            sku(json!({"price": 20.0, "feature_code_list": credits(100)})),
        ];
        // 99.99 against 1000 × 0.199 = 199.
        assert_eq!(sku_saving_percent(&list, 1), Some(50));
        // 36.99 against 500 × 0.149 = 74.50: the monthly plans compare among themselves.
        assert_eq!(sku_saving_percent(&list, 3), Some(50));
        // The smallest saves nothing against itself; a dearer rate is no saving.
        assert_eq!(sku_saving_percent(&list, 0), None);
        assert_eq!(sku_saving_percent(&list, 2), None);
        assert_eq!(sku_saving_percent(&list, 4), None);
    }
}
