//! JavaScript exports of aivg_core::tasks::minutes: the monthly minutes of the metered tools
//! (docs/behaviour/tasks-and-queue.md#minute-metered-tools: the standard plan's 15, 10 and 10
//! minutes of translate, denoise, vocal remover).

use aivg_core::tasks::{self, MinuteTool};
use wasm_bindgen::prelude::*;

use crate::convert::{int_arg, time_arg, to_js_option, to_js_value};
use crate::error::{bad_argument, coded_error, to_js};

fn seconds_arg(name: &str, value: f64) -> Result<u64, JsValue> {
    u64::try_from(int_arg(name, value)?)
        .map_err(|_| bad_argument(name, format!("expected 0 or more seconds, got {value}")))
}

fn tool_arg(name: &str) -> Result<MinuteTool, JsValue> {
    MinuteTool::from_name(name).ok_or_else(|| {
        coded_error(
            "unknown_tool",
            &format!("{name:?} is not a metered tool (translate, denoise, vocalRemover)"),
        )
    })
}

/// The metered tool of a task module, or `undefined`.
/// ```js
/// minuteTool("audio_denoise") // "denoise"
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = minuteTool, unchecked_return_type = "MinuteTool | undefined")]
pub fn minute_tool(module: &str) -> Result<JsValue, JsValue> {
    to_js_option(tasks::minute_tool(module).as_ref())
}

/// One tool's month at a plan level, given the seconds used.
/// ```js
/// minuteUse("standard", "translate", 120).remainingSeconds // 780
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = minuteUse, unchecked_return_type = "MinuteUse")]
pub fn minute_use(level: &str, tool: &str, used_seconds: f64) -> Result<JsValue, JsValue> {
    let used = seconds_arg("usedSeconds", used_seconds)?;
    to_js_value(&tasks::minute_use(level, tool_arg(tool)?, used))
}

/// Whether a task of `module` lasting `taskSeconds` may start; throws an Error whose `code` is
/// `minutes_not_included` or `minutes_used_up`, with the message the server answers.
/// ```js
/// checkMinutes("standard", "video_translate", 900, 1) // throws minutes_used_up
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = checkMinutes)]
pub fn check_minutes(
    level: &str,
    module: &str,
    used_seconds: f64,
    task_seconds: f64,
) -> Result<(), JsValue> {
    let used = seconds_arg("usedSeconds", used_seconds)?;
    let task = seconds_arg("taskSeconds", task_seconds)?;
    tasks::check_minutes(level, module, used, task).map_err(to_js)
}

/// The seconds a file of `durationS` uses (rounded up); throws `unknown_length` for a length
/// that is not a positive number.
/// ```js
/// taskSeconds(61.2) // 62
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = taskSeconds)]
pub fn task_seconds(duration_s: f64) -> Result<f64, JsValue> {
    // Exact below 2^53 seconds, far beyond any file.
    tasks::task_seconds(duration_s)
        .map(|s| s as f64)
        .map_err(to_js)
}

/// The UTC calendar month of a moment (the minutes renew at its end).
/// ```js
/// new Date(monthWindow(Date.now()).endMs) // the 1st of next month, 00:00 UTC
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = monthWindow, unchecked_return_type = "MonthWindow")]
pub fn month_window(now_ms: f64) -> Result<JsValue, JsValue> {
    let now = time_arg("nowMs", now_ms)?;
    let w = tasks::month_window(now)
        .ok_or_else(|| bad_argument("nowMs", format!("{now_ms} is outside the calendar")))?;
    to_js_value(&w)
}

/// The answer code of a metered task over the month's minutes (HTTP 403).
/// ```js
/// err.code === minutesUsedUpCode()
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = minutesUsedUpCode)]
pub fn minutes_used_up_code() -> f64 {
    // Exact: a six-digit code.
    tasks::CODE_MINUTES_USED_UP as f64
}
