//! Every timing and limit of the shell as one object, for the app and the server
//! (docs/behaviour/tasks-and-queue.md#progress, #templates;
//! docs/behaviour/calls-and-errors.md#toasts): the progress bar's, the toasts', template paging's
//! and the timers'.

use super::{
    BANNER_AUTO_HIDE_MS, BANNER_COLLAPSE_MS, CAROUSEL_INTERVAL_MS, CAROUSEL_SLIDES,
    LOGIN_USER_REFRESH_MS, MANIFEST_PREFETCH_DELAY_MS, PAYMENT_POLL_INTERVAL_MS,
    PAYMENT_POLL_MAX_TRIES, PURCHASE_USER_REFRESH_MS, RELOAD_GUARD_MS, RESIZE_THROTTLE_MS,
    SESSION_ID_REFRESH_MS,
};
use crate::progress::{PROGRESS_CAP, PROGRESS_TICK_MS};
use crate::templates::{TEMPLATE_LOAD_MORE_THRESHOLD, TEMPLATE_PAGE_SIZE};
use crate::toast::{TOAST_DURATION_MS, TOAST_FADE_MS, TOAST_SPACING_PX, TOAST_TOP_PX};
use serde::{Deserialize, Serialize};

/// The timings (ms unless the name says otherwise) and limits; each field repeats a constant of
/// `progress`, `toast`, `templates` or `timers`, whose doc cites the spec.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Timings {
    /// Progress bar tick.
    pub progress_tick_ms: u32,
    /// Progress cap (percent).
    pub progress_cap: f64,
    /// Toast default duration.
    pub toast_duration_ms: u32,
    /// Toast fade.
    pub toast_fade_ms: u32,
    /// First toast's top offset (px).
    pub toast_top_px: u32,
    /// Offset per toast (px).
    pub toast_spacing_px: u32,
    /// Template page size.
    pub template_page_size: u32,
    /// Templates loaded before more are requested (strictly more than this).
    pub template_load_more_threshold: u32,
    /// Reload guard lifetime.
    pub reload_guard_ms: u32,
    /// Manifest prefetch delay.
    pub manifest_prefetch_delay_ms: u32,
    /// Payment poll interval.
    pub payment_poll_interval_ms: u32,
    /// Payment poll tries at most.
    pub payment_poll_max_tries: u32,
    /// User refreshes after a purchase (ms after detection).
    pub purchase_user_refresh_ms: [u32; 4],
    /// User refreshes after login (ms after login).
    pub login_user_refresh_ms: [u32; 2],
    /// Purchase session id lifetime.
    pub session_id_refresh_ms: u32,
    /// Resize throttle.
    pub resize_throttle_ms: u32,
    /// Free-trial banner auto-hide.
    pub banner_auto_hide_ms: u32,
    /// Free-trial box removal after collapse.
    pub banner_collapse_ms: u32,
    /// Mobile carousel interval.
    pub carousel_interval_ms: u32,
    /// Mobile carousel slides (numbered from 1).
    pub carousel_slides: u32,
}

/// The timings object (JS `timings()`).
pub fn timings() -> Timings {
    Timings {
        progress_tick_ms: PROGRESS_TICK_MS,
        progress_cap: PROGRESS_CAP,
        toast_duration_ms: TOAST_DURATION_MS,
        toast_fade_ms: TOAST_FADE_MS,
        toast_top_px: TOAST_TOP_PX,
        toast_spacing_px: TOAST_SPACING_PX,
        template_page_size: TEMPLATE_PAGE_SIZE,
        template_load_more_threshold: TEMPLATE_LOAD_MORE_THRESHOLD,
        reload_guard_ms: RELOAD_GUARD_MS,
        manifest_prefetch_delay_ms: MANIFEST_PREFETCH_DELAY_MS,
        payment_poll_interval_ms: PAYMENT_POLL_INTERVAL_MS,
        payment_poll_max_tries: PAYMENT_POLL_MAX_TRIES,
        purchase_user_refresh_ms: PURCHASE_USER_REFRESH_MS,
        login_user_refresh_ms: LOGIN_USER_REFRESH_MS,
        session_id_refresh_ms: SESSION_ID_REFRESH_MS,
        resize_throttle_ms: RESIZE_THROTTLE_MS,
        banner_auto_hide_ms: BANNER_AUTO_HIDE_MS,
        banner_collapse_ms: BANNER_COLLAPSE_MS,
        carousel_interval_ms: CAROUSEL_INTERVAL_MS,
        carousel_slides: CAROUSEL_SLIDES,
    }
}
