//! The generic request helper (docs/behaviour/calls-and-errors.md#the-calls): `request` /
//! `requestRaw` for any call, and the argument readers the call table uses (parameters, ids).

use super::answer::{call_data, http_error, no_answer_result};
use super::client::{self, timeout_arg};
use super::listeners::emit_logged_out;
use super::transport::{Call, Method, fetch_with_timeout, prepare};
use crate::convert::from_js;
use crate::error::bad_argument;
use aivg_core::request::{is_logged_out_response, js_number_string};
use js_sys::Promise;
use serde::Deserialize;
use serde_json::Value;
use tsify::Tsify;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::future_to_promise;

/// Reads a JS parameters object (`undefined` / `null` = none) as JSON.
pub fn params_arg(params: JsValue) -> Result<Value, JsValue> {
    from_js("params", params)
}

/// An id given as a string or a number (numbers written as JavaScript's `String(n)`).
pub fn id_value(name: &str, value: &Value) -> Result<String, JsValue> {
    match value {
        Value::String(s) => Ok(s.clone()),
        Value::Number(n) => Ok(js_number_string(n)),
        _ => Err(bad_argument(name, "expected a string or a number")),
    }
}

/// An id argument from JS (string or number).
pub fn id_arg(name: &str, value: JsValue) -> Result<String, JsValue> {
    let value: Value = from_js(name, value)?;
    id_value(name, &value)
}

/// The promise of a table call (http/table.rs): one non-generic function, so every entry of the
/// table shares this one future instead of inlining its own.
#[inline(never)]
pub fn table_promise(
    method: Method,
    path: &'static str,
    params: JsValue,
    id: Option<JsValue>,
) -> js_sys::Promise {
    wasm_bindgen_futures::future_to_promise(table_call(method, path, params, id))
}

/// The generic call of the request helper, as the table entries use it.
pub async fn table_call(
    method: Method,
    path: &str,
    params: JsValue,
    id: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let mut call = Call::new(method, path, params_arg(params)?);
    if let Some(id) = id {
        call = call.with_id(id_arg("id", id)?);
    }
    call_data(call).await
}

#[derive(Debug, Deserialize, Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct RequestOptions {
    #[serde(default)]
    #[tsify(type = "HttpMethod")]
    method: Option<String>,
    path: String,
    #[serde(default)]
    #[tsify(type = "Record<string, unknown> | null")]
    params: Value,
    #[serde(default)]
    #[tsify(type = "string | number")]
    id: Option<Value>,
    #[serde(default)]
    no_cache_bust: bool,
    #[serde(default)]
    timeout_ms: Option<f64>,
}

fn call_of(options: JsValue) -> Result<Call, JsValue> {
    let options: RequestOptions = from_js("options", options)?;
    let method = Method::parse(options.method.as_deref().unwrap_or("GET"))?;
    let id = match &options.id {
        Some(Value::Null) | None => None,
        Some(v) => Some(id_value("options.id", v)?),
    };
    let timeout_ms = match options.timeout_ms {
        Some(ms) => Some(timeout_arg("options.timeoutMs", Some(ms))?),
        None => None,
    };
    Ok(Call {
        method,
        path: options.path,
        params: options.params,
        id,
        cache_bust: !options.no_cache_bust,
        timeout_ms,
    })
}

/// Any call of the API with the helper's conventions
/// (docs/behaviour/calls-and-errors.md#the-calls); resolves with `data`.
/// ```js
/// const data = await request({ method: "GET", path: "/v1/workflow/info", params: { id: 7 }, noCacheBust: true, timeoutMs: 5000 })
/// ```
#[wasm_bindgen(js_name = request, unchecked_return_type = "unknown")]
pub async fn request(
    #[wasm_bindgen(unchecked_param_type = "RequestOptions")] options: JsValue,
) -> Result<JsValue, JsValue> {
    call_data(call_of(options)?).await
}

/// The stream option of the helper (docs/behaviour/calls-and-errors.md#request-rules): same URL,
/// headers and timeout (up to the response head), but resolves with the raw `Response` without
/// reading the body. Not tracked (there is no envelope to read); a 401 still broadcasts "logged
/// out".
/// ```js
/// const res = await requestRaw({ path: "/v1/ai/result/tool_vqe/:id", id: "t1" }); const blob = await res.blob()
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = requestRaw, unchecked_return_type = "Promise<Response>")]
pub fn request_raw(
    #[wasm_bindgen(unchecked_param_type = "RequestOptions")] options: JsValue,
) -> Promise {
    future_to_promise(async move {
        let call = call_of(options)?;
        let settings = client::settings();
        let prepared = prepare(&call, &settings)?;
        let answer = fetch_with_timeout(
            prepared.method,
            &prepared.url,
            &prepared.headers,
            prepared.body,
            prepared.timeout_ms,
            |response| async move { Ok(web_sys::Response::from(response)) },
        )
        .await;
        match answer {
            Ok(response) => {
                let status = response.status();
                if is_logged_out_response(&prepared.url, status, None) {
                    emit_logged_out(&prepared.url, status, None);
                }
                Ok(response.into())
            }
            Err(no_answer) => {
                let (normalized, timed_out) = no_answer_result(&no_answer);
                Err(http_error(
                    &normalized,
                    &prepared.url,
                    &JsValue::NULL,
                    timed_out,
                ))
            }
        }
    })
}
