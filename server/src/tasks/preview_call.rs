//! `GET /v1/ai/preview/{task_id}`: a running task's live preview, to its owner
//! (docs/behaviour/tasks-and-queue.md#live-previews; the store is `previews.rs`).

use crate::accounts::auth::AuthUser;
use crate::api::ApiError;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};

/// `GET /v1/ai/preview/{task_id}` → the running task's latest live preview (`image/jpeg`, not
/// cached); 404 when it has none now (not started sampling, ended, another user's task, or run by
/// another instance).
pub async fn latest(
    State(state): State<AppState>,
    user: AuthUser,
    Path(task_id): Path<String>,
) -> Result<Response, ApiError> {
    let jpeg = state
        .tasks
        .previews()
        .latest(&task_id, user.id)
        .ok_or_else(|| ApiError::not_found(format!("task {task_id} has no live preview now")))?;
    Ok((
        [(CONTENT_TYPE, "image/jpeg"), (CACHE_CONTROL, "no-store")],
        jpeg,
    )
        .into_response())
}
