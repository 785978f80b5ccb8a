//! The request area's numbers and names as one object for the app, the package and the server
//! (docs/behaviour/languages-and-routes.md#page-content), and the answer codes the server gives and
//! the app reads.

use super::cms::{
    CMS_CACHE_TTL_MS, CMS_DATA_PATH, CMS_INJECT_DELAY_MS, EMBED_MODE_KEY, EMBED_MODE_SIDEAPP,
    TEMPLATE_CSS_FILE,
};
use super::envelope::{
    DEFAULT_FAILURE_CODE, HTTP_UNAUTHORIZED, LOGGED_OUT_CODE, SESSION_CALL_PATHS, SUCCESS_CODE,
};
use super::headers::{CLIENT_SERIAL_COOKIE_DAYS, CLIENT_SERIAL_RANDOM_BYTES};
use super::links::{DEFAULT_AI_PATH, REFUSED_SCHEMES};
use super::url::{CACHE_BUST_PARAM, ID_PLACEHOLDER};
use serde::Serialize;

/// Wait of the debounced CMS call, ms (docs/behaviour/calls-and-errors.md#the-calls;
/// docs/behaviour/languages-and-routes.md#page-content: "debounce 300 ms"; the last call wins).
pub const CMS_DEBOUNCE_MS: u32 = 300;
/// Answer code (with HTTP 403) of a feature that needs a paid plan (decided; the spec shows no
/// code for it): the app offers the upgrade.
pub const CODE_UPGRADE_REQUIRED: i64 = 140_403;
/// Answer code (with HTTP 507) of an upload over the storage quota (decided): the app opens the
/// drive-space modal (docs/behaviour/calls-and-errors.md#messages "Not enough space").
pub const CODE_NOT_ENOUGH_SPACE: i64 = 140_507;

/// The request constants (camelCase on the wire).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RequestConstants {
    pub cms_data_path: &'static str,
    pub cms_cache_ttl_ms: i64,
    pub cms_inject_delay_ms: u32,
    pub cms_debounce_ms: u32,
    pub embed_mode_key: &'static str,
    pub embed_mode_sideapp: &'static str,
    pub template_css_file: &'static str,
    pub success_code: i64,
    pub default_failure_code: i64,
    pub logged_out_code: i64,
    pub upgrade_required_code: i64,
    pub not_enough_space_code: i64,
    pub http_unauthorized: u16,
    pub session_call_paths: [&'static str; 3],
    pub cache_bust_param: &'static str,
    pub id_placeholder: &'static str,
    pub client_serial_random_bytes: usize,
    pub client_serial_cookie_days: u32,
    pub default_ai_path: &'static str,
    pub refused_schemes: [&'static str; 3],
}

/// Every request constant.
pub fn request_constants() -> RequestConstants {
    RequestConstants {
        cms_data_path: CMS_DATA_PATH,
        cms_cache_ttl_ms: CMS_CACHE_TTL_MS,
        cms_inject_delay_ms: CMS_INJECT_DELAY_MS,
        cms_debounce_ms: CMS_DEBOUNCE_MS,
        embed_mode_key: EMBED_MODE_KEY,
        embed_mode_sideapp: EMBED_MODE_SIDEAPP,
        template_css_file: TEMPLATE_CSS_FILE,
        success_code: SUCCESS_CODE,
        default_failure_code: DEFAULT_FAILURE_CODE,
        logged_out_code: LOGGED_OUT_CODE,
        upgrade_required_code: CODE_UPGRADE_REQUIRED,
        not_enough_space_code: CODE_NOT_ENOUGH_SPACE,
        http_unauthorized: HTTP_UNAUTHORIZED,
        session_call_paths: SESSION_CALL_PATHS,
        cache_bust_param: CACHE_BUST_PARAM,
        id_placeholder: ID_PLACEHOLDER,
        client_serial_random_bytes: CLIENT_SERIAL_RANDOM_BYTES,
        client_serial_cookie_days: CLIENT_SERIAL_COOKIE_DAYS,
        default_ai_path: DEFAULT_AI_PATH,
        refused_schemes: REFUSED_SCHEMES,
    }
}
