//! Test harness: a real server on an ephemeral port with a temporary data folder, on SQLite, or on
//! a fresh PostgreSQL database of its own when `DATABASE_URL` is a postgres:// URL.
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing
)]

use aivg_server::config::Config;
use serde_json::{Value, json};
use sqlx::Connection;

/// A database of its own (see [`database_url`]) with its migrations, and one user written straight
/// into it, for tests of the domain logic without a server: `(config, database, user id, uid)`.
pub async fn db_with_user(dir: &std::path::Path) -> (Config, aivg_server::db::Db, i64, String) {
    let mut cfg = Config::for_tests(dir.to_path_buf());
    cfg.database_url = database_url(dir).await;
    let db = aivg_server::db::Db::connect_with(&cfg.database_url, false)
        .await
        .unwrap();
    let uid = format!("u{}", aivg_server::ids::random_token(12));
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO users (uid, email, password_hash, created_at) VALUES ($1, $2, 'x', $3) RETURNING id",
    )
    .bind(&uid)
    .bind(format!("{uid}@example.com"))
    .bind(aivg_server::clock::now_s())
    .fetch_one(&db.pool)
    .await
    .unwrap();
    (cfg, db, id, uid)
}

pub struct TestServer {
    pub base: String,
    pub running: Option<aivg_server::Running>,
    pub dir: tempfile::TempDir,
    pub cfg: Config,
    pub http: reqwest::Client,
}

/// A database URL for one test: SQLite under `dir`, or a new PostgreSQL database, a copy of
/// [`pg_template`]'s (the server's start finds its migrations applied).
pub async fn database_url(dir: &std::path::Path) -> String {
    match std::env::var("DATABASE_URL") {
        Ok(url) if url.starts_with("postgres") => {
            let template = pg_template(&url).await;
            let name = format!("aivg_test_{}", aivg_server::ids::random_token(12));
            let mut conn = sqlx::PgConnection::connect(&url)
                .await
                .expect("connect to DATABASE_URL");
            sqlx::Executor::execute(
                &mut conn,
                format!("CREATE DATABASE {name} TEMPLATE {template} STRATEGY FILE_COPY").as_str(),
            )
            .await
            .expect("create test database");
            pg_url_of(&url, &name)
        }
        _ => format!("sqlite://{}/aivg.db?mode=rwc", dir.display()),
    }
}

/// `url` with another database name.
fn pg_url_of(url: &str, name: &str) -> String {
    let (prefix, _) = url.rsplit_once('/').expect("DATABASE_URL names a database");
    format!("{prefix}/{name}")
}

/// The name of a PostgreSQL database with every migration of `server/migrations/postgres`
/// applied, made once (the name carries a hash of the migrations, so a changed one makes a new
/// template). Each test's database is a file copy of it: creating an empty database and running
/// the migrations in every test cost the PostgreSQL pass about a quarter of the database's CPU.
/// Test processes that start at once take turns on an advisory lock; a template left
/// half-migrated by a killed run is finished by the server's own migrations in each copy.
async fn pg_template(url: &str) -> String {
    static TEMPLATE: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();
    TEMPLATE
        .get_or_init(|| async {
            use sha2::Digest;
            let folder =
                std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations/postgres");
            let mut files: Vec<_> = std::fs::read_dir(&folder)
                .expect("the PostgreSQL migrations")
                .map(|e| e.unwrap().path())
                .collect();
            files.sort();
            let mut hash = sha2::Sha256::new();
            for f in &files {
                hash.update(f.file_name().unwrap().as_encoded_bytes());
                hash.update(std::fs::read(f).unwrap());
            }
            let digest: [u8; 32] = hash.finalize().into();
            let short = u64::from_be_bytes(digest[..8].try_into().unwrap());
            let name = format!("aivg_template_{short:016x}");
            let mut conn = sqlx::PgConnection::connect(url)
                .await
                .expect("connect to DATABASE_URL");
            // Any key of our own: only these test processes take it.
            sqlx::query("SELECT pg_advisory_lock(4152)")
                .execute(&mut conn)
                .await
                .unwrap();
            let exists: Option<i32> =
                sqlx::query_scalar("SELECT 1 FROM pg_database WHERE datname = $1")
                    .bind(&name)
                    .fetch_optional(&mut conn)
                    .await
                    .unwrap();
            if exists.is_none() {
                sqlx::Executor::execute(&mut conn, format!("CREATE DATABASE {name}").as_str())
                    .await
                    .expect("create the template database");
                let db = aivg_server::db::Db::connect(&pg_url_of(url, &name))
                    .await
                    .expect("migrate the template database");
                // A template takes no copy while a session is connected to it.
                db.pool.close().await;
            }
            sqlx::query("SELECT pg_advisory_unlock(4152)")
                .execute(&mut conn)
                .await
                .unwrap();
            name
        })
        .await
        .clone()
}

impl TestServer {
    pub async fn start() -> Self {
        let _ = tracing_subscriber::fmt()
            .with_test_writer()
            .with_env_filter("warn")
            .try_init();
        let dir = tempfile::tempdir().unwrap();
        let mut cfg = Config::for_tests(dir.path().to_path_buf());
        cfg.database_url = database_url(dir.path()).await;
        Self::start_with(dir, cfg).await
    }

    /// A server whose test configuration `f` adjusts first.
    pub async fn start_configured(f: impl FnOnce(&mut Config)) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let mut cfg = Config::for_tests(dir.path().to_path_buf());
        cfg.database_url = database_url(dir.path()).await;
        f(&mut cfg);
        Self::start_with(dir, cfg).await
    }

    pub async fn start_with(dir: tempfile::TempDir, cfg: Config) -> Self {
        let running = aivg_server::start(cfg.clone())
            .await
            .expect("server starts");
        let base = format!("http://{}", running.addr);
        Self {
            base,
            running: Some(running),
            dir,
            cfg,
            http: reqwest::Client::new(),
        }
    }

    /// Stops the server and starts a new one on the same data (a restart).
    pub async fn restart(mut self) -> Self {
        if let Some(r) = self.running.take() {
            r.stop().await.unwrap();
        }
        let mut cfg = self.cfg.clone();
        cfg.addr = std::net::SocketAddr::from(([127, 0, 0, 1], 0));
        Self::start_with(self.dir, cfg).await
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// POST JSON; returns (HTTP status, body as JSON).
    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
        let mut req = self.http.post(self.url(path)).json(&body);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        let res = req.send().await.unwrap();
        let status = res.status().as_u16();
        (status, res.json().await.unwrap_or(Value::Null))
    }

    /// GET with a query string already in `path`; returns (HTTP status, body as JSON).
    pub async fn get(&self, path: &str, token: Option<&str>) -> (u16, Value) {
        let mut req = self.http.get(self.url(path));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        let res = req.send().await.unwrap();
        let status = res.status().as_u16();
        (status, res.json().await.unwrap_or(Value::Null))
    }

    /// Registers a new account and exchanges its code: returns the access token.
    pub async fn register(&self, email: &str) -> String {
        let (status, body) = self
            .post(
                "/account/register",
                None,
                json!({"email": email, "password": "secret123"}),
            )
            .await;
        assert_eq!(status, 200, "register: {body}");
        let code = body["data"]["code"].as_str().unwrap().to_owned();
        let (status, body) = self
            .post("/v1/oauth/token", None, json!({"code": code}))
            .await;
        assert_eq!(status, 200, "token: {body}");
        assert_eq!(body["data"]["is_new"], 1);
        body["data"]["access_token"].as_str().unwrap().to_owned()
    }

    pub async fn balance(&self, token: &str) -> i64 {
        let (status, body) = self.post("/v1/user", Some(token), json!({})).await;
        assert_eq!(status, 200, "user: {body}");
        body["data"]["integral"]["integral"].as_i64().unwrap()
    }
}

/// Asks `check` every `every` until it answers `Some`, for at most `within` (`None` when the time
/// ran out): every test that waits for a condition waits with this. `within` is only the failure
/// timeout, so callers give a generous one (a minute): a 2-core CI machine running other test
/// binaries and ffmpeg at once can take many times the usual few seconds.
pub async fn poll_until<T>(
    within: std::time::Duration,
    every: std::time::Duration,
    mut check: impl AsyncFnMut() -> Option<T>,
) -> Option<T> {
    let start = std::time::Instant::now();
    loop {
        if let Some(v) = check().await {
            return Some(v);
        }
        if start.elapsed() >= within {
            return None;
        }
        tokio::time::sleep(every).await;
    }
}
