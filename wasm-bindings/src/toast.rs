//! Toast types, stacking and fade phases (core `toast`, docs/behaviour/calls-and-errors.md#toasts).

use aivg_core::toast;
use wasm_bindgen::prelude::*;

use crate::convert::{to_js_value, u32_arg};
use crate::error::to_js;

/// Top position in px of the toast at `index` (0 = first shown): 100 + 70 × index.
/// ```js
/// toastTop(2) // 240
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = toastTop)]
pub fn toast_top(index: f64) -> Result<u32, JsValue> {
    Ok(toast::toast_top(u32_arg("index", index)?))
}

/// The phase of a toast `elapsedMs` after it appeared (duration null: 3000 ms; 0 or less: sticky).
/// ```js
/// toastPhase(3100, null) // "fading"
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = toastPhase, unchecked_return_type = "ToastPhase")]
pub fn toast_phase(
    #[wasm_bindgen(js_name = elapsedMs)] elapsed_ms: f64,
    #[wasm_bindgen(js_name = durationMs)] duration_ms: Option<f64>,
) -> Result<JsValue, JsValue> {
    to_js_value(&toast::toast_phase(elapsed_ms, duration_ms))
}

/// Reads a toast type name (trimmed, any case; `warning` is `warn`); throws `unknown_toast_type`.
/// ```js
/// toastKind("Warning") // "warn"
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = toastKind, unchecked_return_type = "ToastKind")]
pub fn toast_kind(name: &str) -> Result<JsValue, JsValue> {
    to_js_value(&toast::toast_kind(name).map_err(to_js)?)
}
