//! Explore and report rules (docs/behaviour/tasks-and-queue.md#explore "Explore item", report
//! reasons; #explore explore calls; #explore example list page size), for the app, the package and
//! the server.

use serde::Serialize;

/// Page size of the example (explore) lists (docs/behaviour/tasks-and-queue.md#explore: "Example
/// list page size 20").
pub const EXPLORE_PAGE_SIZE: u32 = 20;
/// Thumbnail width/height used when an item's `extra_data` size is unparsable
/// (docs/behaviour/tasks-and-queue.md#explore: "default 400 when unparsable").
pub const EXPLORE_THUMB_DEFAULT_SIDE: u32 = 400;
/// Report reasons `report_reason_1` to `report_reason_11`
/// (docs/behaviour/tasks-and-queue.md#explore: "Eleven report reasons").
pub const REPORT_REASON_COUNT: u32 = 11;
const REPORT_REASON_PREFIX: &str = "report_reason_";

/// The report reason codes, in order.
pub fn report_reasons() -> Vec<String> {
    (1..=REPORT_REASON_COUNT)
        .map(|n| format!("{REPORT_REASON_PREFIX}{n}"))
        .collect()
}

/// Whether `reason` is one of the report reason codes (exactly; no leading zeros, no spaces).
pub fn is_report_reason(reason: &str) -> bool {
    reason
        .strip_prefix(REPORT_REASON_PREFIX)
        .filter(|n| !n.starts_with('0') && n.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|n| n.parse::<u32>().ok())
        .is_some_and(|n| (1..=REPORT_REASON_COUNT).contains(&n))
}

/// A thumbnail side from `extra_data`: a positive finite number, else the default 400.
pub fn explore_thumb_side(value: Option<f64>) -> f64 {
    match value {
        Some(v) if v.is_finite() && v > 0.0 => v,
        _ => f64::from(EXPLORE_THUMB_DEFAULT_SIDE),
    }
}

/// The explore constants (camelCase on the wire).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ExploreConstants {
    pub page_size: u32,
    pub thumb_default_side: u32,
    pub report_reasons: Vec<String>,
}

/// Every explore constant.
pub fn explore_constants() -> ExploreConstants {
    ExploreConstants {
        page_size: EXPLORE_PAGE_SIZE,
        thumb_default_side: EXPLORE_THUMB_DEFAULT_SIDE,
        report_reasons: report_reasons(),
    }
}
