//! The delivery worker: one per instance, in the background, so a slow or dead receiver never
//! holds up the task queue (a task's end only writes its row; the call happens here, later).
//! It hands over the tasks that ended ([`outbox::hand_over`]), then claims due deliveries and
//! sends up to [`PARALLEL`] at once. It looks again when a task of this instance ends, when an
//! attempt finishes, and every [`LOOK_EVERY`] for what other instances ended or what came due.

use super::outbox::{self, Attempt, Claimed};
use super::sender::{Message, Sender};
use super::signature;
use crate::clock;
use crate::state::AppState;
use crate::tasks::record;
use serde_json::json;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;
use tokio::task::JoinSet;

/// Deliveries sent at once by one instance.
pub const PARALLEL: usize = 8;
/// How often the worker looks without being woken.
pub const LOOK_EVERY: Duration = Duration::from_secs(1);

/// Starts the worker; it stops with the server.
pub fn start(state: &AppState) -> Result<(), reqwest::Error> {
    let sender = Sender::new(&state.cfg.webhooks)?;
    let s = state.clone();
    // Among the task workers, so a server that stops stops it too.
    state
        .tasks
        .add_worker(tokio::spawn(async move { run(s, sender).await }));
    Ok(())
}

async fn run(state: AppState, sender: Sender) {
    let mut shutdown = state.tasks.shutdown_signal();
    let mut events = state.tasks.subscribe();
    let mut sending: JoinSet<()> = JoinSet::new();
    loop {
        if *shutdown.borrow() {
            return;
        }
        if let Err(e) = outbox::hand_over(&state.db.pool, clock::now_ms()).await {
            tracing::warn!("webhooks: hand-over: {e}");
        }
        while sending.len() < PARALLEL {
            match outbox::claim(&state.db.pool, state.db.backend, clock::now_ms()).await {
                Ok(Some(c)) => {
                    let (state, sender) = (state.clone(), sender.clone());
                    sending.spawn(async move { deliver(&state, &sender, &c).await });
                }
                Ok(None) => break,
                Err(e) => {
                    tracing::warn!("webhooks: claim: {e}");
                    break;
                }
            }
        }
        let look = tokio::time::sleep(LOOK_EVERY);
        tokio::pin!(look);
        loop {
            tokio::select! {
                Some(_) = sending.join_next(), if !sending.is_empty() => break,
                event = events.recv() => match event {
                    // Only an end can make a delivery; missed events are found by the next look.
                    Ok(e) if !ended(&e.data) => {}
                    Ok(_) | Err(RecvError::Lagged(_)) => break,
                    Err(RecvError::Closed) => return,
                },
                () = &mut look => break,
                _ = shutdown.changed() => return,
            }
        }
    }
}

fn ended(task: &serde_json::Value) -> bool {
    matches!(
        task.get("status").and_then(serde_json::Value::as_str),
        Some("succeeded" | "failed" | "cancelled")
    )
}

/// One attempt of a claimed delivery, recorded.
async fn deliver(state: &AppState, sender: &Sender, c: &Claimed) {
    let attempt = match message(state, c).await {
        Ok(Ok((body, secret))) => {
            let timestamp = clock::now_s();
            match signature::sign(&secret, &c.msg_id, timestamp, &body) {
                Some(sig) => {
                    sender
                        .send(Message {
                            url: &c.url,
                            msg_id: &c.msg_id,
                            timestamp,
                            signature: &sig,
                            body,
                        })
                        .await
                }
                None => last_failure("the API key has no webhook secret"),
            }
        }
        Ok(Err(why)) => last_failure(why),
        Err(e) => {
            // The database failed: the lease runs out and the attempt is made again.
            tracing::warn!("webhooks: delivery {}: {e}", c.msg_id);
            return;
        }
    };
    if let Err(e) = outbox::record(&state.db.pool, c, &attempt, clock::now_ms()).await {
        tracing::warn!("webhooks: delivery {}: not recorded: {e}", c.msg_id);
    }
}

fn last_failure(why: &str) -> Attempt {
    Attempt {
        status: 0,
        error: why.to_owned(),
        duration_ms: 0,
        last: true,
    }
}

/// The body (`{type, data}`: the task's public view, its download URLs signed afresh) and the
/// key's secret; `Ok(Err)` when the delivery cannot be made any more.
async fn message(
    state: &AppState,
    c: &Claimed,
) -> Result<Result<(String, String), &'static str>, sqlx::Error> {
    let key: Option<(String, i64)> =
        sqlx::query_as("SELECT webhook_secret, revoked_ms FROM api_keys WHERE id = $1")
            .bind(c.key_id)
            .fetch_optional(&state.db.pool)
            .await?;
    let secret = match key {
        Some((_, revoked)) if revoked != 0 => return Ok(Err("the API key was revoked")),
        Some((secret, _)) => secret,
        None => return Ok(Err("the API key is gone")),
    };
    let Some(task) = record::by_task_id(&state.db.pool, &c.task_id).await? else {
        return Ok(Err("the task is gone"));
    };
    let view = record::view_of(&state.db.pool, &state.files, &task).await?;
    let body = json!({ "type": c.event, "data": view }).to_string();
    Ok(Ok((body, secret)))
}
