//! Literal input values: the right kind for the input's type, and among a combo's choices.
//! Placeholders (`"{{name}}"`) pass.

use super::{Problem, Site};
use crate::workflows::fill::whole_placeholder;
use serde_json::Value;

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

pub(super) fn check_value(at: &Site<'_>, spec: &Value, value: &Value, problems: &mut Vec<Problem>) {
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
