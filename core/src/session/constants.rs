//! The session's numbers in one record, as the app and the package read them
//! (docs/behaviour/accounts-and-sessions.md#tokens-and-sessions).

use super::cache::{USER_INFO_CACHE_TTL_MS, USER_INFO_STORAGE_KEY};
use super::login::{
    LOGIN_FAILURE_REDIRECT_MS, LOGIN_IFRAME_SIZE, LOGIN_POPUP_SIZE, SECOND_WAY_LOGIN_WINDOW_MS,
    THIRD_PARTY_COOKIE_FLAG_DAYS, TOKEN_COOKIE_DAYS,
};
use super::renew::{TOKEN_COOKIE_NAME, TOKEN_LIFETIME_MS, TOKEN_RENEW_BEFORE_MS};
use super::user::DEFAULT_USER_NAME;
use serde::Serialize;

/// A width and height in CSS pixels.
#[cfg_attr(
    feature = "tsify",
    derive(tsify::Tsify),
    tsify(rename = "LoginWindowSize")
)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Size {
    pub width: u32,
    pub height: u32,
}

impl From<(u32, u32)> for Size {
    fn from((width, height): (u32, u32)) -> Self {
        Self { width, height }
    }
}

/// The session constants (camelCase on the wire).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SessionConstants {
    pub user_info_storage_key: &'static str,
    pub user_info_cache_ttl_ms: i64,
    pub default_user_name: &'static str,
    pub second_way_login_window_ms: f64,
    pub token_cookie_days: u32,
    pub token_cookie_name: &'static str,
    pub token_lifetime_ms: i64,
    pub token_renew_before_ms: i64,
    pub third_party_cookie_flag_days: u32,
    #[cfg_attr(feature = "tsify", tsify(type = "LoginWindowSize"))]
    pub login_iframe_size: Size,
    #[cfg_attr(feature = "tsify", tsify(type = "LoginWindowSize"))]
    pub login_popup_size: Size,
    pub login_failure_redirect_ms: u32,
}

/// Every session constant.
pub fn session_constants() -> SessionConstants {
    SessionConstants {
        user_info_storage_key: USER_INFO_STORAGE_KEY,
        user_info_cache_ttl_ms: USER_INFO_CACHE_TTL_MS,
        default_user_name: DEFAULT_USER_NAME,
        second_way_login_window_ms: SECOND_WAY_LOGIN_WINDOW_MS,
        token_cookie_days: TOKEN_COOKIE_DAYS,
        token_cookie_name: TOKEN_COOKIE_NAME,
        token_lifetime_ms: TOKEN_LIFETIME_MS,
        token_renew_before_ms: TOKEN_RENEW_BEFORE_MS,
        third_party_cookie_flag_days: THIRD_PARTY_COOKIE_FLAG_DAYS,
        login_iframe_size: LOGIN_IFRAME_SIZE.into(),
        login_popup_size: LOGIN_POPUP_SIZE.into(),
        login_failure_redirect_ms: LOGIN_FAILURE_REDIRECT_MS,
    }
}
