//! Links between nodes: the source node and output slot exist, and the output's type fits the
//! input (ComfyUI's type rule).

use super::{Problem, Site};
use serde_json::Value;

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

pub(super) fn check_link(
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
