//! The origin of the links this server hands out, from the configuration (and, for links read in
//! the page that asked, the request's `Host`).

use crate::config::Config;
use axum::http::HeaderMap;

/// The origin of links handed out with no request to follow (checkout return pages, payment
/// provider callbacks, SKU links): `AIVG_PUBLIC_URL`, else the listen address.
pub fn public_origin(cfg: &Config) -> String {
    cfg.public_url.as_deref().map_or_else(
        || format!("http://{}", cfg.addr),
        |url| url.trim_end_matches('/').to_owned(),
    )
}

/// The origin of links in an answer to a request (checkout pages, seeded media):
/// `AIVG_PUBLIC_URL` when set, else `http://{Host}` of the request, else empty (links stay
/// relative to the page).
pub fn origin(cfg: &Config, headers: &HeaderMap) -> String {
    if let Some(url) = cfg.public_url.as_deref() {
        return url.trim_end_matches('/').to_owned();
    }
    headers
        .get(axum::http::header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| {
            !h.is_empty()
                && h.chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'))
        })
        .map(|h| format!("http://{h}"))
        .unwrap_or_default()
}
