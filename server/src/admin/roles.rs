//! Roles: an account is a `user` or an `admin`. The server machine's command line makes and
//! unmakes admins (`aivg-server admin grant|revoke <email>`); an admin can do the same from the
//! console. Every change is audited.

use super::AdminUser;
use super::audit;
use crate::api::{ApiError, ApiJson, ApiResult, ok};
use crate::state::AppState;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use sqlx::AnyPool;

/// The two roles.
pub const ROLES: [&str; 2] = ["user", "admin"];

/// Whether `user_id` is an admin.
pub async fn is_admin(pool: &AnyPool, user_id: i64) -> Result<bool, sqlx::Error> {
    let role: Option<String> = sqlx::query_scalar("SELECT role FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_optional(pool)
        .await?;
    Ok(role.as_deref() == Some("admin"))
}

/// Why a role could not be set.
#[derive(Debug, thiserror::Error)]
pub enum RoleError {
    #[error("no account has the e-mail {0}")]
    UnknownEmail(String),
    #[error("no account has the id {0}")]
    UnknownUser(i64),
    #[error("role: must be one of {ROLES:?}, got {0:?}")]
    UnknownRole(String),
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

impl From<RoleError> for ApiError {
    fn from(e: RoleError) -> Self {
        match e {
            RoleError::UnknownEmail(_) | RoleError::UnknownUser(_) => {
                ApiError::not_found(e.to_string())
            }
            RoleError::UnknownRole(_) => ApiError::bad_request(e.to_string()),
            RoleError::Db(e) => e.into(),
        }
    }
}

/// Sets the role of the account with `email` (the command line: `by` is 0). Answers the role it
/// had.
pub async fn set_by_email(pool: &AnyPool, email: &str, role: &str) -> Result<String, RoleError> {
    let email = email.trim().to_lowercase();
    let id: Option<i64> = sqlx::query_scalar("SELECT id FROM users WHERE email = $1")
        .bind(&email)
        .fetch_optional(pool)
        .await?;
    let id = id.ok_or(RoleError::UnknownEmail(email))?;
    set_role(pool, 0, id, role).await
}

/// Sets `user_id`'s role, audited as done by `by` (0 = the command line). Answers the old role.
pub async fn set_role(
    pool: &AnyPool,
    by: i64,
    user_id: i64,
    role: &str,
) -> Result<String, RoleError> {
    if !ROLES.contains(&role) {
        return Err(RoleError::UnknownRole(role.to_owned()));
    }
    let mut tx = crate::db::begin_write(pool).await?;
    let before: Option<String> = sqlx::query_scalar("SELECT role FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_optional(&mut *tx)
        .await?;
    let before = before.ok_or(RoleError::UnknownUser(user_id))?;
    sqlx::query("UPDATE users SET role = $1 WHERE id = $2")
        .bind(role)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    let target = format!("user:{user_id}");
    audit::record(&mut tx, by, "set_role", &target, &before, role).await?;
    tx.commit().await?;
    Ok(before)
}

/// `GET /v1/admin/me`: the signed-in admin (the console asks it first).
#[derive(Debug, Serialize)]
pub struct Me {
    pub id: i64,
    pub email: String,
    pub role: String,
}

pub async fn me(State(state): State<AppState>, admin: AdminUser) -> ApiResult<Me> {
    let email: String = sqlx::query_scalar("SELECT email FROM users WHERE id = $1")
        .bind(admin.id)
        .fetch_one(&state.db.pool)
        .await?;
    ok(Me {
        id: admin.id,
        email,
        role: "admin".into(),
    })
}

/// `{role}` of `POST /v1/admin/users/{id}/role`.
#[derive(Debug, Deserialize)]
pub struct RoleChange {
    pub role: String,
}

/// The answer: the role before and after.
#[derive(Debug, Serialize)]
pub struct RoleChanged {
    pub before: String,
    pub role: String,
}

/// `POST /v1/admin/users/{id}/role {role}`: makes a user an admin or a user again. An admin
/// cannot take their own role (so a console is never left without the admin using it).
pub async fn set(
    State(state): State<AppState>,
    admin: AdminUser,
    Path(id): Path<i64>,
    ApiJson(change): ApiJson<RoleChange>,
) -> ApiResult<RoleChanged> {
    if id == admin.id && change.role != "admin" {
        return Err(ApiError::conflict(
            "you cannot take your own admin role: ask another admin, or use `aivg-server admin revoke` on the server",
        ));
    }
    let before = set_role(&state.db.pool, admin.id, id, &change.role).await?;
    ok(RoleChanged {
        before,
        role: change.role,
    })
}
