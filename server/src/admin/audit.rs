//! The audit trail: who did what, when, with the value before and after. Written in the
//! transaction of the change it records; listed newest first; nothing edits or deletes it.

use super::AdminUser;
use crate::api::{ApiError, ApiResult, ok};
use crate::params::ApiQuery;
use crate::state::AppState;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sqlx::{AnyConnection, FromRow};

/// Records one admin action (`by` 0 = the server's command line).
pub async fn record(
    conn: &mut AnyConnection,
    by: i64,
    action: &str,
    target: &str,
    before: &str,
    after: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO admin_audit (admin_id, action, target, before, after, at_ms) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(by)
    .bind(action)
    .bind(target)
    .bind(before)
    .bind(after)
    .bind(crate::clock::now_ms())
    .execute(conn)
    .await?;
    Ok(())
}

/// One entry of the trail (`admin_email` empty for the command line).
#[derive(Debug, FromRow, Serialize)]
pub struct AuditEntry {
    pub id: i64,
    pub admin_id: i64,
    pub admin_email: String,
    pub action: String,
    pub target: String,
    pub before: String,
    pub after: String,
    pub at_ms: i64,
}

/// `?page=` of the list (from 1; 50 entries a page).
#[derive(Debug, Deserialize)]
pub struct AuditQuery {
    #[serde(default)]
    pub page: Option<i64>,
}

/// A page of the trail.
#[derive(Debug, Serialize)]
pub struct AuditPage {
    pub list: Vec<AuditEntry>,
    pub total: i64,
    pub page: i64,
    pub page_size: i64,
}

/// Entries a page.
pub const PAGE_SIZE: i64 = 50;

/// `GET /v1/admin/audit?page=`: the trail, newest first.
pub async fn list(
    State(state): State<AppState>,
    _admin: AdminUser,
    ApiQuery(q): ApiQuery<AuditQuery>,
) -> ApiResult<AuditPage> {
    let page = q.page.unwrap_or(1);
    if !(1..=100_000).contains(&page) {
        return Err(ApiError::invalid("page", "must be a whole number from 1"));
    }
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM admin_audit")
        .fetch_one(&state.db.pool)
        .await?;
    let list: Vec<AuditEntry> = sqlx::query_as(
        "SELECT a.id, a.admin_id, COALESCE(u.email, '') AS admin_email, a.action, a.target, a.before, a.after, a.at_ms
         FROM admin_audit a LEFT JOIN users u ON u.id = a.admin_id ORDER BY a.id DESC LIMIT $1 OFFSET $2",
    )
    .bind(PAGE_SIZE)
    .bind((page - 1) * PAGE_SIZE)
    .fetch_all(&state.db.pool)
    .await?;
    ok(AuditPage {
        list,
        total,
        page,
        page_size: PAGE_SIZE,
    })
}
