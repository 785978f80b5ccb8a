//! Toast types and layout (docs/behaviour/calls-and-errors.md#toasts): shown 3000 ms by default,
//! then a 200 ms fade; stacked from 100 px below the top, 70 px apart.

use crate::Coded;
use serde::{Deserialize, Serialize};

/// How long a toast stays fully visible by default (docs/behaviour/calls-and-errors.md#toasts).
pub const TOAST_DURATION_MS: u32 = 3_000;
/// How long it fades out afterwards (docs/behaviour/calls-and-errors.md#toasts).
pub const TOAST_FADE_MS: u32 = 200;
/// Top offset of the first toast in px (docs/behaviour/calls-and-errors.md#toasts).
pub const TOAST_TOP_PX: u32 = 100;
/// Extra offset per toast above it in px (docs/behaviour/calls-and-errors.md#toasts).
pub const TOAST_SPACING_PX: u32 = 70;

/// The four toast types (docs/behaviour/calls-and-errors.md#toasts).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ToastKind {
    /// Neutral information.
    Info,
    /// A warning (e.g. 'logged out').
    Warn,
    /// A success.
    Success,
    /// A failure.
    Error,
}

/// Where a toast is in its life.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ToastPhase {
    /// Fully shown.
    Visible,
    /// Fading out (the 200 ms after its duration).
    Fading,
    /// Finished: remove it.
    Gone,
}

/// Reads a toast type name: `info`, `warn`, `success`, `error`
/// (docs/behaviour/calls-and-errors.md#toasts), trimmed and ignoring ASCII case; `warning` is
/// accepted for `warn`.
///
/// Errors: `unknown_toast_type` for any other name.
pub fn toast_kind(name: &str) -> Result<ToastKind, ToastError> {
    let n = name.trim().to_ascii_lowercase();
    match n.as_str() {
        "info" => Ok(ToastKind::Info),
        "warn" | "warning" => Ok(ToastKind::Warn),
        "success" => Ok(ToastKind::Success),
        "error" => Ok(ToastKind::Error),
        _ => Err(ToastError::UnknownToastType {
            name: name.chars().take(40).collect(),
        }),
    }
}

/// Top position in px of the toast at `index` (0 = first shown): 100 + 70 × index
/// (docs/behaviour/calls-and-errors.md#toasts). Saturates instead of overflowing for absurd
/// indexes.
pub fn toast_top(index: u32) -> u32 {
    TOAST_TOP_PX.saturating_add(TOAST_SPACING_PX.saturating_mul(index))
}

/// The phase of a toast `elapsed_ms` after it appeared (docs/behaviour/calls-and-errors.md#toasts):
/// visible during its duration, fading for the next 200 ms, then gone.
///
/// `duration_ms`: `None` or NaN means the default 3000 ms. Decided: a duration of 0 or less, or
/// an infinite one, makes the toast sticky (visible until closed by the user), as in common
/// toast libraries. A negative or NaN `elapsed_ms` (clock went back) counts as just shown.
pub fn toast_phase(elapsed_ms: f64, duration_ms: Option<f64>) -> ToastPhase {
    let duration = match duration_ms {
        Some(d) if !d.is_nan() => d,
        _ => f64::from(TOAST_DURATION_MS),
    };
    if duration <= 0.0 || duration.is_infinite() || elapsed_ms.is_nan() || elapsed_ms < duration {
        ToastPhase::Visible
    } else if elapsed_ms < duration + f64::from(TOAST_FADE_MS) {
        ToastPhase::Fading
    } else {
        ToastPhase::Gone
    }
}

/// Errors of toasts: only an unknown toast type name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ToastError {
    /// A toast type other than info, warn, success, error.
    #[error("Unknown toast type {name:?}: use info, warn, success or error.")]
    UnknownToastType {
        /// The name given (first 40 characters).
        name: String,
    },
}

impl Coded for ToastError {
    fn code(&self) -> &'static str {
        match self {
            Self::UnknownToastType { .. } => "unknown_toast_type",
        }
    }
}
