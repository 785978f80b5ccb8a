//! aivg-server: the reference API of the calls in the specification, on a real database,
//! serving the built SPA too. Rules come from `aivg-core`, so browser and server agree.
//!
//! The modules are in layers, the lower never importing the higher (`tests/layers.rs` reads the
//! `use` lines and fails on an import circle between modules):
//!
//! 1. the foundation: `config` (with the plain settings of the areas), `db`, `clock`, `ids`, and
//!    `api` (the envelope and [`api::ApiError`], the one error of the HTTP layer; domain errors
//!    convert into it with `From`, in `domain_errors` or the area's file), `params` (reading
//!    request parameters), `links` (the origin of the links handed out) and `html` (escaping for
//!    the pages the server writes), `idempotency` (requests done once per `Idempotency-Key`);
//! 2. the domain logic, callable without HTTP on the pool or the parts it needs: `ledger`,
//!    `checkin::daily`, `tasks::lifecycle`, `tasks::record`, `tasks::recovery`,
//!    `uploads::objects`, `housekeeping`, and the run-time handles (`tasks::hub`,
//!    `uploads::storage`, `pay::payments`, `limits`, `models`, `accounts::auth::keys`);
//! 3. `state` ([`state::AppState`]): the pool, the configuration and those handles;
//! 4. the areas, each exporting `router() -> Router<AppState>`: `accounts`, `credits`,
//!    `checkin`, `store`, `pay`, `site`, `uploads`, `tasks`, `webhooks`, `analytics`, `spa`; an
//!    area's HTTP files may use another area's (`pay` uses `store`'s eligibility) but never in a
//!    circle, and the domain files in an area's folder import no area;
//! 5. `app`, which only merges the areas' routers and adds the layers every answer goes through.

pub mod accounts;
pub mod admin;
pub mod analytics;
pub mod api;
pub mod app;
pub mod backup;
pub mod checkin;
pub mod clock;
pub mod config;
pub mod credits;
pub mod db;
pub mod domain_errors;
pub mod housekeeping;
pub mod html;
pub mod idempotency;
pub mod ids;
pub mod ledger;
pub mod limits;
pub mod links;
pub mod models;
pub mod openapi;
pub mod params;
pub mod pay;
pub mod request_guard;
pub mod security;
pub mod site;
pub mod spa;
pub mod state;
pub mod store;
pub mod tasks;
pub mod uploads;
pub mod webhooks;
pub mod workflows;

use std::net::SocketAddr;

/// A running server: its address and a handle that stops it.
#[derive(Debug)]
pub struct Running {
    pub addr: SocketAddr,
    pub state: state::AppState,
    shutdown: tokio::sync::oneshot::Sender<()>,
    task: tokio::task::JoinHandle<Result<(), std::io::Error>>,
}

impl Running {
    /// Stops accepting, finishes in-flight requests and waits for the server to end.
    pub async fn stop(self) -> Result<(), std::io::Error> {
        tasks::worker::drain(&self.state).await;
        let _ = self.shutdown.send(());
        let served = self.task.await.map_err(std::io::Error::other)?;
        self.state.db.ownership.let_go();
        served
    }
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("data folder {0}: {1}")]
    DataDir(String, std::io::Error),
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    #[error("listen on {0}: {1}")]
    Bind(SocketAddr, std::io::Error),
    #[error("object store: {0}")]
    Storage(String),
    #[error(
        "AIVG_JWT_SECRET has {0} bytes: use at least 32 random bytes (e.g. `openssl rand -hex 32`)"
    )]
    WeakSecret(usize),
    #[error("webhook client: {0}")]
    Webhooks(reqwest::Error),
}

/// The shortest `AIVG_JWT_SECRET` accepted, in bytes (HMAC-SHA256 wants a key of its output size).
pub const MIN_JWT_SECRET_BYTES: usize = 32;

/// Loads or creates the token secret: `AIVG_JWT_SECRET` (at least 32 bytes), else
/// `{data}/jwt-secret` made once, readable by its owner only (0600).
fn jwt_secret(cfg: &config::Config) -> Result<Vec<u8>, StartError> {
    if let Some(s) = &cfg.jwt_secret {
        if s.len() < MIN_JWT_SECRET_BYTES {
            return Err(StartError::WeakSecret(s.len()));
        }
        return Ok(s.as_bytes().to_vec());
    }
    let path = cfg.data_dir.join("jwt-secret");
    let err = |e| StartError::DataDir(path.display().to_string(), e);
    let secret = match std::fs::read(&path) {
        Ok(bytes) if bytes.len() >= MIN_JWT_SECRET_BYTES => bytes,
        _ => {
            let secret = ids::random_token(48).into_bytes();
            std::fs::write(&path, &secret).map_err(err)?;
            secret
        }
    };
    // Also tightens a file an older version wrote world-readable.
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).map_err(err)?;
    Ok(secret)
}

/// Connects the database (running migrations), binds and serves in the background.
pub async fn start(cfg: config::Config) -> Result<Running, StartError> {
    std::fs::create_dir_all(&cfg.data_dir)
        .map_err(|e| StartError::DataDir(cfg.data_dir.display().to_string(), e))?;
    let mut db = db::Db::connect_with(&cfg.database_url, cfg.sqlite_full_sync).await?;
    db.claim_ownership();
    let secret = jwt_secret(&cfg)?;
    let listener = tokio::net::TcpListener::bind(cfg.addr)
        .await
        .map_err(|e| StartError::Bind(cfg.addr, e))?;
    let addr = listener
        .local_addr()
        .map_err(|e| StartError::Bind(cfg.addr, e))?;
    let state = state::AppState::new(db, config::Config { addr, ..cfg }, &secret);
    state.files.check().map_err(StartError::Storage)?;
    site::content_store::start(&state.db.pool, &state.content).await?;
    if let Some(url) = state.db.pg_url() {
        site::content_store::listen(
            url,
            state.db.pool.clone(),
            state.content.clone(),
            state.tasks.shutdown_signal(),
        )
        .await?;
    }
    tasks::start(&state).await?;
    webhooks::start(&state).map_err(StartError::Webhooks)?;
    if let Some(url) = state.db.pg_url()
        && state.user_infos.enabled()
    {
        accounts::user_infos::listen(url, state.user_infos.clone(), state.tasks.shutdown_signal())
            .await?;
    }
    housekeeping::start(
        &state.db.pool,
        state.cfg.housekeeping,
        state.tasks.shutdown_signal(),
    );
    limits::start_pruning(&state.limits, state.tasks.shutdown_signal());
    // The dummy hash of unknown-e-mail log-ins, made now so the first one is not slower.
    let limits = state.limits.clone();
    tokio::spawn(async move {
        let _ = accounts::passwords::dummy_hash(&limits).await;
    });
    let router = app::router(state.clone());
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        axum::serve(
            listener,
            router.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(async {
            let _ = rx.await;
        })
        .await
    });
    Ok(Running {
        addr,
        state,
        shutdown: tx,
        task,
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn the_token_secret_is_long_and_private() {
        let dir = tempfile::tempdir().unwrap();
        let mut cfg = config::Config::for_tests(dir.path().to_path_buf());
        cfg.jwt_secret = Some("short".into());
        assert!(matches!(jwt_secret(&cfg), Err(StartError::WeakSecret(5))));
        cfg.jwt_secret = None;
        let made = jwt_secret(&cfg).unwrap();
        assert!(made.len() >= MIN_JWT_SECRET_BYTES);
        let mode = std::fs::metadata(dir.path().join("jwt-secret"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
        assert_eq!(jwt_secret(&cfg).unwrap(), made, "kept across starts");
    }
}
