//! The access token and the client serial of the request headers
//! (docs/behaviour/calls-and-errors.md#request-rules: "headers: source app name, product version,
//! client serial (generated id stored in a cookie, 14 days), client type (8 mobile, 7 desktop),
//! language, and Bearer authorization from session storage").
//!
//! Decided where the spec is silent:
//! - The package is the one owner of the access token: `setAccessToken` writes it to the token
//!   cookie (core's name and 2-day lifetime, docs/behaviour/pricing-and-purchase.md#purchase-popup:
//!   shared by the site's tabs and kept across visits), to session storage under
//!   [`TOKEN_STORAGE_KEY`] (docs/behaviour/accounts-and-sessions.md#tokens-and-sessions: Bearer
//!   from session storage) and to memory. `getAccessToken` reads the cookie first (a token renewed
//!   or replaced in another tab is used at once,
//!   docs/behaviour/accounts-and-sessions.md#tokens-and-sessions: "on start a token is read from a
//!   cookie and stored locally and in session") and copies it to session storage; without a cookie
//!   (refused in a sandboxed frame, or expired) session storage, then the in-memory copy where
//!   there is no `window` (Node, workers) or storage fails.
//! - The client serial lives in the cookie [`CLIENT_SERIAL_COOKIE`] (14 days, path `/`,
//!   `SameSite=Lax`); a cookie whose value is not a valid serial (core's
//!   `is_valid_client_serial`) is replaced. Without a document it is kept in memory only.

use super::client::Settings;
use super::js::get_random_values;
use crate::error::to_js;
use aivg_core::request::{
    CLIENT_SERIAL_COOKIE_DAYS, CLIENT_SERIAL_RANDOM_BYTES, HeaderInput, generate_client_serial,
    is_valid_client_serial, request_headers,
};
use aivg_core::session::{TOKEN_COOKIE_DAYS, TOKEN_COOKIE_NAME};
use js_sys::Uint8Array;
use std::cell::RefCell;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// Session-storage key of the access token (decided here).
pub const TOKEN_STORAGE_KEY: &str = "aivg.access_token";
/// Cookie holding the client serial (decided here).
pub const CLIENT_SERIAL_COOKIE: &str = "aivg_client_sn";
/// The in-memory copies: the token where there is no storage, the serial once read or made.
#[derive(Debug, Default)]
struct Identity {
    token: Option<String>,
    serial: Option<String>,
}

thread_local! {
    static IDENTITY: RefCell<Identity> = RefCell::new(Identity::default());
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
    IDENTITY.with(|s| s.borrow_mut().token = token);
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
            IDENTITY.with(|s| s.borrow_mut().token = Some(token.clone()));
        }
        return Some(token);
    }
    stored.or_else(|| IDENTITY.with(|s| s.borrow().token.clone()))
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
    if let Some(serial) = IDENTITY.with(|s| s.borrow().serial.clone()) {
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
    IDENTITY.with(|s| s.borrow_mut().serial = Some(serial.clone()));
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
