//! aivg-server: the reference API of the calls in the specification, on a real database,
//! serving the built SPA too. Rules come from `aivg-core`, so browser and server agree.

pub mod account_pages;
pub mod accounts;
pub mod analytics;
pub mod api;
pub mod app;
pub mod auth;
pub mod checkin;
pub mod clock;
pub mod config;
pub mod credits;
pub mod db;
pub mod ids;
pub mod ledger;
pub mod request_guard;
pub mod site;
pub mod spa;
pub mod store;
pub mod tasks;
pub mod uploads;
pub mod users;
pub mod workflows;

use std::net::SocketAddr;

/// A running server: its address and a handle that stops it.
#[derive(Debug)]
pub struct Running {
    pub addr: SocketAddr,
    pub state: app::AppState,
    shutdown: tokio::sync::oneshot::Sender<()>,
    task: tokio::task::JoinHandle<Result<(), std::io::Error>>,
}

impl Running {
    /// Stops accepting, finishes in-flight requests and waits for the server to end.
    pub async fn stop(self) -> Result<(), std::io::Error> {
        self.state.tasks.shutdown().await;
        let _ = self.shutdown.send(());
        self.task.await.map_err(std::io::Error::other)?
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
}

/// Loads or creates the token secret: `AIVG_JWT_SECRET`, else `{data}/jwt-secret` made once.
fn jwt_secret(cfg: &config::Config) -> Result<Vec<u8>, StartError> {
    if let Some(s) = &cfg.jwt_secret {
        return Ok(s.as_bytes().to_vec());
    }
    let path = cfg.data_dir.join("jwt-secret");
    let err = |e| StartError::DataDir(path.display().to_string(), e);
    match std::fs::read(&path) {
        Ok(bytes) if bytes.len() >= 32 => Ok(bytes),
        _ => {
            let secret = ids::random_token(48).into_bytes();
            std::fs::write(&path, &secret).map_err(err)?;
            Ok(secret)
        }
    }
}

/// Connects the database (running migrations), binds and serves in the background.
pub async fn start(cfg: config::Config) -> Result<Running, StartError> {
    std::fs::create_dir_all(&cfg.data_dir)
        .map_err(|e| StartError::DataDir(cfg.data_dir.display().to_string(), e))?;
    let db = db::Db::connect(&cfg.database_url).await?;
    let secret = jwt_secret(&cfg)?;
    let listener = tokio::net::TcpListener::bind(cfg.addr)
        .await
        .map_err(|e| StartError::Bind(cfg.addr, e))?;
    let addr = listener
        .local_addr()
        .map_err(|e| StartError::Bind(cfg.addr, e))?;
    let state = app::AppState::new(db, config::Config { addr, ..cfg }, &secret);
    state.files.check().map_err(StartError::Storage)?;
    tasks::start(&state).await?;
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
