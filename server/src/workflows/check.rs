//! Checks an API-format workflow against node schemas shaped like ComfyUI's `GET /object_info`
//! (a live server's, or `fixtures/comfyui/node_schemas.json`), catching before a prompt is sent
//! what ComfyUI's own validation would refuse: unknown node types, unknown or missing required
//! inputs, links to missing nodes or outputs, link types that do not fit, literal values of the
//! wrong kind or not among a combo's choices, and no output node.
//!
//! Placeholders (`"{{name}}"`) are accepted wherever a value goes, so unfilled workflows check too.

use super::fill::whole_placeholder;
use serde_json::Value;
use std::fmt;

/// One thing wrong with a workflow. `node` is the workflow's node id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// The workflow is not an object of nodes with `class_type` and `inputs`.
    Malformed {
        node: String,
        message: String,
    },
    UnknownNode {
        node: String,
        class_type: String,
    },
    MissingInput {
        node: String,
        class_type: String,
        input: String,
    },
    UnknownInput {
        node: String,
        class_type: String,
        input: String,
    },
    /// A link to a node id the workflow does not have.
    MissingSource {
        node: String,
        input: String,
        source: String,
    },
    /// A link to an output slot the source node does not have.
    BadSlot {
        node: String,
        input: String,
        source: String,
        slot: u64,
        outputs: usize,
    },
    /// The linked output's type does not fit the input.
    TypeMismatch {
        node: String,
        input: String,
        expected: String,
        found: String,
    },
    /// A literal of the wrong kind (text for a number, …) or not among a combo's choices.
    BadValue {
        node: String,
        input: String,
        expected: String,
        found: String,
    },
    NoOutputNode,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Malformed { node, message } => write!(f, "node {node}: {message}"),
            Self::UnknownNode { node, class_type } => {
                write!(
                    f,
                    "node {node}: unknown node type {class_type} (not installed?)"
                )
            }
            Self::MissingInput {
                node,
                class_type,
                input,
            } => {
                write!(
                    f,
                    "node {node} ({class_type}): required input {input} is missing"
                )
            }
            Self::UnknownInput {
                node,
                class_type,
                input,
            } => {
                write!(f, "node {node} ({class_type}): no input named {input}")
            }
            Self::MissingSource {
                node,
                input,
                source,
            } => {
                write!(
                    f,
                    "node {node}: input {input} links to node {source}, which is not in the workflow"
                )
            }
            Self::BadSlot {
                node,
                input,
                source,
                slot,
                outputs,
            } => write!(
                f,
                "node {node}: input {input} links to output {slot} of node {source}, which has {outputs} output(s)"
            ),
            Self::TypeMismatch {
                node,
                input,
                expected,
                found,
            } => {
                write!(
                    f,
                    "node {node}: input {input} takes {expected} but is linked to a {found} output"
                )
            }
            Self::BadValue {
                node,
                input,
                expected,
                found,
            } => {
                write!(
                    f,
                    "node {node}: input {input} takes {expected}, got {found}"
                )
            }
            Self::NoOutputNode => write!(
                f,
                "the workflow has no output node (nothing would be saved)"
            ),
        }
    }
}

/// Every problem of `workflow` against `object_info` (`{class_type: {input: {required,
/// optional}, output: [types], output_node}}`); empty when ComfyUI would accept it.
pub fn check_workflow(workflow: &Value, object_info: &Value) -> Vec<Problem> {
    let mut problems = Vec::new();
    let Some(nodes) = workflow.as_object() else {
        return vec![Problem::Malformed {
            node: String::new(),
            message: "the workflow is not a JSON object of nodes".into(),
        }];
    };
    let mut has_output = false;
    for (id, node) in nodes {
        let class = node.get("class_type").and_then(Value::as_str);
        let inputs = node.get("inputs").and_then(Value::as_object);
        let (Some(class), Some(inputs)) = (class, inputs) else {
            problems.push(Problem::Malformed {
                node: id.clone(),
                message: "needs a string class_type and an object inputs".into(),
            });
            continue;
        };
        let Some(schema) = object_info.get(class) else {
            problems.push(Problem::UnknownNode {
                node: id.clone(),
                class_type: class.into(),
            });
            continue;
        };
        has_output |= schema.get("output_node").and_then(Value::as_bool) == Some(true);
        let section = |name: &str| {
            schema
                .get("input")
                .and_then(|i| i.get(name))
                .and_then(Value::as_object)
        };
        if let Some(required) = section("required") {
            for name in required.keys() {
                if !inputs.contains_key(name) {
                    problems.push(Problem::MissingInput {
                        node: id.clone(),
                        class_type: class.into(),
                        input: name.clone(),
                    });
                }
            }
        }
        for (name, value) in inputs {
            let spec = section("required")
                .and_then(|r| r.get(name))
                .or_else(|| section("optional").and_then(|o| o.get(name)));
            let Some(spec) = spec else {
                // `format.codec`: an input nested under a dynamic combo (`format`) is known
                // when its parent is.
                let parent = name.split_once('.').map(|(p, _)| p);
                let nested = parent.is_some_and(|p| {
                    section("required").is_some_and(|r| r.contains_key(p))
                        || section("optional").is_some_and(|o| o.contains_key(p))
                });
                if !nested && section("hidden").is_none_or(|h| !h.contains_key(name)) {
                    problems.push(Problem::UnknownInput {
                        node: id.clone(),
                        class_type: class.into(),
                        input: name.clone(),
                    });
                }
                continue;
            };
            let at = Site {
                node: id,
                input: name,
            };
            match as_link(value) {
                Some((source, slot)) => {
                    check_link(&at, spec, source, slot, nodes, object_info, &mut problems)
                }
                None => check_value(&at, spec, value, &mut problems),
            }
        }
    }
    if !has_output {
        problems.push(Problem::NoOutputNode);
    }
    problems
}

struct Site<'a> {
    node: &'a str,
    input: &'a str,
}

/// `[source id, slot]`: how the API format writes a link.
fn as_link(v: &Value) -> Option<(&str, u64)> {
    match v.as_array()?.as_slice() {
        [Value::String(src), slot] => Some((src.as_str(), slot.as_u64()?)),
        _ => None,
    }
}

/// The type an input spec takes: a type name, or `COMBO` for a list of choices.
fn spec_type(spec: &Value) -> String {
    match spec.get(0) {
        Some(Value::String(t)) => t.clone(),
        Some(Value::Array(_)) => "COMBO".into(),
        _ => "*".into(),
    }
}

/// ComfyUI's rule: `*` fits anything; otherwise the (comma-separated) type sets must meet.
fn types_fit(expected: &str, found: &str) -> bool {
    if expected == "*" || found == "*" {
        return true;
    }
    expected
        .split(',')
        .any(|e| found.split(',').any(|f| e.trim() == f.trim()))
}

fn check_link(
    at: &Site<'_>,
    spec: &Value,
    source: &str,
    slot: u64,
    nodes: &serde_json::Map<String, Value>,
    object_info: &Value,
    problems: &mut Vec<Problem>,
) {
    let Some(src) = nodes.get(source) else {
        problems.push(Problem::MissingSource {
            node: at.node.into(),
            input: at.input.into(),
            source: source.into(),
        });
        return;
    };
    let src_class = src
        .get("class_type")
        .and_then(Value::as_str)
        .unwrap_or_default();
    // An unknown source type is reported on that node; its outputs cannot be checked.
    let Some(outputs) = object_info
        .get(src_class)
        .and_then(|s| s.get("output"))
        .and_then(Value::as_array)
    else {
        return;
    };
    let Some(found) = usize::try_from(slot).ok().and_then(|i| outputs.get(i)) else {
        problems.push(Problem::BadSlot {
            node: at.node.into(),
            input: at.input.into(),
            source: source.into(),
            slot,
            outputs: outputs.len(),
        });
        return;
    };
    let found = match found {
        Value::String(t) => t.clone(),
        Value::Array(_) => "COMBO".into(),
        _ => "*".into(),
    };
    let expected = spec_type(spec);
    if !types_fit(&expected, &found) {
        problems.push(Problem::TypeMismatch {
            node: at.node.into(),
            input: at.input.into(),
            expected,
            found,
        });
    }
}

fn kind(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => format!("the boolean {b}"),
        Value::Number(n) => format!("the number {n}"),
        Value::String(s) => format!("the text {s:?}"),
        Value::Array(_) => "a list".into(),
        Value::Object(_) => "an object".into(),
    }
}

fn check_value(at: &Site<'_>, spec: &Value, value: &Value, problems: &mut Vec<Problem>) {
    if value.as_str().and_then(whole_placeholder).is_some() {
        return;
    }
    // Choices come as `[[a, b], {..}]` (classic nodes) or `["COMBO", {"options": [a, b]}]`
    // (nodes on ComfyUI's v3 schema).
    let options = spec
        .get(1)
        .and_then(|o| o.get("options"))
        .filter(|o| o.is_array());
    let listed = match spec.get(0) {
        Some(Value::String(t)) if t == "COMBO" => options,
        other => other,
    };
    let (expected, ok) = match listed {
        Some(Value::Array(choices)) => {
            let ok = choices.contains(value);
            let list: Vec<String> = choices.iter().map(|c| c.to_string()).collect();
            (format!("one of {}", list.join(", ")), ok)
        }
        Some(Value::String(t)) => match t.as_str() {
            "INT" => ("an integer".into(), value.is_i64() || value.is_u64()),
            "FLOAT" => ("a number".into(), value.is_number()),
            "BOOLEAN" => ("true or false".into(), value.is_boolean()),
            "STRING" | "COMBO" => ("text".into(), value.is_string()),
            // A connection type (MODEL, IMAGE, …) needs a link.
            other if other.chars().all(|c| c.is_ascii_uppercase() || c == '_') && other != "*" => {
                (format!("a link to a {other} output"), false)
            }
            _ => (String::new(), true),
        },
        _ => (String::new(), true),
    };
    if !ok {
        problems.push(Problem::BadValue {
            node: at.node.into(),
            input: at.input.into(),
            expected,
            found: kind(value),
        });
    }
}

/// The loader inputs that name model files, and the `models/` folder each reads (ComfyUI's
/// folder names, as the templates' model lists give them).
pub const LOADERS: &[(&str, &str, &str)] = &[
    ("UNETLoader", "unet_name", "diffusion_models"),
    ("CLIPLoader", "clip_name", "text_encoders"),
    ("DualCLIPLoader", "clip_name1", "text_encoders"),
    ("DualCLIPLoader", "clip_name2", "text_encoders"),
    ("VAELoader", "vae_name", "vae"),
    ("CheckpointLoaderSimple", "ckpt_name", "checkpoints"),
    ("LoraLoader", "lora_name", "loras"),
    ("LoraLoaderModelOnly", "lora_name", "loras"),
    ("UpscaleModelLoader", "model_name", "upscale_models"),
    ("AudioEncoderLoader", "audio_encoder_name", "audio_encoders"),
    (
        "LoadBackgroundRemovalModel",
        "bg_removal_name",
        "background_removal",
    ),
];

/// The model files a workflow loads, as (folder, file), sorted, each once: what to look for in
/// ComfyUI's `GET /models/{folder}`.
pub fn required_models(workflow: &Value) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for node in workflow.as_object().into_iter().flat_map(|o| o.values()) {
        let class = node
            .get("class_type")
            .and_then(Value::as_str)
            .unwrap_or_default();
        for (_, input, folder) in LOADERS.iter().filter(|(c, _, _)| *c == class) {
            if let Some(file) = node
                .get("inputs")
                .and_then(|i| i.get(*input))
                .and_then(Value::as_str)
            {
                out.push(((*folder).to_owned(), file.to_owned()));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}
