//! The top of the server's layers: merges the router of every area (every call of the spec
//! under `/v1`, the account pages under `/account`, the built SPA for everything else) and wraps
//! it in the layers every answer goes through. It defines no route and holds no state: the
//! state is `state.rs`, the routes are each area's `router()`.

use crate::api::BODY_LIMIT;
use crate::state::AppState;
use axum::Router;
use std::sync::Arc;

/// The whole router.
pub fn router(state: AppState) -> Router {
    with_layers(routes(), state)
}

/// Every route of the server, without the layers: each area's router, merged. No route is
/// defined here; the SPA's fallback answers what no area routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .merge(crate::accounts::router())
        .merge(crate::admin::router())
        .merge(crate::credits::router())
        .merge(crate::checkin::router())
        .merge(crate::store::router())
        .merge(crate::pay::router())
        .merge(crate::site::router())
        .merge(crate::uploads::router())
        .merge(crate::tasks::router())
        .merge(crate::webhooks::router())
        .merge(crate::analytics::router())
        .merge(crate::openapi::router())
        .merge(crate::spa::router())
}

/// The layers every answer goes through (public so a test can run a route of its own, a panicking
/// one, under exactly these layers).
pub fn with_layers(routes: Router<AppState>, state: AppState) -> Router {
    let security = Arc::new(state.cfg.security.clone());
    let api = routes
        // Around the handlers: a write's user info is forgotten once it has been answered.
        .layer(axum::middleware::from_fn_with_state(
            state.user_infos.clone(),
            crate::accounts::user_infos::forget_after_writes,
        ))
        .layer(axum::extract::DefaultBodyLimit::max(BODY_LIMIT))
        // Innermost first: a panic becomes a 500 envelope, then plain-text rejections and
        // oversized bodies are answered as envelopes too (see `request_guard.rs`).
        .layer(tower_http::catch_panic::CatchPanicLayer::custom(
            crate::request_guard::panic_response,
        ))
        .layer(axum::middleware::from_fn(
            crate::request_guard::envelope_errors,
        ))
        // Rate limits before any body is read (see `limits/routes.rs`).
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            crate::limits::routes::guard,
        ))
        // Outside the error envelopes (they get the headers too), inside compression (HTML is
        // hashed before it is compressed).
        .layer(axum::middleware::from_fn_with_state(
            security,
            crate::security::headers,
        ))
        // gzip or brotli when the client accepts it: the app's JS and its 0.9 MB .wasm shrink to
        // about a third. tower-http's default predicate leaves event streams (SSE), images and
        // bodies under 32 bytes alone.
        .layer(tower_http::compression::CompressionLayer::new());
    api.with_state(state)
}
