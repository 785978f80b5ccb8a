//! The task calls of docs/behaviour/credits-and-checkin.md#the-ledger (answers not shown there;
//! decided here, see each doc comment and `record.rs` for the task shape); the list is in
//! `list.rs`.

use super::call_answers::{CreatedTask, Deleted, Liked, Saved};
use super::lifecycle::{self, NewTask};
use super::record::{self, TaskRow};
use super::{instant, modules};
use crate::accounts::auth::AuthUser;
use crate::api::{ApiError, ApiJson, ApiResult, List, ok};
use crate::state::AppState;
use crate::uploads::picture_size::check_picture;
use crate::webhooks::callback::{self, Callback};
use crate::{clock, idempotency};
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use serde_json::{Map, Value, json};

/// Most ids in one batch call.
pub const MAX_BATCH: usize = 100;
/// Largest `user_data` kept by create and `data_save`, bytes of JSON.
pub const MAX_USER_DATA: usize = 64 * 1024;

/// A task id sent as a string or a number.
pub fn id_text(v: Option<&Value>, field: &str) -> Result<String, ApiError> {
    match v {
        Some(Value::String(s)) if !s.trim().is_empty() => Ok(s.trim().to_owned()),
        Some(Value::Number(n)) => Ok(n.to_string()),
        None | Some(Value::Null) => Err(ApiError::invalid(
            field,
            "required: the id of one of your tasks",
        )),
        Some(_) => Err(ApiError::invalid(
            field,
            "must be a task id (string or number)",
        )),
    }
}

/// The user's task, or 404.
pub async fn task_of(
    state: &AppState,
    user: &AuthUser,
    task_id: &str,
) -> Result<TaskRow, ApiError> {
    record::of_user(&state.db.pool, user.id, task_id)
        .await?
        .ok_or_else(|| ApiError::not_found(format!("task {task_id} not found")))
}

/// `Err` when `user_data` is over [`MAX_USER_DATA`] bytes of JSON (the same cap in create and
/// data_save).
fn check_user_data(user_data: &Value) -> Result<String, ApiError> {
    let text = user_data.to_string();
    if text.len() > MAX_USER_DATA {
        return Err(ApiError::invalid(
            "user_data",
            format!("too large: at most {MAX_USER_DATA} bytes of JSON"),
        ));
    }
    Ok(text)
}

/// `data` and `user_data` of a create body: `{data: {...}, user_data?}`, or the fields at the
/// top level when there is no `data` object.
pub fn split_body(body: Value) -> Result<(Value, Value), ApiError> {
    let Value::Object(mut obj) = body else {
        return Err(ApiError::invalid(
            "data",
            "the body must be a JSON object like {\"data\": {...}}",
        ));
    };
    let user_data = obj.remove("user_data").unwrap_or(Value::Null);
    check_user_data(&user_data)?;
    let data = match obj.remove("data") {
        Some(d @ Value::Object(_)) => d,
        Some(Value::Null) | None => Value::Object(obj),
        Some(_) => {
            return Err(ApiError::invalid(
                "data",
                "must be an object with the task's fields",
            ));
        }
    };
    // What one task row stores is bounded (docs/behaviour/tasks-and-queue.md#task-inputs).
    aivg_core::tasks::check_task_data_size(data.to_string().len())
        .map_err(|m| ApiError::invalid("data", m))?;
    Ok((data, user_data))
}

fn list_module<'a>(module_code: &'a str, user_data: &'a Value) -> &'a str {
    user_data
        .get("module")
        .and_then(Value::as_str)
        .filter(|m| !m.trim().is_empty())
        .unwrap_or(module_code)
}

/// Validates, charges and queues a task of a module; answers its id.
pub async fn queue_task(
    state: &AppState,
    user: &AuthUser,
    module: &'static modules::TaskModule,
    data: &Value,
    user_data: &Value,
    retry_of: &str,
    callback: Option<&Callback>,
) -> Result<lifecycle::Created, ApiError> {
    let extras = Extras {
        callback,
        also: None,
    };
    Ok(create_task(state, user, module, data, user_data, retry_of, extras).await??)
}

/// What a creation carries beside its request: where to POST its end (`webhooks/`), and a write
/// made in the creation's transaction (an admin's retry: its audit).
struct Extras<'a> {
    callback: Option<&'a Callback>,
    also: Option<lifecycle::AlsoWrite<'a>>,
}

/// [`queue_task`], answering the creation's own refusal apart (a retry answers its task's first
/// retry instead).
async fn create_task(
    state: &AppState,
    user: &AuthUser,
    module: &'static modules::TaskModule,
    data: &Value,
    user_data: &Value,
    retry_of: &str,
    extras: Extras<'_>,
) -> Result<Result<lifecycle::Created, lifecycle::CreateError>, ApiError> {
    let Extras { callback, also } = extras;
    let files = modules::validate(&state.db.pool, user, module, data).await?;
    check_image_sizes(state, module, &files).await?;
    check_video_sizes(state, module, &files).await?;
    let data = &with_seed(module, data);
    let media_seconds =
        super::minutes::input_seconds(&state.limits, &state.files, module.code, &files).await?;
    let plan_level =
        super::minutes::plan_level(&state.db.pool, user.id, module.code, crate::clock::now_s())
            .await?;
    let t = NewTask {
        user_id: user.id,
        uid: &user.uid,
        module_code: module.code,
        list_module: list_module(module.code, user_data),
        title: module.title,
        credits: i64::from(module.credits),
        data,
        user_data,
        retry_of,
        finished: None,
        media_seconds,
        plan_level,
        callback_url: callback.map_or("", |c| c.url.as_str()),
        callback_key: callback.map_or(0, |c| c.key_id),
        also,
    };
    Ok(lifecycle::create(state.task_deps(), &t).await)
}

/// `data` with the seed its run uses: the one sent, else one drawn from 0 to core's `MAX_SEED`,
/// kept with the task so its details show it and "use these settings again" can reuse it; a
/// module whose result does not depend on a seed gets none (core's `takes_seed`;
/// docs/behaviour/tasks-and-queue.md#seeds). A retry sends its task's data, so it keeps the seed.
fn with_seed(module: &modules::TaskModule, data: &Value) -> Value {
    let mut data = data.clone();
    if let Some(map) = data.as_object_mut()
        && aivg_core::tasks::takes_seed(module)
        && map.get("seed").is_none_or(Value::is_null)
    {
        let seed = rand::random_range(0..=aivg_core::tasks::MAX_SEED);
        map.insert("seed".to_owned(), Value::from(seed));
    }
    data
}

/// The answer of a retry call for `retry_id`, the existing retry of `original`.
async fn first_retry(
    state: &AppState,
    user: &AuthUser,
    retry_id: &str,
    original: &str,
) -> Result<CreatedTask, ApiError> {
    let row = task_of(state, user, retry_id).await?;
    let queue_position = record::queue_position(&state.db.pool, &row).await?;
    Ok(CreatedTask {
        retry_of: Some(original.to_owned()),
        ..created(&lifecycle::Created {
            row,
            queue_position,
        })
    })
}

/// Refuses an input picture whose header claims more than the one decode limit
/// (`uploads::picture_size`), so a task the worker could never decode is not charged
/// (docs/behaviour/tasks-and-queue.md#task-inputs); the image enhancer's ×4 result must fit
/// core's imaging limits too (core's sizes). A header that cannot be read is left to the run,
/// which fails and refunds.
async fn check_image_sizes(
    state: &AppState,
    module: &modules::TaskModule,
    inputs: &modules::InputFiles,
) -> Result<(), ApiError> {
    let max_pixels = state.limits.settings().max_decode_pixels;
    for (field, obj) in inputs {
        if crate::uploads::paths::media_kind(&obj.content_type) != "image" {
            continue;
        }
        let field = format!("data.{field}");
        let Some((width, height)) =
            check_picture(&state.files, &field, obj, max_pixels, false).await?
        else {
            continue;
        };
        if module.work == aivg_core::tasks::Work::Enhance
            && module.output == aivg_core::tasks::Media::Image
        {
            aivg_core::tasks::sizes::check_upscale_input(width, height)
                .map_err(|e| ApiError::invalid(&field, e))?;
        }
    }
    Ok(())
}

/// Refuses an input video larger (or, for the enhancer, longer) than its module's workflow can
/// process, read with ffprobe, before the task is charged (core's `tasks::video_inputs`,
/// docs/behaviour/tasks-and-queue.md#video-inputs). A video ffprobe cannot read (or no ffprobe)
/// is left to the run, as a picture's unreadable header is.
async fn check_video_sizes(
    state: &AppState,
    module: &modules::TaskModule,
    inputs: &modules::InputFiles,
) -> Result<(), ApiError> {
    let facts = aivg_core::tasks::video_inputs::VideoFacts::default();
    if aivg_core::tasks::video_inputs::video_output(module, facts).is_none() {
        return Ok(()); // not a module that remakes a video: nothing to probe
    }
    for (field, obj) in inputs {
        if crate::uploads::paths::media_kind(&obj.content_type) != "video" {
            continue;
        }
        let Ok(probe) = crate::uploads::mediainfo::ffprobe(&state.files, &obj.oss_path).await
        else {
            continue;
        };
        if probe.width == 0 || probe.height == 0 {
            continue;
        }
        if let Some(Err(problem)) =
            aivg_core::tasks::video_inputs::video_output(module, probe.video_facts())
        {
            return Err(ApiError::invalid(&format!("data.{field}"), problem));
        }
    }
    Ok(())
}

/// The answer of a creation, from the row as written.
fn created(c: &lifecycle::Created) -> CreatedTask {
    let t = &c.row;
    CreatedTask {
        task_id: t.task_id.clone(),
        task_id_camel: t.task_id.clone(),
        status: t.status.clone(),
        credits: t.credits,
        queue_position: c.queue_position,
        retry_of: None,
    }
}

/// `POST /v1/ai/create/{algorithm}` `{data: {...}, user_data?}` → `{task_id, taskId, status,
/// credits, queue_position}`. The module's credits (see `modules.rs`) are charged when the task
/// is accepted, in the same transaction; not enough credits answers HTTP 402 with code
/// [`lifecycle::CODE_INSUFFICIENT_CREDITS`] and charges nothing. A missing or bad field answers
/// 400 naming it (`data.prompt`, `data.file_path`, …); another user's file 404. The instant
/// algorithms (`*_sensitive_detect`, `image_fkp`, `watermark_download`) are in `instant.rs`.
///
/// With an `Idempotency-Key` header, the same key and body within 24 hours answer the first
/// task again and charge once (`idempotency.rs`, docs/api.md#retrying-safely). A task created
/// with an API key may name `callback_url`, POSTed when the task ends (`webhooks/`,
/// docs/api.md#completion-webhooks); the instant algorithms end within the call and send none.
pub async fn create(
    State(state): State<AppState>,
    user: AuthUser,
    Path(module_code): Path<String>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<Value>,
) -> ApiResult<Value> {
    let claim = idempotency::requested(&headers, &format!("create {module_code}"), &body)?;
    let answer = idempotency::once(&state.db.pool, user.id, claim, clock::now_ms, || async {
        if let Some(c) = instant::create(&state, &user, &module_code, &body).await? {
            return Ok(created(&c));
        }
        let module = modules::find(&module_code).ok_or_else(|| {
            ApiError::not_found(format!("algorithm: unknown module {module_code:?}"))
        })?;
        let mut body = body;
        let requested = body.as_object_mut().and_then(|b| b.remove(callback::FIELD));
        let callback = callback_of(&state, &user, requested.as_ref()).await?;
        let (data, user_data) = split_body(body)?;
        let c = queue_task(
            &state,
            &user,
            module,
            &data,
            &user_data,
            "",
            callback.as_ref(),
        )
        .await?;
        Ok(created(&c))
    })
    .await?;
    ok(answer)
}

/// The callback of a task the user creates (`webhooks/callback.rs`).
async fn callback_of(
    state: &AppState,
    user: &AuthUser,
    requested: Option<&Value>,
) -> Result<Option<Callback>, ApiError> {
    callback::for_task(&state.db.pool, &state.cfg.webhooks, user.key_id, requested).await
}

/// `GET /v1/ai/result/{algorithm}/{id}` → the task (see `record.rs`); 404 when it is not the
/// user's, was deleted, or is of another algorithm.
pub async fn result(
    State(state): State<AppState>,
    user: AuthUser,
    Path((module_code, id)): Path<(String, String)>,
) -> ApiResult<record::TaskView> {
    let t = task_of(&state, &user, &id).await?;
    if t.module_code != module_code {
        return Err(ApiError::not_found(format!(
            "task {id} is not a {module_code} task"
        )));
    }
    ok(record::view_of(&state.db.pool, &state.files, &t).await?)
}

/// `POST /v1/ai/result/batch {task_ids}` → `{list}`: the user's tasks among the ids (at most
/// 100), in the order asked; ids that are unknown, deleted or another user's are left out.
pub async fn batch(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<Value>,
) -> ApiResult<List<record::TaskView>> {
    let ids = match body.get("task_ids") {
        Some(Value::Array(a)) => a.clone(),
        Some(Value::String(s)) => s.split(',').map(|x| json!(x.trim())).collect(),
        _ => {
            return Err(ApiError::invalid(
                "task_ids",
                "required: a list of task ids",
            ));
        }
    };
    if ids.len() > MAX_BATCH {
        return Err(ApiError::invalid(
            "task_ids",
            format!("at most {MAX_BATCH} ids per call"),
        ));
    }
    let mut list = Vec::with_capacity(ids.len());
    for v in &ids {
        let id = id_text(Some(v), "task_ids")?;
        if let Some(t) = record::of_user(&state.db.pool, user.id, &id).await? {
            list.push(record::view_of(&state.db.pool, &state.files, &t).await?);
        }
    }
    ok(List { list })
}

/// Cancels an open task of the user: answers whether this call did it.
async fn cancel_open(state: &AppState, t: &TaskRow) -> Result<bool, ApiError> {
    cancel_open_also(state, t, None).await
}

/// [`cancel_open`], with `also` written in the cancel's transaction (the console's audit).
pub async fn cancel_open_also(
    state: &AppState,
    t: &TaskRow,
    also: Option<lifecycle::AlsoWrite<'_>>,
) -> Result<bool, ApiError> {
    let done = super::cancel::cancel_also(state, t, also).await?.is_some();
    if done {
        state.tasks.stop_job(&t.task_id);
        lifecycle::emit(state.task_deps(), &t.task_id, "updateTask").await;
    }
    Ok(done)
}

/// `POST /v1/ai/cancel/{id}` → the task, now `cancelled`: refunded in full while it was queued,
/// the part not yet done while it ran (core's `cancel_refund`; `error` says how much came back,
/// `refunded` whether any did). A task that has already finished answers 409.
pub async fn cancel(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<record::TaskView> {
    let t = task_of(&state, &user, &id).await?;
    if !t.is_open() || !cancel_open(&state, &t).await? {
        let now = task_of(&state, &user, &id).await?;
        return Err(ApiError::conflict(format!(
            "task {id} has already finished ({}): nothing to cancel",
            now.status
        )));
    }
    ok(record::view_of(
        &state.db.pool,
        &state.files,
        &task_of(&state, &user, &id).await?,
    )
    .await?)
}

/// `POST /v1/ai/del/{id}` → `{task_id, deleted: true}`: removes the task from lists and results
/// and deletes its output files; an unfinished task is cancelled (and refunded) first.
pub async fn delete(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Deleted> {
    let t = task_of(&state, &user, &id).await?;
    if t.is_open() {
        cancel_open(&state, &t).await?;
    }
    sqlx::query("UPDATE tasks SET deleted = 1 WHERE task_id = $1")
        .bind(&t.task_id)
        .execute(&state.db.pool)
        .await?;
    crate::uploads::objects::delete_task_outputs(&state.db.pool, &state.files, &t.task_id).await?;
    state.tasks.emit(super::hub::TaskEvent {
        user_id: user.id,
        name: "delTask",
        data: json!({ "task_id": t.task_id, "taskId": t.task_id }),
    });
    ok(Deleted {
        task_id: t.task_id,
        deleted: true,
    })
}

/// `POST /v1/ai/retry {task_id}` → `{task_id, taskId, status, credits, queue_position, retry_of}`:
/// a new run of a finished task (succeeded, failed or cancelled) with the same data, charged
/// again. Its inputs are checked again (a deleted upload answers 404); a task still queued or
/// running answers 409; the instant algorithms cannot be retried (400). A task is retried once:
/// a later (or concurrent) retry answers the first retry, charging nothing
/// (docs/behaviour/tasks-and-queue.md#deleting-and-retrying).
pub async fn retry(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<Value>,
) -> ApiResult<CreatedTask> {
    let id = id_text(
        body.get("task_id").or_else(|| body.get("taskId")),
        "task_id",
    )?;
    let t = task_of(&state, &user, &id).await?;
    let callback = callback_of(&state, &user, body.get(callback::FIELD)).await?;
    ok(retry_task(&state, &user, &t, callback.as_ref(), None).await?)
}

/// The retry of the user's task `t` (see [`retry`]), with `also` written in the creation's
/// transaction (an admin's retry: its audit; a task already retried writes nothing).
pub async fn retry_task(
    state: &AppState,
    user: &AuthUser,
    t: &TaskRow,
    callback: Option<&Callback>,
    also: Option<lifecycle::AlsoWrite<'_>>,
) -> Result<CreatedTask, ApiError> {
    let id = &t.task_id;
    if t.is_open() {
        return Err(ApiError::conflict(format!(
            "task {id} is still {}: cancel it or wait for it to finish",
            t.status
        )));
    }
    let module = modules::find(&t.module_code).ok_or_else(|| {
        ApiError::invalid(
            "task_id",
            format!("{} tasks cannot be retried", t.module_code),
        )
    })?;
    // Most repeated retries end here, before the inputs are checked again; concurrent ones are
    // decided under the user's lock (`lifecycle::create`).
    let first: Option<String> = sqlx::query_scalar(lifecycle::FIRST_RETRY_SQL)
        .bind(user.id)
        .bind(&t.task_id)
        .fetch_optional(&state.db.pool)
        .await?;
    if let Some(retry_id) = first {
        return first_retry(state, user, &retry_id, &t.task_id).await;
    }
    let user_data: Value = if t.user_data.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&t.user_data).unwrap_or(Value::Null)
    };
    let c = match create_task(
        state,
        user,
        module,
        &t.data_value(),
        &user_data,
        &t.task_id,
        Extras { callback, also },
    )
    .await?
    {
        Ok(c) => c,
        Err(lifecycle::CreateError::AlreadyRetried { task_id }) => {
            return first_retry(state, user, &task_id, &t.task_id).await;
        }
        Err(e) => return Err(e.into()),
    };
    let new_id = &c.row.task_id;
    state.tasks.emit(super::hub::TaskEvent {
        user_id: user.id,
        name: "retryTask",
        data: json!({ "task_id": new_id, "taskId": new_id, "retry_of": t.task_id }),
    });
    Ok(CreatedTask {
        retry_of: Some(t.task_id.clone()),
        ..created(&c)
    })
}

/// `POST /v1/ai/task/data_save {taskId, save_type, user_data}` → `{taskId, task_id, save_type}`:
/// keeps the client's `user_data` (any JSON, at most 64 KiB;
/// docs/behaviour/tasks-and-queue.md#task-modules lists module, isFromTpl, isAudio, num, name,
/// fields, likeOrNotInfo) and `save_type` (string or number) with the task.
pub async fn data_save(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<Value>,
) -> ApiResult<Saved> {
    let id = id_text(body.get("taskId").or_else(|| body.get("task_id")), "taskId")?;
    let t = task_of(&state, &user, &id).await?;
    let save_type = match body.get("save_type") {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        Some(_) => {
            return Err(ApiError::invalid(
                "save_type",
                "must be a string or a number",
            ));
        }
    };
    let user_data = body
        .get("user_data")
        .cloned()
        .unwrap_or(Value::Object(Map::new()));
    let text = check_user_data(&user_data)?;
    sqlx::query("UPDATE tasks SET user_data = $1, save_type = $2 WHERE task_id = $3")
        .bind(&text)
        .bind(&save_type)
        .bind(&t.task_id)
        .execute(&state.db.pool)
        .await?;
    lifecycle::emit(state.task_deps(), &t.task_id, "updateTask").await;
    ok(Saved {
        task_id_camel: t.task_id.clone(),
        task_id: t.task_id,
        save_type,
    })
}

/// `POST /v1/ai/task/like {task_id, like}` → `{task_id, like}`: like 1, dislike 0, cancel -1
/// (docs/behaviour/tasks-and-queue.md#task-modules "Like values"); the value shows as `like` in the
/// task (-1 = none).
pub async fn like(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<Value>,
) -> ApiResult<Liked> {
    let id = id_text(
        body.get("task_id").or_else(|| body.get("taskId")),
        "task_id",
    )?;
    let like: i64 = body
        .get("like")
        .and_then(|v| {
            v.as_i64()
                .or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))
        })
        .filter(|v| [1, 0, -1].contains(v))
        .ok_or_else(|| ApiError::invalid("like", "use 1 (like), 0 (dislike) or -1 (cancel)"))?;
    let t = task_of(&state, &user, &id).await?;
    sqlx::query("UPDATE tasks SET like_state = $1 WHERE task_id = $2")
        .bind(like)
        .bind(&t.task_id)
        .execute(&state.db.pool)
        .await?;
    lifecycle::emit(state.task_deps(), &t.task_id, "updateTask").await;
    ok(Liked {
        task_id: t.task_id,
        like,
    })
}
