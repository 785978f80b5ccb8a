//! The monthly minutes of the metered tools
//! (docs/behaviour/tasks-and-queue.md#minute-metered-tools: the standard plan's 15, 10 and 10
//! minutes of translate, denoise and vocal remover). The rule (limits per level, the UTC month,
//! seconds rounded up, the messages) is core's `aivg_core::tasks::minutes`; here are the length of
//! a task's input, the month's use from the database and the refusal's envelope:
//!
//! - a task of a metered module records its input's length (`tasks.media_seconds`, read like
//!   `GET /v1/common/oss/mediainfo` does); the month's use is the sum over the user's tasks of the
//!   tool's modules created since the 1st (UTC) that did not fail and were not cancelled (those
//!   give their minutes back with their credits); deleting a task from the list does not;
//! - the check runs under the user's lock in the create transaction (`lifecycle::create`), so
//!   parallel tasks cannot pass it together; the user's plan level is the request's, read once
//!   before (`store::subscriptions::effective_level`, [`plan_level`]) and carried by the task;
//! - a plan without the tool answers HTTP 403 with `CODE_UPGRADE_REQUIRED`, a month used up HTTP
//!   403 with `CODE_MINUTES_USED_UP`, a file whose length cannot be read (where a limit applies)
//!   400 naming `data.file_path`; nothing is charged.
//!
//! `GET /v1/ai/minutes` (not in the spec: the app shows the month's minutes on the tools' page)
//! → `{level, month_start, renews_at, list: [{tool, modules, limit_minutes, used_seconds,
//! remaining_seconds}]}`, times in epoch seconds, `limit_minutes` null = unlimited, 0 = not in the
//! plan.

pub mod usage;

use super::modules::InputFiles;
use crate::api::ApiError;
use crate::limits::{Limits, Work};
use crate::store::subscriptions::effective_level;
use crate::uploads::mediainfo;
use crate::uploads::storage::Files;
use aivg_core::tasks::{
    MinuteError, MinuteTool, check_minutes, minute_tool, month_window, monthly_minutes,
    task_seconds,
};
use sqlx::AnyConnection;

/// Why a metered task was refused or could not be checked (the HTTP answers are
/// `http_errors.rs`'s, see the module doc).
#[derive(Debug, thiserror::Error)]
pub enum MinutesError {
    /// Core's refusal: not in the plan, the month used up, or a length that cannot be read.
    #[error(transparent)]
    Refused(#[from] MinuteError),
    #[error("the clock is outside the calendar")]
    Calendar,
    /// A metered task came without the plan level its request read ([`plan_level`]).
    #[error("metered task {0} has no plan level")]
    NoPlanLevel(String),
    #[error("the input's length could not be read: {0}")]
    Probe(String),
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

/// The tools in the order the answer lists them.
pub(super) const TOOLS: [MinuteTool; 3] = [
    MinuteTool::Translate,
    MinuteTool::Denoise,
    MinuteTool::VocalRemover,
];

/// The length of a metered task's input, seconds rounded up: `Ok(None)` for a module that is not
/// metered, or when the length cannot be read (the check decides whether that matters).
pub async fn input_seconds(
    limits: &Limits,
    files: &Files,
    module_code: &str,
    inputs: &InputFiles,
) -> Result<Option<u64>, ApiError> {
    if minute_tool(module_code).is_none() {
        return Ok(None);
    }
    let Some(obj) = inputs.get("file_path") else {
        return Ok(None);
    };
    // Bounded like the mediainfo call: ffprobe may read a whole file.
    let _permit = limits.permit(Work::Decode).await?;
    // The limits answer their own refusal (busy: 429); a file that cannot be read is ours.
    let info = mediainfo::probe(files, obj)
        .await
        .map_err(|e| MinutesError::Probe(e.to_string()))?;
    Ok(task_seconds(info.duration).ok())
}

fn month_start_ms(now_ms: i64) -> Result<i64, MinutesError> {
    month_window(now_ms)
        .map(|w| w.start_ms)
        .ok_or(MinutesError::Calendar)
}

/// Seconds of `tool` the user used in the month starting at `start_ms`.
pub(super) async fn used_seconds(
    conn: &mut AnyConnection,
    user_id: i64,
    tool: MinuteTool,
    start_ms: i64,
) -> Result<u64, sqlx::Error> {
    let mut total: u64 = 0;
    for code in aivg_core::tasks::minutes::tool_modules(tool) {
        let n: i64 = sqlx::query_scalar(
            "SELECT CAST(COALESCE(SUM(media_seconds), 0) AS BIGINT) FROM tasks
             WHERE user_id = $1 AND algorithm = $2 AND created_ms >= $3
               AND status <> 'failed' AND status <> 'cancelled'",
        )
        .bind(user_id)
        .bind(code)
        .bind(start_ms)
        .fetch_one(&mut *conn)
        .await?;
        total = total.saturating_add(u64::try_from(n).unwrap_or(0));
    }
    Ok(total)
}

/// The user's effective plan level for a task of `module_code`: read (once, by the request creating
/// the task) only for a metered module, the one rule of a task that depends on the plan.
pub async fn plan_level(
    pool: &sqlx::AnyPool,
    user_id: i64,
    module_code: &str,
    now_s: i64,
) -> Result<Option<&'static str>, sqlx::Error> {
    if minute_tool(module_code).is_none() {
        return Ok(None);
    }
    let mut conn = pool.acquire().await?;
    Ok(Some(effective_level(&mut conn, user_id, now_s).await?))
}

/// Refuses a metered task the user's plan and month do not allow (see the module doc); call it
/// under the user's lock. `level`: [`plan_level`]; `seconds`: [`input_seconds`].
pub async fn check(
    conn: &mut AnyConnection,
    user_id: i64,
    module_code: &str,
    level: Option<&str>,
    seconds: Option<u64>,
    now_ms: i64,
) -> Result<(), MinutesError> {
    let Some(tool) = minute_tool(module_code) else {
        return Ok(());
    };
    let level = level.ok_or_else(|| MinutesError::NoPlanLevel(module_code.to_owned()))?;
    let refused = match (monthly_minutes(level, tool), seconds) {
        (None, _) => return Ok(()),
        (Some(l), None) if l > 0 => MinuteError::UnknownLength,
        (_, seconds) => {
            let used = used_seconds(conn, user_id, tool, month_start_ms(now_ms)?).await?;
            match check_minutes(level, module_code, used, seconds.unwrap_or(0)) {
                Ok(()) => return Ok(()),
                Err(e) => e,
            }
        }
    };
    Err(refused.into())
}
