//! The listeners of the HTTP client (docs/behaviour/calls-and-errors.md#logged-out-answer "logged
//! out", docs/behaviour/calls-and-errors.md#call-tracking call tracking): `onLoggedOut`,
//! `onCallTracked` and the broadcasts the calls make.

use super::js::set_prop;
use crate::convert::to_js_value;
use js_sys::Function;
use serde::Serialize;
use std::cell::RefCell;
use tsify::Tsify;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// What `onLoggedOut` listeners receive (docs/behaviour/calls-and-errors.md#the-error-catalogue).
#[derive(Debug, Clone, Serialize, Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
pub struct LoggedOutEvent {
    /// The URL of the call that reported it.
    pub url: String,
    /// HTTP status (0 when no answer arrived).
    pub http_status: u16,
    /// Envelope code when the body had one.
    pub code: Option<f64>,
}

/// Registered callbacks with the ids their unsubscribe functions remove.
#[derive(Debug, Default)]
struct Listeners {
    next_id: u32,
    entries: Vec<(u32, Function)>,
}

#[derive(Debug, Default)]
struct State {
    logged_out: Listeners,
    tracked: Listeners,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::new(State::default());
}

#[derive(Clone, Copy)]
enum Kind {
    LoggedOut,
    Tracked,
}

fn listeners_mut<R>(kind: Kind, f: impl FnOnce(&mut Listeners) -> R) -> R {
    STATE.with(|s| {
        let mut state = s.borrow_mut();
        match kind {
            Kind::LoggedOut => f(&mut state.logged_out),
            Kind::Tracked => f(&mut state.tracked),
        }
    })
}

fn subscribe(kind: Kind, callback: Function) -> Function {
    let id = listeners_mut(kind, |l| {
        let id = l.next_id;
        l.next_id = l.next_id.wrapping_add(1);
        l.entries.push((id, callback));
        id
    });
    let unsubscribe = Closure::once_into_js(move || {
        listeners_mut(kind, |l| l.entries.retain(|(i, _)| *i != id));
    });
    unsubscribe.unchecked_into()
}

/// Calls every listener of `kind` with `event`. The list is copied first, so a listener may
/// subscribe or unsubscribe; a throwing listener is reported and does not stop the others.
fn emit(kind: Kind, event: &JsValue) {
    let callbacks: Vec<Function> =
        listeners_mut(kind, |l| l.entries.iter().map(|(_, f)| f.clone()).collect());
    for callback in callbacks {
        if let Err(e) = callback.call1(&JsValue::NULL, event) {
            super::js::console_warn("aivg http: a listener threw", &e);
        }
    }
}

/// Registers a callback for "logged out" answers
/// (docs/behaviour/calls-and-errors.md#logged-out-answer: code 140013 or HTTP 401, except token
/// renew, oauth token and logout); returns a function that removes it.
/// ```js
/// const off = onLoggedOut((e) => clearUserInfo()); // later: off()
/// ```
#[wasm_bindgen(js_name = onLoggedOut, unchecked_return_type = "() => void")]
pub fn on_logged_out(
    #[wasm_bindgen(unchecked_param_type = "(event: LoggedOutEvent) => void")] callback: Function,
) -> Function {
    subscribe(Kind::LoggedOut, callback)
}

/// Registers a callback that receives core's call-tracking record of every API call
/// (docs/behaviour/ads-and-experiments.md#analytics); returns a function that removes it.
/// ```js
/// const off = onCallTracked((r) => analytics.push({ event: "api_call", ...r }));
/// ```
#[wasm_bindgen(js_name = onCallTracked, unchecked_return_type = "() => void")]
pub fn on_call_tracked(
    #[wasm_bindgen(unchecked_param_type = "(record: CallTrackingRecord) => void")]
    callback: Function,
) -> Function {
    subscribe(Kind::Tracked, callback)
}

/// Delivers one tracking record to the `onCallTracked` listeners.
pub fn emit_tracked(record: &JsValue) {
    emit(Kind::Tracked, record);
}

/// Broadcasts "logged out" (docs/behaviour/calls-and-errors.md#logged-out-answer): posts `{ action:
/// 'clear-userinfo' }` to the parent frame when running in a browser window, then calls the
/// `onLoggedOut` listeners.
pub fn emit_logged_out(url: &str, http_status: u16, code: Option<i64>) {
    if let Some(window) = web_sys::window() {
        let message = js_sys::Object::new();
        set_prop(&message, "action", &JsValue::from_str("clear-userinfo"));
        if let Ok(Some(parent)) = window.parent() {
            let _ = parent.post_message(&message, "*");
        }
    }
    let event = LoggedOutEvent {
        url: url.to_string(),
        http_status,
        // Exact for every code a server sends (|code| < 2^53).
        code: code.map(|c| c as f64),
    };
    match to_js_value(&event) {
        Ok(event) => emit(Kind::LoggedOut, &event),
        Err(e) => super::js::console_warn("aivg http: logged-out event not converted", &e),
    }
}
