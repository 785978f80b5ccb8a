//! Tasks across instances (docs/behaviour/tasks-and-queue.md#the-queue queue, on a shared
//! database): a running task's heartbeat, the recovery of tasks whose instance died, and the
//! hand-back of this instance's tasks at a graceful stop. On the pool and the runner only, like the
//! rest of the lifecycle.

use super::hub::Tasks;
use super::lifecycle::{Deps, emit, end_with_refund};
use super::record::{self, TaskRow};
use crate::clock;
use sqlx::AnyPool;

/// How many times a task is claimed at most: one that lost its instance this often is failed
/// and refunded instead of queued again (a task that takes its instance down with it must not
/// loop forever).
pub const MAX_CLAIMS: i64 = 3;

/// Finds running tasks whose instance stopped beating (heartbeat older than `ttl_ms`: the
/// process died without handing them back; `None`: every running task, for a server that is its
/// SQLite file's only one, `db::owner`) and queues them again, keeping their charge; the next run
/// re-attaches to the engine's prompt. Tasks claimed [`MAX_CLAIMS`] times are failed and
/// refunded. Answers (queued again, failed).
pub async fn recover(d: Deps<'_>, ttl_ms: Option<i64>) -> Result<(usize, usize), sqlx::Error> {
    let cutoff = ttl_ms.map_or(i64::MAX, |ttl| clock::now_ms() - ttl);
    let sql = format!(
        "SELECT {} FROM tasks t JOIN users u ON u.id = t.user_id WHERE t.status = 'running' AND t.heartbeat_ms < $1",
        record::COLUMNS
    );
    let rows: Vec<TaskRow> = sqlx::query_as(&sql).bind(cutoff).fetch_all(d.pool).await?;
    let (mut requeued, mut failed) = (0, 0);
    for t in &rows {
        let attempts: i64 = sqlx::query_scalar("SELECT attempts FROM tasks WHERE task_id = $1")
            .bind(&t.task_id)
            .fetch_one(d.pool)
            .await?;
        if attempts >= MAX_CLAIMS {
            let msg = "The task could not be finished: the servers running it stopped several times. Your credits were refunded; please try again.";
            if end_with_refund(d.pool, t, ["running", "running"], "failed", msg).await? {
                failed += 1;
                // Before the event, as the worker's failures: the app reads the balance again.
                d.infos.changed(t.user_id);
                emit(d, &t.task_id, "updateTask").await;
            }
            continue;
        }
        let done = sqlx::query(
            "UPDATE tasks SET status = 'queued', owner = '' WHERE task_id = $1 AND status = 'running' AND heartbeat_ms < $2",
        )
        .bind(&t.task_id)
        .bind(cutoff)
        .execute(d.pool)
        .await?;
        if done.rows_affected() > 0 {
            requeued += 1;
            emit(d, &t.task_id, "updateTask").await;
        }
    }
    if requeued > 0 {
        d.tasks.wake();
    }
    Ok((requeued, failed))
}

/// Hands this instance's running tasks back to the queue (a graceful stop); answers their ids.
pub async fn release(pool: &AnyPool, tasks: &Tasks) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "UPDATE tasks SET status = 'queued', owner = '' WHERE status = 'running' AND owner = $1 RETURNING task_id",
    )
    .bind(tasks.instance())
    .fetch_all(pool)
    .await
}

/// Writes a running task's heartbeat (only while this instance owns it), and renews the
/// ComfyUI slot it holds for `ttl_ms` (`comfyui/leases.rs`: the slot's lease lasts as long as
/// the task's).
pub async fn heartbeat(pool: &AnyPool, tasks: &Tasks, task_id: &str, ttl_ms: i64) {
    let now = clock::now_ms();
    if tasks.engines().comfy.is_some() {
        super::comfyui::leases::renew(pool, tasks.instance(), task_id, now + ttl_ms).await;
    }
    let r = sqlx::query(
        "UPDATE tasks SET heartbeat_ms = $1 WHERE task_id = $2 AND status = 'running' AND owner = $3",
    )
    .bind(now)
    .bind(task_id)
    .bind(tasks.instance())
    .execute(pool)
    .await;
    if let Err(e) = r {
        tracing::warn!("task {task_id}: heartbeat: {e}");
    }
}
