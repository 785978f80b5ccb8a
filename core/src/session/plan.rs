//! Plan levels, plan actions and SKU tiers
//! (docs/behaviour/accounts-and-sessions.md#roles-and-permissions;
//! docs/behaviour/pricing-and-purchase.md#plans-and-tiers).
//!
//! Verify levels are compared after trimming and lower-casing, so `" Premium"` is premium.

use super::error::SessionError;
use serde::{Deserialize, Serialize};

/// The level shown for a user (docs/behaviour/accounts-and-sessions.md#roles-and-permissions plan
/// level mapping).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum PlanLevel {
    /// Not logged in.
    Guest,
    /// Free, inactive or unknown verify level.
    Free,
    /// Standard plan.
    Standard,
    /// Premium plan (shown as "vip").
    Vip,
}

/// The plan panel's action (docs/behaviour/accounts-and-sessions.md#roles-and-permissions: inactive/free
/// -> Purchase, standard -> Upgrade, premium -> Renew).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlanAction {
    /// Buy a plan.
    Purchase,
    /// Move up from standard.
    Upgrade,
    /// Extend premium.
    Renew,
}

/// A plan tier of SKUs (docs/behaviour/pricing-and-purchase.md#plans-and-tiers: basic, standard,
/// premium).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Tier {
    /// No paid plan.
    Basic,
    /// Standard plan.
    Standard,
    /// Premium plan.
    Premium,
}

impl Tier {
    /// The lowercase name (`"basic"`, `"standard"`, `"premium"`).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Basic => "basic",
            Self::Standard => "standard",
            Self::Premium => "premium",
        }
    }
}

/// SKU id -> tier table (docs/behaviour/pricing-and-purchase.md#plans-and-tiers: "24109013 and 24109014
/// standard; 24109015 and 24109016 premium; 0 basic").
pub const SKU_TIER_TABLE: [(i64, Tier); 5] = [
    (0, Tier::Basic),
    (24_109_013, Tier::Standard),
    (24_109_014, Tier::Standard),
    (24_109_015, Tier::Premium),
    (24_109_016, Tier::Premium),
];

fn level_key(verify_level: &str) -> String {
    verify_level.trim().to_ascii_lowercase()
}

/// The displayed plan level (docs/behaviour/accounts-and-sessions.md#roles-and-permissions): not
/// logged in -> guest; free -> free; premium -> vip; standard -> standard; anything else (inactive,
/// empty, unknown) -> free.
pub fn plan_level(is_login: bool, verify_level: &str) -> PlanLevel {
    if !is_login {
        return PlanLevel::Guest;
    }
    match level_key(verify_level).as_str() {
        "premium" => PlanLevel::Vip,
        "standard" => PlanLevel::Standard,
        _ => PlanLevel::Free,
    }
}

/// The plan panel action for a verify level
/// (docs/behaviour/accounts-and-sessions.md#roles-and-permissions). Decided: any level other than
/// standard or premium (unknown, empty) gets Purchase, like inactive and free.
pub fn plan_action_label(verify_level: &str) -> PlanAction {
    match level_key(verify_level).as_str() {
        "premium" => PlanAction::Renew,
        "standard" => PlanAction::Upgrade,
        _ => PlanAction::Purchase,
    }
}

/// Premium verify level.
pub fn is_premium(verify_level: &str) -> bool {
    level_key(verify_level) == "premium"
}

/// Standard verify level.
pub fn is_standard(verify_level: &str) -> bool {
    level_key(verify_level) == "standard"
}

/// Subscribed means standard or premium
/// (docs/behaviour/accounts-and-sessions.md#roles-and-permissions). Decided: the level alone
/// decides; the server reports a lapsed plan as level inactive/free, so `is_expired` is not
/// consulted.
pub fn is_subscribed(verify_level: &str) -> bool {
    is_premium(verify_level) || is_standard(verify_level)
}

/// The tier of a SKU from its `sub_tpl_name`
/// (docs/behaviour/pricing-and-purchase.md#plans-and-tiers: "contains 'standard' or 'premium'"),
/// basic otherwise. Decided: case-insensitive, and a name containing both words is premium.
pub fn tier_from_sub_tpl_name(sub_tpl_name: &str) -> Tier {
    let name = sub_tpl_name.to_ascii_lowercase();
    if name.contains("premium") {
        Tier::Premium
    } else if name.contains("standard") {
        Tier::Standard
    } else {
        Tier::Basic
    }
}

/// The tier of a SKU id from the table of docs/behaviour/pricing-and-purchase.md#plans-and-tiers;
/// an id not in it is `unknown_sku` (use [`sku_tier`] to fall back to the SKU's name).
pub fn tier_from_sku_id(sku_id: i64) -> Result<Tier, SessionError> {
    SKU_TIER_TABLE
        .iter()
        .find(|(id, _)| *id == sku_id)
        .map(|(_, tier)| *tier)
        .ok_or(SessionError::UnknownSku { sku_id })
}

/// The tier of a SKU (JS `skuTier`): the table of
/// docs/behaviour/pricing-and-purchase.md#plans-and-tiers for a known id, otherwise from its
/// `sub_tpl_name` (docs/behaviour/pricing-and-purchase.md#plans-and-tiers).
pub fn sku_tier(sku_id: Option<i64>, sub_tpl_name: &str) -> Tier {
    sku_id
        .and_then(|id| tier_from_sku_id(id).ok())
        .unwrap_or_else(|| tier_from_sub_tpl_name(sub_tpl_name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_sku_ids_have_no_tier() {
        assert!(tier_from_sku_id(25_284_005).is_err());
        assert!(tier_from_sku_id(-1).is_err());
        assert_eq!(tier_from_sku_id(24_109_016), Ok(Tier::Premium));
    }
}
