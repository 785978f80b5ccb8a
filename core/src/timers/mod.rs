//! Timers of the shell and the purchase flow as pure decisions
//! (docs/behaviour/pricing-and-purchase.md#purchase-popup).
//!
//! Every function takes the times it needs as epoch milliseconds (JavaScript numbers) and
//! decides; the app owns the actual `setTimeout`/`setInterval`. [`timings()`] gathers these
//! and the other shell timings (progress bar, toasts, template paging) in one [`Timings`] object.

mod timings;

pub use timings::{Timings, timings};

use serde::{Deserialize, Serialize};

/// Lifetime of the build-update reload guard in session storage
/// (docs/behaviour/languages-and-routes.md#build-updates).
pub const RELOAD_GUARD_MS: u32 = 10_000;
/// Delay of the manifest prefetch after start
/// (docs/behaviour/languages-and-routes.md#build-updates).
pub const MANIFEST_PREFETCH_DELAY_MS: u32 = 1_000;
/// Connection type on which the manifest is not prefetched
/// (docs/behaviour/languages-and-routes.md#build-updates).
pub const SLOW_CONNECTION_TYPE: &str = "slow-2g";
/// Payment poll interval (docs/behaviour/pricing-and-purchase.md#purchase-popup).
pub const PAYMENT_POLL_INTERVAL_MS: u32 = 2_000;
/// Payment poll attempts at most (docs/behaviour/pricing-and-purchase.md#purchase-popup).
pub const PAYMENT_POLL_MAX_TRIES: u32 = 450;
/// User-info refreshes after a detected purchase, ms after detection: immediately, then at 3, 6
/// and 9 s (docs/behaviour/pricing-and-purchase.md#purchase-popup).
pub const PURCHASE_USER_REFRESH_MS: [u32; 4] = [0, 3_000, 6_000, 9_000];
/// User-info refreshes after login, ms after login
/// (docs/behaviour/accounts-and-sessions.md#log-in).
pub const LOGIN_USER_REFRESH_MS: [u32; 2] = [5_000, 10_000];
/// Lifetime of the purchase session id
/// (docs/behaviour/accounts-and-sessions.md#tokens-and-sessions).
pub const SESSION_ID_REFRESH_MS: u32 = 1_800_000;
/// Resize handler throttle (docs/behaviour/languages-and-routes.md#page-frame).
pub const RESIZE_THROTTLE_MS: u32 = 200;
/// Free-trial banner auto-hide (docs/behaviour/ads-and-experiments.md#free-trial-box).
pub const BANNER_AUTO_HIDE_MS: u32 = 15_000;
/// The free-trial box disappears this long after being collapsed
/// (docs/behaviour/ads-and-experiments.md#free-trial-box).
pub const BANNER_COLLAPSE_MS: u32 = 500;
/// Mobile purchase carousel rotation (docs/behaviour/pricing-and-purchase.md#purchase-popup).
pub const CAROUSEL_INTERVAL_MS: u32 = 6_000;
/// Slides of the mobile carousel, numbered 1..=3
/// (docs/behaviour/pricing-and-purchase.md#purchase-popup).
pub const CAROUSEL_SLIDES: u32 = 3;

/// Whether a build-update reload may happen now
/// (docs/behaviour/languages-and-routes.md#build-updates): the guard written at the last reload
/// blocks another for 10 s, which stops reload loops.
///
/// `guard_set_at_ms` is the stored time (`None` when absent). Decided: an unreadable stored
/// value (NaN, infinite) or one in the future (the clock went back) is treated as stale, so the
/// reload is allowed; an unreadable `now_ms` refuses the reload, erring on the side of no loop.
pub fn reload_allowed(guard_set_at_ms: Option<f64>, now_ms: f64) -> bool {
    if !now_ms.is_finite() {
        return false;
    }
    match guard_set_at_ms {
        Some(set) if set.is_finite() && set <= now_ms => now_ms - set >= f64::from(RELOAD_GUARD_MS),
        _ => true,
    }
}

/// Delay before prefetching the build manifest
/// (docs/behaviour/languages-and-routes.md#build-updates): 1000 ms, or `None` (no prefetch) when
/// `navigator.connection.effectiveType` is `slow-2g` (compared trimmed, ignoring ASCII case). Pass
/// `None` when the browser does not report a connection type.
pub fn manifest_prefetch_delay(effective_type: Option<&str>) -> Option<u32> {
    match effective_type {
        Some(t) if t.trim().eq_ignore_ascii_case(SLOW_CONNECTION_TYPE) => None,
        _ => Some(MANIFEST_PREFETCH_DELAY_MS),
    }
}

/// What the payment poll does next.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum PollAction {
    /// Ask the trade-info call again after `delay_ms`.
    Poll {
        /// Delay before the request (2000 ms).
        delay_ms: u32,
    },
    /// The page is hidden: wait for it to become visible, then ask again.
    Pause,
    /// 450 tries are used up: stop polling.
    Stop,
}

/// The payment poll's next action (docs/behaviour/pricing-and-purchase.md#purchase-popup) after
/// `tries` requests have been made without detecting a purchase: stop once 450 have been made;
/// otherwise pause while the page is hidden, else poll again in 2000 ms. A paused poll resumes by
/// calling this again when the page becomes visible; pauses do not use up tries.
pub fn payment_poll_next(tries: u32, hidden: bool) -> PollAction {
    if tries >= PAYMENT_POLL_MAX_TRIES {
        PollAction::Stop
    } else if hidden {
        PollAction::Pause
    } else {
        PollAction::Poll {
            delay_ms: PAYMENT_POLL_INTERVAL_MS,
        }
    }
}

/// The `time_before` of the trade-info request: whole seconds since the dialog opened
/// (docs/behaviour/pricing-and-purchase.md#purchase-popup). Decided: never negative; NaN/infinite
/// inputs give 0; saturates at `u32::MAX`.
pub fn payment_poll_elapsed_seconds(opened_at_ms: f64, now_ms: f64) -> u32 {
    let elapsed = (now_ms - opened_at_ms) / 1000.0;
    if elapsed.is_finite() && elapsed > 0.0 {
        // `as` saturates at u32::MAX.
        elapsed.floor() as u32
    } else {
        0
    }
}

/// Whether the purchase session id must be regenerated
/// (docs/behaviour/accounts-and-sessions.md#tokens-and-sessions): after 1,800,000 ms. Decided: an
/// unreadable creation time or now, or a creation time in the future, also counts as expired (a
/// fresh id is always harmless).
pub fn session_id_expired(created_at_ms: f64, now_ms: f64) -> bool {
    if !created_at_ms.is_finite() || !now_ms.is_finite() || created_at_ms > now_ms {
        return true;
    }
    now_ms - created_at_ms >= f64::from(SESSION_ID_REFRESH_MS)
}

/// The carousel slide after `slide` (docs/behaviour/pricing-and-purchase.md#purchase-popup: 1..3,
/// looping). Out-of-range slides restart at 1.
pub fn carousel_next(slide: u32) -> u32 {
    if (1..CAROUSEL_SLIDES).contains(&slide) {
        slide + 1
    } else {
        1
    }
}

/// The slide shown `elapsed_ms` after the carousel started on slide 1, turning every 6000 ms
/// (docs/behaviour/pricing-and-purchase.md#purchase-popup). NaN and negative times show slide 1.
pub fn carousel_slide_at(elapsed_ms: f64) -> u32 {
    if elapsed_ms.is_nan() || elapsed_ms < 0.0 {
        return 1;
    }
    let turns = (elapsed_ms / f64::from(CAROUSEL_INTERVAL_MS)).floor();
    // `rem_euclid` on f64 is exact for integers; the result is 0, 1 or 2 (or NaN for +inf).
    let r = turns.rem_euclid(f64::from(CAROUSEL_SLIDES));
    if r.is_finite() { r as u32 + 1 } else { 1 }
}
