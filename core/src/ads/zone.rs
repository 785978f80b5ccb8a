//! "Today" in the user's IANA time zone, for the ad slots and the promo countdown (spec 02 §4).
//!
//! Times are JavaScript numbers (epoch milliseconds as `f64`, e.g. `Date.now()`), floored to
//! whole milliseconds. NaN and infinities are `invalid_time`; values outside the JavaScript
//! date range (±8.64e15 ms) or the calendar range of `chrono` (about ±262,000 years, less four
//! days at each end) are `time_out_of_range`.
//!
//! Zones are IANA names as the browser reports them
//! (`Intl.DateTimeFormat().resolvedOptions().timeZone`, e.g. `America/Los_Angeles`),
//! case-sensitive, surrounding spaces ignored. An unknown name is an `unknown_time_zone` error
//! rather than a silent UTC fallback, so a wrong zone is noticed; a caller with no zone at all
//! passes `"UTC"`.

use super::AdsError;
use chrono::{DateTime, Duration, NaiveDate, TimeZone, Utc};
use chrono_tz::Tz;

/// The largest magnitude of a valid time: the ECMAScript `Date` range, ±8.64e15 ms.
pub const MAX_EPOCH_MS: f64 = 8.64e15;

/// Checks a JavaScript time value and floors it to whole milliseconds.
pub(crate) fn epoch_ms(value: f64, what: &'static str) -> Result<i64, AdsError> {
    if !value.is_finite() {
        return Err(AdsError::InvalidTime { what });
    }
    let floored = value.floor();
    if floored.abs() > MAX_EPOCH_MS {
        return Err(AdsError::TimeOutOfRange { what });
    }
    // Whole and within ±8.64e15 (< 2^53), so the conversion is exact.
    Ok(floored as i64)
}

/// Parses an IANA zone name.
pub(crate) fn parse_zone(name: &str) -> Result<Tz, AdsError> {
    name.trim()
        .parse::<Tz>()
        .map_err(|_| AdsError::UnknownTimeZone {
            zone: name.chars().take(64).collect(),
        })
}

/// Margin kept from the ends of chrono's calendar: local offsets (up to ±26 h) and the search
/// for the next day's start (up to two days further) must stay inside it, where chrono would
/// otherwise panic.
const CALENDAR_MARGIN_MS: i64 = 4 * 24 * 60 * 60 * 1000;

/// A validated instant in a zone; `time_out_of_range` within four days of chrono's calendar
/// limits (about ±262,000 years).
pub(crate) fn instant(ms: i64, what: &'static str, tz: Tz) -> Result<DateTime<Tz>, AdsError> {
    let inside = |m: Option<i64>| m.and_then(DateTime::<Utc>::from_timestamp_millis).is_some();
    if !inside(ms.checked_sub(CALENDAR_MARGIN_MS)) || !inside(ms.checked_add(CALENDAR_MARGIN_MS)) {
        return Err(AdsError::TimeOutOfRange { what });
    }
    DateTime::<Utc>::from_timestamp_millis(ms)
        .map(|t| t.with_timezone(&tz))
        .ok_or(AdsError::TimeOutOfRange { what })
}

/// The local calendar date of `now` in `tz`.
pub(crate) fn local_date(now: &DateTime<Tz>) -> NaiveDate {
    now.date_naive()
}

/// Writes a date as `YYYY-MM-DD` (the `lastShownDate` format).
pub(crate) fn date_text(date: NaiveDate) -> String {
    date.format("%Y-%m-%d").to_string()
}

/// The first instant after `after_ms` that starts the local `date` in `tz` (usually its
/// midnight).
///
/// When midnight is repeated (a clock set back at midnight) the earlier one counts, unless it is
/// not after `after_ms` (we are already in the repeated hour of the previous day): then the
/// later one. When midnight does not exist (a clock set forward at midnight, as once in
/// America/Santiago or Asia/Beirut, or a whole skipped day as in Pacific/Apia on 2011-12-30),
/// the day starts at the first local minute that exists, found by stepping forward a minute at a
/// time (at most two days).
pub(crate) fn start_of_local_day(tz: Tz, date: NaiveDate, after_ms: i64) -> Option<DateTime<Tz>> {
    let midnight = date.and_hms_opt(0, 0, 0)?;
    (0..=2 * 24 * 60).find_map(|minute| {
        let local = midnight.checked_add_signed(Duration::try_minutes(minute)?)?;
        let mapped = tz.from_local_datetime(&local);
        [mapped.earliest(), mapped.latest()]
            .into_iter()
            .flatten()
            .find(|t| t.timestamp_millis() > after_ms)
    })
}

/// Today's date in the user's zone as `YYYY-MM-DD` (JS `localDateText`), the value stored as an
/// ad slot's `lastShownDate`.
///
/// Errors: `invalid_time`, `time_out_of_range`, `unknown_time_zone`.
pub fn local_date_text(now_ms: f64, time_zone: &str) -> Result<String, AdsError> {
    let tz = parse_zone(time_zone)?;
    let now = instant(epoch_ms(now_ms, "now")?, "now", tz)?;
    Ok(date_text(local_date(&now)))
}

/// Milliseconds from `now` to the start of the next local day (always above 0).
pub(crate) fn ms_to_next_local_day(now_ms: i64, tz: Tz) -> Result<i64, AdsError> {
    let now = instant(now_ms, "now", tz)?;
    let next = local_date(&now)
        .succ_opt()
        .and_then(|d| start_of_local_day(tz, d, now_ms))
        .ok_or(AdsError::TimeOutOfRange { what: "now" })?;
    Ok(next.timestamp_millis().saturating_sub(now_ms))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn day_start_skips_a_missing_midnight() {
        // America/Santiago jumped from 2025-09-07 00:00 to 01:00 (-04 to -03): the day starts
        // at 01:00 -03, i.e. 04:00 UTC.
        let tz = parse_zone("America/Santiago").unwrap();
        let date = NaiveDate::from_ymd_opt(2025, 9, 7).unwrap();
        let start = start_of_local_day(tz, date, 0).unwrap();
        assert_eq!(start.timestamp_millis(), 1_757_217_600_000);
    }

    #[test]
    fn unknown_zone_is_an_error() {
        assert!(matches!(
            parse_zone("Mars/Olympus"),
            Err(AdsError::UnknownTimeZone { .. })
        ));
        assert!(parse_zone(" Asia/Tokyo ").is_ok());
    }
}
