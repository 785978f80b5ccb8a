//! Request conventions: URL building, envelopes, failure codes, headers, CMS keys, call tracking
//! and link classification (core `request`, docs/behaviour/calls-and-errors.md#call-tracking,
//! #the-error-catalogue; docs/behaviour/ads-and-experiments.md#analytics).

use aivg_core::request::{self, HeaderInput, LinkConfig, NormalizedResponse};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use tsify::Tsify;
use wasm_bindgen::prelude::*;

use crate::convert::{from_js, opt_int_arg, opt_time_arg, to_js_value, u16_arg};
use crate::error::to_js;

/// Query parameters or a POST body: an object of name/value pairs, or null for none. The
/// exports read it as a `serde_json::Value` (core checks its shape); this type is its declaration.
#[derive(Debug, Clone, Default, Serialize, Deserialize, Tsify)]
#[tsify(type = "{ [name: string]: unknown } | null")]
#[serde(transparent)]
pub struct RequestParams(pub Option<Map<String, Value>>);

/// The full URL of a GET call (docs/behaviour/calls-and-errors.md#request-rules): base + path
/// (`:id` replaced), params as a sorted query, then `_t=<cacheBustMs>` unless it is null; throws
/// `missing_id` or `invalid_params`.
/// ```js
/// buildGetUrl("https://api.example.com", "/v1/common/ad", { client: "wap" }, null, null)
/// // "https://api.example.com/v1/common/ad?client=wap"
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = buildGetUrl)]
pub fn build_get_url(
    #[wasm_bindgen(js_name = baseUrl)] base_url: &str,
    path: &str,
    #[wasm_bindgen(unchecked_param_type = "RequestParams | undefined")] params: JsValue,
    id: Option<String>,
    #[wasm_bindgen(js_name = cacheBustMs)] cache_bust_ms: Option<f64>,
) -> Result<String, JsValue> {
    let params: Value = from_js("params", params)?;
    let stamp = opt_time_arg("cacheBustMs", cache_bust_ms)?;
    request::build_get_url(base_url, path, &params, id.as_deref(), stamp).map_err(to_js)
}

/// The URL of a POST call: base + path with `:id` replaced; throws `missing_id`.
/// ```js
/// buildPostUrl("https://api.example.com", "/v1/task/:id", "42") // "https://api.example.com/v1/task/42"
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = buildPostUrl)]
pub fn build_post_url(
    #[wasm_bindgen(js_name = baseUrl)] base_url: &str,
    path: &str,
    id: Option<String>,
) -> Result<String, JsValue> {
    request::build_post_url(base_url, path, id.as_deref()).map_err(to_js)
}

/// The JSON body of a POST call: keys sorted at every depth, `null` becomes `{}`.
/// ```js
/// buildPostBody({ b: 1, a: 2 }) // '{"a":2,"b":1}'
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = buildPostBody)]
pub fn build_post_body(
    #[wasm_bindgen(unchecked_param_type = "RequestParams | undefined")] params: JsValue,
) -> Result<String, JsValue> {
    let params: Value = from_js("params", params)?;
    Ok(request::build_post_body(&params))
}

/// The query string (without `?`) of parameters, sorted by name, with `_t` last when
/// `cacheBustMs` is given; throws `invalid_params`.
/// ```js
/// buildQuery({ page: 1, fun_module: "effect" }, 1700000000000) // "fun_module=effect&page=1&_t=1700000000000"
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = buildQuery)]
pub fn build_query(
    #[wasm_bindgen(unchecked_param_type = "RequestParams | undefined")] params: JsValue,
    #[wasm_bindgen(js_name = cacheBustMs)] cache_bust_ms: Option<f64>,
) -> Result<String, JsValue> {
    let params: Value = from_js("params", params)?;
    let stamp = opt_time_arg("cacheBustMs", cache_bust_ms)?;
    request::build_query(&params, stamp).map_err(to_js)
}

/// Replaces every `:id` placeholder of a path by the percent-encoded id; throws `missing_id`.
/// ```js
/// resolvePath("/v1/task/:id", "a b") // "/v1/task/a%20b"
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = resolvePath)]
pub fn resolve_path(path: &str, id: Option<String>) -> Result<String, JsValue> {
    request::resolve_path(path, id.as_deref()).map_err(to_js)
}

/// Joins a base URL and a path with exactly one `/` (absolute paths are kept as they are).
/// ```js
/// joinUrl("https://api.example.com/", "/v1/user") // "https://api.example.com/v1/user"
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = joinUrl)]
pub fn join_url(#[wasm_bindgen(js_name = baseUrl)] base_url: &str, path: &str) -> String {
    request::join_url(base_url, path)
}

/// Parses the raw text of an answer into an envelope; throws `not_json`, `not_an_object`,
/// `missing_code` or `invalid_code`.
/// ```js
/// parseEnvelope('{"code":"12","message":"m"}') // { code: 12, msg: "m", data: null, trace_id: null }
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = parseEnvelope, unchecked_return_type = "Envelope")]
pub fn parse_envelope(text: &str) -> Result<JsValue, JsValue> {
    to_js_value(&request::parse_envelope(text).map_err(to_js)?)
}

/// Normalises one call's outcome from its HTTP status and raw body
/// (docs/behaviour/calls-and-errors.md#messages).
/// ```js
/// normalizeResponse(502, "<html>").message // "Request failed with HTTP status 502"
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = normalizeResponse, unchecked_return_type = "NormalizedResponse")]
pub fn normalize_response(
    #[wasm_bindgen(js_name = httpStatus)] http_status: f64,
    body: &str,
) -> Result<JsValue, JsValue> {
    let status = u16_arg("httpStatus", http_status)?;
    to_js_value(&request::normalize_response(status, body))
}

/// The "logged out" test (docs/behaviour/calls-and-errors.md#logged-out-answer): code 140013 or
/// HTTP 401, except on the session's own calls.
/// ```js
/// isLoggedOutResponse("/v1/user", 401, null) // true
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = isLoggedOutResponse)]
pub fn is_logged_out_response(
    url: &str,
    #[wasm_bindgen(js_name = httpStatus)] http_status: f64,
    code: Option<f64>,
) -> Result<bool, JsValue> {
    let status = u16_arg("httpStatus", http_status)?;
    let code = opt_int_arg("code", code)?;
    Ok(request::is_logged_out_response(url, status, code))
}

/// Whether a URL is one of the session's own calls (token renew, oauth token, logout).
/// ```js
/// isSessionCall("https://api.example.com/v1/logout?x=1") // true
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = isSessionCall)]
pub fn is_session_call(url: &str) -> bool {
    request::is_session_call(url)
}

/// The headers of every call, in order, as `[name, value]` pairs; throws `invalid_header_value`.
/// ```js
/// new Headers(requestHeaders({ language: "de", token: "t" }))
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = requestHeaders, unchecked_return_type = "[string, string][]")]
pub fn request_headers(
    #[wasm_bindgen(unchecked_param_type = "HeaderInput")] input: JsValue,
) -> Result<JsValue, JsValue> {
    let input: HeaderInput = from_js("input", input)?;
    to_js_value(&request::request_headers(&input).map_err(to_js)?)
}

/// The application constants (app source, id, name, brand code).
/// ```js
/// appSettings().appId // 5903
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = appSettings, unchecked_return_type = "AppSettings")]
pub fn app_settings() -> Result<JsValue, JsValue> {
    to_js_value(&request::app_settings())
}

/// The request constants (CMS cache, envelope codes, session calls, ...) as one object.
/// ```js
/// requestConstants().cmsCacheTtlMs // 300000
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = requestConstants, unchecked_return_type = "RequestConstants")]
pub fn request_constants() -> Result<JsValue, JsValue> {
    to_js_value(&request::request_constants())
}

/// A new client serial (a v4 UUID) from at least 16 random bytes; throws `not_enough_randomness`.
/// ```js
/// generateClientSerial(crypto.getRandomValues(new Uint8Array(16))) // "0f8e2a6c-1d3b-4c5e-9f70-..."
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = generateClientSerial)]
pub fn generate_client_serial(random: &[u8]) -> Result<String, JsValue> {
    request::generate_client_serial(random).map_err(to_js)
}

/// Whether a stored client serial can be reused (a canonical UUID).
/// ```js
/// isValidClientSerial("not-a-uuid") // false
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = isValidClientSerial)]
pub fn is_valid_client_serial(serial: &str) -> bool {
    request::is_valid_client_serial(serial)
}

/// The CMS cache key of a page path: URL-safe base64 without padding.
/// ```js
/// cmsCacheKey("/home") // "L2hvbWU"
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = cmsCacheKey)]
pub fn cms_cache_key(#[wasm_bindgen(js_name = pagePath)] page_path: &str) -> String {
    request::cms_cache_key(page_path)
}

/// The path of the CMS data call for a page: `/api/cms-data/<key>`.
/// ```js
/// cmsDataPath("/home") // "/api/cms-data/L2hvbWU"
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = cmsDataPath)]
pub fn cms_data_path(#[wasm_bindgen(js_name = pagePath)] page_path: &str) -> String {
    request::cms_data_path(page_path)
}

/// The page path a CMS key stands for; throws `invalid_cms_key`.
/// ```js
/// cmsPathFromKey("L2hvbWU") // "/home"
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = cmsPathFromKey)]
pub fn cms_path_from_key(key: &str) -> Result<String, JsValue> {
    request::cms_path_from_key(key).map_err(to_js)
}

/// The tracking record of one call from its URL, start and end times (ms) and normalised result.
/// ```js
/// callTrackingRecord(url, start, performance.now(), normalizeResponse(200, body)).duration
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = callTrackingRecord, unchecked_return_type = "CallTrackingRecord")]
pub fn call_tracking_record(
    url: &str,
    #[wasm_bindgen(js_name = startedMs)] started_ms: f64,
    #[wasm_bindgen(js_name = finishedMs)] finished_ms: f64,
    #[wasm_bindgen(unchecked_param_type = "NormalizedResponse")] response: JsValue,
) -> Result<JsValue, JsValue> {
    let response: NormalizedResponse = from_js("response", response)?;
    to_js_value(&request::call_tracking_record(
        url,
        started_ms,
        finished_ms,
        &response,
    ))
}

/// Classifies a link from server content: internal route, new tab, replace, or refused.
/// ```js
/// classifyLink("javascript:alert(1)", config) // { kind: "refused", scheme: "javascript" }
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = classifyLink, unchecked_return_type = "LinkAction")]
pub fn classify_link(
    href: &str,
    #[wasm_bindgen(unchecked_param_type = "LinkConfig")] config: JsValue,
) -> Result<JsValue, JsValue> {
    let config: LinkConfig = from_js("config", config)?;
    to_js_value(&request::classify_link(href, &config))
}
