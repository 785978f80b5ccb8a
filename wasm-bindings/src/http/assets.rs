//! Static files of the site (docs/behaviour/languages-and-routes.md#build-updates): language
//! messages (cached 24 h, a failure only warns), the build manifests polled for updates (404/403
//! tolerated) and prerendered page payloads. They are plain files, not envelopes: no app headers
//! are sent and no tracking record is made; a failure that rejects is an `HttpError` from core's
//! `normalize_response`.
//!
//! Decided: manifests live under the client's `buildsPath` (default `/builds`):
//! `{buildsPath}/latest.json?_t={Date.now()}` and `{buildsPath}/meta/{buildId}.json`; a page
//! payload is `{page}/_payload.json?_t={buildId or Date.now()}`. Language files carry their
//! content hash in the path, so they get no `_t`.

use super::answer::http_error;
use super::cache::shared;
use super::client;
use super::js::{console_warn, now_ms};
use super::transport::{Method, NoAnswer, fetch_with_timeout};
use crate::error::to_js;
use aivg_core::lang::{LOCALE_MESSAGES_CACHE_HOURS, Lang, LangError, messages_path};
use aivg_core::request::{build_get_url, encode_uri_component, normalize_response};
use js_sys::Promise;
use serde_json::{Value, json};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::future_to_promise;

/// HTTP status and body of a static file, or why there was none.
async fn fetch_file(url: &str) -> Result<(u16, String), NoAnswer> {
    let timeout = client::settings().timeout_ms;
    fetch_with_timeout(
        Method::Get,
        url,
        &[],
        None,
        timeout,
        |response| async move {
            let status = response.status();
            response.text().await.map(|text| (status, text))
        },
    )
    .await
}

fn is_ok(status: u16) -> bool {
    (200..=299).contains(&status)
}

/// The rejection of a static file that could not be used: core's normalised failure.
fn file_error(url: &str, answer: &Result<(u16, String), NoAnswer>) -> JsValue {
    let (normalized, timed_out) = match answer {
        Ok((status, text)) if is_ok(*status) => {
            // A 2xx whose body is not JSON: core's "-1 with the parse problem".
            (normalize_response(*status, text), false)
        }
        Ok((status, text)) => (normalize_response(*status, text), false),
        Err(NoAnswer::Timeout(ms)) => {
            let mut n = normalize_response(0, "");
            n.message = format!("The request timed out after {ms} ms");
            (n, true)
        }
        Err(NoAnswer::Network(_)) => (normalize_response(0, ""), false),
    };
    http_error(&normalized, url, &JsValue::NULL, timed_out)
}

fn url_of(path: &str, params: &Value, cache_bust: Option<i64>) -> Result<String, JsValue> {
    build_get_url(&client::settings().base_url, path, params, None, cache_bust).map_err(to_js)
}

fn parse_json(text: &str) -> Option<JsValue> {
    js_sys::JSON::parse(text).ok().filter(JsValue::is_object)
}

/// The language messages of a locale, `GET /_i18n/{hash}/{locale}/messages.json` (core's
/// `messages_path`), cached 24 h per file; a failure warns and resolves `undefined` so the
/// product carries on (docs/behaviour/languages-and-routes.md#languages;
/// docs/behaviour/calls-and-errors.md#the-error-catalogue). An unsupported locale code rejects.
/// ```js
/// const messages = (await getMessages("a1b2c3", "de")) ?? {}
/// ```
#[wasm_bindgen(
    js_name = getMessages,
    unchecked_return_type = "Promise<Record<string, unknown> | undefined>"
)]
pub fn get_messages(hash: &str, locale: &str) -> Promise {
    let Some(lang) = Lang::from_code(locale) else {
        return Promise::reject(&to_js(LangError::UnsupportedLanguage(locale.to_string())));
    };
    let path = messages_path(hash, lang);
    let ttl = f64::from(LOCALE_MESSAGES_CACHE_HOURS) * 3_600_000.0;
    shared(format!("i18n:{path}"), ttl, async move {
        let url = url_of(&path, &Value::Null, None)?;
        let answer = fetch_file(&url).await;
        let parsed = match &answer {
            Ok((status, text)) if is_ok(*status) => parse_json(text),
            _ => None,
        };
        match parsed {
            Some(messages) => Ok((messages, true)),
            None => {
                console_warn(
                    &format!("aivg http: language messages {path} not loaded"),
                    &file_error(&url, &answer),
                );
                Ok((JsValue::UNDEFINED, false))
            }
        }
    })
}

/// The newest build, polled to notice a new deployment
/// (docs/behaviour/languages-and-routes.md#build-updates "Build updates").
/// ```js
/// const { id } = await getLatestBuild(); if (id !== currentBuildId) reloadOnNextNavigation()
/// ```
#[wasm_bindgen(js_name = getLatestBuild, unchecked_return_type = "LatestBuild")]
pub async fn get_latest_build() -> Result<JsValue, JsValue> {
    let path = format!("{}/latest.json", client::settings().builds_path);
    // Exact: Date.now() is a whole number of ms far below 2^53.
    let url = url_of(&path, &Value::Null, Some(now_ms() as i64))?;
    let answer = fetch_file(&url).await;
    match &answer {
        Ok((status, text)) if is_ok(*status) => parse_json(text),
        _ => None,
    }
    .ok_or_else(|| file_error(&url, &answer))
}

/// The manifest of a build; resolves `undefined` on HTTP 404 or 403 (tolerated,
/// docs/behaviour/calls-and-errors.md#the-error-catalogue) and rejects on any other failure.
/// ```js
/// const manifest = await getBuildManifest("9f8e7d")
/// ```
#[wasm_bindgen(
    js_name = getBuildManifest,
    unchecked_return_type = "BuildManifest | undefined"
)]
pub async fn get_build_manifest(id: String) -> Result<JsValue, JsValue> {
    let path = format!(
        "{}/meta/{}.json",
        client::settings().builds_path,
        encode_uri_component(&id)
    );
    let url = url_of(&path, &Value::Null, None)?;
    let answer = fetch_file(&url).await;
    match &answer {
        Ok((403 | 404, _)) => Ok(JsValue::UNDEFINED),
        Ok((status, text)) if is_ok(*status) => {
            parse_json(text).ok_or_else(|| file_error(&url, &answer))
        }
        _ => Err(file_error(&url, &answer)),
    }
}

/// The prerendered payload of a page as text, for core's payload decoder; `_t` is the build
/// id when given, else the time (docs/behaviour/calls-and-errors.md#payload-decoding).
/// ```js
/// const text = await getPagePayload("/home", buildId); const data = decodePayload(text)
/// ```
#[wasm_bindgen(js_name = getPagePayload, unchecked_return_type = "Promise<string>")]
pub fn get_page_payload(page: String, build: Option<String>) -> Promise {
    future_to_promise(async move {
        let path = format!("{}/_payload.json", page.trim_end_matches('/'));
        let url = match build.filter(|b| !b.is_empty()) {
            Some(build) => url_of(&path, &json!({ "_t": build }), None)?,
            // Exact: Date.now() is a whole number of ms far below 2^53.
            None => url_of(&path, &Value::Null, Some(now_ms() as i64))?,
        };
        let answer = fetch_file(&url).await;
        match answer {
            Ok((status, text)) if is_ok(status) => Ok(JsValue::from(text)),
            other => Err(file_error(&url, &other)),
        }
    })
}
