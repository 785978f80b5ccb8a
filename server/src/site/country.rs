//! `GET /v1/common/country` → `{country}`
//! (docs/behaviour/pricing-and-purchase.md#markets-and-batches "a country-by-IP lookup").
//!
//! Decision: the server does no IP lookup of its own; it trusts the header named by
//! `AIVG_COUNTRY_HEADER` (default `x-country`, e.g. set by a CDN such as CloudFront's
//! `cloudfront-viewer-country` or Cloudflare's `cf-ipcountry`) when it holds two letters, else
//! answers `AIVG_DEFAULT_COUNTRY` (default `US`). The same country drives the SKU list.

use crate::api::ApiResult;
use crate::state::AppState;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::Serialize;

/// The visitor's country: the configured header when it holds two letters, else the default.
pub fn request_country(state: &AppState, headers: &HeaderMap) -> String {
    headers
        .get(state.cfg.country_header.as_str())
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|c| c.len() == 2 && c.chars().all(|ch| ch.is_ascii_alphabetic()))
        .map_or_else(
            || state.cfg.default_country.clone(),
            str::to_ascii_uppercase,
        )
}

/// The answer: a two-letter country code.
#[derive(Debug, Serialize)]
pub struct Country {
    pub country: String,
}

/// `GET /v1/common/country`.
pub async fn country(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Country> {
    crate::api::ok(Country {
        country: request_country(&state, &headers),
    })
}
