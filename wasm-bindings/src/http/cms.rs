//! CMS page data (docs/behaviour/languages-and-routes.md#page-content "Page-content (CMS) flow",
//! #page-content): `GET /api/cms-data/{key}` with core's key (`cms_data_path`), through the
//! envelope like every call, cached 300 s per path (core's `CMS_CACHE_TTL_MS`), concurrent requests
//! for a path sharing one fetch, and a debounced variant (300 ms, the last call wins). A failure or
//! `success` false is logged and resolves `undefined`, so the page stays as it is
//! (docs/behaviour/languages-and-routes.md#page-content).

use super::answer::{http_error, perform};
use super::cache::shared;
use super::js::{clear_timeout, console_warn, set_timeout};
use super::transport::{Call, Method};
use aivg_core::request::{CMS_CACHE_TTL_MS, CMS_DEBOUNCE_MS, cms_data_path};
use js_sys::{Function, Promise};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::{JsFuture, spawn_local};

async fn load(page_path: String) -> Result<(JsValue, bool), JsValue> {
    let call = Call::new(
        Method::Get,
        cms_data_path(&page_path),
        serde_json::Value::Null,
    );
    let message = format!("aivg http: CMS data for {page_path} not loaded");
    match perform(call).await {
        Ok(outcome) if outcome.normalized.success => Ok((outcome.data, true)),
        Ok(outcome) => {
            let error = http_error(
                &outcome.normalized,
                &outcome.url,
                &outcome.data,
                outcome.timed_out,
            );
            console_warn(&message, &error);
            Ok((JsValue::UNDEFINED, false))
        }
        Err(error) => {
            console_warn(&message, &error);
            Ok((JsValue::UNDEFINED, false))
        }
    }
}

/// The CMS data of a page path, cached 300 s; concurrent calls for one path share one request.
/// Resolves `undefined` (and logs) when the call fails or answers `success` false.
/// ```js
/// const cms = await getCmsData("/text-to-video"); if (cms) document.title = cms.tdk?.title ?? document.title
/// ```
#[wasm_bindgen(js_name = getCmsData, unchecked_return_type = "Promise<CmsData | undefined>")]
pub fn get_cms_data(path: &str) -> Promise {
    // Exact: 300 000 is far below 2^53.
    let ttl = CMS_CACHE_TTL_MS as f64;
    shared(format!("cms:{path}"), ttl, load(path.to_string()))
}

/// The pending debounced calls: the latest path, the resolvers waiting for it, the timer.
#[derive(Default)]
struct Debounce {
    path: String,
    waiters: Vec<Function>,
    timer: Option<JsValue>,
    /// The timer callback, kept alive until replaced (never dropped while it runs).
    callback: Option<Closure<dyn FnMut()>>,
}

thread_local! {
    static DEBOUNCE: RefCell<Debounce> = RefCell::new(Debounce::default());
}

fn fire() {
    let (path, waiters) = DEBOUNCE.with(|d| {
        let mut d = d.borrow_mut();
        d.timer = None;
        (std::mem::take(&mut d.path), std::mem::take(&mut d.waiters))
    });
    spawn_local(async move {
        let value = JsFuture::from(get_cms_data(&path))
            .await
            .unwrap_or(JsValue::UNDEFINED);
        for resolve in waiters {
            let _ = resolve.call1(&JsValue::NULL, &value);
        }
    });
}

/// [`getCmsData`](get_cms_data) after 300 ms of quiet: each call restarts the wait, the last
/// path wins, and every call made during the wait resolves with that path's data.
/// ```js
/// router.afterEach((to) => getCmsDataDebounced(to.path).then(applyCms))
/// ```
#[wasm_bindgen(
    js_name = getCmsDataDebounced,
    unchecked_return_type = "Promise<CmsData | undefined>"
)]
pub fn get_cms_data_debounced(path: &str) -> Promise {
    let mut resolver = None;
    let promise = Promise::new(&mut |resolve, _reject| resolver = Some(resolve));
    let callback = Closure::<dyn FnMut()>::new(fire);
    let handle = set_timeout(
        callback.as_ref().unchecked_ref(),
        f64::from(CMS_DEBOUNCE_MS),
    );
    let previous = DEBOUNCE.with(|d| {
        let mut d = d.borrow_mut();
        d.path = path.to_string();
        d.waiters.extend(resolver);
        let previous_timer = d.timer.replace(handle);
        let previous_callback = d.callback.replace(callback);
        (previous_timer, previous_callback)
    });
    if let Some(timer) = previous.0 {
        clear_timeout(&timer);
    }
    // The previous callback is dropped here, after its timer was cleared (or had fired).
    drop(previous.1);
    promise
}
