//! The answers of the task calls in `calls.rs` (docs/behaviour/calls-and-errors.md#the-calls;
//! shapes decided there, see each call's doc comment). Both spellings of the task id are answered
//! where the spec's clients read either (`task_id`, `taskId`).

use serde::Serialize;

/// The answer of a creation (`retry_of` only on a retry).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CreatedTask {
    pub task_id: String,
    #[serde(rename = "taskId")]
    pub task_id_camel: String,
    pub status: String,
    pub credits: i64,
    pub queue_position: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retry_of: Option<String>,
}

/// The answer of a delete.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Deleted {
    pub task_id: String,
    pub deleted: bool,
}

/// The answer of `data_save`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Saved {
    #[serde(rename = "taskId")]
    pub task_id_camel: String,
    pub task_id: String,
    pub save_type: String,
}

/// The answer of `like`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Liked {
    pub task_id: String,
    pub like: i64,
}
