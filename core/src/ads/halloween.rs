//! When the halloween banner runs (docs/behaviour/ads-and-experiments.md#ads names the banner and
//! its discount, not its dates; the discount and text size are in [`crate::pricing::campaign`]).

use super::AdsError;
use super::zone::{ZoneRules, epoch_ms, instant, local_date};
use chrono::Datelike;

/// First day of the halloween banner, as (month, day): 24 October.
pub const HALLOWEEN_FIRST_DAY: (u32, u32) = (10, 24);
/// Last day of the halloween banner, as (month, day): 31 October, Halloween itself.
pub const HALLOWEEN_LAST_DAY: (u32, u32) = (10, 31);

/// Whether the halloween banner shows at `now` in the user's zone (JS `halloweenBannerActive`).
///
/// Designed (the spec gives no dates): every year, the week before Halloween through Halloween
/// itself, 24 to 31 October inclusive, by the user's own calendar, so it starts and ends at the
/// user's local midnight like the rest of the site's daily promotions.
///
/// Errors: `invalid_time`, `time_out_of_range` for `now`.
pub fn halloween_banner_active(now_ms: f64, zone: &dyn ZoneRules) -> Result<bool, AdsError> {
    let now = instant(epoch_ms(now_ms, "now")?, "now", zone)?;
    let date = local_date(&now);
    let day = (date.month(), date.day());
    Ok((HALLOWEEN_FIRST_DAY..=HALLOWEEN_LAST_DAY).contains(&day))
}
