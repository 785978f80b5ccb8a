//! The console's first page: how the site is doing, in counts an operator checks daily.

use super::AdminUser;
use crate::api::ApiResult;
use crate::api::ok;
use crate::clock;
use crate::state::AppState;
use axum::extract::State;
use serde::Serialize;
use sqlx::FromRow;

/// A count of tasks in one status.
#[derive(Debug, FromRow, Serialize)]
pub struct StatusCount {
    pub status: String,
    pub count: i64,
}

/// `GET /v1/admin/overview`.
#[derive(Debug, Serialize)]
pub struct Overview {
    pub users: i64,
    /// Accounts made in the last 7 days.
    pub signups_7d: i64,
    /// Tasks by status (all time).
    pub tasks: Vec<StatusCount>,
    /// Tasks waiting now.
    pub queue_depth: i64,
    /// Credits granted and spent (ledger totals, all time).
    pub credits_granted: i64,
    pub credits_spent: i64,
}

/// A week in seconds.
const WEEK_S: i64 = 7 * 24 * 3600;

pub async fn overview(State(state): State<AppState>, _admin: AdminUser) -> ApiResult<Overview> {
    let pool = &state.db.pool;
    let users: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM users")
        .fetch_one(pool)
        .await?;
    let signups_7d: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM users WHERE created_at >= $1")
        .bind(clock::now_s() - WEEK_S)
        .fetch_one(pool)
        .await?;
    let tasks: Vec<StatusCount> = sqlx::query_as(
        "SELECT status, COUNT(*) AS count FROM tasks GROUP BY status ORDER BY status",
    )
    .fetch_all(pool)
    .await?;
    let queue_depth = tasks
        .iter()
        .find(|t| t.status == "queued")
        .map_or(0, |t| t.count);
    let sums: (i64, i64) = sqlx::query_as(
        "SELECT CAST(COALESCE(SUM(CASE WHEN type = 'Acquisition' THEN credits ELSE 0 END), 0) AS BIGINT),
                CAST(COALESCE(SUM(CASE WHEN type = 'Consumption' THEN credits ELSE 0 END), 0) AS BIGINT)
         FROM credit_entries",
    )
    .fetch_one(pool)
    .await?;
    ok(Overview {
        users,
        signups_7d,
        tasks,
        queue_depth,
        credits_granted: sums.0,
        credits_spent: sums.1,
    })
}
