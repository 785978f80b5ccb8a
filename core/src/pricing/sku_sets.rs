//! Which credit SKUs the credits tab offers (the same on every device, see [`credit_sku_slots`]),
//! the recommend-activity mode and the recommended SKU (docs/behaviour/pricing-and-purchase.md#purchase-popup "Credits tab",
//! #purchase-popup "Desktop credit SKUs ... Mobile ...").
//!
//! docs/behaviour/pricing-and-purchase.md#purchase-popup: "Desktop credit SKUs: monthly
//! 10/50/100/200/300/500; yearly pay-as-you-go 10 to 500 (plus 1000 and 2000 for recommend users).
//! Mobile: weekly 25/50 and monthly 100 to 500, or monthly 10/25/50/100/200/500; pay-as-you-go 1000
//! and 2000." Read as follows (decisions where the sentence is open):
//! - "yearly pay-as-you-go" are the one-off packs (no billing period; the word "yearly" is how
//!   long their credits were sold as lasting, not a subscription), 10 to 500 credits inclusive;
//! - "recommend users" are visitors whose buy dialog was opened in the recommend-activity mode
//!   (the activity type [`RECOMMEND_ACTIVITY`], the same mode that retitles the phone's monthly
//!   list in docs/behaviour/pricing-and-purchase.md#purchase-popup);
//! - the phone's "or" is chosen by the same mode: in recommend-activity mode the credit plan
//!   list is weekly 25/50 and monthly 100 to 500 (cheap weekly entries next to the large monthly
//!   plans, the recommendation), otherwise monthly 10/25/50/100/200/500;
//! - a SKU belongs to a set by its period and its credits (the 2024 credits code); membership
//!   SKUs (standard or premium tier) never do; when the server lists two SKUs with the same
//!   period and credits only the first is offered (two identical choices would only confuse);
//! - both devices offer the union of the two lists (the project's decision, see
//!   [`credit_sku_slots`]).

use super::{PeriodUnit, PlanTier, Sku, credit_sku_order, highest_discount_sku_id};
use serde::{Deserialize, Serialize};

/// The activity type that puts the buy dialog in recommend-activity mode
/// (docs/behaviour/pricing-and-purchase.md#purchase-popup). The spec names the mode, not its value;
/// this is the value the app passes when it opens the dialog from a promotion (see
/// [`super::promo_offers`]).
pub const RECOMMEND_ACTIVITY: &str = "recommend";

/// Whether an activity type is the recommend-activity mode (JS `isRecommendActivity`): exactly
/// [`RECOMMEND_ACTIVITY`], surrounding spaces and case ignored.
pub fn is_recommend_activity(activity: Option<&str>) -> bool {
    activity.is_some_and(|a| a.trim().eq_ignore_ascii_case(RECOMMEND_ACTIVITY))
}

/// One kind of credit SKU of a set: a period (`None` = pay as you go) and a credits range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct CreditSlot {
    /// Billing period; `None` for one-off packs.
    pub period_unit: Option<PeriodUnit>,
    /// Fewest credits, inclusive.
    pub min_credits: u64,
    /// Most credits, inclusive.
    pub max_credits: u64,
}

const fn exactly(period_unit: Option<PeriodUnit>, credits: u64) -> CreditSlot {
    CreditSlot {
        period_unit,
        min_credits: credits,
        max_credits: credits,
    }
}

const fn between(period_unit: Option<PeriodUnit>, min: u64, max: u64) -> CreditSlot {
    CreditSlot {
        period_unit,
        min_credits: min,
        max_credits: max,
    }
}

const MONTH: Option<PeriodUnit> = Some(PeriodUnit::Month);
const WEEK: Option<PeriodUnit> = Some(PeriodUnit::Week);
const PACK: Option<PeriodUnit> = None;

/// Desktop monthly credit plans (docs/behaviour/pricing-and-purchase.md#purchase-popup "monthly
/// 10/50/100/200/300/500").
pub const DESKTOP_PLANS: [CreditSlot; 6] = [
    exactly(MONTH, 10),
    exactly(MONTH, 50),
    exactly(MONTH, 100),
    exactly(MONTH, 200),
    exactly(MONTH, 300),
    exactly(MONTH, 500),
];
/// Desktop pay-as-you-go packs (docs/behaviour/pricing-and-purchase.md#purchase-popup "10 to 500").
pub const DESKTOP_PACKS: [CreditSlot; 1] = [between(PACK, 10, 500)];
/// Desktop packs added for recommend users (docs/behaviour/pricing-and-purchase.md#purchase-popup
/// "plus 1000 and 2000").
pub const DESKTOP_RECOMMEND_PACKS: [CreditSlot; 2] = [exactly(PACK, 1_000), exactly(PACK, 2_000)];
/// Phone credit plans in recommend-activity mode
/// (docs/behaviour/pricing-and-purchase.md#purchase-popup "weekly 25/50 and monthly 100 to 500").
pub const PHONE_RECOMMEND_PLANS: [CreditSlot; 3] = [
    exactly(WEEK, 25),
    exactly(WEEK, 50),
    between(MONTH, 100, 500),
];
/// Phone credit plans otherwise (docs/behaviour/pricing-and-purchase.md#purchase-popup "monthly
/// 10/25/50/100/200/500").
pub const PHONE_PLANS: [CreditSlot; 6] = [
    exactly(MONTH, 10),
    exactly(MONTH, 25),
    exactly(MONTH, 50),
    exactly(MONTH, 100),
    exactly(MONTH, 200),
    exactly(MONTH, 500),
];
/// Phone pay-as-you-go packs (docs/behaviour/pricing-and-purchase.md#purchase-popup "pay-as-you-go
/// 1000 and 2000").
pub const PHONE_PACKS: [CreditSlot; 2] = [exactly(PACK, 1_000), exactly(PACK, 2_000)];

/// The slots of one mode (JS `creditSkuSlots`), for display and for checking that a catalog
/// can fill them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct CreditSlots {
    /// The periodic credit plans (the 'monthly' list or card).
    pub plans: Vec<CreditSlot>,
    /// The one-off packs (the pay-as-you-go list or card).
    pub packs: Vec<CreditSlot>,
}

/// The credit slots of a mode, the same on every device: the union of the desktop's and the
/// phone's lists of docs/behaviour/pricing-and-purchase.md#purchase-popup for that mode.
///
/// The project's decision: the spec gives the two devices different lists, so a visitor who
/// looked on a desktop and then on a phone was offered other amounts for the same money and could
/// not find the pack they had seen. Every amount the spec offers on either device is offered on
/// both, one list from this one function (duplicates collapse in [`credit_sku_sets`]).
pub fn credit_sku_slots(recommend: bool) -> CreditSlots {
    let (desktop_plans, phone_plans): (&[CreditSlot], &[CreditSlot]) = if recommend {
        (&DESKTOP_PLANS, &PHONE_RECOMMEND_PLANS)
    } else {
        (&DESKTOP_PLANS, &PHONE_PLANS)
    };
    let desktop_packs: Vec<CreditSlot> = if recommend {
        [DESKTOP_PACKS.as_slice(), DESKTOP_RECOMMEND_PACKS.as_slice()].concat()
    } else {
        DESKTOP_PACKS.to_vec()
    };
    CreditSlots {
        plans: [phone_plans, desktop_plans].concat(),
        packs: [desktop_packs.as_slice(), PHONE_PACKS.as_slice()].concat(),
    }
}

impl CreditSlot {
    /// Whether a SKU fills this slot: a basic-tier SKU with the slot's period and credits.
    pub fn admits(&self, sku: &Sku) -> bool {
        sku.tier() == PlanTier::Basic
            && sku.period_unit == self.period_unit
            && sku
                .credits()
                .is_some_and(|c| (self.min_credits..=self.max_credits).contains(&c))
    }
}

/// The credit SKUs offered, as indices into the list given, each list in display order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct CreditSkuSets {
    /// The periodic credit plans.
    pub plans: Vec<usize>,
    /// The one-off packs.
    pub packs: Vec<usize>,
}

/// Indices of the SKUs that fill any of `slots`, first of each (period, credits) only, ordered
/// by [`credit_sku_order`] for the batch.
fn pick(skus: &[Sku], slots: &[CreditSlot], batch: u8) -> Vec<usize> {
    let mut seen: Vec<(Option<PeriodUnit>, Option<u64>)> = Vec::new();
    let mut chosen: Vec<usize> = Vec::new();
    for (i, sku) in skus.iter().enumerate() {
        let key = (sku.period_unit, sku.credits());
        if slots.iter().any(|s| s.admits(sku)) && !seen.contains(&key) {
            seen.push(key);
            chosen.push(i);
        }
    }
    let subset: Vec<Sku> = chosen
        .iter()
        .filter_map(|&i| skus.get(i).cloned())
        .collect();
    credit_sku_order(&subset, batch)
        .into_iter()
        .filter_map(|j| chosen.get(j).copied())
        .collect()
}

/// The credits tab's two lists for a mode, on every device (JS `creditSkuSets`): the SKUs of
/// `skus` that fill [`credit_sku_slots`], each list ordered like every credits list (ascending
/// by credits, descending in batch 2, docs/behaviour/pricing-and-purchase.md#purchase-popup). A
/// slot the server has no SKU for is left out.
pub fn credit_sku_sets(skus: &[Sku], recommend: bool, batch: u8) -> CreditSkuSets {
    let slots = credit_sku_slots(recommend);
    CreditSkuSets {
        plans: pick(skus, &slots.plans, batch),
        packs: pick(skus, &slots.packs, batch),
    }
}

/// The recommended SKU among `candidates` (indices into `skus`), JS `recommendedSku`.
///
/// docs/behaviour/pricing-and-purchase.md#skus names the "highest-discount SKU" (24109016, 24149003
/// in India), so the recommended SKU is the highest-discount one: that fixed id when it is among
/// the candidates, else the candidate with the largest discount percent
/// ([`super::sku_discount_percent`]; the first on a tie, in the order given). `None` when no
/// candidate has a discount: a plain list then marks nothing rather than an arbitrary entry.
/// Indices outside `skus` are ignored.
pub fn recommended_sku(skus: &[Sku], candidates: &[usize], country: &str) -> Option<usize> {
    let fixed = highest_discount_sku_id(country);
    if let Some(&i) = candidates
        .iter()
        .find(|&&i| skus.get(i).is_some_and(|s| s.sku_id == Some(fixed)))
    {
        return Some(i);
    }
    let mut best: Option<(usize, i64)> = None;
    for &i in candidates {
        let Some(percent) = skus.get(i).and_then(super::sku_discount_percent) else {
            continue;
        };
        if best.is_none_or(|(_, b)| percent > b) {
            best = Some((i, percent));
        }
    }
    best.map(|(i, _)| i)
}
