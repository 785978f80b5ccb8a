//! Generation, tool, upload and report calls (docs/behaviour/tasks-and-queue.md#task-modules
//! "Generation, tools, workflows, uploads, reports"). Most answers are not shown in the spec and
//! are typed `unknown`.
//!
//! Task calls follow one pattern: `POST /v1/ai/create/{algorithm}` starts a task and
//! `GET /v1/ai/result/{algorithm}/{id}` reads it; the named exports below are that pattern for
//! the algorithms the spec names, and [`create_task`] / [`get_task_result`] cover any other.

use super::answer::call_data;
use super::request::{id_arg, id_value, params_arg};
use super::transport::{Call, Method};
use crate::error::bad_argument;
use aivg_core::request::encode_uri_component;
use serde_json::json;
use wasm_bindgen::prelude::*;

fn algorithm_segment(algorithm: &str) -> Result<String, JsValue> {
    let trimmed = algorithm.trim();
    if trimmed.is_empty() {
        return Err(bad_argument(
            "algorithm",
            "expected a non-empty algorithm name",
        ));
    }
    Ok(encode_uri_component(trimmed))
}

/// Starts a generation task of any algorithm: `POST /v1/ai/create/{algorithm}`
/// (docs/behaviour/tasks-and-queue.md#task-modules).
/// ```js
/// const task = await createTask("text2video", { data: { prompt: "a cat surfing" } })
/// ```
#[wasm_bindgen(js_name = createTask, unchecked_return_type = "unknown")]
pub async fn create_task(
    algorithm: String,
    #[wasm_bindgen(unchecked_optional_param_type = "Record<string, unknown>")] payload: JsValue,
) -> Result<JsValue, JsValue> {
    let path = format!("/v1/ai/create/{}", algorithm_segment(&algorithm)?);
    call_data(Call::new(Method::Post, path, params_arg(payload)?)).await
}

/// The result of a task: `GET /v1/ai/result/{algorithm}/{id}`
/// (docs/behaviour/tasks-and-queue.md#task-modules).
/// ```js
/// const result = await getTaskResult("text2video", "t-123")
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = getTaskResult, unchecked_return_type = "unknown")]
pub async fn get_task_result(
    algorithm: String,
    #[wasm_bindgen(unchecked_param_type = "string | number")] id: JsValue,
) -> Result<JsValue, JsValue> {
    let path = format!("/v1/ai/result/{}/:id", algorithm_segment(&algorithm)?);
    let call = Call::new(Method::Get, path, serde_json::Value::Null).with_id(id_arg("id", id)?);
    call_data(call).await
}

fn sensitive_algorithm(kind: &str) -> Result<&'static str, JsValue> {
    match kind {
        "v" => Ok("v_sensitive_detect"),
        "i" => Ok("i_sensitive_detect"),
        "t" => Ok("t_sensitive_detect"),
        other => Err(bad_argument(
            "kind",
            format!("expected \"v\", \"i\" or \"t\", got {other:?}"),
        )),
    }
}

/// Starts a sensitive-content check of a video (`v`), image (`i`) or text (`t`):
/// `POST /v1/ai/create/{kind}_sensitive_detect` (docs/behaviour/tasks-and-queue.md#task-inputs).
/// ```js
/// const task = await createSensitiveDetect("t", { data: { prompt: "a cat" } })
/// ```
#[wasm_bindgen(js_name = createSensitiveDetect, unchecked_return_type = "unknown")]
pub async fn create_sensitive_detect(
    #[wasm_bindgen(unchecked_param_type = "SensitiveDetectKind")] kind: String,
    #[wasm_bindgen(unchecked_param_type = "SensitiveDetectParams")] params: JsValue,
) -> Result<JsValue, JsValue> {
    let path = format!("/v1/ai/create/{}", sensitive_algorithm(&kind)?);
    call_data(Call::new(Method::Post, path, params_arg(params)?)).await
}

/// The result of a sensitive-content check: `GET /v1/ai/result/{kind}_sensitive_detect/{id}`.
/// ```js
/// const verdict = await getSensitiveDetectResult("i", "t-9")
/// ```
#[wasm_bindgen(js_name = getSensitiveDetectResult, unchecked_return_type = "unknown")]
pub async fn get_sensitive_detect_result(
    #[wasm_bindgen(unchecked_param_type = "SensitiveDetectKind")] kind: String,
    #[wasm_bindgen(unchecked_param_type = "string | number")] id: JsValue,
) -> Result<JsValue, JsValue> {
    let path = format!("/v1/ai/result/{}/:id", sensitive_algorithm(&kind)?);
    let call = Call::new(Method::Get, path, serde_json::Value::Null).with_id(id_arg("id", id)?);
    call_data(call).await
}

/// The results of several tasks at once: `POST /v1/ai/result/batch {task_ids}`
/// (docs/behaviour/calls-and-errors.md#the-calls).
/// ```js
/// const results = await getTaskResults(["t-1", "t-2"])
/// ```
#[wasm_bindgen(js_name = getTaskResults, unchecked_return_type = "unknown")]
pub async fn get_task_results(
    #[wasm_bindgen(unchecked_param_type = "Array<string | number>")] ids: JsValue,
) -> Result<JsValue, JsValue> {
    let ids: Vec<serde_json::Value> = crate::convert::from_js("ids", ids)?;
    let body = json!({ "task_ids": ids });
    call_data(Call::new(Method::Post, "/v1/ai/result/batch", body)).await
}

/// Retries a failed task: `POST /v1/ai/retry {task_id}`
/// (docs/behaviour/calls-and-errors.md#request-rules).
/// ```js
/// await retryTask("t-123")
/// ```
#[wasm_bindgen(js_name = retryTask, unchecked_return_type = "unknown")]
pub async fn retry_task(
    #[wasm_bindgen(unchecked_param_type = "string | number")] id: JsValue,
) -> Result<JsValue, JsValue> {
    let task_id: serde_json::Value = crate::convert::from_js("id", id)?;
    // Sent as given (string or number), after checking it is one of those.
    id_value("id", &task_id)?;
    let body = json!({ "task_id": task_id });
    call_data(Call::new(Method::Post, "/v1/ai/retry", body)).await
}

http_call! {
    /// Starts a watermark-free download of a finished task (docs/behaviour/uploads.md#uploads).
    /// ```js
    /// const task = await createWatermarkDownload({ prev_task: "t-1", data: { file_path: "oss/a.mp4" } })
    /// ```
    create_watermark_download => createWatermarkDownload(params: "WatermarkDownloadParams") Post "/v1/ai/create/watermark_download" -> "Promise<unknown>"
}

http_call! {
    /// The result of a watermark-free download task
    /// (docs/behaviour/tasks-and-queue.md#task-states).
    /// ```js
    /// const result = await getWatermarkDownloadResult("t-2")
    /// ```
    get_watermark_download_result => getWatermarkDownloadResult(id) Get "/v1/ai/result/watermark_download/:id" -> "Promise<unknown>"
}

http_call! {
    /// Starts the image_fkp task on an uploaded image (docs/behaviour/uploads.md#uploads).
    /// ```js
    /// const task = await createImageFkp({ data: { file_path: "oss/face.png" } })
    /// ```
    create_image_fkp => createImageFkp(params: "FilePathParams") Post "/v1/ai/create/image_fkp" -> "Promise<unknown>"
}

http_call! {
    /// The result of an image_fkp task (docs/behaviour/tasks-and-queue.md#task-states).
    /// ```js
    /// const result = await getImageFkpResult("t-3")
    /// ```
    get_image_fkp_result => getImageFkpResult(id) Get "/v1/ai/result/image_fkp/:id" -> "Promise<unknown>"
}

http_call! {
    /// Starts a text-to-music task (docs/behaviour/tasks-and-queue.md#task-inputs; payload shape
    /// not shown).
    /// ```js
    /// const task = await createMusic({ data: { prompt: "calm piano at night", duration: 30 } })
    /// ```
    create_music => createMusic(params: "Record<string, unknown>") Post "/v1/ai/create/mai_tcm" -> "Promise<unknown>"
}

http_call! {
    /// Starts a text-to-song task (docs/behaviour/tasks-and-queue.md#task-inputs; payload shape not
    /// shown).
    /// ```js
    /// const task = await createSong({ data: { prompt: "summer pop", lyrics: "..." } })
    /// ```
    create_song => createSong(params: "Record<string, unknown>") Post "/v1/ai/create/mai_text2song_minimax" -> "Promise<unknown>"
}

http_call! {
    /// Prompt categories and presets of an algorithm
    /// (docs/behaviour/tasks-and-queue.md#task-modules).
    /// ```js
    /// const presets = await getPromptPresets({ algorithm: "text2video", model_type: "v2", lang: "en" })
    /// ```
    get_prompt_presets => getPromptPresets(params: "PromptPresetsParams") Get "/v1/prompt/category-and-presets" -> "Promise<unknown>"
}

http_call! {
    /// The text-to-speech voices of the talking avatar
    /// (docs/behaviour/tasks-and-queue.md#task-modules).
    /// ```js
    /// const voices = await getTtsVoices()
    /// ```
    get_tts_voices => getTtsVoices() Get "/v1/ai/tts/voice" -> "Promise<unknown>"
}

http_call! {
    /// The month's minutes of the metered tools (translate, denoise, vocal remover;
    /// docs/behaviour/tasks-and-queue.md#minute-metered-tools): `GET /v1/ai/minutes` → `{level,
    /// month_start, renews_at, list: [{tool, modules, limit_minutes, used_seconds,
    /// remaining_seconds}]}` (not in the spec's call table).
    /// ```js
    /// const { list } = await getMinuteUsage()
    /// ```
    get_minute_usage => getMinuteUsage() Get "/v1/ai/minutes" -> "Promise<unknown>"
}

http_call! {
    /// Saves the user data of a task (docs/behaviour/tasks-and-queue.md#task-modules).
    /// ```js
    /// await saveTaskData({ taskId: "t-1", save_type: 1, user_data: { module: "text2video", name: "Cat" } })
    /// ```
    save_task_data => saveTaskData(params: "TaskDataSaveParams") Post "/v1/ai/task/data_save" -> "Promise<unknown>"
}

http_call! {
    /// A single-use ticket (valid 60 s) for the task event stream, so the access token never
    /// travels in a URL: `POST /v1/ai/events/ticket` → `{ticket, expires_in}`; then
    /// `new EventSource("/v1/ai/events?ticket=" + ticket)`.
    /// ```js
    /// const { ticket } = await createEventsTicket()
    /// ```
    create_events_ticket => createEventsTicket() Post "/v1/ai/events/ticket" -> "Promise<EventsTicket>"
}

http_call! {
    /// Cancels a running task: `POST /v1/ai/cancel/{id}`
    /// (docs/behaviour/calls-and-errors.md#request-rules).
    /// ```js
    /// await cancelTask("t-1")
    /// ```
    cancel_task => cancelTask(id) Post "/v1/ai/cancel/:id" -> "Promise<unknown>"
}

http_call! {
    /// Deletes a task: `POST /v1/ai/del/{id}` (docs/behaviour/tasks-and-queue.md#task-states).
    /// ```js
    /// await deleteTask("t-1")
    /// ```
    delete_task => deleteTask(id) Post "/v1/ai/del/:id" -> "Promise<unknown>"
}

http_call! {
    /// The user's tasks, paged (docs/behaviour/tasks-and-queue.md#task-modules).
    /// ```js
    /// const page = await listTasks({ module: "text2video", page: 1, page_size: 20 })
    /// ```
    list_tasks => listTasks(params: "ListTasksParams") Post "/v1/ai/task" -> "Promise<unknown>"
}

http_call! {
    /// Polishes a prompt (docs/behaviour/tasks-and-queue.md#task-inputs; payload and answer not
    /// shown).
    /// ```js
    /// const polished = await polishPrompt({ prompt: "cat surf" })
    /// ```
    polish_prompt => polishPrompt(params?: "Record<string, unknown>") Post "/v1/ai/prompt/polish" -> "Promise<unknown>"
}

http_call! {
    /// Describes an image as a prompt (docs/behaviour/tasks-and-queue.md#task-inputs; payload and
    /// answer not shown).
    /// ```js
    /// const prompt = await imageToPrompt({ file_path: "oss/a.png" })
    /// ```
    image_to_prompt => imageToPrompt(params?: "Record<string, unknown>") Post "/v1/ai/prompt/img2prompt" -> "Promise<unknown>"
}

http_call! {
    /// An upload token for an algorithm's storage (docs/behaviour/uploads.md#uploads).
    /// ```js
    /// const token = await getOssToken({ algorithm: "image2video" })
    /// ```
    get_oss_token => getOssToken(params: "OssTokenParams") Get "/v1/common/oss/token" -> "Promise<unknown>"
}

http_call! {
    /// A signed URL of a stored file (docs/behaviour/calls-and-errors.md#request-rules).
    /// ```js
    /// const signed = await getOssSign({ oss_path: "u/1/a.png", dispose: 1 })
    /// ```
    get_oss_sign => getOssSign(params: "OssSignParams") Get "/v1/common/oss/sign" -> "Promise<unknown>"
}

http_call! {
    /// Media information of a stored file (docs/behaviour/uploads.md#uploads).
    /// ```js
    /// const info = await getOssMediaInfo({ oss_path: "u/1/a.mp4" })
    /// ```
    get_oss_media_info => getOssMediaInfo(params: "OssPathParams") Get "/v1/common/oss/mediainfo" -> "Promise<unknown>"
}

http_call! {
    /// Reports an explore item (docs/behaviour/tasks-and-queue.md#explore).
    /// ```js
    /// await reportExplore({ explore_id: 42, reason: "report_reason_3", other: "" })
    /// ```
    report_explore => reportExplore(params: "ExploreReportParams") Post "/v1/explore/report" -> "Promise<unknown>"
}
