//! Request conventions: URL building, envelopes, failure codes, headers, CMS keys and link classification (docs/behaviour/calls-and-errors.md#request-rules, #the-error-catalogue).
//!
//! Every function here is pure: the wasm HTTP client and the server call them around their
//! own I/O, so both sides build the same URLs and read answers the same way.

mod cms;
mod constants;
mod envelope;
mod error;
mod headers;
mod links;
mod tracking;
mod url;
mod urlparts;

pub use cms::{
    CMS_CACHE_TTL_MS, CMS_DATA_PATH, CMS_INJECT_DELAY_MS, EMBED_MODE_KEY, EMBED_MODE_SIDEAPP,
    TEMPLATE_CSS_FILE, cms_cache_key, cms_data_path, cms_path_from_key,
};
pub use constants::{
    CMS_DEBOUNCE_MS, CODE_NOT_ENOUGH_SPACE, CODE_UPGRADE_REQUIRED, RequestConstants,
    request_constants,
};
pub use envelope::{
    DEFAULT_FAILURE_CODE, Envelope, HTTP_UNAUTHORIZED, LOGGED_OUT_CODE, NormalizedResponse,
    SESSION_CALL_PATHS, SUCCESS_CODE, is_logged_out_response, is_session_call, normalize_response,
    parse_envelope,
};
pub use error::RequestError;
pub use headers::{
    APP_ID, APP_NAME, APP_SOURCE, AppSettings, BRAND_CODE, CLIENT_SERIAL_COOKIE_DAYS,
    CLIENT_SERIAL_RANDOM_BYTES, CLIENT_TYPE_DESKTOP, CLIENT_TYPE_MOBILE, HEADER_ACCEPT,
    HEADER_APP_NAME, HEADER_AUTHORIZATION, HEADER_CLIENT_SERIAL, HEADER_CLIENT_TYPE,
    HEADER_CONTENT_TYPE, HEADER_LANGUAGE, HEADER_PRODUCT_VERSION, HeaderInput, JSON_MEDIA_TYPE,
    app_settings, generate_client_serial, is_valid_client_serial, request_headers,
};
pub use links::{
    DEFAULT_AI_PATH, LinkAction, LinkConfig, NewTabTarget, REFUSED_SCHEMES, classify_link,
};
pub use tracking::{CallStatus, CallTrackingRecord, call_tracking_record};
pub use url::{
    CACHE_BUST_PARAM, ID_PLACEHOLDER, build_get_url, build_post_body, build_post_url, build_query,
    encode_uri_component, join_url, js_number_string, resolve_path,
};
