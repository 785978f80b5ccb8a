//! A task creation on PostgreSQL in one statement: the ledger lock, the user's balance and queue
//! count, the spend, its allocations, the task row and the place in the queue.
//!
//! Why: on PostgreSQL each statement is a round trip to a server process, and the transaction
//! of [`super::lifecycle::create`] took eight of them (begin, lock, reads, consumption,
//! allocations, row, commit, queue count), which capped creations near 375 a second on the
//! 2-core machine (docs/performance.md, "2026-11-26, night: one-statement task creation on
//! PostgreSQL"). Here the lock is optimistic
//! ([`crate::ledger::OPTIMISTIC_LOCK`]): the statement writes only if no other ledger writer of the
//! user committed since its snapshot, so its reads are what the lock protects; otherwise it
//! writes nothing and the caller takes the locking transaction instead. Minute-metered tools
//! keep that transaction always (their check reads more under the lock).

use super::lifecycle::NewTask;
use crate::ledger;
use std::sync::LazyLock;

/// What the statement wrote, or why it wrote nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The task was written: its row id, the consumption that paid for it (0 = free) and its
    /// place in the queue (0 when it finished at once).
    Written {
        id: i64,
        charge_id: i64,
        queue_position: i64,
    },
    /// Nothing written: the user already has `waiting` queued tasks, at least the limit.
    TooManyQueued { waiting: i64 },
    /// Nothing written: the balance is under the task's credits.
    Insufficient { available: i64 },
    /// Nothing written: another ledger writer of the user committed meanwhile (or the user is
    /// gone); the locking transaction decides.
    Contended,
}

/// The row the statement answers.
#[derive(sqlx::FromRow)]
struct Answer {
    locked: i64,
    available: i64,
    waiting: i64,
    charge_id: i64,
    id: i64,
    queue_position: i64,
}

/// The statement. `$1` user, `$2` now (epoch s), `$3` credits, `$4` the credit history line,
/// `$5` the task id (the consumption's `ref`), `$6` the most queued tasks the user may have,
/// then the task row's columns. The place in the queue counts the queued tasks of the snapshot,
/// all older than this one (the id is drawn after the snapshot), plus this one, up to core's
/// `QUEUE_POSITION_MAX` (shown as "999+": the count stops there instead of growing with the queue).
static SQL: LazyLock<String> = LazyLock::new(|| {
    format!(
        "WITH {lock},
         reads AS (SELECT {balance} AS available,
                          ({queued}) AS waiting),
         ok AS (SELECT 1 FROM locked, reads WHERE reads.waiting < $6 AND reads.available >= $3),
         {spend},
         task AS (
           INSERT INTO tasks (task_id, user_id, algorithm, module, data, status, progress, credits, charge_id, result, user_data, retry_of, created_ms, finished_ms, media_seconds, callback_url, callback_key)
           SELECT $5, $1, $7, $8, $9, $10, $11, $3, COALESCE((SELECT id FROM spent), 0), $12, $13, $14, $15, $16, $17, $18, $19 FROM ok
           RETURNING id)
         SELECT (SELECT COUNT(*) FROM locked) AS locked, reads.available, reads.waiting,
                COALESCE((SELECT id FROM spent), 0) AS charge_id,
                COALESCE((SELECT id FROM task), 0) AS id,
                CASE WHEN $10 = 'queued' THEN LEAST((SELECT COUNT(*) FROM (SELECT 1 FROM tasks WHERE status = 'queued' LIMIT {max}) ahead) + 1, {max}) ELSE 0 END AS queue_position
         FROM reads",
        lock = ledger::OPTIMISTIC_LOCK,
        queued = super::lifecycle::USER_QUEUED_SQL,
        balance = ledger::balance_sql!(),
        spend = ledger::spend_clauses("ok WHERE $3 > 0", "'task'", "$4", "$3", "$5"),
        max = aivg_core::tasks::QUEUE_POSITION_MAX,
    )
});

/// The task's columns as [`super::lifecycle::create`] writes them.
#[derive(Debug, Clone, Copy)]
pub struct Row<'a> {
    pub task_id: &'a str,
    pub status: &'a str,
    pub progress: i64,
    pub data: &'a str,
    pub result: &'a str,
    pub user_data: &'a str,
    pub now_ms: i64,
    pub finished_ms: i64,
    /// The most queued tasks the user may have (no limit for a task that finished at once).
    pub limit: i64,
}

/// Runs the statement outside any transaction (it is its own).
pub async fn write(
    pool: &sqlx::AnyPool,
    t: &NewTask<'_>,
    r: &Row<'_>,
) -> Result<Outcome, sqlx::Error> {
    let a: Answer = sqlx::query_as(SQL.as_str())
        .bind(t.user_id)
        .bind(r.now_ms / 1000)
        .bind(t.credits)
        .bind(t.title)
        .bind(r.task_id)
        .bind(r.limit)
        .bind(t.module_code)
        .bind(t.list_module)
        .bind(r.data)
        .bind(r.status)
        .bind(r.progress)
        .bind(r.result)
        .bind(r.user_data)
        .bind(t.retry_of)
        .bind(r.now_ms)
        .bind(r.finished_ms)
        .bind(
            t.media_seconds
                .and_then(|s| i64::try_from(s).ok())
                .unwrap_or(0),
        )
        .bind(t.callback_url)
        .bind(t.callback_key)
        .fetch_one(pool)
        .await?;
    Ok(if a.id > 0 {
        Outcome::Written {
            id: a.id,
            charge_id: a.charge_id,
            queue_position: a.queue_position,
        }
    } else if a.locked == 0 {
        Outcome::Contended
    } else if a.waiting >= r.limit {
        Outcome::TooManyQueued { waiting: a.waiting }
    } else {
        Outcome::Insufficient {
            available: a.available,
        }
    })
}
