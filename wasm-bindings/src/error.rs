//! Conversion of core errors to JavaScript: an `Error` with core's message and a `code` property.

use aivg_core::Coded;
use wasm_bindgen::JsValue;

/// A JS `Error` with `message` and a stable `code` (e.g. `"invalid_time"`).
pub fn coded_error(code: &str, message: &str) -> JsValue {
    let err = js_sys::Error::new(message);
    // Setting a property on a fresh Error cannot fail; ignore the Result rather than unwrap.
    let _ = js_sys::Reflect::set(&err, &JsValue::from_str("code"), &JsValue::from_str(code));
    err.into()
}

/// Any core error as a JS `Error` with its code.
pub fn to_js<E: Coded>(e: E) -> JsValue {
    coded_error(e.code(), &e.to_string())
}

/// An argument that could not be read as the documented type.
pub fn bad_argument(name: &str, e: impl std::fmt::Display) -> JsValue {
    coded_error("invalid_argument", &format!("{name}: {e}"))
}

/// A result that could not be converted to JS (should not happen; reported, never panicked).
pub fn conversion(e: impl std::fmt::Display) -> JsValue {
    coded_error(
        "conversion_failed",
        &format!("could not convert the result to JavaScript: {e}"),
    )
}
