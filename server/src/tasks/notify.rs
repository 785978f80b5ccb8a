//! Task events across instances (PostgreSQL): every instance sends its events with
//! `pg_notify('aivg_task_events', …)` and listens on that channel, so the event stream of any
//! instance shows the progress of a task another instance runs. SQLite has one process and keeps
//! the in-process feed.
//!
//! A notification carries `{u, n, d}` (user, event name, the task's state as `record::event_view` shows it)
//! when that fits PostgreSQL's 8000-byte payload; a larger one carries `{u, n, t}` and each
//! listener with a stream of that user open reads the task itself. Each instance hands an event
//! only to its own streams of the event's user, on arrival (`streams.rs`). When the listening connection drops, the listener reconnects
//! and tells every stream to reload its list (events may have been missed meanwhile).

use super::hub::TaskEvent;
use super::record;
use crate::state::AppState;
use serde_json::{Value, json};
use std::time::Duration;

const CHANNEL: &str = "aivg_task_events";
/// Below PostgreSQL's 8000-byte limit of a NOTIFY payload.
const MAX_PAYLOAD: usize = 7000;

/// The spec's queue event names (docs/behaviour/tasks-and-queue.md#the-queue) as the `'static`
/// names `TaskEvent` carries.
fn event_name(name: &str) -> Option<&'static str> {
    [
        "updateList",
        "addTask",
        "updateTask",
        "delTask",
        "retryTask",
    ]
    .into_iter()
    .find(|n| *n == name)
}

/// Starts the publisher and the listener (PostgreSQL only).
pub async fn start(state: &AppState) -> Result<(), sqlx::Error> {
    let Some(url) = state.db.pg_url() else {
        return Ok(());
    };
    let mut listener = sqlx::postgres::PgListener::connect(url).await?;
    listener.listen(CHANNEL).await?;
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<TaskEvent>();
    state.tasks.publish_through(tx);
    let publisher = state.db.pool.clone();
    tokio::spawn(async move {
        // One at a time, in order: a task's updates arrive as they were made.
        while let Some(e) = rx.recv().await {
            let full = json!({"u": e.user_id, "n": e.name, "d": e.data}).to_string();
            let payload = if full.len() <= MAX_PAYLOAD {
                full
            } else {
                let id = e.data.get("task_id").cloned().unwrap_or(Value::Null);
                json!({"u": e.user_id, "n": e.name, "t": id}).to_string()
            };
            if let Err(err) = sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(&payload)
                .execute(&publisher)
                .await
            {
                tracing::warn!("task events: notify: {err}");
            }
        }
    });
    let s = state.clone();
    tokio::spawn(async move {
        loop {
            match listener.try_recv().await {
                Ok(Some(n)) => deliver(&s, n.payload()).await,
                // The connection dropped; `try_recv` reconnects on the next call.
                Ok(None) => reload_everyone(&s),
                Err(e) => {
                    tracing::warn!("task events: listen: {e}");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    reload_everyone(&s);
                }
            }
        }
    });
    Ok(())
}

/// Tells every stream of this instance to reload its list.
fn reload_everyone(state: &AppState) {
    state.tasks.emit_local(TaskEvent {
        user_id: -1,
        name: "updateList",
        data: json!({}),
    });
}

async fn deliver(state: &AppState, payload: &str) {
    let Ok(v) = serde_json::from_str::<Value>(payload) else {
        return;
    };
    let (Some(user_id), Some(name)) = (
        v.get("u").and_then(Value::as_i64),
        v.get("n").and_then(Value::as_str).and_then(event_name),
    ) else {
        return;
    };
    let data = match (v.get("d"), v.get("t").and_then(Value::as_str)) {
        (Some(d), _) => d.clone(),
        // Routed on arrival: a task read only for a user with a stream open here.
        (None, Some(_)) if !state.tasks.streams().has_user(user_id) => return,
        (None, Some(task_id)) => match record::by_task_id(&state.db.pool, task_id).await {
            Ok(Some(t)) => match record::view_of(&state.db.pool, &state.files, &t).await {
                Ok(view) => record::event_view(view),
                Err(_) => return,
            },
            _ => return,
        },
        (None, None) => return,
    };
    state.tasks.emit_local(TaskEvent {
        user_id,
        name,
        data,
    });
}
