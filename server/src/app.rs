//! Application state and the router: every call of the spec under `/v1`, the account pages
//! under `/account`, and the built SPA for everything else.

use crate::auth::JwtKeys;
use crate::config::Config;
use crate::db::Db;
use axum::Router;
use axum::routing::{get, post};
use std::sync::Arc;

/// Request bodies above this answer 413 (uploads use signed URLs with their own limit).
pub const BODY_LIMIT: usize = 1024 * 1024;

/// What every handler can reach.
#[derive(Debug, Clone)]
pub struct AppState {
    pub db: Db,
    pub cfg: Arc<Config>,
    pub jwt: JwtKeys,
    /// Rate limits and bounded concurrency (`limits/`).
    pub limits: crate::limits::Limits,
    pub files: crate::uploads::Files,
    pub tasks: crate::tasks::Tasks,
    pub payments: crate::pay::Payments,
    /// The local ONNX models, loaded at first use.
    pub models: crate::models::Models,
}

impl AppState {
    pub fn new(db: Db, cfg: Config, secret: &[u8]) -> Self {
        let (files, tasks, payments) = (
            crate::uploads::Files::new(&cfg, secret),
            crate::tasks::Tasks::new(&cfg),
            crate::pay::Payments::new(&cfg),
        );
        let models = crate::models::Models::new(cfg.models.clone());
        Self {
            db,
            limits: crate::limits::Limits::new(cfg.limits.clone()),
            models,
            cfg: Arc::new(cfg),
            jwt: JwtKeys::new(secret),
            files,
            tasks,
            payments,
        }
    }
}

/// The whole router.
pub fn router(state: AppState) -> Router {
    with_layers(routes(), state)
}

/// Every route of the server, without the layers.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route(
            "/account/register",
            post(crate::accounts::register).get(crate::account_pages::register_page),
        )
        .route(
            "/account/login",
            post(crate::accounts::login).get(crate::account_pages::login_page),
        )
        .route(
            "/account/cookie-check",
            get(crate::account_pages::cookie_check_page),
        )
        .route("/v1/oauth/token", post(crate::accounts::oauth_token))
        .route("/v1/token/renew", get(crate::accounts::renew))
        .route("/v1/user", post(crate::accounts::user_info))
        .route("/v1/logout", post(crate::accounts::logout))
        .route("/v1/credit/history", get(crate::credits::history))
        .route("/v1/activity/checkin/status", get(crate::checkin::status))
        .route("/v1/activity/checkin", post(crate::checkin::claim))
        .merge(crate::store::routes())
        .merge(crate::pay::routes())
        .merge(crate::site::routes())
        .merge(crate::uploads::routes())
        .merge(crate::tasks::routes())
        .merge(crate::analytics::routes())
        .fallback(crate::spa::fallback)
}

/// The layers every answer goes through (public so a test can run a route of its own, a panicking
/// one, under exactly these layers).
pub fn with_layers(routes: Router<AppState>, state: AppState) -> Router {
    let security = Arc::new(state.cfg.security.clone());
    let api = routes
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
