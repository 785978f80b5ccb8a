//! The algorithms that finish at once and cost nothing
//! (docs/behaviour/tasks-and-queue.md#task-modules names them; behaviour not shown, decided here).
//! They are still tasks — created with `POST /v1/ai/create/{algorithm}` and read with `GET
//! /v1/ai/result/{algorithm}/{id}` — but are `succeeded` on creation:
//!
//! - `t_sensitive_detect` `{data: {prompt}}` → `result: {pass, words}`: the prompt is checked
//!   against a small built-in word list ([`BLOCKED_WORDS`], whole words, any case);
//! - `i_sensitive_detect` / `v_sensitive_detect` `{data: {file_path}}` → `result: {pass, score,
//!   threshold}`: the local NSFW model's verdict on the picture or on sampled video frames (see
//!   `media_checks.rs`, which also says what happens without the model);
//! - `image_fkp` `{data: {file_path}}` → `result: {width, height, faces}`: the local face
//!   detector's boxes, scores and five key points (`media_checks.rs`);
//! - `watermark_download` `{prev_task, data: {file_path}}` → `result: {outputs: [original]}` for
//!   standard and premium plans (outputs here carry no watermark, so the original is the file
//!   itself, offered as `download_url`); free users get HTTP 403 with
//!   [`CODE_UPGRADE_REQUIRED`], so the app can open the purchase dialog.

use super::calls::{id_text, split_body, task_of};
use super::lifecycle::{self, NewTask};
use super::media_checks;
use crate::accounts::auth::AuthUser;
use crate::api::ApiError;
use crate::state::AppState;
use crate::uploads::picture_size::check_picture;
use crate::uploads::{objects, paths};
use axum::http::StatusCode;
use serde_json::{Value, json};

/// Envelope code of "this needs a paid plan" (HTTP 403).
pub const CODE_UPGRADE_REQUIRED: i64 = aivg_core::request::CODE_UPGRADE_REQUIRED;

/// Words `t_sensitive_detect` refuses (whole words, case-insensitive).
pub const BLOCKED_WORDS: [&str; 12] = [
    "nude",
    "naked",
    "nsfw",
    "porn",
    "sex",
    "gore",
    "beheading",
    "genocide",
    "terrorist",
    "suicide",
    "rape",
    "cocaine",
];

/// The instant algorithms (free: the rate limits count them as free calls).
pub const INSTANT_ALGORITHMS: [&str; 5] = [
    "t_sensitive_detect",
    "i_sensitive_detect",
    "v_sensitive_detect",
    "image_fkp",
    "watermark_download",
];

/// Whether `algorithm` is one of [`INSTANT_ALGORITHMS`].
pub fn is_instant(algorithm: &str) -> bool {
    INSTANT_ALGORITHMS.contains(&algorithm)
}

/// The blocked words found in a text.
pub fn blocked_words(text: &str) -> Vec<&'static str> {
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    BLOCKED_WORDS
        .iter()
        .copied()
        .filter(|b| words.contains(b))
        .collect()
}

async fn finished(
    state: &AppState,
    user: &AuthUser,
    algorithm: &str,
    data: &Value,
    result: &Value,
) -> Result<lifecycle::Created, ApiError> {
    let t = NewTask {
        user_id: user.id,
        uid: &user.uid,
        module_code: algorithm,
        list_module: algorithm,
        title: algorithm,
        credits: 0,
        data,
        user_data: &Value::Null,
        retry_of: "",
        finished: Some(result),
        media_seconds: None,
        plan_level: None,
        callback_url: "",
        callback_key: 0,
        also: None,
    };
    Ok(lifecycle::create(state.task_deps(), &t).await?)
}

/// Creates an instant task when `algorithm` is one; `None` for the queued modules.
pub async fn create(
    state: &AppState,
    user: &AuthUser,
    algorithm: &str,
    body: &Value,
) -> Result<Option<lifecycle::Created>, ApiError> {
    let created = match algorithm {
        "t_sensitive_detect" => {
            let (data, _) = split_body(body.clone())?;
            let text = ["prompt", "text"]
                .iter()
                .find_map(|f| data.get(*f).and_then(Value::as_str))
                .unwrap_or_default();
            if text.trim().is_empty() {
                return Err(ApiError::invalid(
                    "data.prompt",
                    "required: the text to check",
                ));
            }
            // The text checked is a task's text, so the task texts' limit applies.
            let max = aivg_core::tasks::MAX_TASK_TEXT_CHARS;
            if u32::try_from(text.chars().count()).unwrap_or(u32::MAX) > max {
                return Err(ApiError::invalid(
                    "data.prompt",
                    format!("too long: at most {max} characters"),
                ));
            }
            let words = blocked_words(text);
            let result = json!({ "outputs": [], "pass": words.is_empty(), "words": words });
            finished(state, user, algorithm, &data, &result).await?
        }
        "i_sensitive_detect" | "v_sensitive_detect" => {
            let (data, _) = split_body(body.clone())?;
            let kind = if algorithm.starts_with('i') {
                "image"
            } else {
                "video"
            };
            let obj = super::modules::input_file(&state.db.pool, user, &data, kind).await?;
            let result = if kind == "image" {
                checked_picture(state, &obj).await?;
                media_checks::image_check(state, &obj).await?
            } else {
                media_checks::video_check(state, &obj).await?
            };
            finished(state, user, algorithm, &data, &result).await?
        }
        "image_fkp" => {
            let (data, _) = split_body(body.clone())?;
            let obj = super::modules::input_file(&state.db.pool, user, &data, "image").await?;
            checked_picture(state, &obj).await?;
            // The decode slot bounds the memory of concurrent calls; the model has its own pool.
            let permit = state.limits.permit(crate::limits::Work::Decode).await?;
            let result = media_checks::face_points(state, &obj).await;
            drop(permit);
            let result = result?;
            finished(state, user, algorithm, &data, &result).await?
        }
        "watermark_download" => watermark_download(state, user, body).await?,
        _ => return Ok(None),
    };
    Ok(Some(created))
}

async fn watermark_download(
    state: &AppState,
    user: &AuthUser,
    body: &Value,
) -> Result<lifecycle::Created, ApiError> {
    let prev = id_text(
        body.get("prev_task")
            .or_else(|| body.pointer("/data/prev_task")),
        "prev_task",
    )?;
    let (data, _) = split_body(body.clone())?;
    let raw = data
        .get("file_path")
        .and_then(Value::as_str)
        .unwrap_or_default();
    if raw.trim().is_empty() {
        return Err(ApiError::invalid(
            "data.file_path",
            "required: the output to download",
        ));
    }
    let path = paths::normalise(raw)
        .ok_or_else(|| ApiError::invalid("data.file_path", "not an oss_path of this server"))?;
    let mut conn = state.db.pool.acquire().await?;
    let level =
        crate::store::subscriptions::effective_level(&mut conn, user.id, crate::clock::now_s())
            .await?;
    drop(conn);
    if !aivg_core::session::is_subscribed(level) {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            CODE_UPGRADE_REQUIRED,
            "Watermark-free downloads come with the standard and premium plans. Upgrade to download the original.",
        ));
    }
    let prev_task = task_of(state, user, &prev).await?;
    if prev_task.status != "succeeded" {
        return Err(ApiError::conflict(format!(
            "task {prev} has not succeeded ({}): nothing to download",
            prev_task.status
        )));
    }
    let prev_result: Value = serde_json::from_str(&prev_task.result).unwrap_or(Value::Null);
    let output = prev_result
        .get("outputs")
        .and_then(Value::as_array)
        .and_then(|list| {
            list.iter()
                .find(|o| o.get("oss_path").and_then(Value::as_str) == Some(path.as_str()))
        })
        .cloned()
        .ok_or_else(|| {
            ApiError::invalid(
                "data.file_path",
                format!("{path} is not an output of task {prev}"),
            )
        })?;
    // The file must still exist (it goes when its task is deleted).
    objects::owned(
        &state.db.pool,
        (user.id, &user.uid),
        &path,
        "data.file_path",
    )
    .await?;
    let mut data = data;
    if let Some(obj) = data.as_object_mut() {
        obj.insert("prev_task".into(), json!(prev));
    }
    let result = json!({ "outputs": [output], "source_task": prev, "watermark": false });
    finished(state, user, "watermark_download", &data, &result).await
}

/// The free picture checks decode at once: the picture's header must show it within the one
/// decode limit (`uploads::picture_size`).
async fn checked_picture(state: &AppState, obj: &objects::StoredObject) -> Result<(), ApiError> {
    let max_pixels = state.limits.settings().max_decode_pixels;
    check_picture(&state.files, "data.file_path", obj, max_pixels, true)
        .await
        .map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocked_words_are_whole_words() {
        assert_eq!(blocked_words("A NUDE statue"), vec!["nude"]);
        assert!(blocked_words("Sussex countryside at dawn").is_empty());
        assert!(blocked_words("a cat on a surfboard").is_empty());
    }
}
