//! The call-tracking record (docs/behaviour/calls-and-errors.md#call-tracking: "Tracking events
//! about calls report host, URL, HTTP status, code, message, status, duration and trace id").

use super::envelope::NormalizedResponse;
use super::urlparts::parse_http_url;
use serde::{Deserialize, Serialize};

/// Outcome word of a tracked call.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CallStatus {
    /// The normalised result was a success.
    Success,
    /// Anything else.
    Fail,
}

/// One tracking event about a call.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CallTrackingRecord {
    /// `host[:port]` of the URL, lowercase; "" for a relative URL.
    pub host: String,
    /// The URL without query or fragment.
    pub url: String,
    /// HTTP status (0 when no answer arrived).
    pub http_status: u16,
    /// Normalised code (see `normalize_response`).
    pub code: i64,
    /// Normalised message.
    pub message: String,
    /// `success` or `fail`.
    pub status: CallStatus,
    /// Whole milliseconds between start and end, never negative.
    pub duration: u64,
    /// Server trace id, if any.
    pub trace_id: Option<String>,
}

/// Builds the tracking record of one call from its URL, its start and end times (ms, from the
/// same clock) and its normalised result.
///
/// Decided: the URL is recorded without its query and fragment, because queries carry the
/// per-request `_t` (every URL would differ) and may carry user input; the duration is rounded
/// to whole ms and is 0 when the times are missing, reversed or not finite.
pub fn call_tracking_record(
    url: &str,
    started_ms: f64,
    finished_ms: f64,
    response: &NormalizedResponse,
) -> CallTrackingRecord {
    let trimmed = url.trim();
    let end = trimmed.find(['?', '#']).unwrap_or(trimmed.len());
    let bare = trimmed.get(..end).unwrap_or("");
    let host = parse_http_url(bare)
        .map(|u| u.host_with_port())
        .unwrap_or_default();
    let elapsed = finished_ms - started_ms;
    let duration = if elapsed.is_finite() && elapsed > 0.0 {
        // Saturating float-to-int cast: huge values become u64::MAX, never UB.
        elapsed.round() as u64
    } else {
        0
    };
    CallTrackingRecord {
        host,
        url: bare.to_string(),
        http_status: response.http_status,
        code: response.code,
        message: response.message.clone(),
        status: if response.success {
            CallStatus::Success
        } else {
            CallStatus::Fail
        },
        duration,
        trace_id: response.trace_id.clone(),
    }
}
