//! Promotions around the ads: the daily countdown, the promo modal interval and the task-list
//! promo card (docs/behaviour/ads-and-experiments.md#promotions).

use super::AdsError;
use super::slot::within_day;
use super::zone::{ZoneRules, epoch_ms, ms_to_next_local_day};
use serde::{Deserialize, Serialize};

/// Largest value shown for each countdown field (docs/behaviour/ads-and-experiments.md#promotions
/// "up to 99").
pub const COUNTDOWN_FIELD_MAX: u32 = 99;
/// Countdown tick (docs/behaviour/ads-and-experiments.md#promotions "ticks each second").
pub const COUNTDOWN_TICK_MS: u32 = 1_000;
/// Minimum time between two promo modals (docs/behaviour/ads-and-experiments.md#promotions "1440
/// minutes").
pub const PROMO_MODAL_INTERVAL_MINUTES: i64 = 1_440;
/// End of the task-list promo card when the caller gives none: 2025-11-30T00:00:00Z.
///
/// The spec says only "a fixed autumn 2025 date"; the last day of November is taken, the card
/// shows before that instant (UTC, so it ends at the same moment for everyone).
pub const TASK_PROMO_DEFAULT_END_MS: f64 = 1_764_460_800_000.0;

/// Hours, minutes and seconds of the promo countdown.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Countdown {
    /// Whole hours left (at most 99).
    pub hours: u32,
    /// Minutes past the hours (at most 59, capped at 99 by the spec).
    pub minutes: u32,
    /// Seconds past the minutes (at most 59, capped at 99 by the spec).
    pub seconds: u32,
}

/// The promo countdown at `now` (JS `promoCountdown`,
/// docs/behaviour/ads-and-experiments.md#promotions): the time left until the next local midnight
/// in the user's zone, so a 24-hour count that starts again every day. Fractions of a second are
/// dropped (at 23:59:59.5 it shows 0:00:00), and exactly at midnight it shows the fresh 24:00:00.
/// Days with a clock change are 23 or 25 hours long, and the countdown says so (up to 25:00:00 at
/// the midnight that starts a 25-hour day). Each field is capped at 99.
///
/// Errors: `invalid_time`, `time_out_of_range`.
pub fn promo_countdown(now_ms: f64, zone: &dyn ZoneRules) -> Result<Countdown, AdsError> {
    let now = epoch_ms(now_ms, "now")?;
    let left_s = ms_to_next_local_day(now, zone)?.max(0) / 1_000;
    let cap = |v: i64| u32::try_from(v.clamp(0, i64::from(COUNTDOWN_FIELD_MAX))).unwrap_or(0);
    Ok(Countdown {
        hours: cap(left_s / 3_600),
        minutes: cap(left_s % 3_600 / 60),
        seconds: cap(left_s % 60),
    })
}

/// Whether the promo modal may show (JS `promoModalMayShow`): never shown, or last shown at
/// least 1440 minutes ago (docs/behaviour/ads-and-experiments.md#ads). A last-shown time in the
/// future is treated like a close in the ad slots: within a day it still counts, beyond that it is
/// ignored as corrupt.
///
/// Errors: `invalid_time`, `time_out_of_range` for `now`.
pub fn promo_modal_may_show(last_shown_ms: Option<f64>, now_ms: f64) -> Result<bool, AdsError> {
    let now = epoch_ms(now_ms, "now")?;
    let interval = (PROMO_MODAL_INTERVAL_MINUTES * 60_000) as f64;
    Ok(match last_shown_ms {
        Some(at) if at.is_finite() => (now as f64 - at.floor()).abs() >= interval,
        _ => true,
    })
}

/// Whether the task-list promo card shows (JS `taskPromoCardVisible`,
/// docs/behaviour/ads-and-experiments.md#promotions): not dismissed within the last 24 hours, and
/// `now` before the end date (`end_ms`, by default [`TASK_PROMO_DEFAULT_END_MS`]). A dismissal time
/// is read like an ad close (see [`super::ad_slot_may_show`]); a missing or non-finite one means
/// never dismissed.
///
/// Errors: `invalid_time`, `time_out_of_range` for `now` or an explicit `end_ms`.
pub fn task_promo_card_visible(
    dismissed_at_ms: Option<f64>,
    now_ms: f64,
    end_ms: Option<f64>,
) -> Result<bool, AdsError> {
    let now = epoch_ms(now_ms, "now")?;
    let end = epoch_ms(end_ms.unwrap_or(TASK_PROMO_DEFAULT_END_MS), "end")?;
    Ok(now < end && !within_day(dismissed_at_ms, now))
}
