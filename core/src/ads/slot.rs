//! Ad slots and their local-storage record: suppression for 24 h after a close and once per
//! local day (docs/behaviour/ads-and-experiments.md#ads "Local storage flag record per ad slot",
//! #ads "Ads", #ads).

use super::AdsError;
use super::zone::{ZoneRules, date_text, epoch_ms, instant, local_date};
use crate::pricing::tolerant;
use serde::{Deserialize, Serialize};

/// How long a closed slot stays suppressed (docs/behaviour/ads-and-experiments.md#ads "Ad close
/// suppression 24 h").
pub const AD_CLOSE_SUPPRESS_MS: i64 = 24 * 60 * 60 * 1000;

/// The ad slots with a local-storage record (docs/behaviour/ads-and-experiments.md#ads).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AdSlot {
    /// Desktop popup.
    PcPopup,
    /// Desktop header banner.
    Banner,
    /// Phone popup.
    MobilePopup,
}

impl AdSlot {
    /// The wire name (`pc_popup`, `banner`, `mobile_popup`).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::PcPopup => "pc_popup",
            Self::Banner => "banner",
            Self::MobilePopup => "mobile_popup",
        }
    }
}

/// The per-slot record kept in local storage (docs/behaviour/ads-and-experiments.md#ads): read
/// tolerantly, since older builds or other tabs may have written it; unreadable fields read as
/// missing.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AdSlotRecord {
    /// Local date (`YYYY-MM-DD` in the user's zone) on which the slot was last shown.
    #[cfg_attr(feature = "tsify", tsify(type = "string | null"))]
    #[serde(default, deserialize_with = "tolerant::opt_text")]
    pub last_shown_date: Option<String>,
    /// Epoch milliseconds of the last close (number or numeric string).
    #[cfg_attr(feature = "tsify", tsify(type = "number | string | null"))]
    #[serde(default, deserialize_with = "tolerant::opt_number")]
    pub closed_at: Option<f64>,
}

/// Whether `closed_at` still suppresses the slot at `now`.
///
/// "Closed within the last 24 hours" is measured as |now - closedAt| < 24 h: a close up to a day
/// in the future (the clock was set back, or another device's clock runs ahead) still
/// suppresses, while a record more than a day in the future is treated as corrupt and ignored,
/// so a bad value never hides an ad forever. Exactly 24 h after the close the slot may show.
pub(crate) fn within_day(stamp: Option<f64>, now: i64) -> bool {
    match stamp {
        Some(at) if at.is_finite() => (now as f64 - at.floor()).abs() < AD_CLOSE_SUPPRESS_MS as f64,
        _ => false,
    }
}

/// Whether an ad slot may show now (JS `adSlotMayShow`, docs/behaviour/ads-and-experiments.md#ads):
/// not closed within the last 24 hours (see the note on clock skew in the module) and not already
/// shown today, "today" being the local date in the user's IANA zone.
///
/// Errors: `invalid_time`, `time_out_of_range`.
pub fn ad_slot_may_show(
    record: &AdSlotRecord,
    now_ms: f64,
    zone: &dyn ZoneRules,
) -> Result<bool, AdsError> {
    let now = epoch_ms(now_ms, "now")?;
    let today = date_text(local_date(&instant(now, "now", zone)?));
    let shown_today = record
        .last_shown_date
        .as_deref()
        .is_some_and(|d| d.trim() == today);
    Ok(!shown_today && !within_day(record.closed_at, now))
}

/// The record after the slot was shown (JS `recordAdShown`): `lastShownDate` becomes today's
/// local date in the user's zone; `closedAt` is kept.
///
/// Errors: `invalid_time`, `time_out_of_range`.
pub fn record_ad_shown(
    record: &AdSlotRecord,
    now_ms: f64,
    zone: &dyn ZoneRules,
) -> Result<AdSlotRecord, AdsError> {
    let now = epoch_ms(now_ms, "now")?;
    Ok(AdSlotRecord {
        last_shown_date: Some(date_text(local_date(&instant(now, "now", zone)?))),
        closed_at: record.closed_at,
    })
}

/// The record after the slot was closed (JS `recordAdClosed`): `closedAt` becomes `now`
/// (whole milliseconds); `lastShownDate` is kept.
///
/// Errors: `invalid_time`, `time_out_of_range`.
pub fn record_ad_closed(record: &AdSlotRecord, now_ms: f64) -> Result<AdSlotRecord, AdsError> {
    let now = epoch_ms(now_ms, "now")?;
    Ok(AdSlotRecord {
        last_shown_date: record.last_shown_date.clone(),
        // Within ±8.64e15, so exact as a double.
        closed_at: Some(now as f64),
    })
}

/// Whether a slot is shown (JS `adSlotVisible`): the device and login conditions of
/// docs/behaviour/ads-and-experiments.md#ads and [`ad_slot_may_show`].
///
/// - `pc_popup`: logged in and not on a phone.
/// - `banner` (desktop header banner): not on a phone, plus the slot conditions ("not phone and
///   popup conditions" read as the same suppression rules applied to the banner's own record;
///   no login needed).
/// - `mobile_popup`: phones only.
///
/// Errors: as [`ad_slot_may_show`]; the time and zone are checked even when the device already
/// rules the slot out, so a bad argument is never hidden.
pub fn ad_slot_visible(
    slot: AdSlot,
    record: &AdSlotRecord,
    now_ms: f64,
    zone: &dyn ZoneRules,
    is_logged_in: bool,
    is_phone: bool,
) -> Result<bool, AdsError> {
    let may_show = ad_slot_may_show(record, now_ms, zone)?;
    let device_ok = match slot {
        AdSlot::PcPopup => is_logged_in && !is_phone,
        AdSlot::Banner => !is_phone,
        AdSlot::MobilePopup => is_phone,
    };
    Ok(device_ok && may_show)
}
