//! Users in the console: search by e-mail or id, one user's account with its balance, ledger and
//! tasks, and credits granted or taken with a reason (through the ledger, so the user's credit
//! history shows the reason and the balance always equals the history).

use super::AdminUser;
use super::audit;
use crate::api::{ApiError, ApiJson, ApiResult, ok};
use crate::clock;
use crate::ledger;
use crate::params::ApiQuery;
use crate::state::AppState;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use sqlx::FromRow;

/// Users a search answers at most.
pub const SEARCH_LIMIT: i64 = 50;
/// The most credits one grant or take may move (a typo of a few zeros is refused).
pub const MAX_CREDIT_CHANGE: i64 = 1_000_000;
/// The longest reason.
pub const MAX_REASON_CHARS: usize = 200;

/// `?q=`: part of an e-mail, or an id or uid.
#[derive(Debug, Deserialize)]
pub struct SearchQuery {
    #[serde(default)]
    pub q: String,
}

/// A user as the console lists them.
#[derive(Debug, FromRow, Serialize)]
pub struct UserRow {
    pub id: i64,
    pub uid: String,
    pub email: String,
    pub nickname: String,
    pub role: String,
    pub created_at: i64,
    /// 1 when the operator disabled the account.
    pub disabled: i64,
}

/// `GET /v1/admin/users?q=`: newest first, at most [`SEARCH_LIMIT`]; an empty `q` lists the
/// newest accounts.
pub async fn search(
    State(state): State<AppState>,
    _admin: AdminUser,
    ApiQuery(q): ApiQuery<SearchQuery>,
) -> ApiResult<Vec<UserRow>> {
    let q = q.q.trim().to_lowercase();
    if q.chars().count() > 254 {
        return Err(ApiError::invalid("q", "at most 254 characters"));
    }
    // LIKE's own wildcards in the search text are matched as themselves.
    let escaped = q
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    let id: i64 = q.parse().unwrap_or(-1);
    let rows: Vec<UserRow> = sqlx::query_as(
        "SELECT id, uid, email, nickname, role, created_at, disabled FROM users
         WHERE $1 = '' OR email LIKE $2 ESCAPE '\\' OR id = $3 OR uid = $1
         ORDER BY id DESC LIMIT $4",
    )
    .bind(&q)
    .bind(format!("%{escaped}%"))
    .bind(id)
    .bind(SEARCH_LIMIT)
    .fetch_all(&state.db.pool)
    .await?;
    ok(rows)
}

/// A ledger row of the user.
#[derive(Debug, FromRow, Serialize)]
pub struct LedgerRow {
    pub id: i64,
    #[sqlx(rename = "type")]
    #[serde(rename = "type")]
    pub kind: String,
    pub reason: String,
    pub details: String,
    pub credits: i64,
    pub date: i64,
}

/// A task of the user.
#[derive(Debug, FromRow, Serialize)]
pub struct TaskRow {
    pub task_id: String,
    pub algorithm: String,
    pub status: String,
    pub credits: i64,
    pub created_ms: i64,
}

/// `GET /v1/admin/users/{id}`.
#[derive(Debug, Serialize)]
pub struct UserDetail {
    pub user: UserRow,
    pub balance: i64,
    /// The newest 50 ledger rows.
    pub ledger: Vec<LedgerRow>,
    /// The newest 50 tasks.
    pub tasks: Vec<TaskRow>,
    /// Sessions not logged out and not expired.
    pub sessions: i64,
}

async fn user_row(state: &AppState, id: i64) -> Result<UserRow, ApiError> {
    sqlx::query_as(
        "SELECT id, uid, email, nickname, role, created_at, disabled FROM users WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(&state.db.pool)
    .await?
    .ok_or_else(|| ApiError::not_found(format!("no account has the id {id}")))
}

pub async fn detail(
    State(state): State<AppState>,
    _admin: AdminUser,
    Path(id): Path<i64>,
) -> ApiResult<UserDetail> {
    let user = user_row(&state, id).await?;
    let mut conn = state.db.pool.acquire().await?;
    let balance = ledger::balance(&mut conn, id, clock::now_s()).await?;
    let ledger: Vec<LedgerRow> = sqlx::query_as(
        "SELECT id, type, reason, details, credits, date FROM credit_entries WHERE user_id = $1 ORDER BY id DESC LIMIT 50",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    let tasks: Vec<TaskRow> = sqlx::query_as(
        "SELECT task_id, algorithm, status, credits, created_ms FROM tasks WHERE user_id = $1 ORDER BY id DESC LIMIT 50",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    let sessions: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM tokens WHERE user_id = $1 AND revoked = 0 AND expires_ms > $2",
    )
    .bind(id)
    .bind(clock::now_ms())
    .fetch_one(&mut *conn)
    .await?;
    ok(UserDetail {
        user,
        balance,
        ledger,
        tasks,
        sessions,
    })
}

/// `{delta, reason}` of a credit change.
#[derive(Debug, Deserialize)]
pub struct CreditChange {
    pub delta: i64,
    pub reason: String,
}

/// The answer: the credits moved (a take is limited to the balance) and the new balance.
#[derive(Debug, Serialize)]
pub struct CreditsChanged {
    pub moved: i64,
    pub balance: i64,
}

/// `POST /v1/admin/users/{id}/credits {delta, reason}`: grants (`delta` > 0) or takes (< 0)
/// credits. The reason is required; it is the ledger row's details, which the user's credit
/// history shows. A take never goes below zero: it takes what is there.
pub async fn credits(
    State(state): State<AppState>,
    admin: AdminUser,
    Path(id): Path<i64>,
    ApiJson(change): ApiJson<CreditChange>,
) -> ApiResult<CreditsChanged> {
    let reason = change.reason.trim();
    check_reason(
        reason,
        "required: say why, the user reads it in their credit history",
    )?;
    if change.delta == 0 || change.delta.abs() > MAX_CREDIT_CHANGE {
        return Err(ApiError::invalid(
            "delta",
            format!(
                "must be a whole number from -{MAX_CREDIT_CHANGE} to {MAX_CREDIT_CHANGE}, not 0"
            ),
        ));
    }
    user_row(&state, id).await?;
    let now = clock::now_s();
    let _gate = state.db.write_gate.enter(id).await;
    let mut tx = crate::db::begin_write(&state.db.pool).await?;
    ledger::lock_user(&mut tx, id).await?;
    let before = ledger::balance(&mut tx, id, now).await?;
    let reference = format!("admin:{}", admin.id);
    let entry = ledger::Entry {
        user_id: id,
        reason: "admin",
        details: reason,
        credits: change.delta.abs(),
        date: now,
        expire_time: 0,
        reference: &reference,
    };
    let moved = if change.delta > 0 {
        ledger::grant(&mut tx, &entry).await?;
        change.delta
    } else {
        let taken = before.min(change.delta.abs());
        if taken > 0 {
            ledger::take_back(
                &mut tx,
                &ledger::Entry {
                    credits: taken,
                    ..entry
                },
            )
            .await?;
        }
        -taken
    };
    let after = before + moved;
    let target = format!("user:{id}");
    let what = format!("credits {moved:+}: {reason}");
    audit::record(
        &mut tx,
        admin.id,
        "credits",
        &target,
        &before.to_string(),
        &format!("{after} ({what})"),
    )
    .await?;
    tx.commit().await?;
    state.user_infos.changed(id);
    ok(CreditsChanged {
        moved,
        balance: after,
    })
}

/// An admin's reason (a credit change's, a refund's): required (`when_empty` says why), at most
/// `MAX_REASON_CHARS` characters, no control characters.
pub fn check_reason(reason: &str, when_empty: &str) -> Result<(), ApiError> {
    if reason.is_empty() {
        return Err(ApiError::invalid("reason", when_empty));
    }
    if reason.chars().count() > MAX_REASON_CHARS {
        return Err(ApiError::invalid(
            "reason",
            format!("at most {MAX_REASON_CHARS} characters"),
        ));
    }
    if reason.chars().any(aivg_core::session::is_invisible) {
        return Err(ApiError::invalid(
            "reason",
            "control characters are not allowed",
        ));
    }
    Ok(())
}
