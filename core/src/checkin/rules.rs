//! When the check-in popup opens by itself, and how its load time is reported
//! (docs/behaviour/credits-and-checkin.md#daily-check-in).

use super::CheckinError;
use super::cycle::epoch_ms;
use serde::{Deserialize, Serialize};

/// Value of the `pactivity` query parameter on links of the e-mail campaign
/// (docs/behaviour/credits-and-checkin.md#daily-check-in).
pub const CHECKIN_EMAIL_PACTIVITY: &str = "retention_checkin_credit_for_creation";
/// A panel load time counts only below this many milliseconds
/// (docs/behaviour/credits-and-checkin.md#daily-check-in).
pub const CHECKIN_LOAD_TIME_LIMIT_MS: f64 = 30_000.0;
/// Value reported instead of a measurement outside (0, 30000) ms
/// (docs/behaviour/credits-and-checkin.md#daily-check-in).
pub const CHECKIN_LOAD_TIME_FALLBACK_MS: f64 = 100.15;

/// Whether the check-in popup opens by itself
/// (docs/behaviour/credits-and-checkin.md#daily-check-in): on arrival from the e-mail link
/// (`pactivity` equals `retention_checkin_credit_for_creation`, compared exactly), or when the last
/// check-in is not in the current cycle (or there is none: `None`).
///
/// Decided: a stored last check-in time that is NaN, infinite or out of range is treated as no
/// record (stored values that cannot be read fall back to defaults,
/// docs/behaviour/calls-and-errors.md#the-error-catalogue), so the popup shows; an invalid `now_ms`
/// is an error (`invalid_time` / `time_out_of_range`).
pub fn checkin_should_auto_show(
    pactivity: Option<&str>,
    last_checkin_ms: Option<f64>,
    now_ms: f64,
) -> Result<bool, CheckinError> {
    let now = epoch_ms(now_ms, "now")?;
    if pactivity == Some(CHECKIN_EMAIL_PACTIVITY) {
        return Ok(true);
    }
    let Some(last) = last_checkin_ms.and_then(|t| epoch_ms(t, "last check-in").ok()) else {
        return Ok(true);
    };
    Ok(super::cycle::checkin_cycle_id_i64(last) != super::cycle::checkin_cycle_id_i64(now))
}

/// Whether the popup opens by itself on a page, from what the page knows: the spec's rule
/// ([`checkin_should_auto_show`]) fed with the server's `is_checked_in` for this cycle (`None`
/// when unknown: a guest, or the status call failed), plus one decision (the spec says the close
/// button records the close time, not what it is for): a popup the visitor closed in this cycle
/// stays closed until the next cycle, unless the e-mail link asks for it. Guests are prompted
/// too; their claim opens the login dialog (docs/behaviour/credits-and-checkin.md#daily-check-in).
/// An unreadable close time is no record.
pub fn checkin_auto_show(
    pactivity: Option<&str>,
    checked_in_this_cycle: Option<bool>,
    last_close_ms: Option<f64>,
    now_ms: f64,
) -> Result<bool, CheckinError> {
    let now = epoch_ms(now_ms, "now")?;
    let last_checkin = (checked_in_this_cycle == Some(true)).then_some(now_ms);
    if !checkin_should_auto_show(pactivity, last_checkin, now_ms)? {
        return Ok(false);
    }
    if pactivity == Some(CHECKIN_EMAIL_PACTIVITY) {
        return Ok(true);
    }
    let closed = last_close_ms.and_then(|t| epoch_ms(t, "close").ok());
    Ok(closed.is_none_or(|c| {
        super::cycle::checkin_cycle_id_i64(c) != super::cycle::checkin_cycle_id_i64(now)
    }))
}

/// A panel load time as reported to analytics
/// (docs/behaviour/credits-and-checkin.md#daily-check-in).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CheckinLoadTime {
    /// The duration to report: the measurement, or 100.15 when it does not count.
    pub duration_ms: f64,
    /// The load counts as a success: 0 < measurement < 30000.
    pub counted: bool,
}

/// Reports a measured panel load time (docs/behaviour/credits-and-checkin.md#daily-check-in): it
/// counts only when strictly between 0 and 30000 ms; otherwise (including NaN and infinities) the
/// fallback 100.15 is reported.
pub fn checkin_load_time(measured_ms: f64) -> CheckinLoadTime {
    if measured_ms > 0.0 && measured_ms < CHECKIN_LOAD_TIME_LIMIT_MS {
        CheckinLoadTime {
            duration_ms: measured_ms,
            counted: true,
        }
    } else {
        CheckinLoadTime {
            duration_ms: CHECKIN_LOAD_TIME_FALLBACK_MS,
            counted: false,
        }
    }
}
