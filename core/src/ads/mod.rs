//! Ads and promotions: slot suppression, header ad icon, promo countdown, task-list promo card, free-trial box (docs/behaviour/ads-and-experiments.md#promotions, #free-trial-box).
//!
//! - [`zone`]: "today" in the user's IANA zone (epoch ms + zone name in, dates out).
//! - [`slot`]: the per-slot local-storage record, the 24 h / once-a-day rule, device conditions.
//! - [`item`]: ad items, dismissal keys, the header ad icon's hide rules.
//! - [`promo`]: promo countdown, promo modal interval, task-list promo card.
//! - [`halloween`]: the days the halloween banner runs.
//! - [`trial_box`]: the free-trial floating box as a function of elapsed time.

pub mod halloween;
pub mod item;
pub mod prelaunch;
pub mod promo;
pub mod slot;
pub mod trial_box;
pub mod zone;

pub use halloween::{HALLOWEEN_FIRST_DAY, HALLOWEEN_LAST_DAY, halloween_banner_active};
pub use item::{
    ACTIVITY_THREE_DAYS_FREE, AD_DISMISSAL_KEY_PREFIX, AdItem, AdModule, HeaderAdHideReason,
    HeaderAdIconState, ad_dismissal_key, header_ad_icon_hide_reason, header_ad_icon_visible,
    header_ad_item,
};
pub use prelaunch::{
    PRELAUNCH_ACTIVITY_CODE, PRELAUNCH_QUERY_KEY, PRELAUNCH_QUERY_VALUE, PrelaunchOutcome,
    prelaunch_outcome,
};
pub use promo::{
    COUNTDOWN_FIELD_MAX, COUNTDOWN_TICK_MS, Countdown, PROMO_MODAL_INTERVAL_MINUTES,
    TASK_PROMO_DEFAULT_END_MS, promo_countdown, promo_modal_may_show, task_promo_card_visible,
};
pub use slot::{
    AD_CLOSE_SUPPRESS_MS, AdSlot, AdSlotRecord, ad_slot_may_show, ad_slot_visible,
    record_ad_closed, record_ad_shown,
};
pub use trial_box::{
    TRIAL_BOX_COLLAPSE_MS, TRIAL_BOX_SHOW_DELAY_MS, TRIAL_BOX_TEXT_KEY, TRIAL_BOX_TEXT_KEY_PLAN_B,
    TRIAL_BOX_VISIBLE_MS, TrialBoxEvent, TrialBoxPhase, TrialBoxState, TrialBoxUser,
    trial_box_closes_on, trial_box_state,
};
pub use zone::{MAX_EPOCH_MS, ZoneRules, local_date_text, unknown_zone};
#[cfg(feature = "tz-database")]
pub use zone::{TzRules, zone_named};

use crate::Coded;

/// Errors of the ad rules: bad times, unknown zones and unnamed modules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AdsError {
    /// A time was NaN or infinite.
    #[error("The {what} time is not a valid date (it must be a finite number of milliseconds).")]
    InvalidTime {
        /// Which argument ("now", "end", ...).
        what: &'static str,
    },
    /// A time lies outside the supported date range.
    #[error("The {what} time is outside the supported date range.")]
    TimeOutOfRange {
        /// Which argument.
        what: &'static str,
    },
    /// The time zone is not an IANA zone name.
    #[error(
        "Unknown time zone \"{zone}\": use an IANA name such as \"America/Los_Angeles\", or \"UTC\"."
    )]
    UnknownTimeZone {
        /// The name given (at most 64 characters of it).
        zone: String,
    },
    /// The ad module is not one of main_header, studio_footer, hooks_banner_mobile.
    #[error(
        "This ad module has no dismissal key: it must be main_header, studio_footer or hooks_banner_mobile."
    )]
    UnknownModule,
}

impl Coded for AdsError {
    fn code(&self) -> &'static str {
        match self {
            Self::InvalidTime { .. } => "invalid_time",
            Self::TimeOutOfRange { .. } => "time_out_of_range",
            Self::UnknownTimeZone { .. } => "unknown_time_zone",
            Self::UnknownModule => "unknown_module",
        }
    }
}
