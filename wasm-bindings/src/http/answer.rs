//! Reading the answer of one call (docs/behaviour/calls-and-errors.md#the-call-envelope,
//! #logged-out-answer): the envelope (core's `normalize_response`), the tracking record
//! (`call_tracking_record`) and the "logged out" broadcast (`is_logged_out_response`).
//!
//! A call resolves with the envelope's `data` when core says `success`, and otherwise rejects
//! with an `HttpError` carrying core's failure code
//! (docs/behaviour/calls-and-errors.md#the-error-catalogue: "the high-level client throws the whole
//! result when success is false"). A timeout rejects with `name: "TimeoutError"` and core's "no
//! answer" code (-1, HTTP status 0); its message says it timed out.

use super::client;
use super::js::{now_ms, set_prop};
use super::listeners::{emit_logged_out, emit_tracked};
use super::transport::{Call, NoAnswer, fetch_with_timeout, prepare};
use crate::convert::to_js_value;
use aivg_core::request::{
    NormalizedResponse, call_tracking_record, is_logged_out_response, normalize_response,
    parse_envelope,
};
use wasm_bindgen::prelude::*;

// Hand-written: an `HttpError` is a JS `Error` built with `js_sys::Error` and extra properties
// (see `http_error`), not a serde value, and tsify cannot declare an interface extending `Error`.
#[wasm_bindgen(typescript_custom_section)]
const TS_HTTP_ERROR: &str = r#"
/** The rejection of a failed call: core's normalised failure (docs/behaviour/calls-and-errors.md#the-error-catalogue). */
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
            let (normalized, timed_out) = no_answer_result(&no_answer);
            (normalized, JsValue::NULL, None, timed_out)
        }
    };
    match to_js_value(&call_tracking_record(
        &prepared.url,
        started,
        finished,
        &normalized,
    )) {
        Ok(record) => emit_tracked(&record),
        Err(e) => super::js::console_warn("aivg http: tracking record not converted", &e),
    }
    if is_logged_out_response(&prepared.url, normalized.http_status, body_code) {
        emit_logged_out(&prepared.url, normalized.http_status, body_code);
    }
    Ok(Outcome {
        normalized,
        data,
        url: prepared.url,
        timed_out,
    })
}

/// The `HttpError` of a failed call (see the TypeScript section above).
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

/// The failure of a call that got no answer: core's "no answer" result, with a message saying
/// it timed out when the timeout fired.
pub fn no_answer_result(no_answer: &NoAnswer) -> (NormalizedResponse, bool) {
    let mut normalized = normalize_response(0, "");
    let timed_out = matches!(no_answer, NoAnswer::Timeout(_));
    if let NoAnswer::Timeout(ms) = no_answer {
        normalized.message = format!("The request timed out after {ms} ms");
    }
    (normalized, timed_out)
}
