//! Placeholder filling. A workflow names the values of a task with placeholders (listed in
//! `server/workflows/README.md`): a JSON string that is exactly `"{{name}}"` becomes the typed
//! value (a number stays a number), a placeholder inside a longer string is replaced as text.

use serde_json::{Map, Value};
use std::collections::HashMap;

/// The values a task gives its workflow. `None` leaves the placeholder to the workflow's default
/// (from `index.json`, the template's own value) or, without one, unfilled (an error).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Vars {
    pub prompt: Option<String>,
    pub negative_prompt: Option<String>,
    pub width: Option<u32>,
    pub height: Option<u32>,
    pub seed: Option<u64>,
    /// Video length in frames (`duration × fps + 1`, fps from `index.json`).
    pub frames: Option<u32>,
    /// Frame rate of a made video whose length the model spreads over fewer frames.
    pub fps: Option<u32>,
    /// Audio length in seconds.
    pub duration: Option<f64>,
    /// Names of files uploaded to ComfyUI's input folder (`/upload/image` answers them).
    pub image: Option<String>,
    pub mask: Option<String>,
    pub video: Option<String>,
    pub audio: Option<String>,
    pub lyrics: Option<String>,
    /// Music style and prompt, comma separated, for ACE-Step.
    pub tags: Option<String>,
    /// Used in every output's `filename_prefix`.
    pub task_id: Option<String>,
}

impl Vars {
    /// The given values by placeholder name.
    pub fn to_map(&self) -> HashMap<&'static str, Value> {
        let text = |v: &Option<String>| v.as_ref().map(|s| Value::from(s.as_str()));
        let entries = [
            ("prompt", text(&self.prompt)),
            ("negative_prompt", text(&self.negative_prompt)),
            ("width", self.width.map(Value::from)),
            ("height", self.height.map(Value::from)),
            ("seed", self.seed.map(Value::from)),
            ("frames", self.frames.map(Value::from)),
            ("fps", self.fps.map(Value::from)),
            ("duration", self.duration.map(Value::from)),
            ("image", text(&self.image)),
            ("mask", text(&self.mask)),
            ("video", text(&self.video)),
            ("audio", text(&self.audio)),
            ("lyrics", text(&self.lyrics)),
            ("tags", text(&self.tags)),
            ("task_id", text(&self.task_id)),
        ];
        entries
            .into_iter()
            .filter_map(|(k, v)| v.map(|v| (k, v)))
            .collect()
    }
}

/// Why a workflow could not be filled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the workflow needs a value for {}", .0.iter().map(|p| format!("{{{{{p}}}}}")).collect::<Vec<_>>().join(", "))]
pub struct Unfilled(pub Vec<String>);

/// Replaces placeholders in one pass over the template: a string that is exactly `{{key}}`
/// becomes the value (numbers stay numbers); placeholders inside longer strings are replaced as
/// text. Only the template is read for placeholders: a value put in (a user's prompt holding
/// `{{seed}}`) reaches the engine as written. Unknown ones stay.
pub fn fill(template: &Value, vars: &HashMap<&str, Value>) -> Value {
    match template {
        Value::String(s) => {
            if let Some(key) = whole_placeholder(s)
                && let Some(v) = vars.get(key)
            {
                return v.clone();
            }
            Value::String(fill_text(s, vars))
        }
        Value::Array(a) => Value::Array(a.iter().map(|v| fill(v, vars)).collect()),
        Value::Object(o) => {
            Value::Object(o.iter().map(|(k, v)| (k.clone(), fill(v, vars))).collect())
        }
        other => other.clone(),
    }
}

/// `s` with each `{{name}}` of `vars` replaced by its text, scanning `s` once.
fn fill_text(s: &str, vars: &HashMap<&str, Value>) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(start) = rest.find("{{") {
        out.push_str(rest.get(..start).unwrap_or_default());
        let after = rest.get(start + 2..).unwrap_or_default();
        let value = after
            .find("}}")
            .and_then(|end| Some((end, vars.get(after.get(..end)?)?)));
        match value {
            Some((end, v)) => {
                out.push_str(&v.as_str().map_or_else(|| v.to_string(), str::to_owned));
                rest = after.get(end + 2..).unwrap_or_default();
            }
            None => {
                out.push_str("{{");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Fills `graph` with `vars`, then with `defaults` for what `vars` leaves out; fails naming the
/// placeholders of the workflow that neither gives (read from the workflow, never from the
/// values put in).
pub fn fill_with_defaults(
    graph: &Value,
    vars: &Vars,
    defaults: &Map<String, Value>,
) -> Result<Value, Unfilled> {
    let mut all: HashMap<&str, Value> = defaults
        .iter()
        .map(|(k, v)| (k.as_str(), v.clone()))
        .collect();
    all.extend(vars.to_map());
    let left: Vec<String> = placeholders(graph)
        .into_iter()
        .filter(|p| !all.contains_key(p.as_str()))
        .collect();
    if left.is_empty() {
        Ok(fill(graph, &all))
    } else {
        Err(Unfilled(left))
    }
}

/// The placeholder names in a workflow, sorted, each once.
pub fn placeholders(graph: &Value) -> Vec<String> {
    let mut out = Vec::new();
    collect(graph, &mut out);
    out.sort();
    out.dedup();
    out
}

fn collect(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => {
            let mut rest = s.as_str();
            while let Some(start) = rest.find("{{") {
                let after = rest.get(start + 2..).unwrap_or_default();
                let Some(end) = after.find("}}") else { break };
                let name = after.get(..end).unwrap_or_default();
                if !name.is_empty() && name.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
                    out.push(name.to_owned());
                }
                rest = after.get(end + 2..).unwrap_or_default();
            }
        }
        Value::Array(a) => a.iter().for_each(|x| collect(x, out)),
        Value::Object(o) => o.values().for_each(|x| collect(x, out)),
        _ => {}
    }
}

/// The name in a string that is exactly one placeholder (`"{{seed}}"` → `seed`).
pub fn whole_placeholder(s: &str) -> Option<&str> {
    s.strip_prefix("{{")
        .and_then(|k| k.strip_suffix("}}"))
        .filter(|k| !k.is_empty() && !k.contains('{') && !k.contains('}'))
}
