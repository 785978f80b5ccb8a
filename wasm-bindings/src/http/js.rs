//! The JS globals the client uses directly. They exist in browsers, workers and Node 20+
//! alike (`globalThis.setTimeout`, `globalThis.crypto`, `console`), unlike `window`.

use js_sys::{Function, Uint8Array};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// `setTimeout(handler, ms)`; the handle is a number in browsers and an object in Node.
    #[wasm_bindgen(js_name = setTimeout)]
    pub fn set_timeout(handler: &Function, ms: f64) -> JsValue;

    /// `clearTimeout(handle)`.
    #[wasm_bindgen(js_name = clearTimeout)]
    pub fn clear_timeout(handle: &JsValue);

    /// `crypto.getRandomValues(buffer)` (fills the buffer in place).
    #[wasm_bindgen(js_namespace = crypto, js_name = getRandomValues, catch)]
    pub fn get_random_values(buffer: &Uint8Array) -> Result<JsValue, JsValue>;

    /// `console.warn(message, detail)`.
    #[wasm_bindgen(js_namespace = console, js_name = warn)]
    pub fn console_warn(message: &str, detail: &JsValue);
}

/// `Date.now()`: the clock of timestamps, `_t` and call durations.
pub fn now_ms() -> f64 {
    js_sys::Date::now()
}

/// Sets `key` on a JS object, ignoring the (impossible for a fresh plain object) failure.
pub fn set_prop(target: &JsValue, key: &str, value: &JsValue) {
    let _ = js_sys::Reflect::set(target, &JsValue::from_str(key), value);
}
