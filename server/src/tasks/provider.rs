//! The provider interface: what a worker hands a provider (a [`Job`]) and what it gets back
//! ([`Outputs`]), with progress reported on the way.

use super::modules::{InputFiles, TaskModule};
use crate::uploads::objects::StoredObject;
use crate::uploads::storage::Files;
use bytes::Bytes;
use serde_json::Value;
use tokio::sync::mpsc::UnboundedSender;

/// One run of a task.
#[derive(Debug, Clone)]
pub struct Job {
    pub task_id: String,
    pub module: &'static TaskModule,
    /// The task's `data` as sent (validated).
    pub data: Value,
    /// The uploaded files named in `data`, by the catalogue's field name (`file_path`,
    /// `mask_path`, `audio_path`).
    pub inputs: InputFiles,
    /// Reads inputs (and gives external programs a file path).
    pub files: Files,
    /// The ffmpeg program.
    pub ffmpeg: String,
    /// The local ONNX models (background removal of the local provider).
    pub models: crate::models::Models,
    /// This is the task's first claim: no engine has been given it yet, so there is no prompt
    /// of it to look for (docs/engines.md#a-fleet-of-gpus).
    pub first_run: bool,
    /// The ComfyUI server an earlier run recorded for it (`tasks.backend`; empty: none), where
    /// its prompt is looked for first.
    pub placed_on: String,
}

impl Job {
    /// `data.prompt` (empty when absent).
    pub fn prompt(&self) -> &str {
        self.data
            .get("prompt")
            .and_then(Value::as_str)
            .unwrap_or_default()
    }

    /// The uploaded file of a field (`file_path`, `mask_path`, `audio_path`).
    pub fn input(&self, field: &str) -> Option<&StoredObject> {
        self.inputs.get(field)
    }

    /// The duration asked for (the module's default when none), in seconds.
    pub fn duration(&self) -> Option<u32> {
        aivg_core::tasks::task_duration(self.module, &self.data)
            .ok()
            .flatten()
    }

    /// `data.{field}` as text (empty when absent).
    pub fn text(&self, field: &str) -> &str {
        self.data
            .get(field)
            .and_then(Value::as_str)
            .unwrap_or_default()
    }
}

/// One produced file.
#[derive(Debug, Clone)]
pub struct Output {
    pub bytes: Bytes,
    /// Extension without the dot (`png`).
    pub ext: String,
    pub content_type: String,
    pub width: u32,
    pub height: u32,
    /// Seconds, 0 for images.
    pub duration: f64,
}

/// What a run produced.
#[derive(Debug, Clone, Default)]
pub struct Outputs {
    pub outputs: Vec<Output>,
    /// True when the output is a labelled stand-in made without a model.
    pub preview: bool,
    /// A sentence for the user about how it was made (e.g. why a preview).
    pub note: Option<String>,
}

/// Why a run failed: the message is shown to the user, so it says what to do.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{0}")]
pub struct ProviderError(pub String);

impl ProviderError {
    pub fn new(msg: impl Into<String>) -> Self {
        Self(msg.into())
    }
}

/// Where a job's live preview pictures go (the worker hands the runner's `previews::PreviewSink`):
/// a callback, so the providers need not know the runner.
pub type PreviewFn = std::sync::Arc<dyn Fn(&[u8]) + Send + Sync>;

/// Where a job says where it runs: the engine, the ComfyUI server and our prompt id there (empty
/// when none), which the worker records with the task for the console (`admin/tasks.rs`).
pub type PlacedFn = std::sync::Arc<dyn Fn(&str, &str, &str) + Send + Sync>;

/// Progress reports, 0-100; the worker stores and pushes them. With a [`PreviewFn`], also the
/// engine's live previews (`previews.rs`); with a [`PlacedFn`], where the job runs.
#[derive(Clone)]
pub struct ProgressSender(
    pub(crate) UnboundedSender<u8>,
    pub(crate) Option<PreviewFn>,
    pub(crate) Option<PlacedFn>,
);

impl std::fmt::Debug for ProgressSender {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProgressSender")
            .field("previews", &self.1.is_some())
            .finish()
    }
}

impl ProgressSender {
    /// Progress only: previews are dropped.
    pub fn new(tx: UnboundedSender<u8>) -> Self {
        Self(tx, None, None)
    }

    /// Says where the job runs now (`engine`, and on ComfyUI the server and the prompt id).
    pub fn placed(&self, engine: &str, backend: &str, prompt_id: &str) {
        if let Some(tell) = &self.2 {
            tell(engine, backend, prompt_id);
        }
    }

    /// Reports a live preview picture (JPEG or PNG bytes) of the running task.
    pub fn preview(&self, image: &[u8]) {
        if let Some(offer) = &self.1 {
            offer(image);
        }
    }

    /// Reports progress (values above 99 are kept at 99 until the task has finished).
    pub fn set(&self, percent: u8) {
        let _ = self.0.send(percent.min(99));
    }

    /// Reports `done` of `total` steps.
    pub fn steps(&self, done: u64, total: u64) {
        if let Some(p) = (done.min(total) * 100).checked_div(total) {
            self.set(u8::try_from(p).unwrap_or(99));
        }
    }
}

/// Something that runs jobs: the built-in `local` provider or ComfyUI.
#[async_trait::async_trait]
pub trait Provider: Send + Sync + std::fmt::Debug {
    /// Its name, recorded in logs.
    fn name(&self) -> &'static str;
    /// Runs one job to the end.
    async fn run(&self, job: &Job, progress: ProgressSender) -> Result<Outputs, ProviderError>;
}
