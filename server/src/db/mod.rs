//! The database: SQLite by default, PostgreSQL when `DATABASE_URL` says `postgres://`.
//!
//! Queries go through sqlx's `Any` driver with `$1`-style placeholders, which both backends
//! accept, and only the types both map the same way: i64 (`INTEGER` / `BIGINT`), f64, text.
//! Flags are stored as 0/1 integers and times as epoch seconds or milliseconds (named `*_ms`).
//! Each backend has its own migration folder because DDL differs (autoincrement keys).

pub mod owner;

use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::migrate::Migrator;
use sqlx::{AnyPool, Connection, Executor};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{Mutex, MutexGuard};

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("./migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("./migrations/postgres");

/// How long a PostgreSQL connection may sit idle in the pool before it is pinged on acquire.
const PING_AFTER_IDLE: Duration = Duration::from_secs(1);

/// Which SQL dialect the pool speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// The shared pool and its dialect.
#[derive(Debug, Clone)]
pub struct Db {
    pub pool: AnyPool,
    pub backend: Backend,
    /// Where the busiest write transactions queue on SQLite (see [`WriteGate`]).
    pub write_gate: Arc<WriteGate>,
    /// The connection URL (PostgreSQL's LISTEN needs a connection of its own).
    url: String,
    /// SQLite: whether this process is the file's only server ([`owner`]).
    pub ownership: owner::Ownership,
}

impl Db {
    /// Connects and runs the migrations of the backend (SQLite with `synchronous = NORMAL`).
    pub async fn connect(url: &str) -> Result<Self, sqlx::Error> {
        Self::connect_with(url, false).await
    }

    /// Like [`Db::connect`]; `sqlite_full_sync` makes SQLite wait for the disk at every commit.
    ///
    /// Why NORMAL is the default: in WAL mode it never corrupts the database and loses nothing
    /// when the process dies; only a power loss or an OS crash can roll back the last commits.
    /// FULL syncs the WAL at every commit, about 5 ms on the machines measured here, which caps
    /// every write (check-ins, task creation, the ledger) at ~200 a second for the whole site.
    pub async fn connect_with(url: &str, sqlite_full_sync: bool) -> Result<Self, sqlx::Error> {
        let synchronous = if sqlite_full_sync {
            "PRAGMA synchronous = FULL"
        } else {
            "PRAGMA synchronous = NORMAL"
        };
        install_default_drivers();
        let backend = if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Backend::Postgres
        } else {
            Backend::Sqlite
        };
        let pool = match backend {
            Backend::Sqlite => {
                // No ping before each acquire: an embedded database's connection cannot go
                // stale, and sqlx already pings every connection when it is released (which
                // flushes an abandoned transaction); the ping is a hand-off to the connection's
                // worker thread and back, as costly as the statement of a one-query read.
                AnyPoolOptions::new()
                    .max_connections(8)
                    .test_before_acquire(false)
                    .after_connect(move |conn, _| {
                        Box::pin(async move {
                            // WAL lets readers run beside the one writer; the busy timeout makes
                            // writers queue instead of failing when another holds the write lock.
                            conn.execute("PRAGMA journal_mode = WAL").await?;
                            conn.execute("PRAGMA busy_timeout = 10000").await?;
                            conn.execute("PRAGMA foreign_keys = ON").await?;
                            conn.execute(synchronous).await?;
                            // Reads straight from the mapped file: in WAL mode a connection drops
                            // its page cache whenever another one has committed, so under steady
                            // writes every transaction re-read its pages with a copying read().
                            conn.execute("PRAGMA mmap_size = 268435456").await?;
                            Ok(())
                        })
                    })
                    .connect(url)
                    .await?
            }
            Backend::Postgres => {
                // A connection is pinged before use only when it has sat idle a while, where a
                // server restart or a dropped socket would show. sqlx pings every connection
                // when it is released already; a second ping on each acquire was a loopback
                // round trip as costly as the one statement of the busiest reads.
                AnyPoolOptions::new()
                    .max_connections(16)
                    .test_before_acquire(false)
                    // Prepared statements run their one generic plan instead of being planned
                    // again on every execution. PostgreSQL's default keeps re-planning a statement
                    // whose generic plan it estimates dearer (the balance's `expire_time > $2`),
                    // and planning the user info cost several times its execution (0.15 against
                    // 0.03 ms in the server's log). The statements here look rows up by key.
                    .after_connect(|conn, _| {
                        Box::pin(async move {
                            conn.execute("SET plan_cache_mode = force_generic_plan")
                                .await?;
                            Ok(())
                        })
                    })
                    .before_acquire(|conn, meta| {
                        Box::pin(async move {
                            if meta.idle_for >= PING_AFTER_IDLE {
                                conn.ping().await?;
                            }
                            Ok(true)
                        })
                    })
                    .connect(url)
                    .await?
            }
        };
        let migrator = match backend {
            Backend::Sqlite => &SQLITE_MIGRATIONS,
            Backend::Postgres => &POSTGRES_MIGRATIONS,
        };
        migrator.run(&pool).await?;
        Ok(Self {
            pool,
            backend,
            write_gate: Arc::new(WriteGate::for_backend(backend)),
            url: url.to_owned(),
            ownership: owner::Ownership::default(),
        })
    }

    /// A server's start on SQLite: takes the file's lock ([`owner`]). Tools that open the
    /// database beside a running server (backups, admin commands) do not.
    pub fn claim_ownership(&mut self) {
        if self.backend == Backend::Sqlite {
            self.ownership = owner::Ownership::claim(&self.url);
        }
    }

    /// The URL when the database is PostgreSQL.
    pub fn pg_url(&self) -> Option<&str> {
        (self.backend == Backend::Postgres).then_some(self.url.as_str())
    }
}

/// The queue of the busiest ledger writers (task creation and state changes, check-in claims),
/// taken before the write begins and held until it has committed or rolled back.
///
/// On SQLite it is one queue for everyone. SQLite has one writer, and a transaction that finds
/// the write lock taken waits in SQLite's busy handler, which sleeps 1, 2, 5, 10 … 100 ms between
/// tries and serves nobody in order. Under steady concurrent writes most wait far longer than the
/// lock was held: creations whose median was 3 ms had a p99 of 0.1–0.2 s and a maximum over 1 s
/// (docs/performance.md, "2026-11-26, evening: the server's write path"). Queued here instead, in
/// arrival order (tokio's mutex is fair), each takes the lock the moment the previous one commits.
/// Writers outside the gate still meet the busy handler, only rarely.
///
/// On PostgreSQL, which locks rows, writers of different users never wait for each other; one
/// user's writers do, on the user's row. There the gate is a queue per user (a user maps to one
/// of [`USER_STRIPES`] queues), so one user's burst of creations runs one after the other in
/// this process instead of colliding in PostgreSQL: a creation is one statement with an
/// optimistic lock (`tasks/create_pg.rs`), and each collision there cost a second, locking
/// transaction of eight round trips that held the user's row meanwhile, so the rest of the burst
/// collided too (ten creations of one user 2 ms apart: p99 over 10 ms at 250 a second;
/// docs/performance.md, "2026-11-27, later: task creation on PostgreSQL"). Writers of another
/// instance, or outside the gate, still meet the optimistic lock, only rarely.
#[derive(Debug)]
pub enum WriteGate {
    /// SQLite: one queue for every writer.
    One(Mutex<()>),
    /// PostgreSQL: a user's writers queue in the user's stripe.
    PerUser(Box<[Mutex<()>; USER_STRIPES]>),
}

/// How many per-user queues PostgreSQL's gate has: two users share one with a chance of
/// 1/`USER_STRIPES`, and then wait for each other's write (about a millisecond).
pub const USER_STRIPES: usize = 256;

impl WriteGate {
    pub fn for_backend(backend: Backend) -> Self {
        match backend {
            Backend::Sqlite => Self::One(Mutex::new(())),
            Backend::Postgres => Self::PerUser(Box::new(std::array::from_fn(|_| Mutex::new(())))),
        }
    }

    /// Waits for the turn of one write of `user_id`'s ledger; keep the guard until it has
    /// committed or rolled back. Take it before the transaction's connection: a writer holding a
    /// connection while it queues could leave the gate's holder without one.
    #[allow(clippy::indexing_slicing)] // rem_euclid: in 0..USER_STRIPES for any id, negative ones too
    pub async fn enter(&self, user_id: i64) -> MutexGuard<'_, ()> {
        match self {
            Self::One(m) => m.lock().await,
            Self::PerUser(stripes) => {
                stripes[user_id.rem_euclid(USER_STRIPES as i64) as usize]
                    .lock()
                    .await
            }
        }
    }
}

/// Begins a transaction that will write. On SQLite it takes the write lock at once
/// (`BEGIN IMMEDIATE`), waiting for it in the busy handler like any writer: a deferred
/// transaction that reads first and writes after fails at its first write, without waiting,
/// when another connection has committed in between (`SQLITE_BUSY_SNAPSHOT`: its snapshot is
/// stale), which a busy server does all the time. PostgreSQL locks rows: a plain `BEGIN`.
pub async fn begin_write(
    pool: &AnyPool,
) -> Result<sqlx::Transaction<'static, sqlx::Any>, sqlx::Error> {
    if pool
        .connect_options()
        .database_url
        .scheme()
        .starts_with("sqlite")
    {
        pool.begin_with("BEGIN IMMEDIATE").await
    } else {
        pool.begin().await
    }
}

/// True when the error is a violated unique constraint (a second claim, a taken e-mail).
pub fn is_unique_violation(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::Database(d) => d.is_unique_violation(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    const INSERT: &str = "INSERT INTO engine_rotation (backend, in_rotation, admin_id, changed_ms) VALUES ($1, 0, 1, 0)";

    /// A transaction that reads, then writes after another connection has committed a write:
    /// begun by [`begin_write`], its write waits for nothing and succeeds (a deferred `BEGIN`
    /// failed there with `SQLITE_BUSY_SNAPSHOT`, an admin's "internal server error").
    #[tokio::test]
    async fn a_write_after_a_read_survives_another_connections_commit() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::connect(&format!(
            "sqlite://{}/aivg.db?mode=rwc",
            dir.path().display()
        ))
        .await
        .unwrap();
        let mut tx = begin_write(&db.pool).await.unwrap();
        let _: i64 = sqlx::query_scalar("SELECT count(*) FROM engine_rotation")
            .fetch_one(&mut *tx)
            .await
            .unwrap();
        // Another connection writes meanwhile: it waits for the lock this transaction holds.
        let pool = db.pool.clone();
        let other =
            tokio::spawn(async move { sqlx::query(INSERT).bind("other").execute(&pool).await });
        tokio::time::sleep(Duration::from_millis(200)).await;
        sqlx::query(INSERT)
            .bind("mine")
            .execute(&mut *tx)
            .await
            .unwrap();
        tx.commit().await.unwrap();
        other.await.unwrap().unwrap();
        let n: i64 = sqlx::query_scalar("SELECT count(*) FROM engine_rotation")
            .fetch_one(&db.pool)
            .await
            .unwrap();
        assert_eq!(n, 2);
    }
}
