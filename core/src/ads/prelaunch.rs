//! The prelaunch promotion of the image model
//! (docs/behaviour/ads-and-experiments.md#prelaunch-promotion "Prelaunch promotion",
//! #prelaunch-promotion): the campaign query, the activity it applies and what the apply answer's
//! state means.

use serde::Serialize;
use serde_json::Value;

/// The campaign's query key (docs/behaviour/ads-and-experiments.md#prelaunch-promotion).
pub const PRELAUNCH_QUERY_KEY: &str = "promo_campaign";
/// The campaign's query value (docs/behaviour/ads-and-experiments.md#prelaunch-promotion).
pub const PRELAUNCH_QUERY_VALUE: &str = "nano_banana2_prelaunch";
/// The activity code the campaign applies
/// (docs/behaviour/ads-and-experiments.md#prelaunch-promotion: `POST /v1/activity/apply`).
pub const PRELAUNCH_ACTIVITY_CODE: &str = "nano2_free";

/// What an apply answer's state means (docs/behaviour/ads-and-experiments.md#prelaunch-promotion).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PrelaunchOutcome {
    /// State 1.
    Success,
    /// State 3: applied before; shown as a success.
    Duplicate,
    /// State 5: the promotion has ended.
    Ended,
    /// Any other state, or none.
    Failed,
}

/// The outcome of an apply answer's `state`: a number, or a numeric string (spaces ignored);
/// anything else is `Failed`.
pub fn prelaunch_outcome(state: &Value) -> PrelaunchOutcome {
    let n = match state {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => crate::decimal::parse_decimal(s),
        _ => None,
    };
    match n {
        Some(1.0) => PrelaunchOutcome::Success,
        Some(3.0) => PrelaunchOutcome::Duplicate,
        Some(5.0) => PrelaunchOutcome::Ended,
        _ => PrelaunchOutcome::Failed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn states_map_to_outcomes() {
        assert_eq!(prelaunch_outcome(&json!(1)), PrelaunchOutcome::Success);
        assert_eq!(
            prelaunch_outcome(&json!(" 3 ")),
            PrelaunchOutcome::Duplicate
        );
        assert_eq!(prelaunch_outcome(&json!(5)), PrelaunchOutcome::Ended);
        for s in [
            json!(0),
            json!(2),
            json!(""),
            json!(null),
            json!("x"),
            json!([1]),
        ] {
            assert_eq!(prelaunch_outcome(&s), PrelaunchOutcome::Failed, "{s}");
        }
    }
}
