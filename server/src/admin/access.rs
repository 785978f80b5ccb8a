//! An account's access, from the console: sign a user out everywhere, disable an account (its
//! sessions and unused log-in codes end, and it cannot log in again) or enable it. Audited.
//!
//! Sessions are ended in the database at once; an instance that keeps sessions in memory
//! (`AIVG_TOKEN_CACHE_MS`) may still accept one of them until its copy expires. This instance
//! forgets them at once.

use super::AdminUser;
use super::audit;
use crate::api::{ApiError, ApiJson, ApiResult, ok};
use crate::state::AppState;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;

/// Ends every open session of `user_id`; answers how many.
async fn end_sessions(
    conn: &mut AnyConnection,
    state: &AppState,
    user_id: i64,
) -> Result<usize, sqlx::Error> {
    let ended: Vec<String> = sqlx::query_scalar(
        "UPDATE tokens SET revoked = 1 WHERE user_id = $1 AND revoked = 0 RETURNING jti",
    )
    .bind(user_id)
    .fetch_all(&mut *conn)
    .await?;
    sqlx::query("UPDATE auth_codes SET used = 1 WHERE user_id = $1 AND used = 0")
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    for jti in &ended {
        state.sessions.forget(jti);
    }
    Ok(ended.len())
}

async fn exists(state: &AppState, id: i64) -> Result<i64, ApiError> {
    let disabled: Option<i64> = sqlx::query_scalar("SELECT disabled FROM users WHERE id = $1")
        .bind(id)
        .fetch_optional(&state.db.pool)
        .await?;
    disabled.ok_or_else(|| ApiError::not_found(format!("no account has the id {id}")))
}

/// The answer of a sign-out: the sessions ended.
#[derive(Debug, Serialize)]
pub struct SignedOut {
    pub sessions_ended: usize,
}

/// `POST /v1/admin/users/{id}/sign-out`: ends every session of the user.
pub async fn sign_out(
    State(state): State<AppState>,
    admin: AdminUser,
    Path(id): Path<i64>,
) -> ApiResult<SignedOut> {
    exists(&state, id).await?;
    let mut tx = crate::db::begin_write(&state.db.pool).await?;
    let ended = end_sessions(&mut tx, &state, id).await?;
    let target = format!("user:{id}");
    let after = format!("{ended} sessions ended");
    audit::record(&mut tx, admin.id, "sign_out", &target, "", &after).await?;
    tx.commit().await?;
    ok(SignedOut {
        sessions_ended: ended,
    })
}

/// `{disabled}` of `POST /v1/admin/users/{id}/disabled`.
#[derive(Debug, Deserialize)]
pub struct DisabledChange {
    pub disabled: bool,
}

/// The answer: the account's state and the sessions ended.
#[derive(Debug, Serialize)]
pub struct DisabledChanged {
    pub disabled: bool,
    pub sessions_ended: usize,
}

/// `POST /v1/admin/users/{id}/disabled {disabled}`: disables (its sessions end, it cannot log
/// in) or enables an account. An admin cannot disable their own.
pub async fn set_disabled(
    State(state): State<AppState>,
    admin: AdminUser,
    Path(id): Path<i64>,
    ApiJson(change): ApiJson<DisabledChange>,
) -> ApiResult<DisabledChanged> {
    if id == admin.id && change.disabled {
        return Err(ApiError::conflict(
            "you cannot disable your own account from the console",
        ));
    }
    let before = exists(&state, id).await? != 0;
    let mut tx = crate::db::begin_write(&state.db.pool).await?;
    sqlx::query("UPDATE users SET disabled = $1 WHERE id = $2")
        .bind(i64::from(change.disabled))
        .bind(id)
        .execute(&mut *tx)
        .await?;
    let ended = if change.disabled {
        end_sessions(&mut tx, &state, id).await?
    } else {
        0
    };
    let target = format!("user:{id}");
    let (was, now) = (state_word(before), state_word(change.disabled));
    audit::record(&mut tx, admin.id, "set_disabled", &target, was, now).await?;
    tx.commit().await?;
    ok(DisabledChanged {
        disabled: change.disabled,
        sessions_ended: ended,
    })
}

fn state_word(disabled: bool) -> &'static str {
    if disabled { "disabled" } else { "enabled" }
}
