//! Funnel stages per user type and the virtual discount layering
//! (docs/behaviour/pricing-and-purchase.md#funnel-stages "Ads").

use super::UserType;
use serde::{Deserialize, Serialize};

/// A stage of the growth funnel. The spec names acquisition, activation and revenue; the list
/// is completed with the two remaining stages of the usual AARRR funnel (retention, referral).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FunnelStage {
    /// Turning a visitor into a registered user.
    Acquisition,
    /// Getting a registered user to create (first generation, check-in).
    Activation,
    /// Selling credits or a subscription.
    Revenue,
    /// Bringing the user back.
    Retention,
    /// Getting the user to invite others.
    Referral,
}

/// Funnel stages in priority order for a user type (JS `funnelStageOrder`).
///
/// The spec fixes the first stage: guest acquisition, free activation, vip revenue. The rest is
/// designed: after the first stage come the later stages in funnel order (activation, revenue,
/// retention, referral), and stages the user has already passed are left out, because an
/// acquisition offer means nothing to someone who is already registered. Standard subscribers
/// are revenue-first like vip (their next step is the upgrade to premium).
pub fn funnel_stage_order(user: UserType) -> Vec<FunnelStage> {
    use FunnelStage::*;
    match user {
        UserType::Guest => vec![Acquisition, Activation, Revenue, Retention, Referral],
        UserType::Free => vec![Activation, Revenue, Retention, Referral],
        UserType::Standard | UserType::Vip => vec![Revenue, Retention, Referral],
    }
}

/// Base value of the virtual discount layering
/// (docs/behaviour/pricing-and-purchase.md#funnel-stages).
pub const VIRTUAL_DISCOUNT_BASE: u32 = 1_000;
/// Added per rank below the top (docs/behaviour/pricing-and-purchase.md#funnel-stages).
pub const VIRTUAL_DISCOUNT_STEP: u32 = 10;

/// The virtual discount layer value of an offer (JS `virtualDiscountLayer`): base 1000 plus 10
/// per rank below the top (docs/behaviour/pricing-and-purchase.md#funnel-stages), read literally:
/// the top offer (`ranks_below_top` 0) is 1000, the next 1010, then 1020. Saturates at `u32::MAX`
/// instead of overflowing.
pub fn virtual_discount_layer(ranks_below_top: u32) -> u32 {
    VIRTUAL_DISCOUNT_BASE.saturating_add(VIRTUAL_DISCOUNT_STEP.saturating_mul(ranks_below_top))
}

/// What a promotion offer does when the user takes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum PromoAction {
    /// Open the register dialog (free sign-up credits).
    SignUp,
    /// Go to a creation screen and make something.
    Create,
    /// Open the buy dialog in recommend-activity mode ([`super::RECOMMEND_ACTIVITY`]).
    BuyRecommended,
    /// Open the daily check-in.
    CheckIn,
}

/// One offer of the promotion modal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct PromoOffer {
    /// The funnel stage it serves.
    pub stage: FunnelStage,
    /// What taking it does.
    pub action: PromoAction,
    /// Its layer, [`virtual_discount_layer`] of its rank below the top offer.
    pub layer: u32,
}

/// The action that serves a funnel stage in this product; `None` for referral, which has no
/// offer here (the product has no invitation programme).
pub fn stage_action(stage: FunnelStage) -> Option<PromoAction> {
    match stage {
        FunnelStage::Acquisition => Some(PromoAction::SignUp),
        FunnelStage::Activation => Some(PromoAction::Create),
        FunnelStage::Revenue => Some(PromoAction::BuyRecommended),
        FunnelStage::Retention => Some(PromoAction::CheckIn),
        FunnelStage::Referral => None,
    }
}

/// The offers of the promotion modal for a user type, top first (JS `promoOffers`).
///
/// The spec gives the stage order (docs/behaviour/pricing-and-purchase.md#funnel-stages) and the
/// layering (base 1000 plus 10 per rank below the top), not the offers; designed: each stage of
/// [`funnel_stage_order`] that has an action ([`stage_action`]) becomes an offer, in that order;
/// the first is the headline. The modal draws the offers as a fanned stack of coupons where each
/// offer lower in the list overlaps the bottom edge of the one above it, so its layer (the CSS
/// stacking order) is the virtual discount layer of its rank: 1000 for the top offer, 1010 for the
/// next, and so on.
pub fn promo_offers(user: UserType) -> Vec<PromoOffer> {
    funnel_stage_order(user)
        .into_iter()
        .filter_map(|stage| stage_action(stage).map(|action| (stage, action)))
        .zip(0_u32..)
        .map(|((stage, action), rank)| PromoOffer {
            stage,
            action,
            layer: virtual_discount_layer(rank),
        })
        .collect()
}
