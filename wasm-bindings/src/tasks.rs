//! JavaScript exports of aivg_core::tasks: the task-module catalogue
//! (docs/behaviour/tasks-and-queue.md#task-modules) and the check of a task's `data`, so the
//! creation screens and tool pages ask what the server will accept.

use aivg_core::tasks;
use serde_json::Value;
use wasm_bindgen::prelude::*;

use crate::convert::{from_js, to_js_option, to_js_value};
use crate::error::to_js;

/// Every task module the site offers (credits, fields, output, options, screens).
/// ```js
/// taskModules().find((m) => m.code === "text2video").credits // 10
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = taskModules, unchecked_return_type = "TaskModule[]")]
pub fn task_modules() -> Result<JsValue, JsValue> {
    to_js_value(tasks::TASK_MODULES)
}

/// The task module of a code, or `undefined` (codes are case-sensitive).
/// ```js
/// taskModule("mai_fs").output // "image"
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = taskModule, unchecked_return_type = "TaskModule | undefined")]
pub fn task_module(code: &str) -> Result<JsValue, JsValue> {
    to_js_option(tasks::task_module(code))
}

/// Whether a module's tasks run with a seed (its form offers one, its tasks show the one they
/// ran with); false for an unknown code.
/// ```js
/// taskTakesSeed("text2image") // true
/// taskTakesSeed("mai_imagesharpen") // false
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = taskTakesSeed)]
pub fn task_takes_seed(code: &str) -> bool {
    tasks::task_module(code).is_some_and(tasks::takes_seed)
}

/// Checks a task's `data` as the server will; throws an Error whose `code` is
/// `invalid_task_input` and whose message names the field, or `unknown_module`. An
/// `invalid_task_input` error also carries `field` (the field's name in `data`: `prompt`,
/// `mask_path`; `""` for `data` itself), `rule` (the English sentence, without the field) and
/// `problem` (`{kind, ...numbers}`: `{kind: "durationRange", min: 1, max: 300}`), so a form can
/// show its translation of the problem under the field.
/// ```js
/// checkTaskData("text2image", { prompt: "" }) // throws "data.prompt: Describe what to make."
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = checkTaskData)]
pub fn check_task_data(
    code: &str,
    #[wasm_bindgen(unchecked_param_type = "Record<string, unknown>")] data: JsValue,
) -> Result<(), JsValue> {
    let module = tasks::task_module(code).ok_or_else(|| {
        crate::error::coded_error("unknown_module", &format!("{code} is not a task module"))
    })?;
    let data: Value = from_js("data", data)?;
    tasks::check_task_data(module, &data)
        .map(|_| ())
        .map_err(|e| {
            let field = e.field.strip_prefix("data.").unwrap_or("").to_owned();
            let rule = e.message.clone();
            let problem = to_js_value(&e.problem).unwrap_or(JsValue::NULL);
            let err = to_js(e);
            // Setting a property on a fresh Error cannot fail; ignore the Result.
            let _ = js_sys::Reflect::set(&err, &"field".into(), &field.into());
            let _ = js_sys::Reflect::set(&err, &"rule".into(), &rule.into());
            let _ = js_sys::Reflect::set(&err, &"problem".into(), &problem);
            err
        })
}

/// The task calls' numbers: list page size (20), longest duration and text.
/// ```js
/// listTasks({ page: 1, page_size: taskConstants().listPageSize })
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = taskConstants, unchecked_return_type = "TaskConstants")]
pub fn task_constants() -> Result<JsValue, JsValue> {
    to_js_value(&tasks::task_constants())
}

/// A task's place in the queue as shown: the number, or `"999+"` where the server stops
/// counting (core's `QUEUE_POSITION_MAX`).
/// ```js
/// queuePositionLabel(3) // "3"
/// queuePositionLabel(999) // "999+"
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = queuePositionLabel)]
pub fn queue_position_label(n: f64) -> String {
    // A JS number: the server's counts are small integers; anything else reads as 0.
    let n = if n.is_finite() { n.trunc() as i64 } else { 0 };
    tasks::queue_position_label(n)
}

/// What a video module will make of an uploaded video of `width`×`height`, `frames` frames at
/// `fps` (as `GET /v1/common/oss/mediainfo` reads it; 0 when unknown): `{output}` (size,
/// frames, rate, seconds, `trimmed` when only the first frames are made) or `{problem,
/// message}` (the server refuses it before charging; `problem` is `{kind, ...numbers}` for the
/// app's translation); `undefined` for a module that does not remake a video
/// (docs/behaviour/tasks-and-queue.md#video-inputs).
/// ```js
/// videoOutput("video2video", 1920, 1080, 240, 24).output // {width: 960, height: 544, frames: 81, seconds: 3.4, trimmed: true, …}
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(
    js_name = videoOutput,
    unchecked_return_type = "{ output?: VideoOutput; problem?: VideoProblem; message?: string } | undefined"
)]
pub fn video_output(
    code: &str,
    width: f64,
    height: f64,
    frames: f64,
    fps: f64,
) -> Result<JsValue, JsValue> {
    use crate::convert::u32_arg;
    use tasks::video_inputs::{VideoFacts, video_output};
    let module = tasks::task_module(code).ok_or_else(|| {
        crate::error::coded_error("unknown_module", &format!("{code} is not a task module"))
    })?;
    let facts = VideoFacts {
        width: u32_arg("width", width)?,
        height: u32_arg("height", height)?,
        frames: u32_arg("frames", frames)?,
        fps: if fps.is_finite() && fps > 0.0 {
            fps
        } else {
            0.0
        },
    };
    match video_output(module, facts) {
        None => Ok(JsValue::UNDEFINED),
        Some(Ok(output)) => to_js_value(&serde_json::json!({ "output": output })),
        Some(Err(problem)) => to_js_value(&serde_json::json!({
            "problem": problem,
            "message": problem.to_string(),
        })),
    }
}
