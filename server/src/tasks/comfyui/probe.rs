//! What a ComfyUI server can run: its node types (`GET /object_info`) and model files
//! (`GET /models/{folder}` for each folder the workflows load from), and per workflow what is
//! missing there: node types, model files (with the download URL of the workflows index), or
//! other problems the check of `crate::workflows` finds.

use super::client::{CallError, Client};
use crate::workflows::{self, Problem, WorkflowInfo};
use serde_json::Value;
use std::collections::{BTreeSet, HashMap, HashSet};

/// What one server has.
#[derive(Debug, Clone, Default)]
pub struct Capabilities {
    /// `GET /object_info`; `None` when the server does not answer it (a proxy that hides it):
    /// its workflows cannot be checked beforehand and ComfyUI's own check speaks for it.
    pub object_info: Option<Value>,
    /// Model files by folder (only the folders asked for).
    pub models: HashMap<String, HashSet<String>>,
    /// `GET /system_stats`' `comfyui_version`, when it answers one.
    pub version: Option<String>,
}

impl Capabilities {
    /// The number of node types (0 when unknown).
    pub fn node_count(&self) -> usize {
        self.object_info
            .as_ref()
            .and_then(Value::as_object)
            .map_or(0, serde_json::Map::len)
    }
}

/// A model file a workflow loads that a server lacks.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct MissingModel {
    pub folder: String,
    pub file: String,
    pub url: Option<String>,
}

/// What a server lacks for one workflow; empty = it can run it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Missing {
    pub nodes: BTreeSet<String>,
    /// With missing nodes: the ComfyUI the workflow needs (`index.json`'s `min_comfyui`) and
    /// the one the server runs, when it says.
    pub needs: Option<(String, Option<String>)>,
    pub models: BTreeSet<MissingModel>,
    pub problems: Vec<String>,
}

impl Missing {
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty() && self.models.is_empty() && self.problems.is_empty()
    }

    /// One readable sentence: "missing nodes: A, B; missing model files: folder/file
    /// (download: URL)".
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if !self.nodes.is_empty() {
            let list: Vec<&str> = self.nodes.iter().map(String::as_str).collect();
            let needs = match &self.needs {
                Some((min, Some(runs))) => {
                    format!(" (needs ComfyUI ≥ {min}; this server runs {runs})")
                }
                Some((min, None)) => format!(" (needs ComfyUI ≥ {min})"),
                None => String::new(),
            };
            parts.push(format!("missing nodes: {}{needs}", list.join(", ")));
        }
        if !self.models.is_empty() {
            let list: Vec<String> = self
                .models
                .iter()
                .map(|m| match &m.url {
                    Some(u) => format!("{}/{} (download: {u})", m.folder, m.file),
                    None => format!("{}/{}", m.folder, m.file),
                })
                .collect();
            parts.push(format!("missing model files: {}", list.join(", ")));
        }
        if !self.problems.is_empty() {
            parts.push(format!("workflow problems: {}", self.problems.join("; ")));
        }
        parts.join("; ")
    }
}

/// Every model folder the shipped workflows (and `extra` graphs) load from.
pub fn model_folders(extra: &[&Value]) -> Vec<String> {
    let mut folders: BTreeSet<String> = workflows::LOADERS
        .iter()
        .map(|(_, _, f)| (*f).to_owned())
        .collect();
    for g in extra {
        folders.extend(workflows::required_models(g).into_iter().map(|(f, _)| f));
    }
    folders.into_iter().collect()
}

/// Asks a server for its nodes and the model files of `folders`.
pub async fn capabilities(client: &Client, folders: &[String]) -> Result<Capabilities, CallError> {
    let object_info = match client.object_info().await {
        Ok(v) => Some(v),
        Err(CallError::Down(e)) => return Err(CallError::Down(e)),
        Err(e) => {
            tracing::warn!(
                "comfyui {}: no node list ({e}); workflows are checked by ComfyUI only",
                client.base
            );
            None
        }
    };
    let mut models = HashMap::new();
    if object_info.is_some() {
        for folder in folders {
            match client.models(folder).await {
                Ok(files) => {
                    models.insert(folder.clone(), files.into_iter().collect());
                }
                Err(CallError::Down(e)) => return Err(CallError::Down(e)),
                Err(e) => tracing::warn!("comfyui {}: {e}", client.base),
            }
        }
    }
    let version = match client.version().await {
        Ok(v) => v,
        Err(CallError::Down(e)) => return Err(CallError::Down(e)),
        Err(_) => None,
    };
    Ok(Capabilities {
        object_info,
        models,
        version,
    })
}

/// What `caps` lacks to run `graph` (filled or not: placeholders pass the check).
pub fn missing(graph: &Value, info: Option<&WorkflowInfo>, caps: &Capabilities) -> Missing {
    let mut out = Missing::default();
    let Some(object_info) = &caps.object_info else {
        return out;
    };
    let url_of = |file: &str| {
        info.and_then(|i| i.models.iter().find(|m| m.file == file))
            .and_then(|m| m.url.clone())
    };
    let mut model_inputs = HashSet::new();
    for (folder, file) in workflows::required_models(graph) {
        let has = caps
            .models
            .get(&folder)
            .is_some_and(|set| set.contains(&file));
        if !has {
            out.models.insert(MissingModel {
                url: url_of(&file),
                folder,
                file,
            });
        }
    }
    for (_, input, _) in workflows::LOADERS {
        model_inputs.insert(*input);
    }
    for p in workflows::check_workflow(graph, object_info) {
        match p {
            Problem::UnknownNode { class_type, .. } => {
                out.nodes.insert(class_type);
            }
            // A loader whose file is missing: already listed with its download URL.
            Problem::BadValue { ref input, .. } if model_inputs.contains(input.as_str()) => {}
            other => out.problems.push(other.to_string()),
        }
    }
    if !out.nodes.is_empty() {
        out.needs = info
            .and_then(|i| i.min_comfyui.clone())
            .map(|min| (min, caps.version.clone()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schemas() -> Value {
        let v: Value = serde_json::from_str(include_str!(
            "../../../../fixtures/comfyui/node_schemas.json"
        ))
        .unwrap();
        v["nodes"].clone()
    }

    fn caps_with(object_info: Value, models: &[(&str, &str)]) -> Capabilities {
        let mut m: HashMap<String, HashSet<String>> = HashMap::new();
        for (folder, file) in models {
            m.entry((*folder).into())
                .or_default()
                .insert((*file).into());
        }
        Capabilities {
            object_info: Some(object_info),
            models: m,
            version: None,
        }
    }

    #[test]
    fn missing_nodes_and_models_are_named_with_their_urls() {
        let wf = workflows::load("mai_imagesharpen", "image_upscale", None).unwrap();
        let info = wf.info.clone();
        let all = schemas();
        let caps = caps_with(all.clone(), &[]);
        let m = missing(&wf.graph, info.as_ref(), &caps);
        assert!(m.nodes.is_empty(), "{m:?}");
        assert_eq!(m.models.len(), 1, "{m:?}");
        let model = m.models.iter().next().unwrap();
        assert_eq!(model.folder, "upscale_models");
        assert!(
            model.url.as_deref().unwrap_or("").starts_with("https://"),
            "{model:?}"
        );
        assert!(
            m.describe()
                .contains("missing model files: upscale_models/")
        );

        let file = model.file.clone();
        let ok = caps_with(all.clone(), &[("upscale_models", &file)]);
        assert!(missing(&wf.graph, info.as_ref(), &ok).is_empty());

        let mut fewer = all;
        fewer
            .as_object_mut()
            .unwrap()
            .remove("ImageUpscaleWithModel");
        let m = missing(
            &wf.graph,
            info.as_ref(),
            &caps_with(fewer, &[("upscale_models", &file)]),
        );
        assert_eq!(
            m.nodes.iter().collect::<Vec<_>>(),
            ["ImageUpscaleWithModel"]
        );
        assert!(
            m.describe()
                .starts_with("missing nodes: ImageUpscaleWithModel")
        );
    }

    #[test]
    fn without_a_node_list_nothing_is_claimed_missing() {
        let caps = Capabilities::default();
        assert!(
            missing(
                &json!({"1": {"class_type": "X", "inputs": {}}}),
                None,
                &caps
            )
            .is_empty()
        );
    }
}
