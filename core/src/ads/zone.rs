//! "Today" in the user's IANA time zone, for the ad slots and the promo countdown
//! (docs/behaviour/ads-and-experiments.md#ads).
//!
//! Times are JavaScript numbers (epoch milliseconds as `f64`, e.g. `Date.now()`), floored to
//! whole milliseconds. NaN and infinities are `invalid_time`; values outside the JavaScript
//! date range (±8.64e15 ms) or the calendar range of `chrono` (about ±262,000 years, less four
//! days at each end) are `time_out_of_range`.
//!
//! A zone's rules reach core as a [`ZoneRules`]: its UTC offset at any instant. Natively that is
//! chrono-tz's copy of the IANA database ([`zone_named`], feature `tz-database`); the
//! WebAssembly package asks the JavaScript platform's `Intl` instead, which carries the same
//! database, so the package need not ship its own (about 860 KB of tables).
//!
//! Zones are IANA names as the browser reports them
//! (`Intl.DateTimeFormat().resolvedOptions().timeZone`, e.g. `America/Los_Angeles`),
//! case-sensitive, surrounding spaces ignored. An unknown name is an `unknown_time_zone` error
//! rather than a silent UTC fallback, so a wrong zone is noticed; a caller with no zone at all
//! passes `"UTC"`.

use super::AdsError;
use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveDateTime};

/// The largest magnitude of a valid time: the ECMAScript `Date` range, ±8.64e15 ms.
pub const MAX_EPOCH_MS: f64 = 8.64e15;

/// One time zone's rules.
pub trait ZoneRules {
    /// The offset from UTC in seconds (local = UTC + offset) in force at `utc_ms`, or `None`
    /// when the rules cannot say (outside their range).
    fn offset_seconds(&self, utc_ms: i64) -> Option<i32>;
}

/// The error for a name that is not a zone (at most 64 characters of it are kept).
pub fn unknown_zone(name: &str) -> AdsError {
    AdsError::UnknownTimeZone {
        zone: name.chars().take(64).collect(),
    }
}

/// A zone of chrono-tz's IANA database.
#[cfg(feature = "tz-database")]
#[derive(Debug, Clone, Copy)]
pub struct TzRules(chrono_tz::Tz);

#[cfg(feature = "tz-database")]
impl ZoneRules for TzRules {
    fn offset_seconds(&self, utc_ms: i64) -> Option<i32> {
        use chrono::{Offset, TimeZone};
        let utc = DateTime::from_timestamp_millis(utc_ms)?.naive_utc();
        Some(
            self.0
                .offset_from_utc_datetime(&utc)
                .fix()
                .local_minus_utc(),
        )
    }
}

/// Looks an IANA zone name up in chrono-tz's database: case-sensitive, surrounding spaces
/// ignored; `unknown_time_zone` otherwise.
#[cfg(feature = "tz-database")]
pub fn zone_named(name: &str) -> Result<TzRules, AdsError> {
    name.trim()
        .parse::<chrono_tz::Tz>()
        .map(TzRules)
        .map_err(|_| unknown_zone(name))
}

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

/// Margin kept from the ends of chrono's calendar: local offsets (up to ±26 h) and the search
/// for the next day's start (up to two days further) must stay inside it.
const CALENDAR_MARGIN_MS: i64 = 4 * 24 * 60 * 60 * 1000;
const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// An instant and its local wall-clock time in a zone.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Local {
    pub utc_ms: i64,
    pub wall: NaiveDateTime,
}

/// The wall-clock time at `utc_ms`, or `None` outside the calendar or the rules' range.
fn wall_at(zone: &dyn ZoneRules, utc_ms: i64) -> Option<NaiveDateTime> {
    let offset = zone.offset_seconds(utc_ms)?;
    let utc = DateTime::from_timestamp_millis(utc_ms)?.naive_utc();
    utc.checked_add_signed(Duration::try_seconds(i64::from(offset))?)
}

/// A validated instant in a zone; `time_out_of_range` within four days of chrono's calendar
/// limits (about ±262,000 years) or where the zone's rules give no offset.
pub(crate) fn instant(
    ms: i64,
    what: &'static str,
    zone: &dyn ZoneRules,
) -> Result<Local, AdsError> {
    let inside = |m: Option<i64>| m.and_then(DateTime::from_timestamp_millis).is_some();
    if !inside(ms.checked_sub(CALENDAR_MARGIN_MS)) || !inside(ms.checked_add(CALENDAR_MARGIN_MS)) {
        return Err(AdsError::TimeOutOfRange { what });
    }
    let wall = wall_at(zone, ms).ok_or(AdsError::TimeOutOfRange { what })?;
    Ok(Local { utc_ms: ms, wall })
}

/// The local calendar date of `now`.
pub(crate) fn local_date(now: &Local) -> NaiveDate {
    now.wall.date()
}

/// Writes a date as `YYYY-MM-DD` (the `lastShownDate` format), as chrono's `%Y-%m-%d` does (a
/// year outside 0..=9999 gets its sign: `+10000`, `-0001`). Written out because chrono's format
/// string interpreter is ~7 KB of the WebAssembly every first load downloads, for this one date.
pub(crate) fn date_text(date: NaiveDate) -> String {
    let year = date.year();
    if (0..=9999).contains(&year) {
        format!("{year:04}-{:02}-{:02}", date.month(), date.day())
    } else {
        format!("{year:+05}-{:02}-{:02}", date.month(), date.day())
    }
}

/// The instants whose wall-clock time is `wall`, earliest first: none in a gap (clock set
/// forward), two in an overlap (clock set back), else one.
///
/// The offsets a day before and a day after are the only candidates (zones change their offset
/// at most once within two days); a candidate counts when the zone really has that offset at
/// the instant it gives. This is chrono's `from_local_datetime`, rebuilt on [`ZoneRules`].
fn instants_of(zone: &dyn ZoneRules, wall: NaiveDateTime) -> Vec<i64> {
    let as_utc = wall.and_utc().timestamp_millis();
    let mut found: Vec<i64> = [as_utc - DAY_MS, as_utc + DAY_MS]
        .into_iter()
        .filter_map(|probe| zone.offset_seconds(probe))
        .filter_map(|offset| {
            let utc = as_utc - i64::from(offset) * 1000;
            (zone.offset_seconds(utc) == Some(offset)).then_some(utc)
        })
        .collect();
    found.sort_unstable();
    found.dedup();
    found
}

/// The first instant after `after_ms` that starts the local `date` (usually its midnight).
///
/// When midnight is repeated (a clock set back at midnight) the earlier one counts, unless it is
/// not after `after_ms` (we are already in the repeated hour of the previous day): then the
/// later one. When midnight does not exist (a clock set forward at midnight, as once in
/// America/Santiago or Asia/Beirut, or a whole skipped day as in Pacific/Apia on 2011-12-30),
/// the day starts at the first local minute that exists, found by stepping forward a minute at a
/// time (at most two days).
pub(crate) fn start_of_local_day(
    zone: &dyn ZoneRules,
    date: NaiveDate,
    after_ms: i64,
) -> Option<i64> {
    let midnight = date.and_hms_opt(0, 0, 0)?;
    (0..=2 * 24 * 60).find_map(|minute| {
        let wall = midnight.checked_add_signed(Duration::try_minutes(minute)?)?;
        instants_of(zone, wall).into_iter().find(|t| *t > after_ms)
    })
}

/// Today's date in the user's zone as `YYYY-MM-DD` (JS `localDateText`), the value stored as an
/// ad slot's `lastShownDate`.
///
/// Errors: `invalid_time`, `time_out_of_range`.
pub fn local_date_text(now_ms: f64, zone: &dyn ZoneRules) -> Result<String, AdsError> {
    let now = instant(epoch_ms(now_ms, "now")?, "now", zone)?;
    Ok(date_text(local_date(&now)))
}

/// Milliseconds from `now` to the start of the next local day (always above 0).
pub(crate) fn ms_to_next_local_day(now_ms: i64, zone: &dyn ZoneRules) -> Result<i64, AdsError> {
    let now = instant(now_ms, "now", zone)?;
    let next = local_date(&now)
        .succ_opt()
        .and_then(|d| start_of_local_day(zone, d, now.utc_ms))
        .ok_or(AdsError::TimeOutOfRange { what: "now" })?;
    Ok(next.saturating_sub(now_ms))
}

#[cfg(test)]
mod date_text_tests {
    use super::*;

    #[test]
    fn date_text_is_chronos_year_month_day() {
        for (y, m, d) in [
            (2025, 1, 5),
            (999, 12, 31),
            (0, 1, 1),
            (9999, 12, 31),
            (10000, 1, 1),
            (-1, 6, 30),
            (-10000, 2, 29),
            (262_142, 12, 31),
        ] {
            let date = NaiveDate::from_ymd_opt(y, m, d).unwrap();
            assert_eq!(
                date_text(date),
                date.format("%Y-%m-%d").to_string(),
                "{y}-{m}-{d}"
            );
        }
    }
}

#[cfg(all(test, feature = "tz-database"))]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn day_start_skips_a_missing_midnight() {
        // America/Santiago jumped from 2025-09-07 00:00 to 01:00 (-04 to -03): the day starts
        // at 01:00 -03, i.e. 04:00 UTC.
        let zone = zone_named("America/Santiago").unwrap();
        let date = NaiveDate::from_ymd_opt(2025, 9, 7).unwrap();
        let start = start_of_local_day(&zone, date, 0).unwrap();
        assert_eq!(start, 1_757_217_600_000);
    }

    #[test]
    fn repeated_hour_has_two_instants() {
        // Europe/Berlin 2025-10-26 02:30 happened twice (+02, then +01).
        let zone = zone_named("Europe/Berlin").unwrap();
        let wall = NaiveDate::from_ymd_opt(2025, 10, 26)
            .unwrap()
            .and_hms_opt(2, 30, 0)
            .unwrap();
        assert_eq!(
            instants_of(&zone, wall),
            vec![1_761_438_600_000, 1_761_442_200_000]
        );
    }

    #[test]
    fn unknown_zone_is_an_error() {
        assert!(matches!(
            zone_named("Mars/Olympus"),
            Err(AdsError::UnknownTimeZone { .. })
        ));
        assert!(zone_named(" Asia/Tokyo ").is_ok());
    }
}
