//! `aivg-server backup PATH`: a consistent copy of the SQLite database while the server runs
//! (`VACUUM INTO`, SQLite's online snapshot: readers and the one writer go on meanwhile). The
//! uploaded files live in `{data}/objects` (or the S3 bucket) and are copied separately. Restore:
//! stop the server, put the copy in place of `{data}/aivg.db` (and remove `aivg.db-wal` /
//! `aivg.db-shm`), start it. PostgreSQL has its own tools: `pg_dump` / `pg_restore`.

use crate::db::{Backend, Db};
use std::path::Path;

/// Why a backup was not made.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error(
        "the database is PostgreSQL: back it up with `pg_dump --format=custom \"$DATABASE_URL\" > aivg.dump` (restore with pg_restore)"
    )]
    Postgres,
    #[error("{0} already exists: choose a new file")]
    Exists(String),
    #[error("backup: {0}")]
    Db(#[from] sqlx::Error),
}

/// Writes the snapshot to `path` (which must not exist yet).
pub async fn backup(db: &Db, path: &Path) -> Result<(), BackupError> {
    if db.backend == Backend::Postgres {
        return Err(BackupError::Postgres);
    }
    if path.exists() {
        return Err(BackupError::Exists(path.display().to_string()));
    }
    sqlx::query("VACUUM INTO $1")
        .bind(path.display().to_string())
        .execute(&db.pool)
        .await?;
    Ok(())
}
