//! The task calls' numbers as one object (spec 02 §7 `POST /v1/ai/task` page_size default 20,
//! §9 "task list default page_size 20"; the catalogue's input limits).

use super::catalogue::{MAX_TASK_DURATION_S, MAX_TASK_TEXT_CHARS};
use serde::Serialize;

/// Default page size of the task list (spec 02 §7, §9: 20).
pub const TASK_LIST_PAGE_SIZE: u32 = 20;

/// The task constants (camelCase on the wire).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TaskConstants {
    pub list_page_size: u32,
    pub max_duration_s: u32,
    pub max_text_chars: u32,
}

/// Every task constant.
pub fn task_constants() -> TaskConstants {
    TaskConstants {
        list_page_size: TASK_LIST_PAGE_SIZE,
        max_duration_s: MAX_TASK_DURATION_S,
        max_text_chars: MAX_TASK_TEXT_CHARS,
    }
}
