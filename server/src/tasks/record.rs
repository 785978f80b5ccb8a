//! Task rows and their wire shape.
//!
//! A task as answered by the result, batch and list calls (the event stream sends it without
//! `data` and `user_data`, with `prompt`: see [`event_view`]) (spec 02 §3 "Task"; the rest is not
//! shown and decided here):
//! `{task_id, taskId, algorithm, module, status, progress, queue_position, credits, refunded,
//! result: {outputs: [{url, download_url, oss_path, width, height, size, ext, media_type,
//! content_type, duration}], preview, note, …} | null, error: string | null, data, user_data,
//! save_type, like, retry_of, created_at, started_at, finished_at}` — `status` is one of
//! `queued`, `running`, `succeeded`, `failed`, `cancelled`; `progress` 0-100; `queue_position`
//! counts from 1 among all queued tasks (0 when not queued); output URLs are signed afresh on
//! every answer (valid 24 hours); times are epoch seconds (0 = not yet).

use crate::clock;
use crate::uploads::storage::Files;
use serde_json::{Value, json};
use sqlx::{AnyPool, FromRow};

/// One row of `tasks` with its owner's uid (read by name: [`COLUMNS`]).
#[derive(Debug, Clone, FromRow)]
pub struct TaskRow {
    pub id: i64,
    pub task_id: String,
    pub user_id: i64,
    pub uid: String,
    pub algorithm: String,
    pub module: String,
    pub data: String,
    pub status: String,
    pub progress: i64,
    pub credits: i64,
    pub charge_id: i64,
    pub refunded: i64,
    pub result: String,
    pub error: String,
    pub user_data: String,
    pub save_type: String,
    pub like_state: i64,
    pub retry_of: String,
    pub deleted: i64,
    pub created_ms: i64,
    pub started_ms: i64,
    pub finished_ms: i64,
}

/// The columns of [`TaskRow`], from `tasks t JOIN users u`.
pub const COLUMNS: &str = "t.id, t.task_id, t.user_id, u.uid, t.algorithm, t.module, t.data, t.status, t.progress, t.credits, \
     t.charge_id, t.refunded, t.result, t.error, t.user_data, t.save_type, t.like_state, t.retry_of, t.deleted, t.created_ms, \
     t.started_ms, t.finished_ms";

impl TaskRow {
    /// Whether the task can still change (queued or running).
    pub fn is_open(&self) -> bool {
        self.status == "queued" || self.status == "running"
    }

    /// The stored request data.
    pub fn data_value(&self) -> Value {
        serde_json::from_str(&self.data).unwrap_or(Value::Null)
    }
}

/// The task with this public id (deleted ones included).
pub async fn by_task_id(pool: &AnyPool, task_id: &str) -> Result<Option<TaskRow>, sqlx::Error> {
    let sql = format!(
        "SELECT {COLUMNS} FROM tasks t JOIN users u ON u.id = t.user_id WHERE t.task_id = $1"
    );
    sqlx::query_as(&sql)
        .bind(task_id)
        .fetch_optional(pool)
        .await
}

/// The user's task with this public id, unless deleted.
pub async fn of_user(
    pool: &AnyPool,
    user_id: i64,
    task_id: &str,
) -> Result<Option<TaskRow>, sqlx::Error> {
    Ok(by_task_id(pool, task_id)
        .await?
        .filter(|t| t.user_id == user_id && t.deleted == 0))
}

/// The place of a queued task in the queue (from 1), 0 otherwise.
pub async fn queue_position(pool: &AnyPool, t: &TaskRow) -> Result<i64, sqlx::Error> {
    if t.status != "queued" {
        return Ok(0);
    }
    sqlx::query_scalar("SELECT COUNT(*) FROM tasks WHERE status = 'queued' AND id <= $1")
        .bind(t.id)
        .fetch_one(pool)
        .await
}

fn parse_or_null(s: &str) -> Value {
    if s.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(s).unwrap_or(Value::Null)
    }
}

/// Adds fresh signed URLs to the outputs of a stored result.
fn sign_outputs(files: &Files, mut result: Value) -> Value {
    let now = clock::now_s();
    if let Some(outputs) = result.get_mut("outputs").and_then(Value::as_array_mut) {
        for o in outputs {
            let Some(path) = o.get("oss_path").and_then(Value::as_str).map(str::to_owned) else {
                continue;
            };
            if let Some(obj) = o.as_object_mut() {
                obj.insert("url".into(), json!(files.download_url(&path, false, now).0));
                obj.insert(
                    "download_url".into(),
                    json!(files.download_url(&path, true, now).0),
                );
            }
        }
    }
    result
}

/// The wire shape of a task (see the module doc).
pub fn view(files: &Files, t: &TaskRow, queue_position: i64) -> Value {
    let result = if t.result.is_empty() {
        Value::Null
    } else {
        sign_outputs(files, parse_or_null(&t.result))
    };
    json!({
        "task_id": t.task_id,
        "taskId": t.task_id,
        "algorithm": t.algorithm,
        "module": t.module,
        "status": t.status,
        "progress": t.progress,
        "queue_position": queue_position,
        "credits": t.credits,
        "refunded": t.refunded != 0,
        "result": result,
        "error": if t.error.is_empty() { Value::Null } else { json!(t.error) },
        "data": t.data_value(),
        "user_data": parse_or_null(&t.user_data),
        "save_type": t.save_type,
        "like": t.like_state,
        "retry_of": t.retry_of,
        "created_at": t.created_ms / 1000,
        "started_at": t.started_ms / 1000,
        "finished_at": t.finished_ms / 1000,
    })
}

/// The most characters of the prompt an event carries.
pub const EVENT_PROMPT_CHARS: usize = super::modules::MAX_PROMPT_CHARS;

/// The task as the event stream carries it: its state, without the request (`data`) and the
/// client's `user_data` (each up to the body limit, and already known to the client that sent
/// them; the list, result and batch calls answer them whole). Only the prompt (or lyrics) stays,
/// as `prompt`, at most [`EVENT_PROMPT_CHARS`] characters, so a queue can show what a task is.
/// This keeps each event small and the event ring's memory bounded.
pub fn event_view(mut view: Value) -> Value {
    let Some(obj) = view.as_object_mut() else {
        return view;
    };
    let data = obj.remove("data").unwrap_or(Value::Null);
    obj.remove("user_data");
    let prompt = ["prompt", "lyrics"]
        .iter()
        .find_map(|f| {
            data.get(*f)
                .and_then(Value::as_str)
                .filter(|p| !p.is_empty())
        })
        .unwrap_or_default();
    let prompt: String = prompt.chars().take(EVENT_PROMPT_CHARS).collect();
    obj.insert("prompt".into(), json!(prompt));
    view
}

/// [`view`] with the queue position read.
pub async fn view_of(pool: &AnyPool, files: &Files, t: &TaskRow) -> Result<Value, sqlx::Error> {
    let pos = queue_position(pool, t).await?;
    Ok(view(files, t, pos))
}
