//! The simulated progress bar (core `progress`, docs/behaviour/tasks-and-queue.md#progress).

use aivg_core::progress;
use wasm_bindgen::prelude::*;

/// The simulated progress value one tick (1 s) after `value`, exact to hundredths, capped at 99.
/// ```js
/// progressTick(0) // 4
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = progressTick)]
pub fn progress_tick(value: f64) -> f64 {
    progress::progress_tick(value)
}

/// The simulated progress value `elapsedMs` after the start (the closed form of the ticks).
/// ```js
/// progressAfter(1000) // 4
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = progressAfter)]
pub fn progress_after(#[wasm_bindgen(js_name = elapsedMs)] elapsed_ms: f64) -> f64 {
    progress::progress_after(elapsed_ms)
}

/// The whole percent shown for a progress value (rounded, 0 to 100).
/// ```js
/// progressDisplay(42.7) // 43
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = progressDisplay)]
pub fn progress_display(value: f64) -> u8 {
    progress::progress_display(value)
}
