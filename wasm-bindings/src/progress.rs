//! Progress simulation and timers: the progress bar, toasts, template paging, the reload guard,
//! the payment poll, the purchase session id and the carousel (core `progress`, spec 01 §4,
//! spec 02 §4, §9).

use aivg_core::progress;
use wasm_bindgen::prelude::*;

use crate::convert::{to_js_option, to_js_value, u32_arg};
use crate::error::to_js;

/// The simulated progress value one tick (1 s) after `value`, exact to hundredths, capped at 99.
/// ```js
/// progressTick(0) // 4
/// ```
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
#[wasm_bindgen(js_name = progressDisplay)]
pub fn progress_display(value: f64) -> u8 {
    progress::progress_display(value)
}

/// Top position in px of the toast at `index` (0 = first shown): 100 + 70 × index.
/// ```js
/// toastTop(2) // 240
/// ```
#[wasm_bindgen(js_name = toastTop)]
pub fn toast_top(index: f64) -> Result<u32, JsValue> {
    Ok(progress::toast_top(u32_arg("index", index)?))
}

/// The phase of a toast `elapsedMs` after it appeared (duration null: 3000 ms; 0 or less: sticky).
/// ```js
/// toastPhase(3100, null) // "fading"
/// ```
#[wasm_bindgen(js_name = toastPhase, unchecked_return_type = "ToastPhase")]
pub fn toast_phase(
    #[wasm_bindgen(js_name = elapsedMs)] elapsed_ms: f64,
    #[wasm_bindgen(js_name = durationMs)] duration_ms: Option<f64>,
) -> Result<JsValue, JsValue> {
    to_js_value(&progress::toast_phase(elapsed_ms, duration_ms))
}

/// Reads a toast type name (trimmed, any case; `warning` is `warn`); throws `unknown_toast_type`.
/// ```js
/// toastKind("Warning") // "warn"
/// ```
#[wasm_bindgen(js_name = toastKind, unchecked_return_type = "ToastKind")]
pub fn toast_kind(name: &str) -> Result<JsValue, JsValue> {
    to_js_value(&progress::toast_kind(name).map_err(to_js)?)
}

/// The request of the initial template load: page 1 of 25.
/// ```js
/// templateFirstPage() // { page: 1, page_size: 25 }
/// ```
#[wasm_bindgen(js_name = templateFirstPage, unchecked_return_type = "TemplatePageQuery")]
pub fn template_first_page() -> Result<JsValue, JsValue> {
    to_js_value(&progress::template_first_page())
}

/// Whether the server holds more templates than are loaded.
/// ```js
/// templateHasMore(25, 100) // true
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = templateHasMore)]
pub fn template_has_more(loaded: f64, total: f64) -> Result<bool, JsValue> {
    Ok(progress::template_has_more(
        u32_arg("loaded", loaded)?,
        u32_arg("total", total)?,
    ))
}

/// The next template page to request, or `undefined` when nothing must be requested (a request
/// is under way, 20 or fewer are loaded, or all are loaded).
/// ```js
/// templateLoadMore(25, 100, false) // { page: 2, page_size: 25 }
/// ```
#[wasm_bindgen(js_name = templateLoadMore, unchecked_return_type = "TemplatePageQuery | undefined")]
pub fn template_load_more(loaded: f64, total: f64, loading: bool) -> Result<JsValue, JsValue> {
    let next = progress::template_load_more(
        u32_arg("loaded", loaded)?,
        u32_arg("total", total)?,
        loading,
    );
    to_js_option(next.as_ref())
}

/// Whether a build-update reload may happen now: the guard set at the last reload blocks
/// another for 10 s.
/// ```js
/// reloadAllowed(null, Date.now()) // true
/// ```
#[wasm_bindgen(js_name = reloadAllowed)]
pub fn reload_allowed(
    #[wasm_bindgen(js_name = guardSetAtMs)] guard_set_at_ms: Option<f64>,
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
) -> bool {
    progress::reload_allowed(guard_set_at_ms, now_ms)
}

/// Delay before prefetching the build manifest: 1000 ms, or `undefined` on a `slow-2g` connection.
/// ```js
/// manifestPrefetchDelay(navigator.connection?.effectiveType) // 1000
/// ```
#[wasm_bindgen(js_name = manifestPrefetchDelay)]
pub fn manifest_prefetch_delay(
    #[wasm_bindgen(js_name = effectiveType)] effective_type: Option<String>,
) -> Option<u32> {
    progress::manifest_prefetch_delay(effective_type.as_deref())
}

/// The payment poll's next action after `tries` requests: poll in 2000 ms, pause while hidden,
/// or stop after 450.
/// ```js
/// paymentPollNext(0, false) // { type: "poll", delayMs: 2000 }
/// ```
#[wasm_bindgen(js_name = paymentPollNext, unchecked_return_type = "PollAction")]
pub fn payment_poll_next(tries: f64, hidden: bool) -> Result<JsValue, JsValue> {
    to_js_value(&progress::payment_poll_next(
        u32_arg("tries", tries)?,
        hidden,
    ))
}

/// Whole seconds since the payment dialog opened (the trade-info `time_before`), never negative.
/// ```js
/// paymentPollElapsedSeconds(openedAt, Date.now())
/// ```
#[wasm_bindgen(js_name = paymentPollElapsedSeconds)]
pub fn payment_poll_elapsed_seconds(
    #[wasm_bindgen(js_name = openedAtMs)] opened_at_ms: f64,
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
) -> u32 {
    progress::payment_poll_elapsed_seconds(opened_at_ms, now_ms)
}

/// Whether the purchase session id must be regenerated (after 30 minutes, or unreadable times).
/// ```js
/// sessionIdExpired(createdAt, Date.now())
/// ```
#[wasm_bindgen(js_name = sessionIdExpired)]
pub fn session_id_expired(
    #[wasm_bindgen(js_name = createdAtMs)] created_at_ms: f64,
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
) -> bool {
    progress::session_id_expired(created_at_ms, now_ms)
}

/// The carousel slide after `slide` (1..3, looping; out of range restarts at 1).
/// ```js
/// carouselNext(3) // 1
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = carouselNext)]
pub fn carousel_next(slide: f64) -> Result<u32, JsValue> {
    Ok(progress::carousel_next(u32_arg("slide", slide)?))
}

/// The slide shown `elapsedMs` after the carousel started on slide 1 (turning every 6 s).
/// ```js
/// carouselSlideAt(13000) // 3
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = carouselSlideAt)]
pub fn carousel_slide_at(#[wasm_bindgen(js_name = elapsedMs)] elapsed_ms: f64) -> u32 {
    progress::carousel_slide_at(elapsed_ms)
}

/// Every timing and limit of the progress area as one object.
/// ```js
/// timings().toastDurationMs // 3000
/// ```
#[wasm_bindgen(js_name = timings, unchecked_return_type = "Timings")]
pub fn timings() -> Result<JsValue, JsValue> {
    to_js_value(&progress::timings())
}
