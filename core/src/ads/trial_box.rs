//! The free-trial floating box as a pure function of time
//! (docs/behaviour/ads-and-experiments.md#free-trial-box "Free-trial floating box",
//! #free-trial-box).
//!
//! Timeline for a new logged-in user, in milliseconds since the box's page was ready:
//! hidden until [`TRIAL_BOX_SHOW_DELAY_MS`], shown for [`TRIAL_BOX_VISIBLE_MS`], then collapsing
//! for [`TRIAL_BOX_COLLAPSE_MS`], then gone. Closing it earlier (the X, or on mobile a click
//! outside) starts the same collapse at that moment. The app re-asks at `nextChangeMs`.

use super::AdsError;
use super::zone::MAX_EPOCH_MS;
use serde::{Deserialize, Serialize};

/// The "moment" before the box appears (docs/behaviour/ads-and-experiments.md#free-trial-box "shows
/// after a moment"; the length is not shown, 1 s is chosen so it does not compete with the page's
/// first paint).
pub const TRIAL_BOX_SHOW_DELAY_MS: f64 = 1_000.0;
/// How long the box stays before it hides by itself
/// (docs/behaviour/ads-and-experiments.md#free-trial-box "hides after 15 s", #free-trial-box
/// "Banner auto-hide 15000 ms"), counted from when it appears.
pub const TRIAL_BOX_VISIBLE_MS: f64 = 15_000.0;
/// The box disappears this long after being collapsed
/// (docs/behaviour/ads-and-experiments.md#free-trial-box "500 ms").
pub const TRIAL_BOX_COLLAPSE_MS: f64 = 500.0;
/// Text key of the banner.
pub const TRIAL_BOX_TEXT_KEY: &str = "free_trial_box.text";
/// Text key of the banner in plan variant B (docs/behaviour/ads-and-experiments.md#free-trial-box
/// "Plan variant B changes the banner text").
pub const TRIAL_BOX_TEXT_KEY_PLAN_B: &str = "free_trial_box.text_plan_b";

/// Who is looking (docs/behaviour/ads-and-experiments.md#free-trial-box "new user versus other
/// users affects the free-trial box").
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TrialBoxUser {
    /// Not logged in: the box is hidden by default.
    Anonymous,
    /// A logged-in user the server marked new (`is_new`).
    NewUser,
    /// Any other logged-in user: the box is not offered (designed; the spec names only new users).
    ReturningUser,
}

/// The box's phase.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TrialBoxPhase {
    /// Not rendered.
    Hidden,
    /// Fully shown.
    Shown,
    /// Rendered and animating away; gone at `nextChangeMs`.
    Collapsing,
}

/// The box at one moment.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TrialBoxState {
    /// Whether it is rendered (shown or collapsing).
    pub visible: bool,
    /// The phase.
    pub phase: TrialBoxPhase,
    /// The banner text's translation key while visible.
    pub text_key: Option<String>,
    /// The elapsed time at which the state next changes, if it will without user action.
    pub next_change_ms: Option<f64>,
}

/// Whether an event closes the box (JS `trialBoxClosesOn`): the X always; a click outside only
/// on mobile (docs/behaviour/ads-and-experiments.md#free-trial-box).
pub fn trial_box_closes_on(event: TrialBoxEvent, is_mobile: bool) -> bool {
    match event {
        TrialBoxEvent::CloseButton => true,
        TrialBoxEvent::OutsideClick => is_mobile,
    }
}

/// A user action on the box.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TrialBoxEvent {
    /// The X button.
    CloseButton,
    /// A click outside the box.
    OutsideClick,
}

fn checked(value: f64, what: &'static str) -> Result<f64, AdsError> {
    if !value.is_finite() {
        return Err(AdsError::InvalidTime { what });
    }
    if value.abs() > MAX_EPOCH_MS {
        return Err(AdsError::TimeOutOfRange { what });
    }
    Ok(value)
}

fn state(phase: TrialBoxPhase, plan_b: bool, next: Option<f64>) -> TrialBoxState {
    let visible = phase != TrialBoxPhase::Hidden;
    let key = if plan_b {
        TRIAL_BOX_TEXT_KEY_PLAN_B
    } else {
        TRIAL_BOX_TEXT_KEY
    };
    TrialBoxState {
        visible,
        phase,
        text_key: visible.then(|| key.to_string()),
        next_change_ms: next,
    }
}

/// The free-trial box at `elapsed_ms` (JS `trialBoxState`).
///
/// `collapsed_at_ms` is the elapsed time at which the user closed it (`None` if not closed; a
/// time later than `elapsed_ms` has not happened yet and is ignored; a close before the box
/// appeared hides it for good). Anonymous and returning users never see it.
///
/// Errors: `invalid_time` for NaN or infinite times, `time_out_of_range` beyond ±8.64e15.
pub fn trial_box_state(
    user: TrialBoxUser,
    elapsed_ms: f64,
    collapsed_at_ms: Option<f64>,
    plan_variant_b: bool,
) -> Result<TrialBoxState, AdsError> {
    let now = checked(elapsed_ms, "elapsed")?;
    let closed = collapsed_at_ms
        .map(|c| checked(c, "collapsed-at"))
        .transpose()?
        .filter(|c| *c <= now);
    if user != TrialBoxUser::NewUser {
        return Ok(state(TrialBoxPhase::Hidden, plan_variant_b, None));
    }
    let show_at = TRIAL_BOX_SHOW_DELAY_MS;
    let auto_hide_at = show_at + TRIAL_BOX_VISIBLE_MS;
    if closed.is_some_and(|c| c < show_at) {
        return Ok(state(TrialBoxPhase::Hidden, plan_variant_b, None));
    }
    if now < show_at {
        return Ok(state(TrialBoxPhase::Hidden, plan_variant_b, Some(show_at)));
    }
    let collapse_at = closed.map_or(auto_hide_at, |c| c.min(auto_hide_at));
    let gone_at = collapse_at + TRIAL_BOX_COLLAPSE_MS;
    let (phase, next) = if now < collapse_at {
        (TrialBoxPhase::Shown, Some(collapse_at))
    } else if now < gone_at {
        (TrialBoxPhase::Collapsing, Some(gone_at))
    } else {
        (TrialBoxPhase::Hidden, None)
    };
    Ok(state(phase, plan_variant_b, next))
}
