//! The task calls' numbers as one object (docs/behaviour/tasks-and-queue.md#the-queue `POST
//! /v1/ai/task` page_size default 20,
//! #the-queue "task list default page_size 20"; the catalogue's input limits).

use super::catalogue::{MAX_TASK_DURATION_S, MAX_TASK_TEXT_CHARS};
use serde::Serialize;

/// Default page size of the task list (docs/behaviour/tasks-and-queue.md#task-modules, #the-queue:
/// 20).
pub const TASK_LIST_PAGE_SIZE: u32 = 20;

/// The most bytes of JSON a task's `data` may hold, for every create call (queued and instant).
/// Not in the spec: the project's bound on what one task row stores
/// (docs/behaviour/tasks-and-queue.md#task-inputs). The largest legitimate `data` (a song: prompt
/// and lyrics of [`MAX_TASK_TEXT_CHARS`] characters each, up to 4 bytes each in UTF-8, plus the
/// file paths and options) stays under 20 KiB; a task cannot carry a megabyte of anything else
/// into the database and into every task list that shows it.
pub const MAX_TASK_DATA_BYTES: usize = 32 * 1024;

/// `Err` with the message for `data` when its JSON is longer than [`MAX_TASK_DATA_BYTES`].
pub fn check_task_data_size(json_bytes: usize) -> Result<(), String> {
    if json_bytes > MAX_TASK_DATA_BYTES {
        return Err(format!(
            "too large: at most {MAX_TASK_DATA_BYTES} bytes of JSON"
        ));
    }
    Ok(())
}

/// The highest place in the queue a task is told exactly; a task with more queued ahead is told
/// "999+". Not in the spec (which names no place in the queue): counting every queued task ahead
/// of each new or shown one grew with the queue (18,000 queued tasks: ~3 ms of the database per
/// creation, docs/performance.md, "2026-11-27, later: task creation on PostgreSQL"), and past a few
/// hundred the exact figure tells a user nothing more.
pub const QUEUE_POSITION_MAX: i64 = 999;

/// The place in the queue as shown: `n`, or `"999+"` from [`QUEUE_POSITION_MAX`] on (the server
/// counts no further).
pub fn queue_position_label(n: i64) -> String {
    if n >= QUEUE_POSITION_MAX {
        format!("{QUEUE_POSITION_MAX}+")
    } else {
        n.to_string()
    }
}

/// Live previews of a running task (docs/behaviour/tasks-and-queue.md#live-previews), the
/// project's numbers: at most one kept every 500 ms per task (two a second, enough to see a bad
/// start and cancel it, without a stream of pictures per task), at most 512 px on the long side
/// (ComfyUI's own previews are at most 512) and 256 KiB as JPEG.
pub const PREVIEW_EVERY_MS: u64 = 500;
/// See [`PREVIEW_EVERY_MS`].
pub const PREVIEW_MAX_SIDE: u32 = 512;
/// See [`PREVIEW_EVERY_MS`].
pub const PREVIEW_MAX_BYTES: usize = 256 * 1024;

/// The task constants (camelCase on the wire).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TaskConstants {
    pub list_page_size: u32,
    pub max_duration_s: u32,
    pub max_text_chars: u32,
    /// Largest seed a task takes (`super::options::MAX_SEED`).
    pub max_seed: u32,
}

/// Every task constant.
pub fn task_constants() -> TaskConstants {
    TaskConstants {
        list_page_size: TASK_LIST_PAGE_SIZE,
        max_duration_s: MAX_TASK_DURATION_S,
        max_text_chars: MAX_TASK_TEXT_CHARS,
        max_seed: u32::try_from(super::options::MAX_SEED).unwrap_or(u32::MAX),
    }
}
