//! The shipped workflows (`server/workflows/*.json`, generated from Comfy-Org's templates by
//! `fixtures/comfyui/generate.py`), embedded in the binary with their `index.json` (every file
//! of the folder, by `build.rs`; the workflows test checks they are exactly core's
//! `WorkflowName::ALL`, and that the index describes each), and the
//! operator's overrides: `AIVG_WORKFLOWS_DIR/<module code>.json` (or `<workflow name>.json` for
//! every module that runs it), an "Export (API)" from ComfyUI, replaces the shipped one.

use serde::Deserialize;
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

// `SHIPPED`: every `workflows/*.json` but the index, written by `build.rs`.
include!(concat!(env!("OUT_DIR"), "/shipped_workflows.rs"));

const INDEX: &str = include_str!("../../workflows/index.json");

/// One model file a workflow loads (from the template's own model list).
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct ModelInfo {
    pub file: String,
    /// ComfyUI's `models/` sub-folder (`diffusion_models`, `text_encoders`, `vae`, …).
    pub folder: String,
    pub url: Option<String>,
    pub size_bytes: Option<u64>,
}

/// What `index.json` says about one workflow.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct WorkflowInfo {
    /// The Comfy-Org templates it comes from.
    pub templates: Vec<String>,
    /// How it differs from the template, if it does.
    pub composed: Option<String>,
    /// `image`, `video` or `audio`.
    pub output: String,
    /// Frames per second of the video it makes; `None` for a video: the input video's rate.
    pub fps: Option<f64>,
    pub placeholders: Vec<String>,
    /// Values for placeholders a task may leave out (the template's own).
    pub defaults: Map<String, Value>,
    pub models: Vec<ModelInfo>,
    /// Approximate GPU memory in GB, and how it was estimated.
    pub gpu_memory_gb: Option<f64>,
    pub gpu_memory_source: Option<String>,
    /// The oldest ComfyUI that runs it (the templates' `minComfyUIVersion`), e.g. `0.21.0`.
    #[serde(default)]
    pub min_comfyui: Option<String>,
}

/// The parsed `index.json`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Index {
    pub source: String,
    pub workflows: BTreeMap<String, WorkflowInfo>,
}

/// Where a loaded workflow came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    Shipped,
    /// The operator's file.
    Override(PathBuf),
}

/// A workflow ready to fill.
#[derive(Debug, Clone, PartialEq)]
pub struct Workflow {
    pub name: String,
    /// API format: `{node id: {class_type, inputs, _meta}}`.
    pub graph: Value,
    pub origin: Origin,
    /// The workflow's facts (fps, defaults, models); an override's fps, defaults and ComfyUI
    /// version are its sidecar's (`<name>.info.json`), never the shipped one's.
    pub info: Option<WorkflowInfo>,
}

impl Workflow {
    /// The graph with the task's values (and the defaults for what it leaves out).
    pub fn fill(&self, vars: &super::Vars) -> Result<Value, super::fill::Unfilled> {
        let none = Map::new();
        let defaults = self.info.as_ref().map_or(&none, |i| &i.defaults);
        super::fill::fill_with_defaults(&self.graph, vars, defaults)
    }
}

/// Why a workflow could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WorkflowError {
    #[error("no workflow named {0:?} is shipped")]
    Unknown(String),
    #[error("workflow file {path}: {message}")]
    BadFile { path: String, message: String },
    #[error("the shipped workflow {name}: {message}")]
    BadShipped { name: String, message: String },
    /// An override that would run on its own baked-in values instead of the task's.
    #[error("workflow file {path} lacks {}: what the task sends there would never reach the engine", .missing.iter().map(|p| format!("{{{{{p}}}}}")).collect::<Vec<_>>().join(", "))]
    MissingPlaceholders { path: String, missing: Vec<String> },
    /// An override whose length needs a frame rate it does not state.
    #[error(
        "workflow file {path} uses {{{{frames}}}}: state its frame rate as \"fps\" in {sidecar}"
    )]
    NoFrameRate { path: String, sidecar: String },
}

/// An override's own facts, from `<name>.info.json` beside it (all optional): the frame rate
/// of the video it makes, values for placeholders a task may leave out, the oldest ComfyUI that
/// runs it. Without the file it has none (it never inherits the shipped workflow's).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct OverrideFacts {
    fps: Option<f64>,
    #[serde(default)]
    defaults: Map<String, Value>,
    min_comfyui: Option<String>,
}

/// The placeholders through which `module_code`'s inputs reach `shipped` (those of its fields,
/// and its length, that the shipped workflow has): an override must have each.
pub fn needed_placeholders(module_code: &str, shipped: &WorkflowInfo) -> Vec<String> {
    use aivg_core::tasks::FieldKind as K;
    let Some(m) = aivg_core::tasks::task_module(module_code) else {
        return Vec::new();
    };
    let mut want: Vec<&str> = m
        .fields
        .iter()
        .map(|f| match f.kind {
            K::Prompt => "prompt",
            K::MusicPrompt => "tags",
            K::Lyrics => "lyrics",
            K::Image => "image",
            K::Video => "video",
            K::Mask => "mask",
            K::Audio | K::Speech => "audio",
        })
        .collect();
    if m.duration.is_some() {
        want.extend(["frames", "duration"]);
    }
    let mut out: Vec<String> = want
        .into_iter()
        .filter(|p| shipped.placeholders.iter().any(|s| s == p))
        .map(str::to_owned)
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The shipped index (parsed once).
pub fn index() -> Result<&'static Index, WorkflowError> {
    static PARSED: OnceLock<Result<Index, String>> = OnceLock::new();
    PARSED
        .get_or_init(|| serde_json::from_str(INDEX).map_err(|e| e.to_string()))
        .as_ref()
        .map_err(|message| WorkflowError::BadShipped {
            name: "index.json".into(),
            message: message.clone(),
        })
}

/// The shipped JSON of a workflow.
pub fn shipped(name: &str) -> Option<&'static str> {
    SHIPPED.iter().find(|(n, _)| *n == name).map(|(_, j)| *j)
}

/// Loads the workflow `workflow_name` for module `module_code`: the operator's
/// `<override_dir>/<module_code>.json`, else `<override_dir>/<workflow_name>.json`, else the
/// shipped one. A file that is not API-format JSON is an error naming it (never a silent
/// fall-back to the shipped workflow).
pub fn load(
    module_code: &str,
    workflow_name: &str,
    override_dir: Option<&Path>,
) -> Result<Workflow, WorkflowError> {
    let info = index()?.workflows.get(workflow_name).cloned();
    if let Some(dir) = override_dir {
        for stem in [module_code, workflow_name] {
            let path = dir.join(format!("{stem}.json"));
            if path.is_file() {
                let graph = read_override(&path)?;
                let info = override_info(module_code, info, &graph, &path, stem)?;
                return Ok(Workflow {
                    name: workflow_name.to_owned(),
                    graph,
                    origin: Origin::Override(path),
                    info,
                });
            }
        }
    }
    let json =
        shipped(workflow_name).ok_or_else(|| WorkflowError::Unknown(workflow_name.into()))?;
    let graph = parse_api(json).map_err(|message| WorkflowError::BadShipped {
        name: workflow_name.into(),
        message,
    })?;
    Ok(Workflow {
        name: workflow_name.to_owned(),
        graph,
        origin: Origin::Shipped,
        info,
    })
}

/// An override's facts: the shipped workflow's templates and models (for the model list and
/// its download addresses), with the fps, defaults and ComfyUI version of its sidecar
/// (`<stem>.info.json`); refused when it lacks a placeholder its module needs, or uses
/// `{{frames}}` without a frame rate.
fn override_info(
    module_code: &str,
    shipped: Option<WorkflowInfo>,
    graph: &Value,
    path: &Path,
    stem: &str,
) -> Result<Option<WorkflowInfo>, WorkflowError> {
    let sidecar = path.with_file_name(format!("{stem}.info.json"));
    let facts: OverrideFacts = if sidecar.is_file() {
        let bad = |message: String| WorkflowError::BadFile {
            path: sidecar.display().to_string(),
            message,
        };
        let text = std::fs::read_to_string(&sidecar).map_err(|e| bad(e.to_string()))?;
        serde_json::from_str(&text).map_err(|e| bad(e.to_string()))?
    } else {
        OverrideFacts::default()
    };
    let has = super::fill::placeholders(graph);
    let Some(mut info) = shipped else {
        return Ok(None);
    };
    let missing: Vec<String> = needed_placeholders(module_code, &info)
        .into_iter()
        .filter(|p| !has.contains(p))
        .collect();
    if !missing.is_empty() {
        return Err(WorkflowError::MissingPlaceholders {
            path: path.display().to_string(),
            missing,
        });
    }
    if facts.fps.is_none() && has.iter().any(|p| p == "frames") {
        return Err(WorkflowError::NoFrameRate {
            path: path.display().to_string(),
            sidecar: sidecar.display().to_string(),
        });
    }
    info.fps = facts.fps;
    info.defaults = facts.defaults;
    info.min_comfyui = facts.min_comfyui;
    info.placeholders = has;
    info.composed = Some(format!("the operator's {}", path.display()));
    Ok(Some(info))
}

fn read_override(path: &Path) -> Result<Value, WorkflowError> {
    let bad = |message: String| WorkflowError::BadFile {
        path: path.display().to_string(),
        message,
    };
    let text = std::fs::read_to_string(path).map_err(|e| bad(e.to_string()))?;
    parse_api(&text).map_err(bad)
}

/// Parses API-format JSON: an object of nodes, each with a string `class_type` and an object
/// `inputs`. A UI-format save (with `nodes` and `links`) is refused with a hint.
pub fn parse_api(text: &str) -> Result<Value, String> {
    let v: Value = serde_json::from_str(text).map_err(|e| format!("not valid JSON: {e}"))?;
    let Some(nodes) = v.as_object() else {
        return Err("not an API-format workflow: expected an object of nodes".into());
    };
    if nodes.contains_key("nodes") && nodes.contains_key("links") {
        return Err(
            "this is a UI-format workflow (it has \"nodes\" and \"links\"); save it from ComfyUI with \"Export (API)\""
                .into(),
        );
    }
    if nodes.is_empty() {
        return Err("the workflow has no nodes".into());
    }
    for (id, node) in nodes {
        let class = node.get("class_type").and_then(Value::as_str);
        let inputs = node.get("inputs").map(Value::is_object);
        if class.is_none() || inputs != Some(true) {
            return Err(format!(
                "node {id:?} is not an API-format node (it needs a string \"class_type\" and an object \"inputs\")"
            ));
        }
    }
    Ok(v)
}
