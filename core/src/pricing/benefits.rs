//! What each membership tier really gets, as the rows of a plan card's benefits list
//! (docs/behaviour/pricing-and-purchase.md#plans-and-tiers "Plan benefits").
//!
//! The rows are the spec's benefit table and tier list, one row per thing a plan may have, with
//! the tiers' real values: credits a month (standard 100, premium 500), the daily check-in
//! credits (5 and 10, docs/behaviour/credits-and-checkin.md), the metered tools (15, 10 and 10
//! minutes a month on standard, unmetered on premium), faster generation and the coupon on extra
//! credits (premium only), and the four membership features both tiers share. A row a tier lacks
//! is in its list as not included, so two cards side by side show where they differ.
//!
//! The project's decision: the spec's "3 videos" and "5 videos" say no more than that, so they
//! are not listed (a claim nobody can check is no benefit).

use super::{COUPON_PERCENT, PlanTier, Sku};
use crate::checkin::{CHECKIN_CREDITS_PREMIUM, CHECKIN_CREDITS_STANDARD};
use crate::session::MEMBERSHIP_FEATURES;
use crate::tasks::MinuteTool;
use crate::tasks::minutes::STANDARD_MONTHLY_MINUTES;
use serde::{Deserialize, Serialize};

/// Credits a month of the standard plan (docs/behaviour/pricing-and-purchase.md#plans-and-tiers).
pub const STANDARD_MONTHLY_CREDITS: u32 = 100;
/// Credits a month of the premium plan (docs/behaviour/pricing-and-purchase.md#plans-and-tiers).
pub const PREMIUM_MONTHLY_CREDITS: u32 = 500;

/// The credits a month of a tier's plan; 0 for basic.
pub fn tier_monthly_credits(tier: PlanTier) -> u32 {
    match tier {
        PlanTier::Basic => 0,
        PlanTier::Standard => STANDARD_MONTHLY_CREDITS,
        PlanTier::Premium => PREMIUM_MONTHLY_CREDITS,
    }
}

/// One row of a plan card's benefits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct PlanBenefit {
    /// What the row is, a translation-key suffix: `monthly_credits`, `checkin_credits`,
    /// `tool_minutes`, `unmetered_tools`, `faster_generation`, `credits_coupon`, or a membership
    /// feature code (`watermark_free`, `ultra_hd`, `frame_interpolation`, `unlimited_effect`).
    pub key: String,
    /// Whether the plan has it (a row it lacks is shown as not included).
    pub included: bool,
    /// The row's number when it has one: credits, minutes, percent.
    pub count: Option<u32>,
    /// The standard plan's minutes of each metered tool, for `tool_minutes` (translate,
    /// denoise, vocal remover).
    pub minutes: Vec<u32>,
}

fn row(key: &str, included: bool, count: Option<u32>) -> PlanBenefit {
    PlanBenefit {
        key: key.to_owned(),
        included,
        count,
        minutes: Vec::new(),
    }
}

/// The benefits of a membership SKU (JS `planBenefits`), in display order; empty for a SKU that
/// is no membership. The credits a month are the SKU's own when it lists them (a promo plan
/// grants its own amount), else its tier's.
pub fn plan_benefits(sku: &Sku) -> Vec<PlanBenefit> {
    let tier = sku.tier();
    let premium = match tier {
        PlanTier::Basic => return Vec::new(),
        PlanTier::Standard => false,
        PlanTier::Premium => true,
    };
    let credits = sku
        .credits()
        .and_then(|c| u32::try_from(c).ok())
        .filter(|c| *c > 0)
        .unwrap_or_else(|| tier_monthly_credits(tier));
    let checkin = if premium {
        CHECKIN_CREDITS_PREMIUM
    } else {
        CHECKIN_CREDITS_STANDARD
    };
    let mut rows = vec![
        row("monthly_credits", true, Some(credits)),
        row("checkin_credits", true, Some(checkin)),
    ];
    // One row for the metered tools on both cards, so the cards line up row by row: unmetered
    // on premium, the standard plan's minutes on standard.
    if premium {
        rows.push(row("unmetered_tools", true, None));
    } else {
        let mut metered = row("tool_minutes", true, None);
        metered.minutes = [
            MinuteTool::Translate,
            MinuteTool::Denoise,
            MinuteTool::VocalRemover,
        ]
        .iter()
        .filter_map(|tool| {
            STANDARD_MONTHLY_MINUTES
                .iter()
                .find(|(t, _)| t == tool)
                .map(|(_, m)| *m)
        })
        .collect();
        rows.push(metered);
    }
    rows.push(row("faster_generation", premium, None));
    rows.push(row("credits_coupon", premium, Some(COUPON_PERCENT)));
    rows.extend(MEMBERSHIP_FEATURES.iter().map(|code| row(code, true, None)));
    rows
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
    use super::*;
    use serde_json::json;

    fn sku(v: serde_json::Value) -> Sku {
        serde_json::from_value(v).unwrap()
    }

    fn keyed(rows: &[PlanBenefit]) -> Vec<(String, bool)> {
        rows.iter().map(|r| (r.key.clone(), r.included)).collect()
    }

    #[test]
    fn standard_lacks_what_premium_has() {
        let standard = plan_benefits(&sku(json!({"sku_id": 24109013, "period_unit": "month"})));
        let premium = plan_benefits(&sku(json!({"sku_id": 24109015, "period_unit": "month"})));
        assert_eq!(standard[0].count, Some(100));
        assert_eq!(premium[0].count, Some(500));
        assert_eq!(standard[1].count, Some(5));
        assert_eq!(premium[1].count, Some(10));
        assert_eq!(standard[2].minutes, vec![15, 10, 10]);
        let lacks: Vec<String> = standard
            .iter()
            .filter(|r| !r.included)
            .map(|r| r.key.clone())
            .collect();
        assert_eq!(lacks, ["faster_generation", "credits_coupon"]);
        assert!(premium.iter().all(|r| r.included));
        // The cards line up: the same number of rows, the tools row in the same place.
        assert_eq!(standard.len(), premium.len());
        assert_eq!(premium[2].key, "unmetered_tools");
        // Every row the standard card lacks is on the premium card, included.
        for key in lacks {
            assert!(keyed(&premium).contains(&(key, true)));
        }
    }

    #[test]
    fn a_promo_plan_shows_its_own_credits_and_a_pack_has_no_benefits() {
        let promo = plan_benefits(&sku(
            json!({"sku_id": 25284005, "sub_tpl_name": "standard 50",
            "period_unit": "month", "feature_code_list": [{"feature_code": "credits_2024", "sale_unit_value": 50}]}),
        ));
        assert_eq!(promo[0].count, Some(50));
        assert!(plan_benefits(&sku(json!({"sku_id": 24120010}))).is_empty());
    }
}
