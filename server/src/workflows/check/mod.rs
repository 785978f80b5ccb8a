//! Checks an API-format workflow against node schemas shaped like ComfyUI's `GET /object_info`
//! (a live server's, or `fixtures/comfyui/node_schemas.json`), catching before a prompt is sent
//! what ComfyUI's own validation would refuse: unknown node types, unknown or missing required
//! inputs, links to missing nodes or outputs, link types that do not fit, literal values of the
//! wrong kind or not among a combo's choices, and no output node.
//!
//! Placeholders (`"{{name}}"`) are accepted wherever a value goes, so unfilled workflows check too.

mod links;
mod models;
mod problem;
mod values;

pub use models::{LOADERS, required_models};
pub use problem::Problem;

use serde_json::Value;

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
                    links::check_link(&at, spec, source, slot, nodes, object_info, &mut problems)
                }
                None => values::check_value(&at, spec, value, &mut problems),
            }
        }
    }
    if !has_output {
        problems.push(Problem::NoOutputNode);
    }
    problems
}

/// Where a value sits: the node id and the input name.
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
