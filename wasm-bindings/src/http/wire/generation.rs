//! Generation, tools, uploads, tasks and reports (docs/behaviour/tasks-and-queue.md#task-modules).

use super::OpenFields;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tsify::Tsify;

/// POST /v1/ai/events/ticket: a single-use ticket of the task event stream.
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct EventsTicket {
    /// The ticket.
    pub ticket: String,
    /// Its lifetime in seconds.
    pub expires_in: f64,
}

/// The sensitive-content detector of a media kind: video, image or text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
pub enum SensitiveDetectKind {
    /// Video.
    #[serde(rename = "v")]
    Video,
    /// Image.
    #[serde(rename = "i")]
    Image,
    /// Text.
    #[serde(rename = "t")]
    Text,
}

/// The `data` of a call on one stored file.
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct FilePathData {
    /// The file's storage path.
    pub file_path: String,
    /// Anything else the call takes.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// POST /v1/ai/create/watermark_download
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct WatermarkDownloadParams {
    /// The task whose result is downloaded.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "string | number")]
    pub prev_task: Option<Value>,
    /// The file.
    pub data: FilePathData,
    /// Anything else the call takes.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// The `data` of a sensitive-content check: `file_path` for media, `prompt` for text.
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct SensitiveDetectData {
    /// The media file checked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file_path: Option<String>,
    /// The text checked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prompt: Option<String>,
    /// Anything else the call takes.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// POST /v1/ai/create/{v,i,t}_sensitive_detect: `file_path` for media, `prompt` for text.
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct SensitiveDetectParams {
    /// What is checked.
    pub data: SensitiveDetectData,
    /// Anything else the call takes.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// POST /v1/ai/create/image_fkp
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct FilePathParams {
    /// The file.
    pub data: FilePathData,
    /// Anything else the call takes.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// GET /v1/prompt/category-and-presets
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct PromptPresetsParams {
    /// The task module.
    pub algorithm: String,
    /// The model type.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model_type: Option<String>,
    /// The language of the presets.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lang: Option<String>,
}

/// POST /v1/ai/task/data_save
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct TaskDataSaveParams {
    /// The task.
    #[serde(rename = "taskId")]
    #[tsify(type = "string | number")]
    pub task_id: Value,
    /// What is saved.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "string | number")]
    pub save_type: Option<Value>,
    /// The data saved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user_data: Option<OpenFields>,
}

/// POST /v1/ai/task (page_size: the spec's default is 20).
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct ListTasksParams {
    /// One task module or several.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "string | string[]")]
    pub algorithm: Option<Value>,
    /// With previews.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "number | boolean")]
    pub mi_preview: Option<Value>,
    /// Tasks per page.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page_size: Option<f64>,
    /// Page, from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page: Option<f64>,
    /// The module.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub module: Option<String>,
    /// Workflow tasks only.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "number | boolean")]
    pub is_workflow: Option<Value>,
}

/// GET /v1/common/oss/token
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct OssTokenParams {
    /// The task module the upload is for.
    pub algorithm: String,
}

/// GET /v1/common/oss/sign
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct OssSignParams {
    /// The storage path.
    pub oss_path: String,
    /// How the file is served.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "string | number")]
    pub dispose: Option<Value>,
}

/// GET /v1/common/oss/mediainfo
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct OssPathParams {
    /// The storage path.
    pub oss_path: String,
}

/// POST /v1/explore/report (reason: one of report_reason_1 .. report_reason_11).
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct ExploreReportParams {
    /// The item reported.
    #[tsify(type = "string | number")]
    pub explore_id: Value,
    /// One of report_reason_1 .. report_reason_11.
    pub reason: String,
    /// The user's own words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub other: Option<String>,
}
