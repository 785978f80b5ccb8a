//! `GET /v1/ai/minutes`: the month's minutes of each metered tool (see `mod.rs`).

use super::{TOOLS, used_seconds};
use crate::accounts::auth::AuthUser;
use crate::api::{ApiError, ApiResult, ok};
use crate::clock;
use crate::state::AppState;
use crate::store::subscriptions::effective_level;
use aivg_core::tasks::MinuteTool;
use aivg_core::tasks::{minute_use, month_window};
use axum::extract::State;
use serde::Serialize;

/// One tool's month (`None` limits and remainders are unlimited: `null`).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ToolMonth {
    /// The tool's name (core's `MinuteTool`, in camel case).
    #[schema(value_type = String)]
    pub tool: MinuteTool,
    pub modules: Vec<&'static str>,
    pub limit_minutes: Option<u32>,
    pub used_seconds: u64,
    pub remaining_seconds: Option<u64>,
}

/// The answer: the plan level, the month's bounds (epoch seconds) and each tool's month.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Minutes {
    pub level: &'static str,
    pub month_start: i64,
    pub renews_at: i64,
    pub list: Vec<ToolMonth>,
}

/// `GET /v1/ai/minutes` (see the module doc).
pub async fn usage(State(state): State<AppState>, user: AuthUser) -> ApiResult<Minutes> {
    let now_ms = clock::now_ms();
    let window = month_window(now_ms)
        .ok_or_else(|| ApiError::internal("the clock is outside the calendar"))?;
    let mut conn = state.db.pool.acquire().await?;
    let level = effective_level(&mut conn, user.id, now_ms / 1000).await?;
    let mut list = Vec::with_capacity(TOOLS.len());
    for tool in TOOLS {
        let used = used_seconds(&mut conn, user.id, tool, window.start_ms).await?;
        let u = minute_use(level, tool, used);
        list.push(ToolMonth {
            tool: u.tool,
            modules: u.modules,
            limit_minutes: u.limit_minutes,
            used_seconds: u.used_seconds,
            remaining_seconds: u.remaining_seconds,
        });
    }
    ok(Minutes {
        level,
        month_start: window.start_ms / 1000,
        renews_at: window.end_ms / 1000,
        list,
    })
}
