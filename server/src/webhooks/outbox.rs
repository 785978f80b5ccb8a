//! The deliveries in the database, so they survive a restart and are shared by the instances on
//! one PostgreSQL:
//!
//! - a task's callback is written with the task (`tasks.callback_url`, `callback_key`); once the
//!   task has ended, [`hand_over`] writes its delivery row and empties the task's URL, both in
//!   one transaction (a task's delivery is unique, so two instances handing over at once write
//!   one);
//! - [`claim`] takes the delivery due first under a lease, like the task queue's claim (on
//!   PostgreSQL a row another instance is claiming is skipped): an instance that dies during an
//!   attempt leaves a lease that runs out, and another instance tries again (at least once);
//! - [`record`] writes the attempt and what comes next, if the lease is still the claimer's.

use super::schedule;
use crate::db::Backend;
use sqlx::{AnyPool, FromRow};

/// How long a claimed delivery is the claimer's: well over one attempt's timeout.
pub const LEASE_MS: i64 = 60_000;
/// Ended tasks handed over per look.
const HAND_OVER_BATCH: i64 = 100;

/// An ended task whose callback is still to hand over.
#[derive(Debug, FromRow)]
struct Ended {
    id: i64,
    task_id: String,
    user_id: i64,
    callback_url: String,
    callback_key: i64,
    status: String,
}

/// Writes the deliveries of the tasks that have ended since the last look; answers how many.
pub async fn hand_over(pool: &AnyPool, now_ms: i64) -> Result<usize, sqlx::Error> {
    let ended: Vec<Ended> = sqlx::query_as(
        "SELECT id, task_id, user_id, callback_url, callback_key, status FROM tasks
         WHERE callback_url <> '' AND status IN ('succeeded', 'failed', 'cancelled')
         ORDER BY id LIMIT $1",
    )
    .bind(HAND_OVER_BATCH)
    .fetch_all(pool)
    .await?;
    for t in &ended {
        let mut tx = crate::db::begin_write(pool).await?;
        sqlx::query(
            "INSERT INTO webhook_deliveries (msg_id, task_id, user_id, key_id, url, event, state, next_ms, created_ms)
             VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $7) ON CONFLICT (task_id) DO NOTHING",
        )
        .bind(super::signature::new_msg_id())
        .bind(&t.task_id)
        .bind(t.user_id)
        .bind(t.callback_key)
        .bind(&t.callback_url)
        .bind(format!("task.{}", t.status))
        .bind(now_ms)
        .execute(&mut *tx)
        .await?;
        sqlx::query("UPDATE tasks SET callback_url = '' WHERE id = $1")
            .bind(t.id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
    }
    Ok(ended.len())
}

/// A delivery claimed for one attempt.
#[derive(Debug, Clone, FromRow)]
pub struct Claimed {
    pub id: i64,
    pub msg_id: String,
    pub task_id: String,
    pub key_id: i64,
    pub url: String,
    pub event: String,
    /// Attempts made, this one included.
    pub attempts: i64,
    /// The lease's end, which [`record`] checks.
    pub lease_ms: i64,
}

/// Takes the delivery due first, if any, for one attempt.
pub async fn claim(
    pool: &AnyPool,
    backend: Backend,
    now_ms: i64,
) -> Result<Option<Claimed>, sqlx::Error> {
    let lock = match backend {
        Backend::Postgres => " FOR UPDATE SKIP LOCKED",
        Backend::Sqlite => "",
    };
    let sql = format!(
        "UPDATE webhook_deliveries SET lease_ms = $1, attempts = attempts + 1
         WHERE id = (SELECT id FROM webhook_deliveries
                     WHERE state = 'pending' AND next_ms <= $2 AND lease_ms < $2
                     ORDER BY next_ms LIMIT 1{lock})
           AND lease_ms < $2
         RETURNING id, msg_id, task_id, key_id, url, event, attempts, lease_ms"
    );
    sqlx::query_as(&sql)
        .bind(now_ms + LEASE_MS)
        .bind(now_ms)
        .fetch_optional(pool)
        .await
}

/// How one attempt went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attempt {
    /// The receiver's HTTP status; 0 when it did not answer.
    pub status: i64,
    /// What went wrong ('' for a 2xx answer).
    pub error: String,
    pub duration_ms: i64,
    /// No later attempt can help (the key was revoked, the task is gone).
    pub last: bool,
}

impl Attempt {
    pub fn delivered(&self) -> bool {
        (200..300).contains(&self.status)
    }
}

/// Writes the attempt and the delivery's next state: delivered, failed (no attempt left), or
/// pending until the next attempt of the back-off ([`schedule`]).
pub async fn record(
    pool: &AnyPool,
    c: &Claimed,
    a: &Attempt,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    let (state, next_ms) = if a.delivered() {
        ("delivered", 0)
    } else {
        match schedule::retry_after_ms(c.attempts).filter(|_| !a.last) {
            Some(wait) => ("pending", now_ms + wait),
            None => ("failed", 0),
        }
    };
    let done_ms = if state == "pending" { 0 } else { now_ms };
    let mut tx = crate::db::begin_write(pool).await?;
    let mine = sqlx::query(
        "UPDATE webhook_deliveries SET state = $1, next_ms = $2, done_ms = $3, lease_ms = 0
         WHERE id = $4 AND lease_ms = $5 AND state = 'pending'",
    )
    .bind(state)
    .bind(next_ms)
    .bind(done_ms)
    .bind(c.id)
    .bind(c.lease_ms)
    .execute(&mut *tx)
    .await?;
    // A lease that ran out meanwhile is another claimer's now: its attempt is the one recorded.
    if mine.rows_affected() == 0 {
        tx.rollback().await?;
        return Ok(());
    }
    sqlx::query(
        "INSERT INTO webhook_attempts (delivery_id, at_ms, status, error, duration_ms)
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(c.id)
    .bind(now_ms - a.duration_ms)
    .bind(a.status)
    .bind(&a.error)
    .bind(a.duration_ms)
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}
