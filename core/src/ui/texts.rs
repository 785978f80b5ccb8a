//! The English source texts of the error page, modals and notices, keyed by stable ids
//! (docs/behaviour/calls-and-errors.md#messages, #logged-out-answer). The app translates by id; the
//! English here is the source.
//!
//! Ids are dotted camelCase (`modal.restart.message`) and never change once published. Texts the
//! spec does not give (error-page descriptions, the 'logged out' warning, validation messages,
//! feature-guide labels) are written here and marked "decided" below.

use super::UiError;
use crate::checkin::{CHECKIN_FAIL_TOAST_TEXT, CHECKIN_FAILED_TEXT, CHECKIN_FETCH_FAILED_TEXT};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One source text.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SourceText {
    /// Stable id (translation key).
    pub id: String,
    /// English source text; `{name}` marks a placeholder.
    pub text: String,
}

/// Every source text, by id, in a fixed order.
pub const SOURCE_TEXTS: &[(&str, &str)] = &[
    // Restart confirmation (docs/behaviour/tasks-and-queue.md#restart-confirmation;
    // docs/behaviour/calls-and-errors.md#messages).
    (
        "modal.restart.message",
        "If you restart the generation task, your current progress will not be saved. Continue?",
    ),
    ("modal.restart.no", "No"),
    ("modal.restart.yes", "Yes"),
    // Go-back confirmation, default texts (docs/behaviour/calls-and-errors.md#messages).
    ("modal.goBack.title", "Exit current mission"),
    (
        "modal.goBack.message",
        "Returning to the home page will discard your current task. Are you sure you want to return?",
    ),
    ("modal.goBack.cancel", "Cancel"),
    ("modal.goBack.yes", "Yes"),
    // Drive space error (docs/behaviour/calls-and-errors.md#messages); both buttons only close.
    ("modal.driveSpace.title", "Not enough space"),
    (
        "modal.driveSpace.message",
        "Remaining cloud storage not enough. Please upgrade your plan and try uploading again",
    ),
    ("modal.driveSpace.close", "Close"),
    ("modal.driveSpace.upgrade", "Upgrade Plan"),
    // Credit-consumption confirmation (docs/behaviour/calls-and-errors.md#messages).
    (
        "modal.consumption.message",
        "Use {n} credits to unlock the full audio",
    ),
    ("modal.consumption.cancel", "Cancel"),
    ("modal.consumption.continue", "Continue"),
    // Check-in (docs/behaviour/credits-and-checkin.md#daily-check-in;
    // docs/behaviour/calls-and-errors.md#messages).
    ("checkin.fetchFailed", CHECKIN_FETCH_FAILED_TEXT),
    ("checkin.failed", CHECKIN_FAILED_TEXT),
    ("checkin.failToast", CHECKIN_FAIL_TOAST_TEXT),
    // 'logged out' warning (docs/behaviour/calls-and-errors.md#logged-out-answer, #messages);
    // wording decided.
    (
        "session.loggedOut",
        "You have been logged out. Please sign in again.",
    ),
    // Music form validation (docs/behaviour/tasks-and-queue.md#task-inputs); wording decided.
    (
        "validation.musicPromptTooShort",
        "Please describe your music in at least {min} characters.",
    ),
    (
        "validation.songLyricsTooShort",
        "Please write at least {min} characters of lyrics.",
    ),
    // Error page (docs/behaviour/calls-and-errors.md#messages); titles from the spec, descriptions
    // decided.
    ("errorPage.goHome", "Go Home"),
    ("errorPage.goBack", "Go Back"),
    (
        "errorPage.title.500",
        "Oops! Something went wrong on our end",
    ),
    ("errorPage.title.503", "We're temporarily unavailable"),
    ("errorPage.title.502", "Connection issue detected"),
    ("errorPage.title.404", "Page Not Found"),
    ("errorPage.title.403", "Access not permitted"),
    ("errorPage.title.401", "Please sign in to continue"),
    ("errorPage.title.other", "Something unexpected happened"),
    (
        "errorPage.description.500",
        "Our server ran into a problem. Please try again in a moment.",
    ),
    (
        "errorPage.description.503",
        "The service is busy or under maintenance. Please try again in a few minutes.",
    ),
    (
        "errorPage.description.502",
        "We could not reach our servers. Please check your connection and try again.",
    ),
    (
        "errorPage.description.404",
        "The page you are looking for does not exist or has been moved.",
    ),
    (
        "errorPage.description.403",
        "You do not have permission to view this page.",
    ),
    (
        "errorPage.description.401",
        "Please sign in to your account to view this page.",
    ),
    (
        "errorPage.description.other",
        "Please go back or return to the home page and try again.",
    ),
    // Feature guide of the error page (docs/behaviour/languages-and-routes.md#error-page); labels
    // follow the left menu.
    ("featureGuide.aiVideo", "AI Video"),
    ("featureGuide.aiImage", "AI Image"),
    ("featureGuide.aiAudio", "AI Audio"),
    ("featureGuide.imageToVideo", "Image to Video"),
    ("featureGuide.textToVideo", "Text to Video"),
    ("featureGuide.videoToVideo", "Video to Anime"),
    ("featureGuide.textToImage", "Text to Image"),
    ("featureGuide.imageToImage", "Image to Image"),
    ("featureGuide.textToMusic", "Text to Music"),
];

/// The English text of an id, or `None` for an unknown id.
pub fn source_text(id: &str) -> Option<&'static str> {
    SOURCE_TEXTS.iter().find(|(k, _)| *k == id).map(|(_, v)| *v)
}

/// Every source text as a list (for the translation tooling and the `zz` pseudo-locale).
pub fn source_texts() -> Vec<SourceText> {
    SOURCE_TEXTS
        .iter()
        .map(|(id, text)| SourceText {
            id: (*id).to_string(),
            text: (*text).to_string(),
        })
        .collect()
}

/// Replaces each `{name}` in `text` whose name is in `params` by its value; other braces
/// (unknown names, unclosed `{`) stay as written. Works on translated texts too.
pub fn fill_placeholders(text: &str, params: &BTreeMap<String, String>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let (before, from_brace) = rest.split_at(open);
        out.push_str(before);
        let after = from_brace.get(1..).unwrap_or("");
        match after.find(['}', '{']) {
            Some(close) if after.get(close..).is_some_and(|s| s.starts_with('}')) => {
                let name = after.get(..close).unwrap_or("");
                match params.get(name) {
                    Some(value) => out.push_str(value),
                    None => {
                        out.push('{');
                        out.push_str(name);
                        out.push('}');
                    }
                }
                rest = after.get(close + 1..).unwrap_or("");
            }
            _ => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Writes a number the way JavaScript's `String(n)` does for the usual cases: integers without
/// a decimal part, other finite values in Rust's shortest round-trip form.
pub(crate) fn number_text(n: f64) -> Option<String> {
    if !n.is_finite() {
        None
    } else if n.fract() == 0.0 && n.abs() < 1e15 {
        // Integral and well inside i64.
        Some(format!("{}", n as i64))
    } else {
        Some(format!("{n}"))
    }
}

/// The consumption modal's message with `{n}` replaced
/// (docs/behaviour/calls-and-errors.md#messages): `consumption_message(5.0)` is "Use 5 credits to
/// unlock the full audio".
///
/// Errors: `invalid_credits` for NaN or infinite `n`.
pub fn consumption_message(n: f64) -> Result<String, UiError> {
    let n = number_text(n).ok_or(UiError::InvalidCredits)?;
    let params = BTreeMap::from([("n".to_string(), n)]);
    Ok(fill_placeholders(
        source_text("modal.consumption.message").unwrap_or_default(),
        &params,
    ))
}
