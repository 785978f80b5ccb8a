//! Task rows and their wire shape.
//!
//! A task as answered by the result, batch and list calls (the event stream sends it without
//! `data` and `user_data`, with `prompt`: see [`event_view`])
//! (docs/behaviour/tasks-and-queue.md#task-inputs "Task"; the rest is not shown and decided here):
//! `{task_id, taskId, algorithm, module, status, progress, queue_position, credits, refunded,
//! result: {outputs: [{url, download_url, oss_path, width, height, size, ext, media_type,
//! content_type, duration}], preview, note, …} | null, error: string | null, data, user_data,
//! save_type, like, retry_of, created_at, started_at, finished_at}` — `status` is one of
//! `queued`, `running`, `succeeded`, `failed`, `cancelled`; `progress` 0-100; `queue_position`
//! counts from 1 among all queued tasks (0 when not queued); output URLs are signed afresh on
//! every answer (valid 24 hours); times are epoch seconds (0 = not yet).

use crate::clock;
use crate::uploads::storage::Files;
use serde::Serialize;
use serde_json::Value;
use sqlx::{AnyPool, FromRow};

/// One row of `tasks` with its owner's uid (read by name: [`COLUMNS`]).
#[derive(Debug, Clone, FromRow)]
pub struct TaskRow {
    pub id: i64,
    pub task_id: String,
    pub user_id: i64,
    pub uid: String,
    /// The task's module code (column and wire name `algorithm`).
    #[sqlx(rename = "algorithm")]
    pub module_code: String,
    /// The module code the task list files it under (column and wire name `module`):
    /// `user_data.module` when given, else the module code.
    #[sqlx(rename = "module")]
    pub list_module: String,
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

/// The place of a queued task in the queue (from 1, at most core's `QUEUE_POSITION_MAX`), 0
/// otherwise.
pub async fn queue_position(pool: &AnyPool, t: &TaskRow) -> Result<i64, sqlx::Error> {
    if t.status != "queued" {
        return Ok(0);
    }
    // Up to core's QUEUE_POSITION_MAX (shown as "999+"): the count stops there instead of
    // growing with the queue, which every creation and every queued task shown counted.
    const AHEAD: &str = "SELECT COUNT(*) FROM (SELECT 1 FROM tasks WHERE status = 'queued' AND id <= $1 LIMIT $2) q";
    sqlx::query_scalar(AHEAD)
        .bind(t.id)
        .bind(aivg_core::tasks::QUEUE_POSITION_MAX)
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
                obj.insert(
                    "url".into(),
                    Value::String(files.download_url(&path, false, now).0),
                );
                obj.insert(
                    "download_url".into(),
                    Value::String(files.download_url(&path, true, now).0),
                );
            }
        }
    }
    result
}

/// The wire shape of a task (see the module doc). `data` and `user_data` are left out of events,
/// which carry `prompt` instead ([`event_view`]).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct TaskView {
    pub task_id: String,
    #[serde(rename = "taskId")]
    pub task_id_camel: String,
    #[serde(rename = "algorithm")]
    pub module_code: String,
    #[serde(rename = "module")]
    pub list_module: String,
    pub status: String,
    pub progress: i64,
    pub queue_position: i64,
    pub credits: i64,
    pub refunded: bool,
    pub result: Value,
    pub error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user_data: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prompt: Option<String>,
    pub save_type: String,
    pub like: i64,
    pub retry_of: String,
    pub created_at: i64,
    pub started_at: i64,
    pub finished_at: i64,
}

/// The wire shape of a task (see the module doc).
pub fn view(files: &Files, t: &TaskRow, queue_position: i64) -> TaskView {
    let result = if t.result.is_empty() {
        Value::Null
    } else {
        sign_outputs(files, parse_or_null(&t.result))
    };
    TaskView {
        task_id: t.task_id.clone(),
        task_id_camel: t.task_id.clone(),
        module_code: t.module_code.clone(),
        list_module: t.list_module.clone(),
        status: t.status.clone(),
        progress: t.progress,
        queue_position,
        credits: t.credits,
        refunded: t.refunded != 0,
        result,
        error: (!t.error.is_empty()).then(|| t.error.clone()),
        data: Some(t.data_value()),
        user_data: Some(parse_or_null(&t.user_data)),
        prompt: None,
        save_type: t.save_type.clone(),
        like: t.like_state,
        retry_of: t.retry_of.clone(),
        created_at: t.created_ms / 1000,
        started_at: t.started_ms / 1000,
        finished_at: t.finished_ms / 1000,
    }
}

/// The most characters of the prompt an event carries.
pub const EVENT_PROMPT_CHARS: usize = super::modules::MAX_PROMPT_CHARS;

/// The task as the event stream carries it: its state, without the request (`data`) and the
/// client's `user_data` (each up to the body limit, and already known to the client that sent
/// them; the list, result and batch calls answer them whole). Only the prompt (or lyrics) stays,
/// as `prompt`, at most [`EVENT_PROMPT_CHARS`] characters, so a queue can show what a task is.
/// This keeps each event small and the event ring's memory bounded.
pub fn event_view(mut view: TaskView) -> Value {
    let data = view.data.take().unwrap_or(Value::Null);
    view.user_data = None;
    let prompt = ["prompt", "lyrics"]
        .iter()
        .find_map(|f| {
            data.get(*f)
                .and_then(Value::as_str)
                .filter(|p| !p.is_empty())
        })
        .unwrap_or_default();
    view.prompt = Some(prompt.chars().take(EVENT_PROMPT_CHARS).collect());
    // Plain data with text keys: serializing cannot fail.
    serde_json::to_value(view).unwrap_or(Value::Null)
}

/// [`view`] with the queue position read.
pub async fn view_of(pool: &AnyPool, files: &Files, t: &TaskRow) -> Result<TaskView, sqlx::Error> {
    let pos = queue_position(pool, t).await?;
    Ok(view(files, t, pos))
}
