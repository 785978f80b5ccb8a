//! A promise cache shared by the cached calls (CMS data, language messages): one JS `Promise`
//! per key, reused while its load is under way (concurrent callers share one fetch,
//! docs/behaviour/calls-and-errors.md#the-calls) and for a time-to-live after a successful load. A
//! failed load is not kept, so the next call tries again.

use super::js::now_ms;
use js_sys::Promise;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::future::Future;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::future_to_promise;

#[derive(Debug, Clone, Copy)]
enum Status {
    /// The load is under way.
    Loading,
    /// Loaded; reusable until this time (ms, `Date.now()` clock).
    FreshUntil(f64),
    /// The load failed; the entry is dropped at the next lookup.
    Failed,
}

#[derive(Debug)]
struct Entry {
    promise: Promise,
    status: Rc<Cell<Status>>,
}

thread_local! {
    static ENTRIES: RefCell<HashMap<String, Entry>> = RefCell::new(HashMap::new());
}

fn lookup(key: &str, now: f64) -> Option<Promise> {
    ENTRIES.with(|entries| {
        let mut entries = entries.borrow_mut();
        let reusable = match entries.get(key).map(|e| e.status.get()) {
            Some(Status::Loading) => true,
            Some(Status::FreshUntil(until)) => now < until,
            Some(Status::Failed) | None => false,
        };
        if reusable {
            entries.get(key).map(|e| e.promise.clone())
        } else {
            entries.remove(key);
            None
        }
    })
}

/// The promise of `key`: the cached or in-flight one, else a new one running `load`.
///
/// `load` resolves to `(value, keep)`: with `keep` the value is reused for `ttl_ms` after it
/// arrives; without, the promise still resolves with `value` but the next call loads again.
/// An `Err` rejects the promise and is not kept either.
pub fn shared<F>(key: String, ttl_ms: f64, load: F) -> Promise
where
    F: Future<Output = Result<(JsValue, bool), JsValue>> + 'static,
{
    if let Some(promise) = lookup(&key, now_ms()) {
        return promise;
    }
    let status = Rc::new(Cell::new(Status::Loading));
    let settled = Rc::clone(&status);
    let promise = future_to_promise(async move {
        let result = load.await;
        settled.set(match result {
            Ok((_, true)) => Status::FreshUntil(now_ms() + ttl_ms),
            _ => Status::Failed,
        });
        result.map(|(value, _)| value)
    });
    ENTRIES.with(|entries| {
        entries.borrow_mut().insert(
            key,
            Entry {
                promise: promise.clone(),
                status,
            },
        );
    });
    promise
}

/// Forgets every cached CMS page and language file (in-flight loads still resolve their callers).
/// ```js
/// clearHttpCache()
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = clearHttpCache)]
pub fn clear_http_cache() {
    ENTRIES.with(|entries| entries.borrow_mut().clear());
}
