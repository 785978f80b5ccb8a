//! Task state changes, each in one transaction with its credits:
//!
//! - accepted: the ledger spend and the task row are written together (a refused spend writes
//!   nothing; HTTP 402 with [`CODE_INSUFFICIENT_CREDITS`]);
//! - failed, or cancelled before it finished: the status change and the ledger refund are written
//!   together, guarded by the status the task had, so a task is refunded exactly once (the
//!   ledger's unique refund index backs this up). A failure refunds everything; a cancel refunds
//!   by core's rule (`cancel.rs`);
//! - succeeded: outputs are stored first, then the status changes only if the task still runs
//!   (a task cancelled meanwhile keeps its refund and its outputs are removed).

use super::create_pg;
use super::hub::{TaskEvent, Tasks};
use super::provider::Outputs;
use super::record::{self, TaskRow};
use crate::clock;
use crate::db::Backend;
use crate::ledger::{self, Entry, LedgerError};
use crate::uploads::objects::{self, NewObject};
use crate::uploads::paths;
use crate::uploads::storage::Files;
use serde_json::{Value, json};
use sqlx::AnyPool;

/// Envelope code of "not enough credits" (HTTP 402), core's (the app reads the same).
pub use aivg_core::credits::{CODE_INSUFFICIENT_CREDITS, CODE_TOO_MANY_QUEUED};

/// Why a task was not created (the HTTP answers are `http_errors.rs`'s: 429 with
/// [`CODE_TOO_MANY_QUEUED`], 402 with [`CODE_INSUFFICIENT_CREDITS`], the minutes' refusals).
#[derive(Debug, thiserror::Error)]
pub enum CreateError {
    #[error(
        "You already have {waiting} tasks waiting (at most {limit}): wait for one to start, or cancel one."
    )]
    TooManyQueued { waiting: i64, limit: usize },
    #[error(
        "Not enough credits: this task needs {needed} and you have {available}. Buy credits or upgrade your plan."
    )]
    Insufficient { needed: i64, available: i64 },
    #[error(transparent)]
    Minutes(#[from] super::minutes::MinutesError),
    /// The task was already retried (docs/behaviour/tasks-and-queue.md#deleting-and-retrying: one retry per
    /// task); `task_id` is that retry.
    #[error("this task was already retried as {task_id}")]
    AlreadyRetried { task_id: String },
    /// A fresh spend cannot have been refunded: the ledger broke its own rule.
    #[error("spend answered AlreadyRefunded")]
    AlreadyRefunded,
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

/// What the lifecycle works with: the database, the task runner (its events, wake-ups and
/// settings) and the object store, not the whole application state, so the workers and tests
/// drive it without HTTP.
#[derive(Debug, Clone, Copy)]
pub struct Deps<'a> {
    pub pool: &'a AnyPool,
    /// Which database the pool is (creation takes one statement on PostgreSQL).
    pub backend: Backend,
    /// The ledger writers' queue ([`crate::db::WriteGate`]: one on SQLite, one per user on
    /// PostgreSQL).
    pub gate: &'a crate::db::WriteGate,
    pub tasks: &'a Tasks,
    pub files: &'a Files,
    /// Told of a refund no request of its user made (user_infos.rs).
    pub infos: &'a crate::accounts::user_infos::UserInfos,
}

/// A write of the caller's in the transaction of a state change: the console's audit trail
/// (`admin/audit.rs`, an area this layer does not import), given what the change did (the new
/// task's id; a cancel's message).
pub type AlsoWriteFn = dyn for<'c> Fn(
        &'c mut sqlx::AnyConnection,
        String,
    ) -> futures_util::future::BoxFuture<'c, Result<(), sqlx::Error>>
    + Send
    + Sync;

/// An [`AlsoWriteFn`] to call.
#[derive(Clone, Copy)]
pub struct AlsoWrite<'a>(pub &'a AlsoWriteFn);

impl std::fmt::Debug for AlsoWrite<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("AlsoWrite")
    }
}

/// A task to record.
#[derive(Debug, Clone)]
pub struct NewTask<'a> {
    pub user_id: i64,
    /// The owner's public id (part of the answer).
    pub uid: &'a str,
    /// The module code (the wire's `algorithm`).
    pub module_code: &'a str,
    /// What the list's `module` filter matches: `user_data.module` when given, else the module
    /// code.
    pub list_module: &'a str,
    /// The credit history line ("Text to image").
    pub title: &'a str,
    pub credits: i64,
    pub data: &'a Value,
    pub user_data: &'a Value,
    pub retry_of: &'a str,
    /// The result of a task that finishes at once (sensitive checks, downloads), else `None`.
    pub finished: Option<&'a Value>,
    /// The input's length of a minute-metered task (`minutes::input_seconds`), else `None`.
    pub media_seconds: Option<u64>,
    /// The user's effective plan level, read once by the request (`minutes::plan_level`) for a
    /// minute-metered task, else `None`.
    pub plan_level: Option<&'static str>,
    /// Where to POST the task's end ('' = nowhere) and the API key whose secret signs the call
    /// (`webhooks/`), written with the task so no end can miss it.
    pub callback_url: &'a str,
    pub callback_key: i64,
    /// Written in the creation's transaction (an admin's retry: its audit), else `None`.
    pub also: Option<AlsoWrite<'a>>,
}

fn json_text(v: &Value) -> String {
    if v.is_null() {
        String::new()
    } else {
        v.to_string()
    }
}

/// A task as [`create`] wrote it, and its place in the queue then (0 when it finished at once).
#[derive(Debug, Clone)]
pub struct Created {
    pub row: TaskRow,
    pub queue_position: i64,
}

/// Records a task and charges its credits; answers the row as written. Queued tasks wake the
/// workers. The answer and the `addTask` event are built from what was written instead of read
/// back. On PostgreSQL a creation is one statement when no other ledger writer of the user
/// commits meanwhile ([`create_pg`], which counts the place in the queue too); otherwise, and on
/// SQLite, it is [`write_locked`]'s transaction, and the place in the queue is counted after the
/// commit.
pub async fn create(d: Deps<'_>, t: &NewTask<'_>) -> Result<Created, CreateError> {
    let task_id = crate::ids::random_token(20);
    let now_ms = clock::now_ms();
    let (status, progress, result, finished_ms) = match t.finished {
        Some(r) => ("succeeded", 100, r.to_string(), now_ms),
        None => ("queued", 0, String::new(), 0),
    };
    let (data, user_data) = (t.data.to_string(), json_text(t.user_data));
    // Only queued tasks count toward the user's limit of waiting ones.
    let limit = match t.finished {
        None => d.tasks.settings().max_queued_per_user,
        Some(_) => usize::MAX,
    };
    let cols = create_pg::Row {
        task_id: &task_id,
        status,
        progress,
        data: &data,
        result: &result,
        user_data: &user_data,
        now_ms,
        finished_ms,
        limit: i64::try_from(limit).unwrap_or(i64::MAX),
    };
    // The metered tools' check reads more under the lock: always the transaction.
    // A retry checks under the lock that its task has no retry yet: the transaction too.
    let one_statement = d.backend == Backend::Postgres
        && aivg_core::tasks::minute_tool(t.module_code).is_none()
        && t.retry_of.is_empty()
        && t.also.is_none();
    // The user's write queue (crate::db::WriteGate: everyone's on SQLite), held until the
    // creation has committed, not while the place in the queue is counted.
    let turn = d.gate.enter(t.user_id).await;
    let written = if one_statement {
        match create_pg::write(d.pool, t, &cols).await? {
            create_pg::Outcome::Written {
                id,
                charge_id,
                queue_position,
            } => Some((id, charge_id, Some(queue_position))),
            create_pg::Outcome::TooManyQueued { waiting } => {
                return Err(CreateError::TooManyQueued { waiting, limit });
            }
            create_pg::Outcome::Insufficient { available } => {
                return Err(CreateError::Insufficient {
                    needed: t.credits,
                    available,
                });
            }
            create_pg::Outcome::Contended => None,
        }
    } else {
        None
    };
    let (id, charge_id, counted) = match written {
        Some(w) => w,
        None => {
            let (id, charge_id) = write_locked(d, t, &cols, limit).await?;
            (id, charge_id, None)
        }
    };
    drop(turn);
    let row = TaskRow {
        id,
        task_id,
        user_id: t.user_id,
        uid: t.uid.to_owned(),
        module_code: t.module_code.to_owned(),
        list_module: t.list_module.to_owned(),
        data,
        status: status.to_owned(),
        progress,
        credits: t.credits,
        charge_id,
        refunded: 0,
        result,
        error: String::new(),
        user_data,
        save_type: String::new(),
        // The column's default: not rated.
        like_state: -1,
        retry_of: t.retry_of.to_owned(),
        deleted: 0,
        created_ms: now_ms,
        started_ms: 0,
        finished_ms,
    };
    // The task is written and charged: a failed count must not turn that into an error answer
    // (a client would create it again), so it reads as no place.
    let queue_position = match counted {
        Some(p) => p,
        None => record::queue_position(d.pool, &row)
            .await
            .unwrap_or_else(|e| {
                tracing::warn!("task {}: no queue position: {e}", row.task_id);
                0
            }),
    };
    // Announce before waking the workers, so `addTask` comes before the task's updates.
    d.tasks.emit(TaskEvent {
        user_id: row.user_id,
        name: "addTask",
        data: record::event_view(record::view(d.files, &row, queue_position)),
    });
    if t.finished.is_none() {
        d.tasks.wake();
    }
    Ok(Created {
        row,
        queue_position,
    })
}

/// The creation as one transaction under the user's ledger lock: the lock with the balance and
/// the user's queue count, the metered tools' minutes, the spend, its allocations, the row; its
/// caller holds the write queue ([`crate::db::WriteGate`]), which on SQLite is what bounds
/// creations per second on its single writer (docs/performance.md, "2026-11-26, evening: the
/// server's write path"). On SQLite that is four statements (the lock reads in its own
/// `UPDATE … RETURNING`, see [`ledger::lock_user_reading`]). Answers the row's id and the
/// consumption's.
async fn write_locked(
    d: Deps<'_>,
    t: &NewTask<'_>,
    cols: &create_pg::Row<'_>,
    limit: usize,
) -> Result<(i64, i64), CreateError> {
    let (task_id, now_ms) = (cols.task_id, cols.now_ms);
    // The transaction (its caller holds the user's write queue): lock, reads, spend,
    // allocations, row.
    let mut tx = crate::db::begin_write(d.pool).await?;
    // The user's queued tasks, read with the balance under the user's lock, so parallel creates
    // cannot pass the limit together. (The place in the whole queue is counted after the
    // commit: that scan grows with the queue and would hold SQLite's one write lock meanwhile.)
    let (available, waiting) =
        ledger::lock_user_reading(&mut tx, t.user_id, now_ms / 1000, USER_QUEUED_SQL).await?;
    // One retry per task, checked under the user's lock so retries sent at once make one task
    // (docs/behaviour/tasks-and-queue.md#deleting-and-retrying).
    if !t.retry_of.is_empty() {
        let first: Option<String> = sqlx::query_scalar(FIRST_RETRY_SQL)
            .bind(t.user_id)
            .bind(t.retry_of)
            .fetch_optional(&mut *tx)
            .await?;
        if let Some(task_id) = first {
            return Err(CreateError::AlreadyRetried { task_id });
        }
    }
    if usize::try_from(waiting).unwrap_or(usize::MAX) >= limit {
        return Err(CreateError::TooManyQueued { waiting, limit });
    }
    // The metered tools' monthly minutes, under the same lock (minutes/mod.rs).
    super::minutes::check(
        &mut tx,
        t.user_id,
        t.module_code,
        t.plan_level,
        t.media_seconds,
        now_ms,
    )
    .await?;
    let charge_id = if t.credits > 0 {
        let entry = Entry {
            user_id: t.user_id,
            reason: "task",
            details: t.title,
            credits: t.credits,
            date: now_ms / 1000,
            expire_time: 0,
            reference: task_id,
        };
        match ledger::spend_from(&mut tx, &entry, available).await {
            Ok(id) => id,
            Err(LedgerError::Insufficient { needed, available }) => {
                return Err(CreateError::Insufficient { needed, available });
            }
            Err(LedgerError::AlreadyRefunded) => return Err(CreateError::AlreadyRefunded),
            Err(LedgerError::Db(e)) => return Err(e.into()),
        }
    } else {
        0
    };
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO tasks (task_id, user_id, algorithm, module, data, status, progress, credits, charge_id, result, user_data, retry_of, created_ms, finished_ms, media_seconds, callback_url, callback_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) RETURNING id",
    )
    .bind(task_id)
    .bind(t.user_id)
    .bind(t.module_code)
    .bind(t.list_module)
    .bind(cols.data)
    .bind(cols.status)
    .bind(cols.progress)
    .bind(t.credits)
    .bind(charge_id)
    .bind(cols.result)
    .bind(cols.user_data)
    .bind(t.retry_of)
    .bind(now_ms)
    .bind(cols.finished_ms)
    .bind(t.media_seconds.and_then(|s| i64::try_from(s).ok()).unwrap_or(0))
    .bind(t.callback_url)
    .bind(t.callback_key)
    .fetch_one(&mut *tx)
    .await?;
    if let Some(also) = t.also {
        (also.0)(&mut tx, task_id.to_owned()).await?;
    }
    tx.commit().await?;
    Ok((id, charge_id))
}

/// The retry (not deleted) of the user's (`$1`) task `$2`, the first when there are several.
pub(super) const FIRST_RETRY_SQL: &str = "SELECT task_id FROM tasks WHERE user_id = $1 AND retry_of = $2 AND deleted = 0 ORDER BY id LIMIT 1";

/// The user's (`$1`) queued tasks: what counts toward the limit of waiting ones, in both ways
/// of creating a task ([`write_locked`], [`create_pg`]).
pub(super) const USER_QUEUED_SQL: &str =
    "SELECT COUNT(*) FROM tasks WHERE user_id = $1 AND status = 'queued'";

/// Pushes the task's current state ([`record::event_view`]) as event `name` to its owner's streams.
pub async fn emit(d: Deps<'_>, task_id: &str, name: &'static str) {
    match record::by_task_id(d.pool, task_id).await {
        Ok(Some(t)) => match record::view_of(d.pool, d.files, &t).await {
            Ok(view) => d.tasks.emit(TaskEvent {
                user_id: t.user_id,
                name,
                data: record::event_view(view),
            }),
            Err(e) => tracing::warn!("task {task_id}: no event: {e}"),
        },
        Ok(None) => {}
        Err(e) => tracing::warn!("task {task_id}: no event: {e}"),
    }
}

/// Ends an open task as `to` (`failed` or `cancelled`) with `error`, refunding its credits, if
/// its status is still one of `from`. Answers whether this call ended it.
pub async fn end_with_refund(
    pool: &AnyPool,
    t: &TaskRow,
    from: [&str; 2],
    to: &str,
    error: &str,
) -> Result<bool, sqlx::Error> {
    let now_ms = clock::now_ms();
    let mut tx = crate::db::begin_write(pool).await?;
    ledger::lock_user(&mut tx, t.user_id).await?;
    let ended: Option<i64> = sqlx::query_scalar(
        "UPDATE tasks SET status = $1, error = $2, finished_ms = $3 WHERE task_id = $4 AND (status = $5 OR status = $6) RETURNING charge_id",
    )
    .bind(to)
    .bind(error)
    .bind(now_ms)
    .bind(&t.task_id)
    .bind(from[0])
    .bind(from[1])
    .fetch_optional(&mut *tx)
    .await?;
    let Some(charge_id) = ended else {
        tx.rollback().await?;
        return Ok(false);
    };
    if charge_id > 0 {
        let what = if to == "cancelled" {
            "cancelled"
        } else {
            "failed"
        };
        let details = format!("Refund: task {what}");
        match ledger::refund(&mut tx, charge_id, &details, now_ms / 1000).await {
            Ok(_) | Err(LedgerError::AlreadyRefunded) => {}
            Err(LedgerError::Db(e)) => return Err(e),
            Err(LedgerError::Insufficient { .. }) => {}
        }
        sqlx::query("UPDATE tasks SET refunded = 1 WHERE task_id = $1")
            .bind(&t.task_id)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(true)
}

/// Records a running task's progress (never backwards); answers whether it changed.
pub async fn set_progress(
    pool: &AnyPool,
    task_id: &str,
    progress: u8,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("UPDATE tasks SET progress = $1 WHERE task_id = $2 AND status = 'running' AND progress < $1")
        .bind(i64::from(progress))
        .bind(task_id)
        .execute(pool)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// Stores the outputs and marks the task succeeded, if it still runs. Answers whether it did.
pub async fn succeed(d: Deps<'_>, t: &TaskRow, out: Outputs) -> Result<bool, String> {
    let mut stored = Vec::new();
    let mut listed = Vec::new();
    for (n, o) in out.outputs.iter().enumerate() {
        let path = paths::output_path(&t.uid, &t.task_id, n, &o.ext);
        if let Err(e) = d.files.put(&path, o.bytes.clone()).await {
            remove(d.files, &stored).await;
            return Err(format!("the output could not be stored ({e})"));
        }
        let size = i64::try_from(o.bytes.len()).unwrap_or(i64::MAX);
        listed.push(json!({
            "oss_path": path,
            "width": o.width,
            "height": o.height,
            "size": size,
            "ext": o.ext,
            "media_type": paths::media_kind(&o.content_type),
            "content_type": o.content_type,
            "duration": o.duration,
        }));
        stored.push((path, size, o.content_type.clone()));
    }
    let result = json!({ "outputs": listed, "preview": out.preview, "note": out.note });
    match record_success(d.pool, t, &result, &stored).await {
        Ok(true) => Ok(true),
        Ok(false) => {
            remove(d.files, &stored).await;
            Ok(false)
        }
        Err(e) => {
            remove(d.files, &stored).await;
            Err(format!("the result could not be recorded ({e})"))
        }
    }
}

async fn record_success(
    pool: &AnyPool,
    t: &TaskRow,
    result: &Value,
    stored: &[(String, i64, String)],
) -> Result<bool, sqlx::Error> {
    let now_ms = clock::now_ms();
    let mut tx = crate::db::begin_write(pool).await?;
    let done = sqlx::query(
        "UPDATE tasks SET status = 'succeeded', progress = 100, result = $1, finished_ms = $2 WHERE task_id = $3 AND status = 'running'",
    )
    .bind(result.to_string())
    .bind(now_ms)
    .bind(&t.task_id)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() == 0 {
        tx.rollback().await?;
        return Ok(false);
    }
    for (path, size, content_type) in stored {
        let row = NewObject {
            user_id: t.user_id,
            oss_path: path,
            origin: "output",
            task_id: &t.task_id,
            size: *size,
            content_type,
            created_ms: now_ms,
        };
        objects::insert(&mut tx, &row).await?;
    }
    tx.commit().await?;
    Ok(true)
}

async fn remove(files: &Files, stored: &[(String, i64, String)]) {
    for (path, _, _) in stored {
        let _ = files.delete(path).await;
    }
}
