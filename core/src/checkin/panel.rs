//! The check-in panel as a pure state machine
//! (docs/behaviour/credits-and-checkin.md#daily-check-in).
//!
//! The app keeps a [`CheckinPanelState`], feeds every happening in as a [`CheckinPanelEvent`]
//! and performs the returned [`CheckinEffect`]s (requests, toasts, tracking). An empty effect
//! list with an unchanged state means the event was ignored (a claim while loading or
//! disabled, docs/behaviour/credits-and-checkin.md#daily-check-in).

use super::data::{
    CHECKIN_CREDITS_FALLBACK, CHECKIN_FAIL_TOAST_TEXT, CHECKIN_FAILED_TEXT,
    CHECKIN_FETCH_FAILED_TEXT, CheckinClaimResponse, CheckinData, CheckinStatus, checkin_status,
};
use crate::toast::ToastKind;
use serde::{Deserialize, Serialize};

/// What the panel shows (docs/behaviour/credits-and-checkin.md#daily-check-in "states loading,
/// disabled, status").
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CheckinPanelState {
    /// A status fetch or a claim is under way; claims are ignored.
    pub loading: bool,
    /// The claim button is disabled: already checked in this cycle
    /// (docs/behaviour/credits-and-checkin.md#daily-check-in). Decided: `today_available` and
    /// `activity_active` do not disable it, the server has the last word.
    pub disabled: bool,
    /// check_in or checked_in.
    pub status: CheckinStatus,
    /// Credits a claim gives today (from the server, or the fallback 3).
    pub credits: u32,
    /// Error text to show under the panel, if any
    /// (docs/behaviour/credits-and-checkin.md#daily-check-in).
    pub error: Option<String>,
}

/// Something that happened to the panel.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum CheckinPanelEvent {
    /// The status fetch answered.
    Loaded {
        /// The answer.
        data: CheckinData,
    },
    /// The status fetch failed (docs/behaviour/calls-and-errors.md#the-error-catalogue: fallback
    /// check_in, 3 credits, error text).
    LoadFailed,
    /// A status re-fetch started (after a claim, or by the app); shows loading.
    Reloading,
    /// The user pressed the claim button.
    Claim {
        /// Whether the user is signed in (docs/behaviour/credits-and-checkin.md#daily-check-in: a
        /// check-in requires login).
        logged_in: bool,
    },
    /// The claim call answered.
    ClaimAnswered {
        /// The answer.
        response: CheckinClaimResponse,
        /// The mobile modal (rather than the desktop panel) is shown.
        mobile: bool,
    },
    /// The claim call failed without an answer (network, server error).
    ClaimFailed {
        /// The mobile modal is shown.
        mobile: bool,
    },
}

/// Something the app must do after a transition.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum CheckinEffect {
    /// Open the login dialog in login mode (docs/behaviour/credits-and-checkin.md#daily-check-in).
    OpenLogin,
    /// Send `POST /v1/activity/checkin`.
    SendClaim,
    /// Refresh the user info (the credit balance changed,
    /// docs/behaviour/credits-and-checkin.md#daily-check-in).
    RefreshUser,
    /// Re-fetch the check-in status (docs/behaviour/credits-and-checkin.md#daily-check-in, after
    /// every claim).
    FetchStatus,
    /// Record a check-in failure event (analytics only,
    /// docs/behaviour/credits-and-checkin.md#daily-check-in).
    TrackFailure,
    /// Show a toast.
    Toast {
        /// Toast type.
        kind: ToastKind,
        /// Text (a server message or an English source text).
        text: String,
    },
}

/// A new state and the effects to perform.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CheckinTransition {
    /// The state after the event.
    pub state: CheckinPanelState,
    /// What to do now, in order; empty when the event was ignored.
    pub effects: Vec<CheckinEffect>,
}

/// The panel before the first status answer: loading, nothing claimable.
pub fn checkin_panel_initial() -> CheckinPanelState {
    CheckinPanelState {
        loading: true,
        disabled: true,
        status: CheckinStatus::CheckIn,
        credits: 0,
        error: None,
    }
}

fn state_from_data(data: &CheckinData, error: Option<String>) -> CheckinPanelState {
    let status = checkin_status(data);
    CheckinPanelState {
        loading: false,
        disabled: status == CheckinStatus::CheckedIn,
        status,
        credits: data.today_checkin_credits,
        error,
    }
}

/// One step of the panel (docs/behaviour/credits-and-checkin.md#daily-check-in):
/// - `loaded` shows the data; `loadFailed` shows check_in with 3 credits and
///   'Failed to fetch check-in data'; `reloading` sets loading.
/// - `claim` is ignored while loading or disabled; a signed-out user gets the login dialog;
///   otherwise it sets loading and sends the claim.
/// - `claimAnswered` with success turns check_in into checked_in, refreshes the user and
///   re-fetches the status; without success it is a failure. Either way a non-empty server
///   message shows as a success toast (docs/behaviour/credits-and-checkin.md#daily-check-in "shown
///   as a success toast either way").
/// - A failure (`claimAnswered` without success or `claimFailed`) sets 'Check-in failed',
///   tracks it, re-fetches the status, and on mobile shows the toast 'check in fail'.
pub fn checkin_panel_step(
    state: &CheckinPanelState,
    event: &CheckinPanelEvent,
) -> CheckinTransition {
    let ignored = || CheckinTransition {
        state: state.clone(),
        effects: Vec::new(),
    };
    match event {
        CheckinPanelEvent::Loaded { data } => CheckinTransition {
            state: state_from_data(data, None),
            effects: Vec::new(),
        },
        CheckinPanelEvent::LoadFailed => CheckinTransition {
            state: CheckinPanelState {
                loading: false,
                disabled: false,
                status: CheckinStatus::CheckIn,
                credits: CHECKIN_CREDITS_FALLBACK,
                error: Some(CHECKIN_FETCH_FAILED_TEXT.to_string()),
            },
            effects: Vec::new(),
        },
        CheckinPanelEvent::Reloading => CheckinTransition {
            state: CheckinPanelState {
                loading: true,
                ..state.clone()
            },
            effects: Vec::new(),
        },
        CheckinPanelEvent::Claim { logged_in } => {
            if state.loading || state.disabled {
                ignored()
            } else if !logged_in {
                CheckinTransition {
                    state: state.clone(),
                    effects: vec![CheckinEffect::OpenLogin],
                }
            } else {
                CheckinTransition {
                    state: CheckinPanelState {
                        loading: true,
                        error: None,
                        ..state.clone()
                    },
                    effects: vec![CheckinEffect::SendClaim],
                }
            }
        }
        CheckinPanelEvent::ClaimAnswered { response, mobile } => {
            let mut effects = Vec::new();
            if !response.message.trim().is_empty() {
                effects.push(CheckinEffect::Toast {
                    kind: ToastKind::Success,
                    text: response.message.clone(),
                });
            }
            if response.success {
                effects.push(CheckinEffect::RefreshUser);
                effects.push(CheckinEffect::FetchStatus);
                CheckinTransition {
                    state: CheckinPanelState {
                        loading: false,
                        disabled: true,
                        status: CheckinStatus::CheckedIn,
                        credits: state.credits,
                        error: None,
                    },
                    effects,
                }
            } else {
                failure(state, *mobile, effects)
            }
        }
        CheckinPanelEvent::ClaimFailed { mobile } => failure(state, *mobile, Vec::new()),
    }
}

fn failure(
    state: &CheckinPanelState,
    mobile: bool,
    mut effects: Vec<CheckinEffect>,
) -> CheckinTransition {
    effects.push(CheckinEffect::TrackFailure);
    effects.push(CheckinEffect::FetchStatus);
    if mobile {
        effects.push(CheckinEffect::Toast {
            kind: ToastKind::Error,
            text: CHECKIN_FAIL_TOAST_TEXT.to_string(),
        });
    }
    CheckinTransition {
        state: CheckinPanelState {
            loading: false,
            error: Some(CHECKIN_FAILED_TEXT.to_string()),
            ..state.clone()
        },
        effects,
    }
}
