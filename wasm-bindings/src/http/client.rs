//! Client configuration (docs/behaviour/calls-and-errors.md#request-rules): the API origin, the
//! header values the app sets (source app name, product version, language, client type), the
//! default timeout and the builds folder. The access token and the client serial are
//! [`super::identity`]'s; the listeners are [`super::listeners`]'.

use super::identity::{CLIENT_SERIAL_COOKIE, TOKEN_STORAGE_KEY};
use crate::convert::{from_js, to_js_value};
use crate::error::bad_argument;
use aivg_core::request::CLIENT_SERIAL_COOKIE_DAYS;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use tsify::Tsify;
use wasm_bindgen::prelude::*;

/// Default folder of the build manifests (`{buildsPath}/latest.json`, `{buildsPath}/meta/{id}.json`).
pub const DEFAULT_BUILDS_PATH: &str = "/builds";

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

thread_local! {
    static SETTINGS: RefCell<Settings> = RefCell::new(Settings::default());
}

/// A copy of the current settings (the borrow ends before the caller does any I/O).
pub fn settings() -> Settings {
    SETTINGS.with(|s| s.borrow().clone())
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
    SETTINGS.with(|s| {
        let mut settings = s.borrow_mut();
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
