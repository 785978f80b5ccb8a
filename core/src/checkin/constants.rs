//! The check-in area's numbers and texts as one object for the app and the server
//! (docs/behaviour/credits-and-checkin.md#daily-check-in).

use super::cycle::{
    CHECKIN_CYCLE_OFFSET_MS, CHECKIN_CYCLE_START_HOUR, CHECKIN_UTC_OFFSET_HOURS, DAY_MS,
    MAX_EPOCH_MS,
};
use super::data::{
    CHECKIN_CREDITS_DEFAULT, CHECKIN_CREDITS_FALLBACK, CHECKIN_CREDITS_FREE,
    CHECKIN_CREDITS_PREMIUM, CHECKIN_CREDITS_STANDARD, CHECKIN_FAIL_TOAST_TEXT,
    CHECKIN_FAILED_TEXT, CHECKIN_FETCH_FAILED_TEXT,
};
use super::rules::{
    CHECKIN_EMAIL_PACTIVITY, CHECKIN_LOAD_TIME_FALLBACK_MS, CHECKIN_LOAD_TIME_LIMIT_MS,
};
use serde::Serialize;

/// The activity code of the daily check-in calls (`code` of `GET /v1/activity/checkin/status`
/// and `POST /v1/activity/checkin`, docs/behaviour/credits-and-checkin.md#daily-check-in; the value
/// is decided).
pub const CHECKIN_ACTIVITY_CODE: &str = "daily_checkin";
/// The explore item the panel's 'Create' opens on the image-to-image screen
/// (docs/behaviour/credits-and-checkin.md#daily-check-in: "exploreId set to 1448").
pub const CHECKIN_CREATE_EXPLORE_ID: u32 = 1448;

/// The check-in constants (camelCase on the wire).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CheckinConstants {
    pub utc_offset_hours: i64,
    pub cycle_start_hour: i64,
    pub day_ms: i64,
    pub cycle_offset_ms: i64,
    pub max_epoch_ms: i64,
    pub credits_free: u32,
    pub credits_standard: u32,
    pub credits_premium: u32,
    pub credits_default: u32,
    pub credits_fallback: u32,
    pub fetch_failed_text: &'static str,
    pub failed_text: &'static str,
    pub fail_toast_text: &'static str,
    pub email_pactivity: &'static str,
    pub load_time_limit_ms: f64,
    pub load_time_fallback_ms: f64,
    pub activity_code: &'static str,
    pub create_explore_id: u32,
}

/// Every check-in constant.
pub fn checkin_constants() -> CheckinConstants {
    CheckinConstants {
        utc_offset_hours: CHECKIN_UTC_OFFSET_HOURS,
        cycle_start_hour: CHECKIN_CYCLE_START_HOUR,
        day_ms: DAY_MS,
        cycle_offset_ms: CHECKIN_CYCLE_OFFSET_MS,
        max_epoch_ms: MAX_EPOCH_MS,
        credits_free: CHECKIN_CREDITS_FREE,
        credits_standard: CHECKIN_CREDITS_STANDARD,
        credits_premium: CHECKIN_CREDITS_PREMIUM,
        credits_default: CHECKIN_CREDITS_DEFAULT,
        credits_fallback: CHECKIN_CREDITS_FALLBACK,
        fetch_failed_text: CHECKIN_FETCH_FAILED_TEXT,
        failed_text: CHECKIN_FAILED_TEXT,
        fail_toast_text: CHECKIN_FAIL_TOAST_TEXT,
        email_pactivity: CHECKIN_EMAIL_PACTIVITY,
        load_time_limit_ms: CHECKIN_LOAD_TIME_LIMIT_MS,
        load_time_fallback_ms: CHECKIN_LOAD_TIME_FALLBACK_MS,
        activity_code: CHECKIN_ACTIVITY_CODE,
        create_explore_id: CHECKIN_CREATE_EXPLORE_ID,
    }
}
