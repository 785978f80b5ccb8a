//! Daily check-in cycles: each cycle starts at 19:00 on a clock at UTC-7
//! (docs/behaviour/credits-and-checkin.md#daily-check-in).
//!
//! UTC-7 is a fixed offset here, not a zone with daylight saving: the spec speaks of "a clock
//! shifted by 7 hours". 19:00 at UTC-7 is 02:00 UTC of the next UTC day, so every cycle is
//! `[d * 86_400_000 + 7_200_000, (d + 1) * 86_400_000 + 7_200_000)` in epoch milliseconds for an
//! integer day `d`, and that `d` is the cycle id.
//!
//! Times are JavaScript numbers (`f64` epoch milliseconds) because both faces hand them over
//! that way (`Date.now()` in the browser; the server converts its `i64`, which is exact in this
//! range). Fractional milliseconds are floored, so 18:59:59.999.9 still belongs to the previous
//! cycle. NaN and infinities are rejected with [`CheckinError::InvalidTime`]; finite values
//! beyond the ECMAScript time range (±8.64e15 ms, ±100,000,000 days around 1970) are rejected
//! with [`CheckinError::TimeOutOfRange`], so the integer arithmetic below can never overflow.

use super::CheckinError;

/// Hours the check-in clock is behind UTC (docs/behaviour/credits-and-checkin.md#daily-check-in "a
/// clock shifted by 7 hours (UTC-7)").
pub const CHECKIN_UTC_OFFSET_HOURS: i64 = -7;
/// Local hour on that clock at which a new cycle starts
/// (docs/behaviour/credits-and-checkin.md#daily-check-in "cycle boundary 19:00").
pub const CHECKIN_CYCLE_START_HOUR: i64 = 19;
/// Length of one cycle: one day in milliseconds.
pub const DAY_MS: i64 = 86_400_000;
/// Offset of a cycle start after UTC midnight: 19:00 at UTC-7 = 02:00 UTC = 7,200,000 ms.
pub const CHECKIN_CYCLE_OFFSET_MS: i64 =
    ((CHECKIN_CYCLE_START_HOUR - CHECKIN_UTC_OFFSET_HOURS) * 3_600_000).rem_euclid(DAY_MS);
/// The largest magnitude of a valid time: the ECMAScript `Date` range, ±8.64e15 ms.
pub const MAX_EPOCH_MS: i64 = 8_640_000_000_000_000;

/// Checks a JavaScript time value and floors it to whole milliseconds.
///
/// `what` names the argument in the error message (e.g. "now").
pub fn epoch_ms(value: f64, what: &'static str) -> Result<i64, CheckinError> {
    if !value.is_finite() {
        return Err(CheckinError::InvalidTime { what });
    }
    let floored = value.floor();
    // MAX_EPOCH_MS is exactly representable in f64 (it is below 2^53).
    if floored.abs() > MAX_EPOCH_MS as f64 {
        return Err(CheckinError::TimeOutOfRange { what });
    }
    // In range and integral, so the conversion is exact.
    Ok(floored as i64)
}

/// The id of the cycle containing `ms` (already validated): the number of whole days from
/// 1970-01-01 02:00 UTC, i.e. the UTC date on which the cycle starts, which is also the
/// UTC-7 calendar date the cycle mostly covers (it runs 19:00 the evening before to 18:59).
pub(crate) fn checkin_cycle_id_i64(ms: i64) -> i64 {
    (ms - CHECKIN_CYCLE_OFFSET_MS).div_euclid(DAY_MS)
}

fn start_of_id(id: i64) -> i64 {
    id * DAY_MS + CHECKIN_CYCLE_OFFSET_MS
}

/// The cycle id of a time (docs/behaviour/credits-and-checkin.md#daily-check-in): an integer day
/// index, equal for two times exactly when they fall in the same cycle, increasing by one per
/// cycle. The server stores it to allow one claim per cycle. Id 0 is the cycle starting 1970-01-01
/// 02:00 UTC; earlier times are negative.
///
/// Errors: `invalid_time` for NaN/infinite, `time_out_of_range` beyond ±8.64e15 ms.
pub fn checkin_cycle_id(now_ms: f64) -> Result<i64, CheckinError> {
    Ok(checkin_cycle_id_i64(epoch_ms(now_ms, "now")?))
}

/// The start (epoch ms) of the cycle containing `now_ms`: the latest 19:00:00.000 at UTC-7 at or
/// before it (docs/behaviour/credits-and-checkin.md#daily-check-in). A time exactly at 19:00:00.000
/// starts a new cycle.
///
/// Errors: as [`checkin_cycle_id`].
pub fn checkin_cycle_start(now_ms: f64) -> Result<f64, CheckinError> {
    let ms = epoch_ms(now_ms, "now")?;
    // |start| <= 8.64e15 + one day < 2^53, so the f64 is exact.
    Ok(start_of_id(checkin_cycle_id_i64(ms)) as f64)
}

/// The start (epoch ms) of the cycle after the one containing `now_ms`: when the next claim
/// becomes possible (docs/behaviour/credits-and-checkin.md#daily-check-in). May lie up to one day
/// beyond the ECMAScript time range for inputs at its very edge; it is still an exact integer
/// number.
///
/// Errors: as [`checkin_cycle_id`].
pub fn next_checkin_cycle(now_ms: f64) -> Result<f64, CheckinError> {
    let ms = epoch_ms(now_ms, "now")?;
    Ok(start_of_id(checkin_cycle_id_i64(ms) + 1) as f64)
}

/// Whether two times fall in the same daily check-in cycle
/// (docs/behaviour/credits-and-checkin.md#daily-check-in "same-cycle").
///
/// Errors: as [`checkin_cycle_id`], naming the first invalid argument ("first time" or
/// "second time").
pub fn same_checkin_cycle(a_ms: f64, b_ms: f64) -> Result<bool, CheckinError> {
    let a = epoch_ms(a_ms, "first time")?;
    let b = epoch_ms(b_ms, "second time")?;
    Ok(checkin_cycle_id_i64(a) == checkin_cycle_id_i64(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    // 2024-06-20T02:00:00.000Z = 2024-06-19 19:00 at UTC-7.
    const BOUNDARY: f64 = 1_718_848_800_000.0;

    #[test]
    fn offset_is_two_hours() {
        assert_eq!(CHECKIN_CYCLE_OFFSET_MS, 7_200_000);
    }

    #[test]
    fn boundary_starts_a_cycle() {
        assert_eq!(checkin_cycle_start(BOUNDARY), Ok(BOUNDARY));
        assert_eq!(
            checkin_cycle_start(BOUNDARY - 1.0),
            Ok(BOUNDARY - DAY_MS as f64)
        );
        assert_eq!(same_checkin_cycle(BOUNDARY - 1.0, BOUNDARY), Ok(false));
        assert_eq!(next_checkin_cycle(BOUNDARY - 1.0), Ok(BOUNDARY));
        assert_eq!(next_checkin_cycle(BOUNDARY), Ok(BOUNDARY + DAY_MS as f64));
        assert_eq!(checkin_cycle_id(BOUNDARY), Ok(19_894));
        assert_eq!(checkin_cycle_id(BOUNDARY - 1.0), Ok(19_893));
    }

    #[test]
    fn fractions_floor_and_negatives_work() {
        assert_eq!(same_checkin_cycle(BOUNDARY - 0.5, BOUNDARY - 1.0), Ok(true));
        assert_eq!(checkin_cycle_id(0.0), Ok(-1));
        assert_eq!(checkin_cycle_start(0.0), Ok(-79_200_000.0));
        assert_eq!(checkin_cycle_id(-1.0), Ok(-1));
        assert_eq!(checkin_cycle_start(7_200_000.0), Ok(7_200_000.0));
    }

    #[test]
    fn invalid_times_are_errors() {
        assert!(matches!(
            checkin_cycle_start(f64::NAN),
            Err(CheckinError::InvalidTime { .. })
        ));
        assert!(matches!(
            checkin_cycle_start(f64::INFINITY),
            Err(CheckinError::InvalidTime { .. })
        ));
        assert!(matches!(
            checkin_cycle_start(1e300),
            Err(CheckinError::TimeOutOfRange { .. })
        ));
        assert!(checkin_cycle_start(8.64e15).is_ok());
        assert!(checkin_cycle_start(-8.64e15).is_ok());
        assert!(next_checkin_cycle(8.64e15).is_ok());
    }
}
