//! The shell's and the purchase flow's timers, and every timing as one object (core `timers`,
//! docs/behaviour/languages-and-routes.md#build-updates;
//! docs/behaviour/pricing-and-purchase.md#purchase-popup): the reload guard, the manifest prefetch,
//! the payment poll, the purchase session id and the carousel.

use aivg_core::timers;
use wasm_bindgen::prelude::*;

use crate::convert::{to_js_value, u32_arg};

/// Whether a build-update reload may happen now: the guard set at the last reload blocks
/// another for 10 s.
/// ```js
/// reloadAllowed(null, Date.now()) // true
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = reloadAllowed)]
pub fn reload_allowed(
    #[wasm_bindgen(js_name = guardSetAtMs)] guard_set_at_ms: Option<f64>,
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
) -> bool {
    timers::reload_allowed(guard_set_at_ms, now_ms)
}

/// Delay before prefetching the build manifest: 1000 ms, or `undefined` on a `slow-2g` connection.
/// ```js
/// manifestPrefetchDelay(navigator.connection?.effectiveType) // 1000
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = manifestPrefetchDelay)]
pub fn manifest_prefetch_delay(
    #[wasm_bindgen(js_name = effectiveType)] effective_type: Option<String>,
) -> Option<u32> {
    timers::manifest_prefetch_delay(effective_type.as_deref())
}

/// The payment poll's next action after `tries` requests: poll in 2000 ms, pause while hidden,
/// or stop after 450.
/// ```js
/// paymentPollNext(0, false) // { type: "poll", delayMs: 2000 }
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = paymentPollNext, unchecked_return_type = "PollAction")]
pub fn payment_poll_next(tries: f64, hidden: bool) -> Result<JsValue, JsValue> {
    to_js_value(&timers::payment_poll_next(u32_arg("tries", tries)?, hidden))
}

/// Whole seconds since the payment dialog opened (the trade-info `time_before`), never negative.
/// ```js
/// paymentPollElapsedSeconds(openedAt, Date.now())
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = paymentPollElapsedSeconds)]
pub fn payment_poll_elapsed_seconds(
    #[wasm_bindgen(js_name = openedAtMs)] opened_at_ms: f64,
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
) -> u32 {
    timers::payment_poll_elapsed_seconds(opened_at_ms, now_ms)
}

/// Whether the purchase session id must be regenerated (after 30 minutes, or unreadable times).
/// ```js
/// sessionIdExpired(createdAt, Date.now())
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = sessionIdExpired)]
pub fn session_id_expired(
    #[wasm_bindgen(js_name = createdAtMs)] created_at_ms: f64,
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
) -> bool {
    timers::session_id_expired(created_at_ms, now_ms)
}

/// The carousel slide after `slide` (1..3, looping; out of range restarts at 1).
/// ```js
/// carouselNext(3) // 1
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = carouselNext)]
pub fn carousel_next(slide: f64) -> Result<u32, JsValue> {
    Ok(timers::carousel_next(u32_arg("slide", slide)?))
}

/// The slide shown `elapsedMs` after the carousel started on slide 1 (turning every 6 s).
/// ```js
/// carouselSlideAt(13000) // 3
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = carouselSlideAt)]
pub fn carousel_slide_at(#[wasm_bindgen(js_name = elapsedMs)] elapsed_ms: f64) -> u32 {
    timers::carousel_slide_at(elapsed_ms)
}

/// Every timing and limit of the shell as one object (progress bar, toasts, template paging, timers).
/// ```js
/// timings().toastDurationMs // 3000
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = timings, unchecked_return_type = "Timings")]
pub fn timings() -> Result<JsValue, JsValue> {
    to_js_value(&timers::timings())
}
