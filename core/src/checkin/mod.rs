//! Daily check-in: cycles at 19:00 UTC-7, rewards by tier, claim states, auto-show and load-time rules (docs/behaviour/credits-and-checkin.md#daily-check-in).
//!
//! - [`cycle`]: which daily cycle a time belongs to (the server enforces one claim per cycle id).
//! - [`data`]: the server's check-in data, the status and the reward per plan tier.
//! - [`panel`]: the panel's state machine (loading, disabled, status; claims and failures).
//! - [`rules`]: when the popup opens by itself, and the load-time report.

pub mod constants;
pub mod cycle;
pub mod data;
pub mod panel;
pub mod rules;

pub use constants::{
    CHECKIN_ACTIVITY_CODE, CHECKIN_CREATE_EXPLORE_ID, CheckinConstants, checkin_constants,
};
pub use cycle::{
    CHECKIN_CYCLE_OFFSET_MS, CHECKIN_CYCLE_START_HOUR, CHECKIN_UTC_OFFSET_HOURS, DAY_MS,
    MAX_EPOCH_MS, checkin_cycle_id, checkin_cycle_start, next_checkin_cycle, same_checkin_cycle,
};
pub use data::{
    CHECKIN_CREDITS_DEFAULT, CHECKIN_CREDITS_FALLBACK, CHECKIN_CREDITS_FREE,
    CHECKIN_CREDITS_PREMIUM, CHECKIN_CREDITS_STANDARD, CHECKIN_FAIL_TOAST_TEXT,
    CHECKIN_FAILED_TEXT, CHECKIN_FETCH_FAILED_TEXT, CheckinClaimResponse, CheckinData,
    CheckinStatus, checkin_fetch_fallback, checkin_reward, checkin_status,
};
pub use panel::{
    CheckinEffect, CheckinPanelEvent, CheckinPanelState, CheckinTransition, checkin_panel_initial,
    checkin_panel_step,
};
pub use rules::{
    CHECKIN_EMAIL_PACTIVITY, CHECKIN_LOAD_TIME_FALLBACK_MS, CHECKIN_LOAD_TIME_LIMIT_MS,
    CheckinLoadTime, checkin_auto_show, checkin_load_time, checkin_should_auto_show,
};

use crate::Coded;

/// Errors of the check-in rules: only invalid times can fail.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CheckinError {
    /// A time was NaN or infinite.
    #[error("The {what} time is not a valid date (it must be a finite number of milliseconds).")]
    InvalidTime {
        /// Which argument ("now", "first time", ...).
        what: &'static str,
    },
    /// A time lies outside the range of JavaScript dates (±8.64e15 ms).
    #[error("The {what} time is outside the supported date range (years -271821 to 275760).")]
    TimeOutOfRange {
        /// Which argument.
        what: &'static str,
    },
}

impl Coded for CheckinError {
    fn code(&self) -> &'static str {
        match self {
            Self::InvalidTime { .. } => "invalid_time",
            Self::TimeOutOfRange { .. } => "time_out_of_range",
        }
    }
}
