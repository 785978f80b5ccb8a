//! Client configuration, the access token, the client serial and the listeners
//! (spec 02 §7: "headers: source app name, product version, client serial (generated id stored
//! in a cookie, 14 days), client type (8 mobile, 7 desktop), language, and Bearer authorization
//! from session storage").
//!
//! Decided where the spec is silent:
//! - The package is the one owner of the access token: `setAccessToken` writes it to the token
//!   cookie (core's name and 2-day lifetime, spec 02 §9: shared by the site's tabs and kept across
//!   visits), to session storage under [`TOKEN_STORAGE_KEY`] (spec 02 §7: Bearer from session
//!   storage) and to memory. `getAccessToken` reads the cookie first (a token renewed or replaced
//!   in another tab is used at once, spec 02 §4: "on start a token is read from a cookie and
//!   stored locally and in session") and copies it to session storage; without a cookie
//!   (refused in a sandboxed frame, or expired) session storage, then the in-memory copy where
//!   there is no `window` (Node, workers) or storage fails.
//! - The client serial lives in the cookie [`CLIENT_SERIAL_COOKIE`] (14 days, path `/`,
//!   `SameSite=Lax`); a cookie whose value is not a valid serial (core's
//!   `is_valid_client_serial`) is replaced. Without a document it is kept in memory only.

use super::js::{get_random_values, set_prop};
use crate::convert::{from_js, to_js_value};
use crate::error::{bad_argument, to_js};
use aivg_core::request::{
    CLIENT_SERIAL_COOKIE_DAYS, CLIENT_SERIAL_RANDOM_BYTES, HeaderInput, generate_client_serial,
    is_valid_client_serial, request_headers,
};
use aivg_core::session::{TOKEN_COOKIE_DAYS, TOKEN_COOKIE_NAME};
use js_sys::{Function, Uint8Array};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use tsify::Tsify;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// Session-storage key of the access token (decided here).
pub const TOKEN_STORAGE_KEY: &str = "aivg.access_token";
/// Cookie holding the client serial (decided here).
pub const CLIENT_SERIAL_COOKIE: &str = "aivg_client_sn";
/// Default folder of the build manifests (`{buildsPath}/latest.json`, `{buildsPath}/meta/{id}.json`).
pub const DEFAULT_BUILDS_PATH: &str = "/builds";

#[wasm_bindgen(typescript_custom_section)]
const TS_CLIENT: &str = r#"
/** What `onLoggedOut` listeners receive (spec 02 §8). */
export interface LoggedOutEvent {
    /** The URL of the call that reported it. */
    url: string;
    /** HTTP status (0 when no answer arrived). */
    httpStatus: number;
    /** Envelope code when the body had one. */
    code: number | null;
}
"#;

/// The settings of [`configureClient`](configure_client), all optional.
#[derive(Debug, Default, Deserialize, Tsify)]
#[tsify(missing_as_null, rename = "ClientConfigInput")]
#[serde(default, rename_all = "camelCase")]
struct ConfigInput {
    base_url: Option<String>,
    app_name: Option<String>,
    product_version: Option<String>,
    language: Option<String>,
    is_mobile: Option<bool>,
    timeout_ms: Option<f64>,
    builds_path: Option<String>,
}

/// The effective settings, as `getClientConfig` returns them.
#[derive(Debug, Clone, Serialize, Tsify)]
#[tsify(missing_as_null, rename = "ClientConfig")]
#[serde(rename_all = "camelCase")]
pub struct Settings {
    /// API origin and prefix ("" = same origin).
    pub base_url: String,
    /// Source app name ("" = core's default).
    pub app_name: String,
    /// Product version header.
    pub product_version: String,
    /// Language header.
    pub language: String,
    /// Client type 8 when true, else 7.
    pub is_mobile: bool,
    /// Default timeout in ms.
    pub timeout_ms: Option<f64>,
    /// Folder of the build manifests.
    pub builds_path: String,
    token_storage_key: &'static str,
    client_serial_cookie: &'static str,
    client_serial_cookie_days: u32,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            base_url: String::new(),
            app_name: String::new(),
            product_version: String::new(),
            language: String::new(),
            is_mobile: false,
            timeout_ms: None,
            builds_path: DEFAULT_BUILDS_PATH.to_string(),
            token_storage_key: TOKEN_STORAGE_KEY,
            client_serial_cookie: CLIENT_SERIAL_COOKIE,
            client_serial_cookie_days: CLIENT_SERIAL_COOKIE_DAYS,
        }
    }
}

/// Registered callbacks with the ids their unsubscribe functions remove.
#[derive(Debug, Default)]
struct Listeners {
    next_id: u32,
    entries: Vec<(u32, Function)>,
}

#[derive(Debug, Default)]
struct State {
    settings: Settings,
    token: Option<String>,
    serial: Option<String>,
    logged_out: Listeners,
    tracked: Listeners,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::new(State::default());
}

/// A copy of the current settings (the borrow ends before the caller does any I/O).
pub fn settings() -> Settings {
    STATE.with(|s| s.borrow().settings.clone())
}

/// A timeout in ms: finite and not negative; 0 means none.
pub fn timeout_arg(name: &str, value: Option<f64>) -> Result<Option<f64>, JsValue> {
    match value {
        None => Ok(None),
        Some(ms) if ms.is_finite() && ms >= 0.0 => Ok((ms > 0.0).then_some(ms)),
        Some(ms) => Err(bad_argument(
            name,
            format!("expected a number of milliseconds >= 0, got {ms}"),
        )),
    }
}

/// Changes the settings of the HTTP client; only the given fields change.
/// ```js
/// configureClient({ baseUrl: "https://api.example.com", productVersion: "1.4.0", language: "de", isMobile: false, timeoutMs: 15000 })
/// ```
#[wasm_bindgen(js_name = configureClient)]
pub fn configure_client(
    #[wasm_bindgen(unchecked_param_type = "ClientConfigInput")] config: JsValue,
) -> Result<(), JsValue> {
    let input: ConfigInput = from_js("config", config)?;
    let timeout = match input.timeout_ms {
        Some(ms) => Some(timeout_arg("config.timeoutMs", Some(ms))?),
        None => None,
    };
    STATE.with(|s| {
        let mut state = s.borrow_mut();
        let settings = &mut state.settings;
        if let Some(v) = input.base_url {
            settings.base_url = v.trim().to_string();
        }
        if let Some(v) = input.app_name {
            settings.app_name = v;
        }
        if let Some(v) = input.product_version {
            settings.product_version = v;
        }
        if let Some(v) = input.language {
            settings.language = v;
        }
        if let Some(v) = input.is_mobile {
            settings.is_mobile = v;
        }
        if let Some(v) = timeout {
            settings.timeout_ms = v;
        }
        if let Some(v) = input.builds_path {
            settings.builds_path = v;
        }
    });
    Ok(())
}

/// The effective settings of the HTTP client, with the storage names it uses.
/// ```js
/// getClientConfig().tokenStorageKey // "aivg.access_token"
/// ```
#[wasm_bindgen(js_name = getClientConfig, unchecked_return_type = "ClientConfig")]
pub fn get_client_config() -> Result<JsValue, JsValue> {
    to_js_value(&settings())
}

fn session_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

/// Sets (or with `null` clears) the Bearer token sent with every call: the token cookie (2 days),
/// session storage and memory (see the module doc).
/// ```js
/// setAccessToken(tokenResponse.access_token); setAccessToken(null) // on logout
/// ```
#[wasm_bindgen(js_name = setAccessToken)]
pub fn set_access_token(token: Option<String>) {
    let token = token.filter(|t| !t.trim().is_empty());
    store_in_session(token.as_deref());
    if let Some(d) = html_document() {
        let max_age = token
            .as_ref()
            .map_or(0, |_| u64::from(TOKEN_COOKIE_DAYS) * 86_400);
        // Secure on an https page, so the token never travels over plain http.
        let secure = if d.url().is_ok_and(|u| u.starts_with("https:")) {
            "; Secure"
        } else {
            ""
        };
        // A refused cookie (sandboxed frame) leaves session storage and memory in use.
        let _ = d.set_cookie(&format!(
            "{TOKEN_COOKIE_NAME}={}; Max-Age={max_age}; Path=/; SameSite=Lax{secure}",
            token.as_deref().unwrap_or("")
        ));
    }
    STATE.with(|s| s.borrow_mut().token = token);
}

fn store_in_session(token: Option<&str>) {
    if let Some(storage) = session_storage() {
        // A failing storage (quota, privacy mode) is tolerated: the memory copy still works.
        let _ = match token {
            Some(t) => storage.set_item(TOKEN_STORAGE_KEY, t),
            None => storage.remove_item(TOKEN_STORAGE_KEY),
        };
    }
}

/// The Bearer token calls send now: the token cookie first (copied to session storage), else
/// session storage, else the in-memory copy.
/// ```js
/// getAccessToken() // "eyJ..." or undefined
/// ```
#[wasm_bindgen(js_name = getAccessToken)]
pub fn get_access_token() -> Option<String> {
    let stored = session_storage()
        .and_then(|s| s.get_item(TOKEN_STORAGE_KEY).ok().flatten())
        .filter(|t| !t.trim().is_empty());
    let cookie = html_document()
        .and_then(|d| d.cookie().ok())
        .and_then(|c| cookie_value(&c, TOKEN_COOKIE_NAME))
        .filter(|t| !t.is_empty());
    if let Some(token) = cookie {
        if stored.as_deref() != Some(token.as_str()) {
            store_in_session(Some(&token));
            STATE.with(|s| s.borrow_mut().token = Some(token.clone()));
        }
        return Some(token);
    }
    stored.or_else(|| STATE.with(|s| s.borrow().token.clone()))
}

fn html_document() -> Option<web_sys::HtmlDocument> {
    web_sys::window()?.document()?.dyn_into().ok()
}

/// The value of cookie `name` in a `document.cookie` string.
fn cookie_value(cookies: &str, name: &str) -> Option<String> {
    cookies.split(';').find_map(|pair| {
        let (key, value) = pair.split_once('=')?;
        (key.trim() == name).then(|| value.trim().to_string())
    })
}

fn random_bytes() -> Result<Vec<u8>, JsValue> {
    let buffer =
        Uint8Array::new_with_length(u32::try_from(CLIENT_SERIAL_RANDOM_BYTES).unwrap_or(u32::MAX));
    get_random_values(&buffer)?;
    Ok(buffer.to_vec())
}

/// The client serial: from memory, else the cookie, else a new one (core's
/// `generate_client_serial` over `crypto.getRandomValues` bytes) written to the cookie.
/// ```js
/// getClientSerial() // "3f0c1e9a-5b2d-4c7e-9a10-2b3c4d5e6f70"
/// ```
#[wasm_bindgen(js_name = getClientSerial)]
pub fn get_client_serial() -> Result<String, JsValue> {
    if let Some(serial) = STATE.with(|s| s.borrow().serial.clone()) {
        return Ok(serial);
    }
    let document = html_document();
    let from_cookie = document
        .as_ref()
        .and_then(|d| d.cookie().ok())
        .and_then(|c| cookie_value(&c, CLIENT_SERIAL_COOKIE))
        .filter(|v| is_valid_client_serial(v));
    let serial = match from_cookie {
        Some(serial) => serial,
        None => {
            let serial = generate_client_serial(&random_bytes()?).map_err(to_js)?;
            if let Some(d) = &document {
                let max_age = u64::from(CLIENT_SERIAL_COOKIE_DAYS) * 86_400;
                // A refused cookie (sandboxed frame) leaves the in-memory copy in use.
                let _ = d.set_cookie(&format!(
                    "{CLIENT_SERIAL_COOKIE}={serial}; Max-Age={max_age}; Path=/; SameSite=Lax"
                ));
            }
            serial
        }
    };
    STATE.with(|s| s.borrow_mut().serial = Some(serial.clone()));
    Ok(serial)
}

/// The headers of a call now, from core's `request_headers`.
pub fn current_headers(settings: &Settings) -> Result<Vec<(String, String)>, JsValue> {
    let input = HeaderInput {
        app_name: settings.app_name.clone(),
        product_version: settings.product_version.clone(),
        client_serial: get_client_serial()?,
        is_mobile: settings.is_mobile,
        language: settings.language.clone(),
        token: get_access_token(),
    };
    request_headers(&input).map_err(to_js)
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

/// Registers a callback for "logged out" answers (spec 02 §8: code 140013 or HTTP 401, except
/// token renew, oauth token and logout); returns a function that removes it.
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
/// (spec 01 §7); returns a function that removes it.
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

/// Broadcasts "logged out" (spec 02 §8): posts `{ action: 'clear-userinfo' }` to the parent
/// frame when running in a browser window, then calls the `onLoggedOut` listeners.
pub fn emit_logged_out(url: &str, http_status: u16, code: Option<i64>) {
    if let Some(window) = web_sys::window() {
        let message = js_sys::Object::new();
        set_prop(&message, "action", &JsValue::from_str("clear-userinfo"));
        if let Ok(Some(parent)) = window.parent() {
            let _ = parent.post_message(&message, "*");
        }
    }
    let event: JsValue = js_sys::Object::new().into();
    set_prop(&event, "url", &JsValue::from_str(url));
    set_prop(&event, "httpStatus", &JsValue::from(http_status));
    // Exact for every code a server sends (|code| < 2^53).
    let code = code.map_or(JsValue::NULL, |c| JsValue::from_f64(c as f64));
    set_prop(&event, "code", &code);
    emit(Kind::LoggedOut, &event);
}
