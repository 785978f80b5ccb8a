//! Monthly minutes of the metered tools (docs/behaviour/tasks-and-queue.md#minute-metered-tools
//! benefit table: "standard limits of 15, 10 and 10 minutes monthly for translate, denoise and
//! vocal remover").
//!
//! Decisions where the spec gives only the standard plan's numbers:
//! - premium: unlimited (the higher plan never has less);
//! - free, inactive and unknown levels: not included (0 minutes): the three tools are a plan
//!   benefit, and a free user is offered the upgrade;
//! - the month is the calendar month in UTC: the minutes renew at 00:00 UTC on the 1st, the same
//!   moment for every user and every instance;
//! - a task uses the whole length of its input file, in seconds rounded up; a file whose length
//!   cannot be read is refused where a limit applies; a task that failed or was cancelled gives its
//!   minutes back, like its credits (the server counts only the others).

use crate::error::Coded;
use chrono::{DateTime, Datelike, NaiveDate, TimeZone, Utc};
use serde::Serialize;

/// A tool metered in minutes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum MinuteTool {
    /// Speech translation of a video (`video_translate`).
    Translate,
    /// Noise reduction of an audio file (`audio_denoise`).
    Denoise,
    /// Vocal removal from a song (`vocal_remover`).
    VocalRemover,
}

impl MinuteTool {
    /// The name in answers and error messages (`translate`, `denoise`, `vocalRemover`).
    pub fn name(self) -> &'static str {
        match self {
            Self::Translate => "translate",
            Self::Denoise => "denoise",
            Self::VocalRemover => "vocalRemover",
        }
    }

    /// The tool of a name as [`MinuteTool::name`] writes it.
    pub fn from_name(name: &str) -> Option<Self> {
        [Self::Translate, Self::Denoise, Self::VocalRemover]
            .into_iter()
            .find(|t| t.name() == name)
    }

    /// The words a message uses for the tool.
    fn words(self) -> &'static str {
        match self {
            Self::Translate => "translation",
            Self::Denoise => "noise reduction",
            Self::VocalRemover => "vocal removal",
        }
    }
}

/// The standard plan's monthly minutes per tool
/// (docs/behaviour/tasks-and-queue.md#minute-metered-tools: 15, 10 and 10).
pub const STANDARD_MONTHLY_MINUTES: [(MinuteTool, u32); 3] = [
    (MinuteTool::Translate, 15),
    (MinuteTool::Denoise, 10),
    (MinuteTool::VocalRemover, 10),
];

/// The task modules each tool runs (rows of the catalogue).
pub const MINUTE_TOOL_MODULES: [(MinuteTool, &str); 3] = [
    (MinuteTool::Translate, "video_translate"),
    (MinuteTool::Denoise, "audio_denoise"),
    (MinuteTool::VocalRemover, "vocal_remover"),
];

/// The metered tool of a task module, if it is one.
pub fn minute_tool(module: &str) -> Option<MinuteTool> {
    MINUTE_TOOL_MODULES
        .iter()
        .find(|(_, code)| *code == module)
        .map(|(tool, _)| *tool)
}

/// The modules of a tool.
pub fn tool_modules(tool: MinuteTool) -> Vec<&'static str> {
    MINUTE_TOOL_MODULES
        .iter()
        .filter(|(t, _)| *t == tool)
        .map(|(_, code)| *code)
        .collect()
}

fn standard_minutes(tool: MinuteTool) -> u32 {
    STANDARD_MONTHLY_MINUTES
        .iter()
        .find(|(t, _)| *t == tool)
        .map_or(0, |(_, m)| *m)
}

/// Minutes a month of `tool` at an effective plan level: `None` = unlimited, `Some(0)` = not
/// included (see the module doc).
pub fn monthly_minutes(level: &str, tool: MinuteTool) -> Option<u32> {
    match level.trim().to_ascii_lowercase().as_str() {
        "premium" => None,
        "standard" => Some(standard_minutes(tool)),
        _ => Some(0),
    }
}

/// One tool's month for a user: what the plan gives and what is used.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct MinuteUse {
    pub tool: MinuteTool,
    /// The tool's task modules.
    pub modules: Vec<&'static str>,
    /// Minutes a month; `None` = unlimited, 0 = not included.
    pub limit_minutes: Option<u32>,
    /// Seconds used this month.
    pub used_seconds: u64,
    /// Seconds left this month; `None` = unlimited.
    pub remaining_seconds: Option<u64>,
}

/// The month of `tool` for a user at `level` who used `used_seconds` of it.
pub fn minute_use(level: &str, tool: MinuteTool, used_seconds: u64) -> MinuteUse {
    let limit = monthly_minutes(level, tool);
    MinuteUse {
        tool,
        modules: tool_modules(tool),
        limit_minutes: limit,
        used_seconds,
        remaining_seconds: limit.map(|m| (u64::from(m) * 60).saturating_sub(used_seconds)),
    }
}

/// Why a metered task is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MinuteError {
    #[error(
        "{} is not included in your plan: the Standard plan has {standard} minutes a month, Premium is unlimited. Upgrade to use it.",
        capitalised(tool.words())
    )]
    NotIncluded { tool: MinuteTool, standard: u32 },
    #[error(
        "Your {limit} minutes of {} this month are used up: {} left, and this file is {}. They renew on the 1st (UTC); Premium has no limit.",
        tool.words(),
        clock(*remaining_seconds),
        clock(*task_seconds)
    )]
    UsedUp {
        tool: MinuteTool,
        limit: u32,
        remaining_seconds: u64,
        task_seconds: u64,
    },
    #[error(
        "The length of this file could not be read, so the minutes it would use are unknown. Try an MP4, MP3 or WAV file."
    )]
    UnknownLength,
}

impl Coded for MinuteError {
    fn code(&self) -> &'static str {
        match self {
            Self::NotIncluded { .. } => "minutes_not_included",
            Self::UsedUp { .. } => "minutes_used_up",
            Self::UnknownLength => "unknown_length",
        }
    }
}

/// Answer code (with HTTP 403) of a metered task over the month's minutes (decided, like
/// `CODE_TOO_MANY_QUEUED`: a usage limit); a plan without the tool answers
/// `CODE_UPGRADE_REQUIRED` instead.
pub const CODE_MINUTES_USED_UP: i64 = 140_430;

/// The tool's fixed English words with an upper-case first letter (ASCII: no Unicode case
/// tables for words that are always ASCII).
fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| std::iter::once(f.to_ascii_uppercase()).chain(c).collect())
        .unwrap_or_default()
}

/// `m:ss` of whole seconds.
fn clock(seconds: u64) -> String {
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

/// The seconds a file of `duration_s` uses: rounded up; a length that is not a positive finite
/// number is [`MinuteError::UnknownLength`].
pub fn task_seconds(duration_s: f64) -> Result<u64, MinuteError> {
    if !duration_s.is_finite() || duration_s <= 0.0 {
        return Err(MinuteError::UnknownLength);
    }
    // Saturating float-to-int cast: lengths beyond u64 cannot occur and would read as the max.
    Ok(duration_s.ceil() as u64)
}

/// Whether a task of `module` lasting `task_seconds` may start for a user at `level` who used
/// `used_seconds` of the tool this month. Modules without a tool always may.
pub fn check_minutes(
    level: &str,
    module: &str,
    used_seconds: u64,
    task_seconds: u64,
) -> Result<(), MinuteError> {
    let Some(tool) = minute_tool(module) else {
        return Ok(());
    };
    let used = minute_use(level, tool, used_seconds);
    match (used.limit_minutes, used.remaining_seconds) {
        (Some(0), _) => Err(MinuteError::NotIncluded {
            tool,
            standard: standard_minutes(tool),
        }),
        (Some(limit), Some(remaining)) if task_seconds > remaining => Err(MinuteError::UsedUp {
            tool,
            limit,
            remaining_seconds: remaining,
            task_seconds,
        }),
        _ => Ok(()),
    }
}

/// The UTC calendar month holding a moment, epoch ms: `[start_ms, end_ms)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct MonthWindow {
    pub start_ms: i64,
    pub end_ms: i64,
}

fn first_of(year: i32, month: u32) -> Option<i64> {
    let date = NaiveDate::from_ymd_opt(year, month, 1)?;
    let at = date.and_hms_opt(0, 0, 0)?;
    Some(Utc.from_utc_datetime(&at).timestamp_millis())
}

/// The month of `now_ms` in UTC (the minutes' month, see the module doc); `None` outside the
/// dates chrono can represent.
pub fn month_window(now_ms: i64) -> Option<MonthWindow> {
    let now: DateTime<Utc> = DateTime::from_timestamp_millis(now_ms)?;
    let (year, month) = (now.year(), now.month());
    let (next_year, next_month) = if month == 12 {
        (year.checked_add(1)?, 1)
    } else {
        (year, month + 1)
    };
    Some(MonthWindow {
        start_ms: first_of(year, month)?,
        end_ms: first_of(next_year, next_month)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tool_module_is_in_the_catalogue() {
        for (_, code) in MINUTE_TOOL_MODULES {
            assert!(crate::tasks::task_module(code).is_some(), "{code}");
        }
    }

    #[test]
    fn the_limit_is_inclusive() {
        assert_eq!(check_minutes("standard", "audio_denoise", 540, 60), Ok(()));
        assert!(check_minutes("standard", "audio_denoise", 540, 61).is_err());
        assert_eq!(check_minutes("free", "text2image", 0, 0), Ok(()));
    }
}
