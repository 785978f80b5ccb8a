//! Cancelling a task, with the refund of core's rule (`aivg_core::credits::cancel_refund`; the
//! spec has none): everything while queued, the part not yet done while running (the work done,
//! by progress, is charged, rounded down). The status change, the refund and the message saying
//! what came back are written in one transaction, guarded by the status, so a task is cancelled
//! and refunded once.

use super::lifecycle::AlsoWrite;
use super::record::TaskRow;
use crate::clock;
use crate::ledger::{self, LedgerError};
use crate::state::AppState;
use aivg_core::credits::{CancelledAt, cancel_refund};
use sqlx::FromRow;

/// What a cancel did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cancelled {
    pub at: CancelledAt,
    /// Credits given back.
    pub refunded: i64,
}

/// The message a cancelled task shows.
fn cancel_message(credits: i64, c: Cancelled) -> String {
    match (c.at, c.refunded) {
        (_, _) if credits == 0 => "Cancelled.".to_owned(),
        (CancelledAt::Queued, n) => {
            format!("Cancelled before it started: your {n} credits were refunded.")
        }
        (CancelledAt::Running { progress }, 0) => {
            format!(
                "Cancelled at {progress} %: the work done used all {credits} credits, so none were refunded."
            )
        }
        (CancelledAt::Running { progress }, n) if n == credits => {
            format!("Cancelled at {progress} %: your {n} credits were refunded.")
        }
        (CancelledAt::Running { progress }, n) => format!(
            "Cancelled at {progress} %: {n} of {credits} credits were refunded (the work done is charged)."
        ),
    }
}

/// What the cancel read back from the task it ended.
#[derive(FromRow)]
struct EndedRun {
    charge_id: i64,
    credits: i64,
    progress: i64,
}

/// Cancels an open task, refunding by core's rule (see the module doc), in one transaction;
/// `None` when it had already ended.
pub async fn cancel(state: &AppState, t: &TaskRow) -> Result<Option<Cancelled>, sqlx::Error> {
    cancel_also(state, t, None).await
}

/// [`cancel`], with `also` written in its transaction (given the message the task shows).
pub async fn cancel_also(
    state: &AppState,
    t: &TaskRow,
    also: Option<AlsoWrite<'_>>,
) -> Result<Option<Cancelled>, sqlx::Error> {
    let now_ms = clock::now_ms();
    // The write queue (crate::db::WriteGate): a cancel is a user's click, like a creation.
    let _turn = state.db.write_gate.enter(t.user_id).await;
    let mut tx = crate::db::begin_write(&state.db.pool).await?;
    ledger::lock_user(&mut tx, t.user_id).await?;
    let mut ended = None;
    for from in ["queued", "running"] {
        let row: Option<EndedRun> = sqlx::query_as(
            "UPDATE tasks SET status = 'cancelled', finished_ms = $1 WHERE task_id = $2 AND status = $3 RETURNING charge_id, credits, progress",
        )
        .bind(now_ms)
        .bind(&t.task_id)
        .bind(from)
        .fetch_optional(&mut *tx)
        .await?;
        if let Some(row) = row {
            ended = Some((from, row));
            break;
        }
    }
    let Some((from, row)) = ended else {
        tx.rollback().await?;
        return Ok(None);
    };
    let EndedRun {
        charge_id,
        credits,
        progress,
    } = row;
    let at = if from == "queued" {
        CancelledAt::Queued
    } else {
        CancelledAt::Running {
            progress: u8::try_from(progress.clamp(0, 100)).unwrap_or(100),
        }
    };
    let mut done = Cancelled {
        at,
        refunded: cancel_refund(credits, at),
    };
    if charge_id > 0 && done.refunded > 0 {
        let details = if done.refunded == credits {
            "Refund: task cancelled".to_owned()
        } else {
            format!("Refund: task cancelled ({} of {credits})", done.refunded)
        };
        match ledger::refund_part(&mut tx, charge_id, done.refunded, &details, now_ms / 1000).await
        {
            Ok(_) => {}
            Err(LedgerError::AlreadyRefunded | LedgerError::Insufficient { .. }) => {
                done.refunded = 0
            }
            Err(LedgerError::Db(e)) => return Err(e),
        }
    } else {
        done.refunded = 0;
    }
    let message = cancel_message(credits, done);
    sqlx::query("UPDATE tasks SET error = $1, refunded = $2 WHERE task_id = $3")
        .bind(&message)
        .bind(i64::from(done.refunded > 0))
        .bind(&t.task_id)
        .execute(&mut *tx)
        .await?;
    if let Some(also) = also {
        (also.0)(&mut tx, message).await?;
    }
    tx.commit().await?;
    Ok(Some(done))
}
