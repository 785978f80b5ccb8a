//! The CMS cache key: the page path in base64 (docs/behaviour/languages-and-routes.md#page-content:
//! `GET /api/cms-data/{base64 of page path}`).
//!
//! Decided: the URL-safe alphabet without padding (RFC 4648 §5), because the key is a URL
//! path segment and the standard alphabet's `/`, `+` and `=` would break or need escaping.
//! The server turns a key back into the path with [`cms_path_from_key`], which also accepts
//! keys written with the standard alphabet or with padding, so a hand-made key still works.

use super::error::RequestError;
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

/// Path prefix of the CMS data call (docs/behaviour/languages-and-routes.md#page-content).
pub const CMS_DATA_PATH: &str = "/api/cms-data/";

/// How long fetched CMS data is reused per path, in ms
/// (docs/behaviour/languages-and-routes.md#page-content: 300 s).
pub const CMS_CACHE_TTL_MS: i64 = 300_000;

/// Delay before the CMS blocks are injected after a route change, in ms
/// (docs/behaviour/languages-and-routes.md#page-content: 50 ms).
pub const CMS_INJECT_DELAY_MS: u32 = 50;

/// The session-storage flag that turns CMS injection off
/// (docs/behaviour/languages-and-routes.md#page-content)...
pub const EMBED_MODE_KEY: &str = "embedmode";
/// ... when it holds this value.
pub const EMBED_MODE_SIDEAPP: &str = "www-sideapp";

/// The template stylesheet loaded once, from the asset host, when content is first injected
/// (docs/behaviour/languages-and-routes.md#page-content).
pub const TEMPLATE_CSS_FILE: &str = "template.min.css";

/// The key of a page path: URL-safe base64 of its UTF-8 bytes, no padding.
/// `"/home"` -> `"L2hvbWU"`. The path is used exactly as given (no normalisation).
pub fn cms_cache_key(page_path: &str) -> String {
    URL_SAFE_NO_PAD.encode(page_path.as_bytes())
}

/// The path of the CMS data call for a page: `/api/cms-data/<key>`.
pub fn cms_data_path(page_path: &str) -> String {
    format!("{CMS_DATA_PATH}{}", cms_cache_key(page_path))
}

/// The page path a key stands for: the inverse of [`cms_cache_key`].
///
/// Surrounding spaces and trailing `=` are ignored and `+` / `/` are read as `-` / `_`.
/// Errors (`invalid_cms_key`): characters outside base64, a length no base64 text has,
/// non-canonical trailing bits, or bytes that are not UTF-8.
pub fn cms_path_from_key(key: &str) -> Result<String, RequestError> {
    let normalized: String = key
        .trim()
        .trim_end_matches('=')
        .chars()
        .map(|c| match c {
            '+' => '-',
            '/' => '_',
            other => other,
        })
        .collect();
    let bytes =
        URL_SAFE_NO_PAD
            .decode(normalized.as_bytes())
            .map_err(|e| RequestError::InvalidCmsKey {
                detail: e.to_string(),
            })?;
    String::from_utf8(bytes).map_err(|_| RequestError::InvalidCmsKey {
        detail: "the decoded path is not UTF-8 text".to_string(),
    })
}
