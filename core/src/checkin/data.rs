//! The check-in data of the server and the reward per plan tier
//! (docs/behaviour/credits-and-checkin.md#daily-check-in).

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

/// Reward of a free user, in credits (docs/behaviour/credits-and-checkin.md#daily-check-in).
pub const CHECKIN_CREDITS_FREE: u32 = 3;
/// Reward of a standard user (docs/behaviour/credits-and-checkin.md#daily-check-in).
pub const CHECKIN_CREDITS_STANDARD: u32 = 5;
/// Reward of a premium user (docs/behaviour/credits-and-checkin.md#daily-check-in).
pub const CHECKIN_CREDITS_PREMIUM: u32 = 10;
/// Reward for any other level (docs/behaviour/credits-and-checkin.md#daily-check-in "default 2 in
/// one place").
pub const CHECKIN_CREDITS_DEFAULT: u32 = 2;
/// Credits shown when the status fetch fails (docs/behaviour/credits-and-checkin.md#daily-check-in
/// "fallback 3").
pub const CHECKIN_CREDITS_FALLBACK: u32 = 3;
/// Error text of a failed status fetch (docs/behaviour/calls-and-errors.md#the-error-catalogue).
pub const CHECKIN_FETCH_FAILED_TEXT: &str = "Failed to fetch check-in data";
/// Error text of a failed claim (docs/behaviour/calls-and-errors.md#the-error-catalogue).
pub const CHECKIN_FAILED_TEXT: &str = "Check-in failed";
/// Toast shown on mobile when a claim fails (docs/behaviour/credits-and-checkin.md#daily-check-in).
pub const CHECKIN_FAIL_TOAST_TEXT: &str = "check in fail";

/// The check-in reward of a plan level (docs/behaviour/credits-and-checkin.md#daily-check-in): free
/// 3, standard 5, premium 10, anything else 2. The level is the user's `verify.level`; it is
/// matched after trimming and ignoring ASCII case, and the display alias `vip` counts as premium
/// (docs/behaviour/accounts-and-sessions.md#roles-and-permissions plan level mapping). `inactive`,
/// guests (empty) and unknown levels get the default 2.
pub fn checkin_reward(level: &str) -> u32 {
    let level = level.trim();
    if level.eq_ignore_ascii_case("free") {
        CHECKIN_CREDITS_FREE
    } else if level.eq_ignore_ascii_case("standard") {
        CHECKIN_CREDITS_STANDARD
    } else if level.eq_ignore_ascii_case("premium") || level.eq_ignore_ascii_case("vip") {
        CHECKIN_CREDITS_PREMIUM
    } else {
        CHECKIN_CREDITS_DEFAULT
    }
}

/// Whether the user may claim today (docs/behaviour/credits-and-checkin.md#daily-check-in "status
/// check_in or checked_in").
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CheckinStatus {
    /// Not yet claimed in this cycle: the button is active.
    CheckIn,
    /// Already claimed in this cycle: the button is disabled.
    CheckedIn,
}

/// The answer of `GET /v1/activity/checkin/status`
/// (docs/behaviour/credits-and-checkin.md#daily-check-in), with the server's field names. Decoding
/// is lenient because the flags arrive as booleans or as 0/1: a flag is true for `true`, a non-zero
/// number or a string holding one (`"1"`, `"true"`); credits accept a number or a numeric string,
/// rounded, negatives and garbage as 0. Missing fields take their default.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckinData {
    /// Claimed in the current cycle.
    #[cfg_attr(feature = "tsify", tsify(type = "boolean | number | string | null"))]
    #[serde(default, deserialize_with = "de_flag")]
    pub is_checked_in: bool,
    /// A claim is possible today.
    #[cfg_attr(feature = "tsify", tsify(type = "boolean | number | string | null"))]
    #[serde(default, deserialize_with = "de_flag")]
    pub today_available: bool,
    /// Credits a claim gives today.
    #[cfg_attr(feature = "tsify", tsify(type = "number | string | null"))]
    #[serde(default, deserialize_with = "de_credits")]
    pub today_checkin_credits: u32,
    /// The check-in activity runs at all.
    #[cfg_attr(feature = "tsify", tsify(type = "boolean | number | string | null"))]
    #[serde(default, deserialize_with = "de_flag")]
    pub activity_active: bool,
}

/// The answer of `POST /v1/activity/checkin`
/// (docs/behaviour/credits-and-checkin.md#daily-check-in): success and a server message. Decoded
/// leniently like [`CheckinData`].
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckinClaimResponse {
    /// The claim was recorded.
    #[cfg_attr(feature = "tsify", tsify(type = "boolean | number | string | null"))]
    #[serde(default, deserialize_with = "de_flag")]
    pub success: bool,
    /// Server text, shown as a toast (docs/behaviour/credits-and-checkin.md#daily-check-in).
    #[cfg_attr(feature = "tsify", tsify(type = "string | null"))]
    #[serde(default, deserialize_with = "de_text")]
    pub message: String,
}

/// The status derived from check-in data (docs/behaviour/credits-and-checkin.md#daily-check-in).
pub fn checkin_status(data: &CheckinData) -> CheckinStatus {
    if data.is_checked_in {
        CheckinStatus::CheckedIn
    } else {
        CheckinStatus::CheckIn
    }
}

/// What the panel shows when the status fetch fails
/// (docs/behaviour/credits-and-checkin.md#daily-check-in): status check_in with 3 credits. Decided:
/// the claim stays possible (today available, activity active), so the user can still try and the
/// server has the last word.
pub fn checkin_fetch_fallback() -> CheckinData {
    CheckinData {
        is_checked_in: false,
        today_available: true,
        today_checkin_credits: CHECKIN_CREDITS_FALLBACK,
        activity_active: true,
    }
}

/// Truthiness of a server flag (bool, number or numeric/boolean string).
pub(crate) fn flag_of(v: &Value) -> bool {
    match v {
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64().is_some_and(|x| x != 0.0),
        Value::String(s) => {
            let s = s.trim();
            s.eq_ignore_ascii_case("true")
                || crate::decimal::parse_decimal(s).is_some_and(|x| x != 0.0)
        }
        _ => false,
    }
}

fn credits_of(v: &Value) -> u32 {
    let x = match v {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => crate::decimal::parse_decimal(s),
        _ => None,
    };
    match x {
        // `as` saturates at u32::MAX for huge values; non-finite and negatives are 0.
        Some(x) if x.is_finite() && x > 0.0 => x.round() as u32,
        _ => 0,
    }
}

fn de_flag<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    Ok(flag_of(&Value::deserialize(d)?))
}

fn de_credits<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    Ok(credits_of(&Value::deserialize(d)?))
}

fn de_text<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::String(s) => s,
        Value::Null => String::new(),
        other => other.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lenient_decoding() {
        let d: CheckinData = serde_json::from_str(
            r#"{"is_checked_in":1,"today_available":"true","today_checkin_credits":"5","activity_active":null}"#,
        )
        .unwrap_or_else(|_| checkin_fetch_fallback());
        assert!(d.is_checked_in && d.today_available && !d.activity_active);
        assert_eq!(d.today_checkin_credits, 5);
        assert_eq!(checkin_status(&d), CheckinStatus::CheckedIn);
    }

    #[test]
    fn rewards() {
        assert_eq!(checkin_reward(" Premium "), 10);
        assert_eq!(checkin_reward("inactive"), 2);
    }
}
