//! `POST /v1/ai/task`: the user's task list (docs/behaviour/tasks-and-queue.md#the-queue; answer
//! not shown, decided here), with bounded filters.

use super::record::{self, TaskRow};
use crate::accounts::auth::AuthUser;
use crate::api::{ApiError, ApiJson, ApiResult, ok};
use crate::state::AppState;
use axum::extract::State;
use serde::Serialize;
use serde_json::Value;

/// Default and largest page sizes of the task list (20 is the spec's,
/// docs/behaviour/tasks-and-queue.md#the-queue).
pub const PAGE_SIZE: i64 = aivg_core::tasks::TASK_LIST_PAGE_SIZE as i64;
const MAX_PAGE_SIZE: i64 = 100;
/// Most values of one list filter (`module`, `algorithm`, `status`), and their longest.
pub const MAX_FILTER_VALUES: usize = 50;
const MAX_FILTER_CHARS: usize = 64;

fn number_field(body: &Value, field: &str, default: i64, max: i64) -> Result<i64, ApiError> {
    let n = match body.get(field) {
        None | Some(Value::Null) => return Ok(default),
        Some(Value::String(s)) if s.trim().is_empty() => return Ok(default),
        Some(Value::String(s)) => s.trim().parse::<i64>().ok(),
        Some(v) => v.as_i64(),
    };
    n.filter(|n| (1..=max).contains(n))
        .ok_or_else(|| ApiError::invalid(field, format!("must be a whole number from 1 to {max}")))
}

/// A list filter: a string (comma-separated) or a list of strings, bounded (see
/// [`MAX_FILTER_VALUES`]).
fn strings(body: &Value, field: &str) -> Result<Vec<String>, ApiError> {
    let values = filter_values(body, field)?;
    if values.len() > MAX_FILTER_VALUES {
        return Err(ApiError::invalid(
            field,
            format!("at most {MAX_FILTER_VALUES} values"),
        ));
    }
    if values.iter().any(|v| v.chars().count() > MAX_FILTER_CHARS) {
        return Err(ApiError::invalid(
            field,
            format!("each value at most {MAX_FILTER_CHARS} characters"),
        ));
    }
    Ok(values)
}

fn filter_values(body: &Value, field: &str) -> Result<Vec<String>, ApiError> {
    match body.get(field) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::String(s)) => Ok(s
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect()),
        Some(Value::Array(a)) => a
            .iter()
            .map(|v| {
                v.as_str().map(str::to_owned).ok_or_else(|| {
                    ApiError::invalid(field, "must be a string or a list of strings")
                })
            })
            .collect(),
        Some(_) => Err(ApiError::invalid(
            field,
            "must be a string or a list of strings",
        )),
    }
}

/// A page of the user's tasks (each in `record.rs`'s shape).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TaskPage {
    pub list: Vec<record::TaskView>,
    pub total: i64,
    pub page: i64,
    pub page_size: i64,
}

/// `POST /v1/ai/task {page, page_size, module, algorithm, status}` → `{list, total, page,
/// page_size}`: the user's tasks, newest first (page from 1, page_size default 20, at most 100).
/// `module` matches the `user_data.module` given at creation, else the algorithm; `algorithm`
/// is one code or a list; `status` one status or a list. `mi_preview` and `is_workflow` are
/// accepted and ignored (no workflows here).
pub async fn list(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<Value>,
) -> ApiResult<TaskPage> {
    // Every field has a default, so only the body's own shape can be wrong.
    if !(body.is_object() || body.is_null()) {
        return Err(ApiError::invalid("body", "must be a JSON object"));
    }
    let page = number_field(&body, "page", 1, 1_000_000)?;
    let size = number_field(&body, "page_size", PAGE_SIZE, MAX_PAGE_SIZE)?;
    let modules = strings(&body, "module")?;
    let algorithms = strings(&body, "algorithm")?;
    let statuses = strings(&body, "status")?;
    let mut filter = String::from("t.user_id = $1 AND t.deleted = 0");
    let mut binds: Vec<String> = Vec::new();
    for (column, values) in [
        ("t.module", &modules),
        ("t.algorithm", &algorithms),
        ("t.status", &statuses),
    ] {
        if values.is_empty() {
            continue;
        }
        let marks: Vec<String> = values
            .iter()
            .map(|v| {
                binds.push(v.clone());
                format!("${}", binds.len() + 1)
            })
            .collect();
        filter.push_str(&format!(" AND {column} IN ({})", marks.join(", ")));
    }
    let count_sql = format!("SELECT COUNT(*) FROM tasks t WHERE {filter}");
    let mut q = sqlx::query_scalar(&count_sql).bind(user.id);
    for b in &binds {
        q = q.bind(b);
    }
    let total: i64 = q.fetch_one(&state.db.pool).await?;
    let n = binds.len();
    let sql = format!(
        "SELECT {} FROM tasks t JOIN users u ON u.id = t.user_id WHERE {filter} ORDER BY t.id DESC LIMIT ${} OFFSET ${}",
        record::COLUMNS,
        n + 2,
        n + 3
    );
    let mut q = sqlx::query_as::<_, TaskRow>(&sql).bind(user.id);
    for b in &binds {
        q = q.bind(b);
    }
    let rows = q
        .bind(size)
        .bind((page - 1) * size)
        .fetch_all(&state.db.pool)
        .await?;
    let mut list = Vec::with_capacity(rows.len());
    for t in &rows {
        list.push(record::view_of(&state.db.pool, &state.files, t).await?);
    }
    ok(TaskPage {
        list,
        total,
        page,
        page_size: size,
    })
}
