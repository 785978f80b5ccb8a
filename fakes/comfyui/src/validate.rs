//! `POST /prompt` validation the way ComfyUI's `execution.validate_prompt` answers it: a node type
//! it does not know, a graph without an output node, a required input missing, a link to a missing
//! node or slot, an input file that was never uploaded, and a model file that is not installed
//! (ComfyUI lists the installed files as the loader's choices, so a missing one is
//! `value_not_in_list`).

use serde_json::{Map, Value, json};
use std::collections::{BTreeMap, BTreeSet};

/// Inputs that name a file in ComfyUI's input folder: (node class, input).
const INPUT_FILES: &[(&str, &str)] = &[
    ("LoadImage", "image"),
    ("LoadImageMask", "image"),
    ("LoadVideo", "file"),
    ("LoadAudio", "audio"),
];

/// What validation needs to know.
#[derive(Debug)]
pub struct Rules<'a> {
    /// `GET /object_info`.
    pub object_info: &'a Value,
    /// Every model file name the fake knows of (from the workflows' index).
    pub known_models: &'a BTreeSet<String>,
    /// Installed model files per folder.
    pub installed: &'a BTreeMap<String, BTreeSet<String>>,
    /// Names of uploaded input files.
    pub uploaded: &'a BTreeSet<String>,
}

fn error(kind: &str, message: &str, details: &str, extra: Value) -> Value {
    json!({"type": kind, "message": message, "details": details, "extra_info": extra})
}

/// The 400 answer for an invalid prompt, or `None` when it may run. Also answers the output node
/// ids (ComfyUI's `outputs_to_execute`).
pub fn validate(prompt: &Value, rules: &Rules<'_>) -> Result<Vec<String>, Value> {
    let Some(nodes) = prompt.as_object() else {
        return Err(
            json!({"error": error("invalid_prompt", "Invalid prompt: the prompt must be an object", "", json!({})), "node_errors": {}}),
        );
    };
    let mut outputs = Vec::new();
    for (id, node) in nodes {
        let Some(class) = node.get("class_type").and_then(Value::as_str) else {
            let e = error(
                "invalid_prompt",
                "Cannot execute because a node is missing the class_type property.",
                &format!("Node ID '#{id}'"),
                json!({}),
            );
            return Err(json!({"error": e, "node_errors": {}}));
        };
        let Some(schema) = rules.object_info.get(class) else {
            let title = node
                .pointer("/_meta/title")
                .and_then(Value::as_str)
                .unwrap_or(class);
            let e = error(
                "missing_node_type",
                &format!("Node '{title}' not found. The custom node may not be installed."),
                &format!("Node ID '#{id}'"),
                json!({"node_id": id, "class_type": class, "node_title": title}),
            );
            return Err(json!({"error": e, "node_errors": {}}));
        };
        if schema.get("output_node").and_then(Value::as_bool) == Some(true) {
            outputs.push(id.clone());
        }
    }
    if outputs.is_empty() {
        let e = error("prompt_no_outputs", "Prompt has no outputs", "", json!({}));
        return Err(json!({"error": e, "node_errors": {}}));
    }
    let mut node_errors = Map::new();
    let mut lines = Vec::new();
    for (id, node) in nodes {
        let errors = node_problems(nodes, node, rules);
        if errors.is_empty() {
            continue;
        }
        for e in &errors {
            lines.push(format!(
                "{}: {}",
                e["message"].as_str().unwrap_or_default(),
                e["details"].as_str().unwrap_or_default()
            ));
        }
        node_errors.insert(
            id.clone(),
            json!({"errors": errors, "dependent_outputs": outputs, "class_type": node["class_type"]}),
        );
    }
    if node_errors.is_empty() {
        outputs.sort();
        return Ok(outputs);
    }
    let e = error(
        "prompt_outputs_failed_validation",
        "Prompt outputs failed validation",
        &lines.join("\n"),
        json!({}),
    );
    Err(json!({"error": e, "node_errors": node_errors}))
}

fn node_problems(nodes: &Map<String, Value>, node: &Value, rules: &Rules<'_>) -> Vec<Value> {
    let class = node["class_type"].as_str().unwrap_or_default();
    let schema = &rules.object_info[class];
    let empty = Map::new();
    let inputs = node
        .get("inputs")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    let mut errors = Vec::new();
    if let Some(required) = schema.pointer("/input/required").and_then(Value::as_object) {
        for name in required.keys() {
            if !inputs.contains_key(name) {
                errors.push(error(
                    "required_input_missing",
                    "Required input is missing",
                    name,
                    json!({"input_name": name}),
                ));
            }
        }
    }
    for (name, value) in inputs {
        match value {
            Value::Array(link) => {
                let target = link.first().and_then(Value::as_str);
                let slot = link.get(1).and_then(Value::as_u64);
                let ok = match (link.len(), target, slot) {
                    (2, Some(t), Some(s)) => nodes
                        .get(t)
                        .and_then(|n| n["class_type"].as_str())
                        .and_then(|c| rules.object_info[c]["output"].as_array())
                        .is_some_and(|outs| usize::try_from(s).is_ok_and(|s| s < outs.len())),
                    _ => false,
                };
                if !ok {
                    errors.push(error(
                        "bad_linked_input",
                        "Bad linked input, must be a length-2 list of [node_id, slot_index]",
                        name,
                        json!({"input_name": name, "received_value": value}),
                    ));
                }
            }
            Value::String(s) => {
                if INPUT_FILES.contains(&(class, name.as_str())) && !rules.uploaded.contains(s) {
                    errors.push(error(
                        "custom_validation_failed",
                        "Custom validation failed for node",
                        &format!("{name} - Invalid image file: {s}"),
                        json!({"input_name": name, "received_value": s}),
                    ));
                } else if rules.known_models.contains(s)
                    && !rules.installed.values().any(|files| files.contains(s))
                {
                    let installed: Vec<&String> = rules.installed.values().flatten().collect();
                    let list = if installed.len() > 20 {
                        format!("(list of length {})", installed.len())
                    } else {
                        format!("{installed:?}")
                    };
                    errors.push(error(
                        "value_not_in_list",
                        "Value not in list",
                        &format!("{name}: '{s}' not in {list}"),
                        json!({"input_name": name, "received_value": s}),
                    ));
                }
            }
            _ => {}
        }
    }
    errors
}
