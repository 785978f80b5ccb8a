//! Tasks in the console: every user's tasks, filtered and paged; one task's inputs, outputs,
//! engine, prompt id, timings and error; and an admin's retry, cancel and refund, each through the
//! task lifecycle's own code (`tasks/calls.rs`, `tasks/cancel.rs`, the ledger's refund) and
//! audited in the same transaction.

use super::AdminUser;
use super::audit;
use crate::accounts::auth::AuthUser;
use crate::api::{ApiError, ApiResult, ok};
use crate::clock;
use crate::ledger::{self, LedgerError};
use crate::params::ApiQuery;
use crate::state::AppState;
use crate::tasks::call_answers::CreatedTask;
use crate::tasks::calls;
use crate::tasks::lifecycle::{AlsoWrite, AlsoWriteFn};
use crate::tasks::record::{self, TaskRow, TaskView};
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use sqlx::{AnyConnection, FromRow};

/// Tasks a page.
pub const PAGE_SIZE: i64 = 50;
/// The statuses a task has (docs/behaviour/tasks-and-queue.md#the-queue).
const STATUSES: [&str; 5] = ["queued", "running", "succeeded", "failed", "cancelled"];

/// The filters of `GET /v1/admin/tasks` (each optional): `user` (id, uid or e-mail), `module`,
/// `status`, `engine` (`comfyui`, `fal`, `local`, or a ComfyUI server's URL), `from` and `to`
/// (creation time, epoch milliseconds, `to` excluded), `page` (from 1).
#[derive(Debug, Deserialize, Default)]
pub struct TaskQuery {
    #[serde(default)]
    pub user: String,
    #[serde(default)]
    pub module: String,
    #[serde(default)]
    pub status: String,
    #[serde(default)]
    pub engine: String,
    #[serde(default)]
    pub from: Option<i64>,
    #[serde(default)]
    pub to: Option<i64>,
    #[serde(default)]
    pub page: Option<i64>,
}

/// A task as the console lists it.
#[derive(Debug, FromRow, Serialize)]
pub struct TaskLine {
    pub task_id: String,
    pub user_id: i64,
    pub email: String,
    pub algorithm: String,
    pub status: String,
    pub progress: i64,
    pub credits: i64,
    pub refunded: i64,
    pub engine: String,
    pub backend: String,
    pub error: String,
    pub created_ms: i64,
    pub started_ms: i64,
    pub finished_ms: i64,
}

/// A page of tasks, newest first.
#[derive(Debug, Serialize)]
pub struct TaskPage {
    pub list: Vec<TaskLine>,
    pub total: i64,
    pub page: i64,
    pub page_size: i64,
}

fn checked_text<'a>(field: &str, value: &'a str, max: usize) -> Result<&'a str, ApiError> {
    let v = value.trim();
    if v.chars().count() > max {
        return Err(ApiError::invalid(
            field,
            format!("at most {max} characters"),
        ));
    }
    Ok(v)
}

/// The account a `user` filter names (id, uid or e-mail); `None` when none has it.
async fn user_of(state: &AppState, user: &str) -> Result<Option<i64>, sqlx::Error> {
    let id: i64 = user.parse().unwrap_or(-1);
    sqlx::query_scalar("SELECT id FROM users WHERE id = $1 OR uid = $2 OR email = $3 LIMIT 1")
        .bind(id)
        .bind(user)
        .bind(user.to_lowercase())
        .fetch_optional(&state.db.pool)
        .await
}

/// The filters' `WHERE`, over `tasks t` (`$1` user id, -1 for any; `$2` module; `$3` status;
/// `$4` engine; `$5`, `$6` the time range).
const FILTERS: &str = "($1 = -1 OR t.user_id = $1)
    AND ($2 = '' OR t.algorithm = $2 OR t.module = $2)
    AND ($3 = '' OR t.status = $3)
    AND ($4 = '' OR t.engine = $4 OR t.backend = $4)
    AND t.created_ms >= $5 AND t.created_ms < $6";

/// `GET /v1/admin/tasks`: every user's tasks (deleted ones too), newest first, 50 a page.
pub async fn list(
    State(state): State<AppState>,
    _admin: AdminUser,
    ApiQuery(q): ApiQuery<TaskQuery>,
) -> ApiResult<TaskPage> {
    let page = q.page.unwrap_or(1);
    if !(1..=100_000).contains(&page) {
        return Err(ApiError::invalid("page", "must be a whole number from 1"));
    }
    let user = checked_text("user", &q.user, 254)?;
    let module = checked_text("module", &q.module, 64)?;
    let engine = checked_text("engine", &q.engine, 512)?;
    let status = q.status.trim();
    if !status.is_empty() && !STATUSES.contains(&status) {
        return Err(ApiError::invalid(
            "status",
            format!("one of {}", STATUSES.join(", ")),
        ));
    }
    let (from, to) = (q.from.unwrap_or(0), q.to.unwrap_or(i64::MAX));
    if from < 0 || to <= from {
        return Err(ApiError::invalid(
            "to",
            "the time range must end after it starts (epoch milliseconds)",
        ));
    }
    let user_id = if user.is_empty() {
        -1
    } else {
        match user_of(&state, user).await? {
            Some(id) => id,
            None => {
                return ok(TaskPage {
                    list: Vec::new(),
                    total: 0,
                    page,
                    page_size: PAGE_SIZE,
                });
            }
        }
    };
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM tasks t WHERE {FILTERS}"))
        .bind(user_id)
        .bind(module)
        .bind(status)
        .bind(engine)
        .bind(from)
        .bind(to)
        .fetch_one(&state.db.pool)
        .await?;
    let list: Vec<TaskLine> = sqlx::query_as(&format!(
        "SELECT t.task_id, t.user_id, u.email, t.algorithm, t.status, t.progress, t.credits, t.refunded,
                t.engine, t.backend, t.error, t.created_ms, t.started_ms, t.finished_ms
         FROM tasks t JOIN users u ON u.id = t.user_id WHERE {FILTERS}
         ORDER BY t.id DESC LIMIT $7 OFFSET $8"
    ))
    .bind(user_id)
    .bind(module)
    .bind(status)
    .bind(engine)
    .bind(from)
    .bind(to)
    .bind(PAGE_SIZE)
    .bind((page - 1) * PAGE_SIZE)
    .fetch_all(&state.db.pool)
    .await?;
    ok(TaskPage {
        list,
        total,
        page,
        page_size: PAGE_SIZE,
    })
}

/// Where a task ran, as the worker recorded it.
#[derive(Debug, FromRow, Serialize)]
pub struct Placement {
    pub email: String,
    pub engine: String,
    pub backend: String,
    pub prompt_id: String,
    pub deleted: i64,
}

/// `GET /v1/admin/tasks/{id}`: the task as its owner reads it (inputs in `data`, outputs in
/// `result` with fresh signed URLs, `error`, times) with its owner, where it ran (engine,
/// ComfyUI server and prompt id, when known), its timings in milliseconds and whether the console
/// may refund it.
#[derive(Debug, Serialize)]
pub struct TaskDetail {
    pub task: TaskView,
    pub user_id: i64,
    #[serde(flatten)]
    pub placement: Placement,
    pub created_ms: i64,
    pub started_ms: i64,
    pub finished_ms: i64,
    pub can_refund: bool,
}

async fn task_row(state: &AppState, id: &str) -> Result<TaskRow, ApiError> {
    if id.chars().count() > 64 {
        return Err(ApiError::invalid("id", "at most 64 characters"));
    }
    record::by_task_id(&state.db.pool, id)
        .await?
        .ok_or_else(|| ApiError::not_found(format!("task {id} not found")))
}

/// Whether the console may refund `t`: it failed or was cancelled, it was charged, and nothing
/// was refunded yet (a refund happens at most once per task,
/// docs/behaviour/credits-and-checkin.md#refunds).
fn refundable(t: &TaskRow) -> bool {
    (t.status == "failed" || t.status == "cancelled") && t.charge_id > 0 && t.refunded == 0
}

pub async fn detail(
    State(state): State<AppState>,
    _admin: AdminUser,
    Path(id): Path<String>,
) -> ApiResult<TaskDetail> {
    let t = task_row(&state, &id).await?;
    let placement: Placement = sqlx::query_as(
        "SELECT u.email, t.engine, t.backend, t.prompt_id, t.deleted FROM tasks t JOIN users u ON u.id = t.user_id WHERE t.task_id = $1",
    )
    .bind(&t.task_id)
    .fetch_one(&state.db.pool)
    .await?;
    let task = record::view_of(&state.db.pool, &state.files, &t).await?;
    ok(TaskDetail {
        task,
        user_id: t.user_id,
        placement,
        created_ms: t.created_ms,
        started_ms: t.started_ms,
        finished_ms: t.finished_ms,
        can_refund: refundable(&t),
    })
}

/// The owner of `t`, as the task calls know them (an admin acts on the user's task as the user
/// would, and the user's own rules apply: charges, the one retry).
fn owner(t: &TaskRow) -> AuthUser {
    AuthUser {
        id: t.user_id,
        uid: t.uid.clone(),
        jti: String::new(),
        key_id: None,
    }
}

/// An audit entry of admin `by` on task `target`, written by the lifecycle in its transaction
/// with what the change did as `after`.
fn audit_write(by: i64, action: &'static str, target: String, before: String) -> Box<AlsoWriteFn> {
    Box::new(move |conn: &mut AnyConnection, after: String| {
        let (target, before) = (target.clone(), before.clone());
        Box::pin(async move { audit::record(conn, by, action, &target, &before, &after).await })
    })
}

fn status_line(t: &TaskRow) -> String {
    format!(
        "{}, {} credits, refunded {}",
        t.status, t.credits, t.refunded
    )
}

/// `POST /v1/admin/tasks/{id}/retry`: the user's retry (`POST /v1/ai/retry`), made by the admin:
/// a new run of the finished task with the same data, charged to the user like theirs; a task
/// is retried once (a second retry answers the first, and is not audited again).
pub async fn retry(
    State(state): State<AppState>,
    admin: AdminUser,
    Path(id): Path<String>,
) -> ApiResult<CreatedTask> {
    let t = task_row(&state, &id).await?;
    let write = audit_write(
        admin.id,
        "task_retry",
        format!("task:{}", t.task_id),
        status_line(&t),
    );
    let created = calls::retry_task(&state, &owner(&t), &t, None, Some(AlsoWrite(&*write))).await?;
    state.user_infos.changed(t.user_id);
    ok(created)
}

/// The task after an action.
#[derive(Debug, Serialize)]
pub struct TaskAfter {
    pub task: TaskView,
    pub can_refund: bool,
}

async fn after(state: &AppState, id: &str) -> Result<TaskAfter, ApiError> {
    let t = task_row(state, id).await?;
    Ok(TaskAfter {
        task: record::view_of(&state.db.pool, &state.files, &t).await?,
        can_refund: refundable(&t),
    })
}

/// `POST /v1/admin/tasks/{id}/cancel`: the user's cancel, made by the admin (refund by
/// docs/behaviour/credits-and-checkin.md#refunds); a finished task answers 409.
pub async fn cancel(
    State(state): State<AppState>,
    admin: AdminUser,
    Path(id): Path<String>,
) -> ApiResult<TaskAfter> {
    let t = task_row(&state, &id).await?;
    let write = audit_write(
        admin.id,
        "task_cancel",
        format!("task:{}", t.task_id),
        status_line(&t),
    );
    if !t.is_open() || !calls::cancel_open_also(&state, &t, Some(AlsoWrite(&*write))).await? {
        return Err(ApiError::conflict(format!(
            "task {id} has already finished: nothing to cancel"
        )));
    }
    state.user_infos.changed(t.user_id);
    ok(after(&state, &id).await?)
}

/// `POST /v1/admin/tasks/{id}/refund`: gives a failed or cancelled task's credits back when
/// nothing was refunded yet, through the ledger's refund (to the very grants they came from).
/// Once: the task's `refunded` flag is set under the user's ledger lock, guarded by its value,
/// and the ledger's unique refund index backs it up, so two admins clicking at once refund once
/// (the other gets 409). Any other task answers 409.
pub async fn refund(
    State(state): State<AppState>,
    admin: AdminUser,
    Path(id): Path<String>,
) -> ApiResult<TaskAfter> {
    let t = task_row(&state, &id).await?;
    if !refundable(&t) {
        return Err(not_refundable(&t));
    }
    let now_ms = clock::now_ms();
    let _turn = state.db.write_gate.enter(t.user_id).await;
    let mut tx = crate::db::begin_write(&state.db.pool).await?;
    ledger::lock_user(&mut tx, t.user_id).await?;
    let charge: Option<i64> = sqlx::query_scalar(
        "UPDATE tasks SET refunded = 1 WHERE task_id = $1 AND refunded = 0 AND charge_id > 0
         AND (status = 'failed' OR status = 'cancelled') RETURNING charge_id",
    )
    .bind(&t.task_id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(charge_id) = charge else {
        tx.rollback().await?;
        return Err(not_refundable(&task_row(&state, &id).await?));
    };
    let details = format!("Refund: task {}", t.status);
    let before = ledger::balance(&mut tx, t.user_id, now_ms / 1000).await?;
    match ledger::refund(&mut tx, charge_id, &details, now_ms / 1000).await {
        Ok(_) => {}
        Err(LedgerError::AlreadyRefunded) => {
            tx.rollback().await?;
            return Err(ApiError::conflict(format!(
                "task {id} was already refunded"
            )));
        }
        Err(LedgerError::Insufficient { .. }) => {
            tx.rollback().await?;
            return Err(ApiError::conflict(format!("task {id} cannot be refunded")));
        }
        Err(LedgerError::Db(e)) => return Err(e.into()),
    }
    let balance = ledger::balance(&mut tx, t.user_id, now_ms / 1000).await?;
    audit::record(
        &mut tx,
        admin.id,
        "task_refund",
        &format!("task:{}", t.task_id),
        &format!("{}; balance {before}", status_line(&t)),
        &format!("refunded {} credits; balance {balance}", t.credits),
    )
    .await?;
    tx.commit().await?;
    state.user_infos.changed(t.user_id);
    crate::tasks::lifecycle::emit(state.task_deps(), &t.task_id, "updateTask").await;
    ok(after(&state, &id).await?)
}

fn not_refundable(t: &TaskRow) -> ApiError {
    let why = if t.refunded != 0 {
        "was already refunded".to_owned()
    } else if t.charge_id == 0 {
        "cost nothing".to_owned()
    } else {
        format!(
            "is {}: only a failed or cancelled task is refunded",
            t.status
        )
    };
    ApiError::conflict(format!("task {} {why}", t.task_id))
}
