//! The application state every handler can reach, at the bottom of the server's layers: it
//! imports the configuration, the database and the run-time handles of the areas (their
//! non-HTTP parts), never a router, a handler or `app.rs` (`tests/layers.rs` keeps it so).

use crate::accounts::auth::keys::JwtKeys;
use crate::accounts::auth::sessions::Sessions;
use crate::accounts::user_infos::UserInfos;
use crate::config::Config;
use crate::db::Db;
use crate::limits::Limits;
use crate::models::Models;
use crate::pay::payments::Payments;
use crate::site::content_store::Content;
use crate::tasks::hub::Tasks;
use crate::uploads::storage::Files;
use std::sync::Arc;

/// What every handler can reach.
#[derive(Debug, Clone)]
pub struct AppState {
    pub db: Db,
    pub cfg: Arc<Config>,
    pub jwt: JwtKeys,
    /// The sessions of recent token checks (`accounts/auth/sessions.rs`).
    pub sessions: Sessions,
    /// Recent user infos (`accounts/user_infos.rs`).
    pub user_infos: UserInfos,
    /// Rate limits and bounded concurrency (`limits/`).
    pub limits: Limits,
    pub files: Files,
    pub tasks: Tasks,
    pub payments: Payments,
    /// The local ONNX models, loaded at first use.
    pub models: Models,
    /// The site content snapshot (`site/content_store.rs`).
    pub content: Content,
}

impl AppState {
    pub fn new(db: Db, cfg: Config, secret: &[u8]) -> Self {
        let (files, tasks, payments) = (
            Files::new(&cfg, secret),
            Tasks::new(&cfg),
            Payments::new(&cfg),
        );
        let models = Models::new(cfg.models.clone());
        let sessions = Sessions::new(cfg.token_cache);
        let user_infos = UserInfos::new(cfg.user_cache);
        Self {
            db,
            limits: Limits::new(cfg.limits.clone()),
            models,
            cfg: Arc::new(cfg),
            jwt: JwtKeys::new(secret),
            sessions,
            user_infos,
            files,
            tasks,
            payments,
            content: Content::from_seed(),
        }
    }
}
