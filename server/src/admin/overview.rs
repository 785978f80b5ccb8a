//! The console's first page: how the site is doing, in counts an operator checks daily, and the
//! same as time series per UTC day over the last 7, 30 or 90 days (`?days=`), which the console
//! draws as charts. Each series is one GROUP BY of a day number computed in SQL
//! (`(time - start) / 86400`, integer division on SQLite and PostgreSQL alike); days without rows
//! are zeros.

use super::AdminUser;
use crate::api::ApiError;
use crate::api::ApiResult;
use crate::api::ok;
use crate::clock;
use crate::params::ApiQuery;
use crate::state::AppState;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sqlx::{AnyPool, FromRow};
use std::collections::BTreeMap;

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
    /// The same per day over the chosen range.
    pub series: Series,
}

/// `?days=`: the range of the series.
#[derive(Debug, Deserialize)]
pub struct OverviewQuery {
    #[serde(default)]
    pub days: Option<i64>,
}

/// The ranges the console offers.
pub const RANGES: [i64; 3] = [7, 30, 90];

/// Time series, one value per UTC day from `start` (seconds), `days` long.
#[derive(Debug, Serialize)]
pub struct Series {
    pub days: i64,
    pub start: i64,
    /// Accounts made.
    pub signups: Vec<i64>,
    /// Accounts that made at least one task.
    pub active_users: Vec<i64>,
    /// Tasks made, by status, module and engine (`""`: not handed to an engine).
    pub tasks_by_status: BTreeMap<String, Vec<i64>>,
    pub tasks_by_module: BTreeMap<String, Vec<i64>>,
    pub tasks_by_engine: BTreeMap<String, Vec<i64>>,
    /// Failed tasks per hundred finished (succeeded or failed) of the day's tasks; 0 without any.
    pub failure_rate: Vec<f64>,
    /// Ledger credits granted and spent.
    pub credits_granted: Vec<i64>,
    pub credits_spent: Vec<i64>,
    /// Money taken, in cents, by currency (free trials count nothing).
    pub revenue_cents: BTreeMap<String, Vec<i64>>,
    /// Tasks waiting at the end of each day (made by then, not started nor ended by then).
    pub queue_depth: Vec<i64>,
}

const DAY_S: i64 = 86_400;

/// One `(day, n)` row of a series.
#[derive(FromRow)]
struct DayCount {
    day: i64,
    n: i64,
}

/// One `(day, key, n)` row of a keyed series.
#[derive(FromRow)]
struct DayKeyCount {
    day: i64,
    key: String,
    n: i64,
}

/// Runs `sql` (binding `$1` = the range's start in the query's unit, answering `day, n`) into
/// a series of `days` values.
async fn daily(pool: &AnyPool, sql: &str, start: i64, days: i64) -> Result<Vec<i64>, sqlx::Error> {
    let rows: Vec<DayCount> = sqlx::query_as(sql).bind(start).fetch_all(pool).await?;
    let mut out = vec![0; usize::try_from(days).unwrap_or_default()];
    for r in rows {
        if let Some(slot) = usize::try_from(r.day).ok().and_then(|d| out.get_mut(d)) {
            *slot += r.n;
        }
    }
    Ok(out)
}

/// As [`daily`], for rows `day, key, n`: one series per key.
async fn daily_keyed(
    pool: &AnyPool,
    sql: &str,
    start: i64,
    days: i64,
) -> Result<BTreeMap<String, Vec<i64>>, sqlx::Error> {
    let rows: Vec<DayKeyCount> = sqlx::query_as(sql).bind(start).fetch_all(pool).await?;
    let len = usize::try_from(days).unwrap_or_default();
    let mut out: BTreeMap<String, Vec<i64>> = BTreeMap::new();
    for r in rows {
        let series = out.entry(r.key).or_insert_with(|| vec![0; len]);
        if let Some(slot) = usize::try_from(r.day).ok().and_then(|d| series.get_mut(d)) {
            *slot += r.n;
        }
    }
    Ok(out)
}

/// The tasks of a day by `column`.
fn tasks_by(column: &str) -> String {
    format!(
        "SELECT CAST((created_ms - $1) / 86400000 AS BIGINT) AS day, {column} AS key, COUNT(*) AS n
         FROM tasks WHERE created_ms >= $1 GROUP BY 1, 2"
    )
}

async fn series(pool: &AnyPool, days: i64, now: i64) -> Result<Series, sqlx::Error> {
    let start = (now.div_euclid(DAY_S) - (days - 1)) * DAY_S;
    let start_ms = start * 1000;
    let signups = daily(
        pool,
        "SELECT CAST((created_at - $1) / 86400 AS BIGINT) AS day, COUNT(*) AS n FROM users WHERE created_at >= $1 GROUP BY 1",
        start,
        days,
    )
    .await?;
    let active_users = daily(
        pool,
        "SELECT CAST((created_ms - $1) / 86400000 AS BIGINT) AS day, COUNT(DISTINCT user_id) AS n FROM tasks WHERE created_ms >= $1 GROUP BY 1",
        start_ms,
        days,
    )
    .await?;
    let tasks_by_status = daily_keyed(pool, &tasks_by("status"), start_ms, days).await?;
    let tasks_by_module = daily_keyed(pool, &tasks_by("module"), start_ms, days).await?;
    let tasks_by_engine = daily_keyed(pool, &tasks_by("engine"), start_ms, days).await?;
    let zeros = vec![0; usize::try_from(days).unwrap_or_default()];
    let failed = tasks_by_status.get("failed").unwrap_or(&zeros);
    let succeeded = tasks_by_status.get("succeeded").unwrap_or(&zeros);
    let failure_rate = failed
        .iter()
        .zip(succeeded)
        .map(|(&f, &s)| {
            if f + s == 0 {
                0.0
            } else {
                // Counts of a day are far below 2^52: exact as f64.
                #[allow(clippy::cast_precision_loss)]
                let rate = (f as f64) * 100.0 / ((f + s) as f64);
                (rate * 10.0).round() / 10.0
            }
        })
        .collect();
    let credits = |kind: &str| {
        format!(
            "SELECT CAST((date - $1) / 86400 AS BIGINT) AS day, CAST(SUM(credits) AS BIGINT) AS n
             FROM credit_entries WHERE date >= $1 AND type = '{kind}' GROUP BY 1"
        )
    };
    let credits_granted = daily(pool, &credits("Acquisition"), start, days).await?;
    let credits_spent = daily(pool, &credits("Consumption"), start, days).await?;
    let revenue_cents = daily_keyed(
        pool,
        "SELECT CAST((created_at - $1) / 86400 AS BIGINT) AS day, currency AS key, CAST(SUM(amount_cents) AS BIGINT) AS n
         FROM trades WHERE created_at >= $1 AND zero = 0 GROUP BY 1, 2",
        start,
        days,
    )
    .await?;
    let mut queue_depth = Vec::with_capacity(zeros.len());
    for d in 1..=days {
        let end_ms = start_ms + d * DAY_S * 1000;
        let n: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM tasks WHERE created_ms < $1
             AND (started_ms = 0 OR started_ms >= $1) AND (finished_ms = 0 OR finished_ms >= $1)
             AND (status = 'queued' OR started_ms > 0 OR finished_ms > 0)",
        )
        .bind(end_ms)
        .fetch_one(pool)
        .await?;
        queue_depth.push(n);
    }
    Ok(Series {
        days,
        start,
        signups,
        active_users,
        tasks_by_status,
        tasks_by_module,
        tasks_by_engine,
        failure_rate,
        credits_granted,
        credits_spent,
        revenue_cents,
        queue_depth,
    })
}

/// A week in seconds.
const WEEK_S: i64 = 7 * 24 * 3600;

/// `GET /v1/admin/overview?days=7|30|90` (7 when absent).
pub async fn overview(
    State(state): State<AppState>,
    _admin: AdminUser,
    ApiQuery(q): ApiQuery<OverviewQuery>,
) -> ApiResult<Overview> {
    let days = q.days.unwrap_or(RANGES[0]);
    if !RANGES.contains(&days) {
        return Err(ApiError::invalid("days", "must be 7, 30 or 90"));
    }
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
    let series = series(pool, days, clock::now_s()).await?;
    ok(Overview {
        series,
        users,
        signups_7d,
        tasks,
        queue_depth,
        credits_granted: sums.0,
        credits_spent: sums.1,
    })
}
