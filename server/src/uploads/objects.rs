//! The `objects` table: who owns each stored file, its size and type.

use super::paths;
use super::storage::Files;
use sqlx::{AnyPool, FromRow};

/// A stored file.
#[derive(Debug, Clone, FromRow)]
pub struct StoredObject {
    pub user_id: i64,
    pub oss_path: String,
    /// `upload` or `output`.
    pub origin: String,
    /// The task that made an output (empty for uploads).
    pub task_id: String,
    pub size: i64,
    pub content_type: String,
}

impl StoredObject {
    /// The extension of the path, else of the content type.
    pub fn ext(&self) -> String {
        let ext = paths::ext_of(&self.oss_path);
        if ext.is_empty() {
            paths::ext_for_content_type(&self.content_type)
                .unwrap_or_default()
                .to_owned()
        } else {
            ext
        }
    }
}

/// Why a client's file reference was refused (the HTTP answer is `http_errors.rs`'s: 400 for the
/// first two, 404 for a file that is not the user's).
#[derive(Debug, thiserror::Error)]
pub enum ObjectError {
    #[error("{field}: required: the oss_path of an uploaded file")]
    Missing { field: String },
    #[error("{field}: {raw:?} is not an oss_path of this server")]
    Malformed { field: String, raw: String },
    /// Missing, or another user's: the two are indistinguishable to the client.
    #[error("{field}: no file of yours at {path}")]
    NotYours { field: String, path: String },
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

const COLUMNS: &str = "user_id, oss_path, origin, task_id, size, content_type";

/// The object at `path`, whoever owns it.
pub async fn find(pool: &AnyPool, path: &str) -> Result<Option<StoredObject>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM objects WHERE oss_path = $1"
    ))
    .bind(path)
    .fetch_optional(pool)
    .await
}

/// The objects of a task's outputs.
pub async fn of_task(pool: &AnyPool, task_id: &str) -> Result<Vec<StoredObject>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM objects WHERE task_id = $1 AND origin = 'output' ORDER BY id"
    ))
    .bind(task_id)
    .fetch_all(pool)
    .await
}

/// The object of the user `(id, uid)` named by a client value (a path or one of our URLs) in `field`.
/// A malformed value answers 400 naming the field; a path that is not the user's, or does not
/// exist, answers 404 (another user's files are indistinguishable from missing ones).
pub async fn owned(
    pool: &AnyPool,
    (user_id, uid): (i64, &str),
    raw: &str,
    field: &str,
) -> Result<StoredObject, ObjectError> {
    if raw.trim().is_empty() {
        return Err(ObjectError::Missing {
            field: field.to_owned(),
        });
    }
    let path = paths::normalise(raw).ok_or_else(|| ObjectError::Malformed {
        field: field.to_owned(),
        raw: raw.to_owned(),
    })?;
    let not_found = || ObjectError::NotYours {
        field: field.to_owned(),
        path: path.clone(),
    };
    if !path.starts_with(&paths::user_prefix(uid)) {
        return Err(not_found());
    }
    match find(pool, &path).await? {
        Some(obj) if obj.user_id == user_id => Ok(obj),
        _ => Err(not_found()),
    }
}

/// A new row of `objects`.
#[derive(Debug, Clone)]
pub struct NewObject<'a> {
    pub user_id: i64,
    pub oss_path: &'a str,
    /// `upload` or `output`.
    pub origin: &'a str,
    pub task_id: &'a str,
    pub size: i64,
    pub content_type: &'a str,
    pub created_ms: i64,
}

/// Records a stored object.
pub async fn insert(conn: &mut sqlx::AnyConnection, o: &NewObject<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO objects (user_id, oss_path, origin, task_id, size, content_type, created_ms) VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(o.user_id)
    .bind(o.oss_path)
    .bind(o.origin)
    .bind(o.task_id)
    .bind(o.size)
    .bind(o.content_type)
    .bind(o.created_ms)
    .execute(conn)
    .await?;
    Ok(())
}

/// Forgets the objects of a task's outputs and removes their bytes (best effort).
pub async fn delete_task_outputs(
    pool: &AnyPool,
    files: &Files,
    task_id: &str,
) -> Result<(), sqlx::Error> {
    let outputs = of_task(pool, task_id).await?;
    sqlx::query("DELETE FROM objects WHERE task_id = $1 AND origin = 'output'")
        .bind(task_id)
        .execute(pool)
        .await?;
    for o in outputs {
        if let Err(e) = files.delete(&o.oss_path).await {
            tracing::warn!("could not remove {}: {e}", o.oss_path);
        }
    }
    Ok(())
}
