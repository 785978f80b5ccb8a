//! Ad items from the server, their dismissal keys and the header ad icon
//! (docs/behaviour/ads-and-experiments.md#ads "Ad item",
//! #ads "Ads").

use super::AdsError;
use crate::pricing::tolerant;
use serde::{Deserialize, Serialize};

/// Where an ad item goes (docs/behaviour/ads-and-experiments.md#ads `module`). Modules this build
/// does not know read as `other` rather than failing the whole list.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AdModule {
    /// The header ad icon.
    MainHeader,
    /// The studio footer.
    StudioFooter,
    /// The mobile hooks banner.
    HooksBannerMobile,
    /// Any module not listed in the spec.
    #[serde(other)]
    Other,
}

impl AdModule {
    /// The wire name; `None` for [`AdModule::Other`].
    pub fn as_str(self) -> Option<&'static str> {
        match self {
            Self::MainHeader => Some("main_header"),
            Self::StudioFooter => Some("studio_footer"),
            Self::HooksBannerMobile => Some("hooks_banner_mobile"),
            Self::Other => None,
        }
    }
}

fn module_or_other<'de, D: serde::Deserializer<'de>>(d: D) -> Result<AdModule, D::Error> {
    let v = Option::<serde_json::Value>::deserialize(d)?;
    Ok(v.and_then(|v| serde_json::from_value(v).ok())
        .unwrap_or(AdModule::Other))
}

/// An ad item as the server sends it (docs/behaviour/ads-and-experiments.md#ads), with the server's
/// field names. Missing or null texts read as `""`.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AdItem {
    /// Where it is shown.
    #[cfg_attr(feature = "tsify", tsify(type = "AdModule | string | null"))]
    #[serde(default = "other_module", deserialize_with = "module_or_other")]
    pub module: AdModule,
    /// Campaign type, e.g. `3_days_free` (see [`ACTIVITY_THREE_DAYS_FREE`]).
    #[cfg_attr(feature = "tsify", tsify(type = "string | null"))]
    #[serde(default, deserialize_with = "tolerant::text")]
    pub activity: String,
    /// Link opened (in a new tab) when the ad is clicked.
    #[cfg_attr(feature = "tsify", tsify(type = "string | null"))]
    #[serde(default, deserialize_with = "tolerant::text")]
    pub turn_url: String,
    /// Image for the light (white) theme.
    #[cfg_attr(feature = "tsify", tsify(type = "string | null"))]
    #[serde(default, deserialize_with = "tolerant::text")]
    pub white_thumbnail: String,
}

fn other_module() -> AdModule {
    AdModule::Other
}

/// The free-trial activity that subscribed users never see in the header
/// (docs/behaviour/pricing-and-purchase.md#subscriptions).
pub const ACTIVITY_THREE_DAYS_FREE: &str = "3_days_free";

/// Prefix of the local-storage key that marks an ad module as dismissed
/// (docs/behaviour/ads-and-experiments.md#ads).
pub const AD_DISMISSAL_KEY_PREFIX: &str = "mi-apps-ad-closed-";

/// The local-storage key that marks a module's ad as dismissed (JS `adDismissalKey`):
/// `mi-apps-ad-closed-{module}` (docs/behaviour/ads-and-experiments.md#ads), e.g.
/// `mi-apps-ad-closed-main_header`.
///
/// Errors: `unknown_module` for [`AdModule::Other`], which has no name to build a key from.
pub fn ad_dismissal_key(module: AdModule) -> Result<String, AdsError> {
    module
        .as_str()
        .map(|m| format!("{AD_DISMISSAL_KEY_PREFIX}{m}"))
        .ok_or(AdsError::UnknownModule)
}

/// The header's ad item (JS `headerAdItem`): the index of the first `main_header` item, if any.
pub fn header_ad_item(items: &[AdItem]) -> Option<usize> {
    items.iter().position(|i| i.module == AdModule::MainHeader)
}

/// What decides the header ad icon (docs/behaviour/ads-and-experiments.md#ads); JS passes it as one
/// object.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct HeaderAdIconState {
    /// Mobile layout (phone width, below 768 px).
    pub is_mobile: bool,
    /// A token exists.
    pub is_logged_in: bool,
    /// The module's dismissal key ([`ad_dismissal_key`]) is set in local storage.
    pub dismissed: bool,
    /// The header ad item, if the server sent one ([`header_ad_item`]).
    pub item: Option<AdItem>,
    /// The user is standard or premium.
    pub is_subscribed: bool,
    /// Membership-upgrade mode is on.
    pub membership_upgrade_mode: bool,
}

/// Why the header ad icon is hidden (docs/behaviour/ads-and-experiments.md#ads, the five rules in
/// the spec's order).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HeaderAdHideReason {
    /// Mobile and not logged in.
    MobileGuest,
    /// The user dismissed it.
    Dismissed,
    /// The server sent no header ad.
    NoAd,
    /// A subscribed user and the ad is the 3-day free trial.
    TrialForSubscriber,
    /// Membership-upgrade mode is on.
    UpgradeMode,
}

/// Why the header ad icon is hidden, or `None` when it shows (JS `headerAdIconHideReason`).
/// The first matching rule in the spec's order is reported.
pub fn header_ad_icon_hide_reason(state: &HeaderAdIconState) -> Option<HeaderAdHideReason> {
    if state.is_mobile && !state.is_logged_in {
        return Some(HeaderAdHideReason::MobileGuest);
    }
    if state.dismissed {
        return Some(HeaderAdHideReason::Dismissed);
    }
    let Some(item) = &state.item else {
        return Some(HeaderAdHideReason::NoAd);
    };
    if state.is_subscribed && item.activity.trim() == ACTIVITY_THREE_DAYS_FREE {
        return Some(HeaderAdHideReason::TrialForSubscriber);
    }
    if state.membership_upgrade_mode {
        return Some(HeaderAdHideReason::UpgradeMode);
    }
    None
}

/// Whether the header ad icon shows (JS `headerAdIconVisible`): no hide rule applies.
pub fn header_ad_icon_visible(state: &HeaderAdIconState) -> bool {
    header_ad_icon_hide_reason(state).is_none()
}
