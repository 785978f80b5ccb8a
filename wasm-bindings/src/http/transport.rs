//! One call end to end (spec 01 §7-§8, spec 02 §7-§8): URL (core's `build_get_url` /
//! `build_post_url`, `_t` from `Date.now()`), body (`build_post_body`), headers
//! (`request_headers`), `fetch` through gloo-net with a timeout that aborts it, the envelope
//! (`normalize_response`), the tracking record (`call_tracking_record`) and the "logged out"
//! broadcast (`is_logged_out_response`).
//!
//! A call resolves with the envelope's `data` when core says `success`, and otherwise rejects
//! with an `HttpError` carrying core's failure code (spec 01 §8: "the high-level client throws
//! the whole result when success is false").
//!
//! Decided: GET, HEAD and DELETE send their parameters as a query (only GET adds `_t`); POST
//! and PUT send a JSON body. A timeout rejects with `name: "TimeoutError"` and core's "no
//! answer" code (-1, HTTP status 0); its message says it timed out.

use super::client::{self, Settings, current_headers, timeout_arg};
use super::js::{clear_timeout, now_ms, set_prop, set_timeout};
use crate::convert::{from_js, to_js_value};
use crate::error::{bad_argument, to_js};
use aivg_core::request::{
    NormalizedResponse, build_get_url, build_post_body, build_post_url, call_tracking_record,
    is_logged_out_response, js_number_string, normalize_response, parse_envelope,
};
use gloo_net::http::{Method as GlooMethod, RequestBuilder};
use js_sys::Promise;
use serde::Deserialize;
use serde_json::Value;
use std::cell::Cell;
use std::rc::Rc;
use tsify::Tsify;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::future_to_promise;

#[wasm_bindgen(typescript_custom_section)]
const TS_TRANSPORT: &str = r#"
/** The methods of the request helper (spec 01 §7). */
export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE" | "HEAD";

/** The rejection of a failed call: core's normalised failure (spec 01 §8). */
export interface HttpError extends Error {
    /** "TimeoutError" when the timeout aborted the call, else "HttpError". */
    name: "HttpError" | "TimeoutError";
    /** Body code, else HTTP status, else -1. */
    code: number;
    /** HTTP status as received (0 = no answer). */
    httpStatus: number;
    /** Server trace id, if any. */
    traceId: string | null;
    /** The envelope's data, if any. */
    data: unknown;
    /** The URL called. */
    url: string;
}
"#;

/// A method of the request helper (spec 01 §7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// Query + `_t`.
    Get,
    /// JSON body.
    Post,
    /// JSON body.
    Put,
    /// Query, no `_t`.
    Delete,
    /// Query, no `_t`.
    Head,
}

impl Method {
    fn parse(text: &str) -> Result<Self, JsValue> {
        match text.trim().to_ascii_uppercase().as_str() {
            "" | "GET" => Ok(Self::Get),
            "POST" => Ok(Self::Post),
            "PUT" => Ok(Self::Put),
            "DELETE" => Ok(Self::Delete),
            "HEAD" => Ok(Self::Head),
            other => Err(bad_argument(
                "method",
                format!("expected GET, POST, PUT, DELETE or HEAD, got {other:?}"),
            )),
        }
    }

    fn gloo(self) -> GlooMethod {
        match self {
            Self::Get => GlooMethod::GET,
            Self::Post => GlooMethod::POST,
            Self::Put => GlooMethod::PUT,
            Self::Delete => GlooMethod::DELETE,
            Self::Head => GlooMethod::HEAD,
        }
    }

    fn has_body(self) -> bool {
        matches!(self, Self::Post | Self::Put)
    }
}

/// Everything one call needs.
#[derive(Debug, Clone)]
pub struct Call {
    /// Method.
    pub method: Method,
    /// Path (may contain `:id`).
    pub path: String,
    /// Query or body parameters (`null` = none).
    pub params: Value,
    /// Replaces `:id`.
    pub id: Option<String>,
    /// Adds `_t` to GET requests.
    pub cache_bust: bool,
    /// `None` = the client's default; `Some(None)` = no timeout for this call.
    pub timeout_ms: Option<Option<f64>>,
}

impl Call {
    /// A call of the table: fixed method and path, default cache-busting and timeout.
    pub fn new(method: Method, path: impl Into<String>, params: Value) -> Self {
        Self {
            method,
            path: path.into(),
            params,
            id: None,
            cache_bust: true,
            timeout_ms: None,
        }
    }

    /// The same call with `:id` replaced by `id`.
    pub fn with_id(mut self, id: String) -> Self {
        self.id = Some(id);
        self
    }
}

/// Why no answer arrived.
#[derive(Debug)]
pub enum NoAnswer {
    /// The timeout fired and aborted the fetch.
    Timeout(f64),
    /// `fetch` rejected (network down, CORS, bad URL...).
    Network(String),
}

/// A prepared request: final URL, headers, body.
struct Prepared {
    url: String,
    method: Method,
    headers: Vec<(String, String)>,
    body: Option<String>,
    timeout_ms: Option<f64>,
}

fn prepare(call: &Call, settings: &Settings) -> Result<Prepared, JsValue> {
    let id = call.id.as_deref();
    let (url, body) = if call.method.has_body() {
        let url = build_post_url(&settings.base_url, &call.path, id).map_err(to_js)?;
        (url, Some(build_post_body(&call.params)))
    } else {
        // Exact: Date.now() is a whole number of ms far below 2^53.
        let stamp = (call.method == Method::Get && call.cache_bust).then(|| now_ms() as i64);
        let url = build_get_url(&settings.base_url, &call.path, &call.params, id, stamp)
            .map_err(to_js)?;
        (url, None)
    };
    Ok(Prepared {
        url,
        method: call.method,
        headers: current_headers(settings)?,
        body,
        timeout_ms: call.timeout_ms.unwrap_or(settings.timeout_ms),
    })
}

/// Sends a request through gloo-net and hands the response to `read`, all under one timeout:
/// an `AbortController` aborted by a `setTimeout` timer, cleared once `read` is done.
pub async fn fetch_with_timeout<T, F, Fut>(
    method: Method,
    url: &str,
    headers: &[(String, String)],
    body: Option<String>,
    timeout_ms: Option<f64>,
    read: F,
) -> Result<T, NoAnswer>
where
    F: FnOnce(gloo_net::http::Response) -> Fut,
    Fut: std::future::Future<Output = Result<T, gloo_net::Error>>,
{
    let network = |e: &dyn std::fmt::Display| NoAnswer::Network(e.to_string());
    let mut builder = RequestBuilder::new(url).method(method.gloo());
    for (name, value) in headers {
        builder = builder.header(name, value);
    }
    let timer = match timeout_ms {
        Some(ms) => {
            let controller =
                web_sys::AbortController::new().map_err(|e| NoAnswer::Network(format!("{e:?}")))?;
            builder = builder.abort_signal(Some(&controller.signal()));
            let fired = Rc::new(Cell::new(false));
            let flag = Rc::clone(&fired);
            let on_timeout = Closure::once(move || {
                flag.set(true);
                controller.abort();
            });
            let handle = set_timeout(on_timeout.as_ref().unchecked_ref(), ms);
            Some((handle, on_timeout, fired, ms))
        }
        None => None,
    };
    let request = match body {
        Some(text) => builder.body(text),
        None => builder.build(),
    };
    let outcome = match request {
        Ok(request) => match request.send().await {
            Ok(response) => read(response).await.map_err(|e| network(&e)),
            Err(e) => Err(network(&e)),
        },
        Err(e) => Err(network(&e)),
    };
    match timer {
        Some((handle, on_timeout, fired, ms)) => {
            clear_timeout(&handle);
            // The timer is cleared, so the closure is never called after this drop.
            drop(on_timeout);
            match outcome {
                Err(_) if fired.get() => Err(NoAnswer::Timeout(ms)),
                other => other,
            }
        }
        None => outcome,
    }
}

/// The outcome of an envelope call.
#[derive(Debug)]
pub struct Outcome {
    /// Core's normalised result.
    pub normalized: NormalizedResponse,
    /// The envelope's `data` as JS (`null` when absent or no envelope).
    pub data: JsValue,
    /// The URL called.
    pub url: String,
    /// The timeout fired.
    pub timed_out: bool,
}

/// `data` of an answer, read with `JSON.parse` so numbers keep JavaScript's semantics (a
/// 64-bit id does not fail conversion). `null` when the body is no object or has no `data`.
fn data_of(body: &str) -> JsValue {
    match js_sys::JSON::parse(body) {
        Ok(parsed) if parsed.is_object() => js_sys::Reflect::get(&parsed, &"data".into())
            .ok()
            .filter(|d| !d.is_undefined())
            .unwrap_or(JsValue::NULL),
        _ => JsValue::NULL,
    }
}

/// Runs one envelope call: sends it, normalises the answer with core, delivers the tracking
/// record and, on a "logged out" answer, the broadcast. `Err` only for a call that could not
/// be built (bad path, id, parameters or header value); answers of any kind are `Ok`.
pub async fn perform(call: Call) -> Result<Outcome, JsValue> {
    let settings = client::settings();
    let prepared = prepare(&call, &settings)?;
    let started = now_ms();
    let answer = fetch_with_timeout(
        prepared.method,
        &prepared.url,
        &prepared.headers,
        prepared.body,
        prepared.timeout_ms,
        |response| async move {
            let status = response.status();
            response.text().await.map(|text| (status, text))
        },
    )
    .await;
    let finished = now_ms();
    let (normalized, data, body_code, timed_out) = match answer {
        Ok((status, text)) => (
            normalize_response(status, &text),
            data_of(&text),
            parse_envelope(&text).ok().map(|e| e.code),
            false,
        ),
        Err(no_answer) => {
            let mut normalized = normalize_response(0, "");
            let timed_out = matches!(no_answer, NoAnswer::Timeout(_));
            if let NoAnswer::Timeout(ms) = no_answer {
                normalized.message = format!("The request timed out after {ms} ms");
            }
            (normalized, JsValue::NULL, None, timed_out)
        }
    };
    match to_js_value(&call_tracking_record(
        &prepared.url,
        started,
        finished,
        &normalized,
    )) {
        Ok(record) => client::emit_tracked(&record),
        Err(e) => super::js::console_warn("aivg http: tracking record not converted", &e),
    }
    if is_logged_out_response(&prepared.url, normalized.http_status, body_code) {
        client::emit_logged_out(&prepared.url, normalized.http_status, body_code);
    }
    Ok(Outcome {
        normalized,
        data,
        url: prepared.url,
        timed_out,
    })
}

/// The `HttpError` of a failed call (see the TypeScript section).
pub fn http_error(
    normalized: &NormalizedResponse,
    url: &str,
    data: &JsValue,
    timed_out: bool,
) -> JsValue {
    let error = js_sys::Error::new(&normalized.message);
    error.set_name(if timed_out {
        "TimeoutError"
    } else {
        "HttpError"
    });
    let target: &JsValue = error.as_ref();
    // Exact for every code a server sends (|code| < 2^53).
    set_prop(target, "code", &JsValue::from_f64(normalized.code as f64));
    set_prop(target, "httpStatus", &JsValue::from(normalized.http_status));
    let trace = normalized
        .trace_id
        .as_deref()
        .map_or(JsValue::NULL, JsValue::from_str);
    set_prop(target, "traceId", &trace);
    set_prop(target, "data", data);
    set_prop(target, "url", &JsValue::from_str(url));
    error.into()
}

/// Runs a call and resolves with `data` on success, or rejects with an `HttpError`.
pub async fn call_data(call: Call) -> Result<JsValue, JsValue> {
    let outcome = perform(call).await?;
    if outcome.normalized.success {
        Ok(outcome.data)
    } else {
        Err(http_error(
            &outcome.normalized,
            &outcome.url,
            &outcome.data,
            outcome.timed_out,
        ))
    }
}

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

/// Any call of the API with the helper's conventions (spec 01 §7); resolves with `data`.
/// ```js
/// const data = await request({ method: "GET", path: "/v1/workflow/info", params: { id: 7 }, noCacheBust: true, timeoutMs: 5000 })
/// ```
#[wasm_bindgen(js_name = request, unchecked_return_type = "unknown")]
pub async fn request(
    #[wasm_bindgen(unchecked_param_type = "RequestOptions")] options: JsValue,
) -> Result<JsValue, JsValue> {
    call_data(call_of(options)?).await
}

/// The stream option of the helper (spec 01 §7): same URL, headers and timeout (up to the
/// response head), but resolves with the raw `Response` without reading the body. Not
/// tracked (there is no envelope to read); a 401 still broadcasts "logged out".
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
                    client::emit_logged_out(&prepared.url, status, None);
                }
                Ok(response.into())
            }
            Err(no_answer) => {
                let mut normalized = normalize_response(0, "");
                let timed_out = matches!(no_answer, NoAnswer::Timeout(_));
                if let NoAnswer::Timeout(ms) = no_answer {
                    normalized.message = format!("The request timed out after {ms} ms");
                }
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
