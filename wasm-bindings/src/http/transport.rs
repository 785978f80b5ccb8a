//! Sending one request (docs/behaviour/calls-and-errors.md#request-rules): the URL (core's
//! `build_get_url` / `build_post_url`, `_t` from `Date.now()`), the body (`build_post_body`), the
//! headers (`request_headers`) and `fetch` through gloo-net with a timeout that aborts it.
//!
//! Decided: GET, HEAD and DELETE send their parameters as a query (only GET adds `_t`); POST
//! and PUT send a JSON body. Reading the answer is [`super::answer`]'s; the generic helper
//! `request` / `requestRaw` is [`super::request`]'s.

use super::client::Settings;
use super::identity::current_headers;
use super::js::{clear_timeout, now_ms, set_timeout};
use crate::error::{bad_argument, to_js};
use aivg_core::request::{build_get_url, build_post_body, build_post_url};
use gloo_net::http::{Method as GlooMethod, RequestBuilder};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::cell::Cell;
use std::rc::Rc;
use tsify::Tsify;
use wasm_bindgen::prelude::*;

/// A method of the request helper (docs/behaviour/calls-and-errors.md#request-rules). A call's
/// `method` is also read trimmed and in any case, and "" as GET.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(rename = "HttpMethod")]
#[serde(rename_all = "UPPERCASE")]
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
    pub(super) fn parse(text: &str) -> Result<Self, JsValue> {
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
pub(super) struct Prepared {
    pub(super) url: String,
    pub(super) method: Method,
    pub(super) headers: Vec<(String, String)>,
    pub(super) body: Option<String>,
    pub(super) timeout_ms: Option<f64>,
}

pub(super) fn prepare(call: &Call, settings: &Settings) -> Result<Prepared, JsValue> {
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
