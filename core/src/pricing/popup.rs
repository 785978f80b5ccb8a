//! Tabs and plan cards of the purchase popup (docs/behaviour/pricing-and-purchase.md#purchase-popup
//! "Purchase popup (V3)", #purchase-popup).

use super::{PeriodUnit, PlanTier, Sku};
use serde::{Deserialize, Serialize};

/// The two tabs of the buy dialog (docs/behaviour/pricing-and-purchase.md#purchase-popup).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BuyTab {
    /// Credits packs and credit plans.
    Credits,
    /// Memberships.
    Membership,
}

/// The monthly/yearly switch of the membership tab
/// (docs/behaviour/pricing-and-purchase.md#purchase-popup).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MembershipPeriod {
    /// Monthly plans.
    Monthly,
    /// Yearly plans.
    Yearly,
}

impl MembershipPeriod {
    /// The SKU `period_unit` shown under this switch position.
    pub fn period_unit(self) -> PeriodUnit {
        match self {
            Self::Monthly => PeriodUnit::Month,
            Self::Yearly => PeriodUnit::Year,
        }
    }
}

/// The user types of the pricing rules
/// (docs/behaviour/accounts-and-sessions.md#roles-and-permissions "plan level mapping": guest when
/// not logged in, free, standard, vip for premium).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum UserType {
    /// Not logged in.
    Guest,
    /// Logged in without a subscription (also inactive and unknown levels).
    Free,
    /// Standard subscriber.
    Standard,
    /// Premium subscriber.
    Vip,
}

impl UserType {
    /// Whether the user is subscribed
    /// (docs/behaviour/accounts-and-sessions.md#roles-and-permissions "subscribed means standard or
    /// premium").
    pub fn is_subscribed(self) -> bool {
        matches!(self, Self::Standard | Self::Vip)
    }
}

/// The tab the smart popup opens on (JS `smartPopupTab`): membership for free users, credits
/// otherwise (docs/behaviour/pricing-and-purchase.md#purchase-popup), so for guests and subscribers
/// alike (docs/behaviour/accounts-and-sessions.md#roles-and-permissions maps a visitor who is not
/// logged in to `guest`, not to `free`).
pub fn smart_popup_tab(user: UserType) -> BuyTab {
    if user == UserType::Free {
        BuyTab::Membership
    } else {
        BuyTab::Credits
    }
}

/// The membership tab's default period (JS `defaultMembershipPeriod`): yearly in batch 2, else
/// monthly (docs/behaviour/pricing-and-purchase.md#purchase-popup).
pub fn default_membership_period(batch: u8) -> MembershipPeriod {
    if batch == 2 {
        MembershipPeriod::Yearly
    } else {
        MembershipPeriod::Monthly
    }
}

/// The two cards of plan B (docs/behaviour/pricing-and-purchase.md#purchase-popup), as indices into
/// the SKU list.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlanBCards {
    /// The monthly card, if the list has one.
    pub monthly: Option<usize>,
    /// The yearly card, if the list has one.
    pub yearly: Option<usize>,
}

fn first_of(skus: &[Sku], tier: PlanTier, unit: PeriodUnit) -> Option<usize> {
    skus.iter()
        .position(|s| s.period_unit == Some(unit) && s.tier() == tier)
}

/// Plan B cards (JS `planBCards`): a monthly and a yearly card, of standard SKUs in batch 1
/// and premium SKUs otherwise (docs/behaviour/pricing-and-purchase.md#purchase-popup). Each card is
/// the first SKU of the list with that tier and period (the spec does not say which one when
/// several match; the server's order decides).
pub fn plan_b_cards(skus: &[Sku], batch: u8) -> PlanBCards {
    let tier = if batch == 1 {
        PlanTier::Standard
    } else {
        PlanTier::Premium
    };
    PlanBCards {
        monthly: first_of(skus, tier, PeriodUnit::Month),
        yearly: first_of(skus, tier, PeriodUnit::Year),
    }
}

/// Plan C cards (JS `planCCards`): a standard and a premium card for the selected period
/// (docs/behaviour/pricing-and-purchase.md#purchase-popup), as indices into `skus`; a tier with no
/// SKU for the period is left out.
///
/// "Card order differs on mobile" without saying how, so: desktop shows standard then premium
/// (cheaper to dearer, left to right, like the benefit table); mobile stacks premium first, so
/// the recommended plan is the card seen without scrolling.
pub fn plan_c_cards(skus: &[Sku], period: MembershipPeriod, is_mobile: bool) -> Vec<usize> {
    let unit = period.period_unit();
    let standard = first_of(skus, PlanTier::Standard, unit);
    let premium = first_of(skus, PlanTier::Premium, unit);
    let ordered = if is_mobile {
        [premium, standard]
    } else {
        [standard, premium]
    };
    ordered.into_iter().flatten().collect()
}
