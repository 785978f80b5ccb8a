//! Explore and report rules (core `explore`, docs/behaviour/tasks-and-queue.md#explore).

use aivg_core::explore;
use wasm_bindgen::prelude::*;

use crate::convert::to_js_value;

/// The explore constants (page size, default thumbnail side, report reasons).
/// ```js
/// exploreConstants().reportReasons.length // 11
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = exploreConstants, unchecked_return_type = "ExploreConstants")]
pub fn explore_constants() -> Result<JsValue, JsValue> {
    to_js_value(&explore::explore_constants())
}

/// Whether `reason` is one of the report reason codes.
/// ```js
/// isReportReason("report_reason_11") // true
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = isReportReason)]
pub fn is_report_reason(reason: &str) -> bool {
    explore::is_report_reason(reason)
}

/// A thumbnail side from an item's `extra_data`: a positive finite number, else 400.
/// ```js
/// exploreThumbSide(Number(extra.width)) // 400 when unreadable
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = exploreThumbSide)]
pub fn explore_thumb_side(value: Option<f64>) -> f64 {
    explore::explore_thumb_side(value)
}
