//! The call table: one `http_call!` entry per call of docs/behaviour/calls-and-errors.md#the-calls
//! / docs/behaviour/calls-and-errors.md#the-calls becomes one typed export answering a promise, so
//! the ~50 calls share one implementation ([`table_promise`](super::request::table_promise)). The
//! exports are plain functions, not `async fn`s: each `async fn` export would carry its own copy of
//! the call's whole state machine (inlined into its own `future_to_promise`), ~1.5 KB of
//! WebAssembly per call.
//!
//! Entry forms (the doc comment, with its JS example, comes first):
//! - `rust_name => jsName(params: "TsParams") Get "/v1/path" -> "Promise<TsAnswer>"`: a parameters
//!   object (query for GET, JSON body for POST);
//! - `(params?: "TsParams")`: the same, optional;
//! - `()`: no parameters;
//! - `(id)`: a string or number that replaces `:id` in the path.

/// Generates one typed export of the call table (see the module doc).
macro_rules! http_call {
    ($(#[doc = $doc:tt])* $rust:ident => $js:ident (params: $pty:tt) $method:ident $path:tt -> $ret:tt) => {
        $(#[doc = $doc])*
        #[wasm_bindgen(js_name = $js, unchecked_return_type = $ret)]
        pub fn $rust(
            #[wasm_bindgen(unchecked_param_type = $pty)] params: JsValue,
        ) -> js_sys::Promise {
            $crate::http::request::table_promise(
                $crate::http::transport::Method::$method, $path, params, None,
            )
        }
    };
    ($(#[doc = $doc:tt])* $rust:ident => $js:ident (params?: $pty:tt) $method:ident $path:tt -> $ret:tt) => {
        $(#[doc = $doc])*
        #[wasm_bindgen(js_name = $js, unchecked_return_type = $ret)]
        pub fn $rust(
            #[wasm_bindgen(unchecked_optional_param_type = $pty)] params: JsValue,
        ) -> js_sys::Promise {
            $crate::http::request::table_promise(
                $crate::http::transport::Method::$method, $path, params, None,
            )
        }
    };
    ($(#[doc = $doc:tt])* $rust:ident => $js:ident () $method:ident $path:tt -> $ret:tt) => {
        $(#[doc = $doc])*
        #[wasm_bindgen(js_name = $js, unchecked_return_type = $ret)]
        pub fn $rust() -> js_sys::Promise {
            $crate::http::request::table_promise(
                $crate::http::transport::Method::$method, $path, JsValue::NULL, None,
            )
        }
    };
    ($(#[doc = $doc:tt])* $rust:ident => $js:ident (id) $method:ident $path:tt -> $ret:tt) => {
        $(#[doc = $doc])*
        #[wasm_bindgen(js_name = $js, unchecked_return_type = $ret)]
        pub fn $rust(
            #[wasm_bindgen(unchecked_param_type = "string | number")] id: JsValue,
        ) -> js_sys::Promise {
            $crate::http::request::table_promise(
                $crate::http::transport::Method::$method, $path, JsValue::NULL, Some(id),
            )
        }
    };
}
