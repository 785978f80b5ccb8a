//! Progress simulation and timers: progress bar, toasts, template paging, reload guard, polls (spec 01 §4, spec 02 §4, §9).
//!
//! - [`simulation`]: the simulated progress bar (exact to hundredths, no float drift).
//! - [`toast`]: toast types, stacking and fade phases.
//! - [`paging`]: template list paging.
//! - [`timers`]: reload guard, manifest prefetch, payment poll, session id, carousel.
//! - [`constants`]: all of the above as one [`Timings`] object.

pub mod constants;
pub mod paging;
pub mod simulation;
pub mod timers;
pub mod toast;

pub use constants::{Timings, timings};
pub use paging::{
    TEMPLATE_LOAD_MORE_THRESHOLD, TEMPLATE_PAGE_SIZE, TemplatePageQuery, template_first_page,
    template_has_more, template_load_more,
};
pub use simulation::{
    PROGRESS_CAP, PROGRESS_DONE, PROGRESS_START, PROGRESS_TICK_MS, progress_after,
    progress_display, progress_tick,
};
pub use timers::{
    BANNER_AUTO_HIDE_MS, BANNER_COLLAPSE_MS, CAROUSEL_INTERVAL_MS, CAROUSEL_SLIDES,
    LOGIN_USER_REFRESH_MS, MANIFEST_PREFETCH_DELAY_MS, PAYMENT_POLL_INTERVAL_MS,
    PAYMENT_POLL_MAX_TRIES, PURCHASE_USER_REFRESH_MS, PollAction, RELOAD_GUARD_MS,
    RESIZE_THROTTLE_MS, SESSION_ID_REFRESH_MS, SLOW_CONNECTION_TYPE, carousel_next,
    carousel_slide_at, manifest_prefetch_delay, payment_poll_elapsed_seconds, payment_poll_next,
    reload_allowed, session_id_expired,
};
pub use toast::{
    TOAST_DURATION_MS, TOAST_FADE_MS, TOAST_SPACING_PX, TOAST_TOP_PX, ToastKind, ToastPhase,
    toast_kind, toast_phase, toast_top,
};

use crate::Coded;

/// Errors of this area: only an unknown toast type name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProgressError {
    /// A toast type other than info, warn, success, error.
    #[error("Unknown toast type {name:?}: use info, warn, success or error.")]
    UnknownToastType {
        /// The name given (first 40 characters).
        name: String,
    },
}

impl Coded for ProgressError {
    fn code(&self) -> &'static str {
        match self {
            Self::UnknownToastType { .. } => "unknown_toast_type",
        }
    }
}
