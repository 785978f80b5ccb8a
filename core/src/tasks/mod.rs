//! Generation task modules (docs/behaviour/tasks-and-queue.md#task-modules "Task module codes",
//! docs/behaviour/pricing-and-purchase.md#prices; docs/behaviour/tasks-and-queue.md#task-modules):
//! the one catalogue of what the site can make, and the check of a task's `data` against it.
//!
//! - [`catalogue`]: one row per module code: price, inputs, output media, options, screen,
//!   ComfyUI workflow. The server's input checks and providers, and the app's screens and tool
//!   pages, all derive from it; a new module is one row here plus one workflow file.
//! - [`inputs`]: checks a task's `data` against its row (pure; the server then resolves the
//!   files it names).
//! - [`options`]: the names `data` may carry besides the module's fields, and their checks.
//! - [`minutes`]: the monthly minutes of the metered tools (translate, denoise, vocal remover).

pub mod catalogue;
pub mod inputs;
pub mod lengths;
pub mod limits;
pub mod minutes;
pub mod options;
pub mod sizes;
pub mod video_inputs;

pub use catalogue::{
    ANIME_STYLES, DurationRule, FAL_SPEECH, FAL_SPEECH_KEY, FalInput, FalModel, Field, FieldKind,
    MAX_TASK_DURATION_S, MAX_TASK_TEXT_CHARS, MUSIC_PRESETS, Media, Need, PROMPT_STYLE_FIELD,
    PromptStyle, TASK_MODULES, TaskModule, Work, Workflow, WorkflowName, fal_models_markdown,
    styled_prompt, task_module, task_modules_markdown,
};
pub use inputs::{FileRef, InputProblem, TaskInputError, check_task_data, task_duration};
pub use limits::{
    MAX_TASK_DATA_BYTES, PREVIEW_EVERY_MS, PREVIEW_MAX_BYTES, PREVIEW_MAX_SIDE, QUEUE_POSITION_MAX,
    TASK_LIST_PAGE_SIZE, TaskConstants, check_task_data_size, queue_position_label, task_constants,
};
pub use minutes::{
    CODE_MINUTES_USED_UP, MinuteError, MinuteTool, MinuteUse, MonthWindow, check_minutes,
    minute_tool, minute_use, month_window, monthly_minutes, task_seconds,
};
pub use options::{MAX_SEED, takes_seed};
