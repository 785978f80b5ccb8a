//! Reading ComfyUI's answers: a refused prompt's `node_errors`, a history entry's output files
//! and end (its `status` and `messages`), an `execution_error`'s words.

use serde_json::Value;

/// A file ComfyUI made, as its history lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileRef {
    pub filename: String,
    pub subfolder: String,
    pub kind: String,
}

/// The text of a 400 answer of `/prompt`: ComfyUI's message, then each node's errors with its
/// class (`KSampler: Value not in list: ...`).
pub fn refusal_text(v: &Value) -> String {
    let mut parts = Vec::new();
    if let Some(m) = v.pointer("/error/message").and_then(Value::as_str) {
        let details = v
            .pointer("/error/details")
            .and_then(Value::as_str)
            .filter(|d| !d.is_empty());
        parts.push(match details {
            Some(d) => format!("{m}: {d}"),
            None => m.to_owned(),
        });
    } else if let Some(m) = v.get("error").and_then(Value::as_str) {
        parts.push(m.to_owned());
    }
    if let Some(nodes) = v.get("node_errors").and_then(Value::as_object) {
        let mut ids: Vec<&String> = nodes.keys().collect();
        ids.sort();
        for id in ids {
            let node = nodes.get(id).unwrap_or(&Value::Null);
            let class = node
                .get("class_type")
                .and_then(Value::as_str)
                .unwrap_or("node");
            for e in node
                .get("errors")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let msg = e.get("message").and_then(Value::as_str).unwrap_or("error");
                let details = e.get("details").and_then(Value::as_str).unwrap_or_default();
                parts.push(if details.is_empty() {
                    format!("{class} (node {id}): {msg}")
                } else {
                    format!("{class} (node {id}): {msg}: {details}")
                });
            }
        }
    }
    if parts.is_empty() {
        "no reason given".into()
    } else {
        parts.join("; ")
    }
}

/// The files of a history entry's outputs (node by node, in node-id order), without the
/// `temp` previews.
pub fn output_files(entry: &Value) -> Vec<FileRef> {
    let mut files = Vec::new();
    let Some(nodes) = entry.get("outputs").and_then(Value::as_object) else {
        return files;
    };
    let mut ids: Vec<&String> = nodes.keys().collect();
    ids.sort_by_key(|k| (k.parse::<u64>().unwrap_or(u64::MAX), (*k).clone()));
    for id in ids {
        for key in ["images", "gifs", "videos", "video", "audio"] {
            for f in nodes
                .get(id)
                .and_then(|n| n.get(key))
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let kind = f.get("type").and_then(Value::as_str).unwrap_or("output");
                let filename = f.get("filename").and_then(Value::as_str).unwrap_or("");
                if kind == "temp" || filename.is_empty() {
                    continue;
                }
                files.push(FileRef {
                    filename: filename.to_owned(),
                    subfolder: f
                        .get("subfolder")
                        .and_then(Value::as_str)
                        .unwrap_or_default()
                        .to_owned(),
                    kind: kind.to_owned(),
                });
            }
        }
    }
    files
}

/// The end of a history entry: `Ok(true)` finished well, `Ok(false)` not finished yet,
/// `Err` the readable reason it failed (its `execution_error` message, or interrupted).
pub fn history_outcome(entry: &Value) -> Result<bool, String> {
    let status = entry.get("status");
    let completed = status
        .and_then(|s| s.get("completed"))
        .and_then(Value::as_bool);
    let status_str = status
        .and_then(|s| s.get("status_str"))
        .and_then(Value::as_str)
        .unwrap_or("success");
    if status_str == "error" {
        let messages = status
            .and_then(|s| s.get("messages"))
            .and_then(Value::as_array);
        for m in messages.into_iter().flatten() {
            let kind = m.get(0).and_then(Value::as_str).unwrap_or_default();
            let data = m.get(1).unwrap_or(&Value::Null);
            let s = |k: &str| data.get(k).and_then(Value::as_str).unwrap_or_default();
            if kind == "execution_error" {
                return Err(error_text(s("node_type"), s("exception_message")));
            }
            if kind == "execution_interrupted" {
                return Err("ComfyUI interrupted the run".into());
            }
        }
        return Err("ComfyUI could not run the workflow (no reason given; see its log)".into());
    }
    Ok(completed.unwrap_or(true))
}

/// The message of an `execution_error`: the node's class and ComfyUI's words.
pub fn error_text(node_type: &str, message: &str) -> String {
    let message = message.trim();
    let message = if message.is_empty() {
        "unknown error"
    } else {
        message
    };
    if node_type.is_empty() {
        format!("ComfyUI could not run the workflow: {message}")
    } else {
        format!("ComfyUI could not run the workflow: {node_type}: {message}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn node_errors_read_as_sentences() {
        let v = json!({
            "error": {"type": "prompt_outputs_failed_validation", "message": "Prompt outputs failed validation", "details": ""},
            "node_errors": {"4": {"class_type": "UNETLoader", "errors": [
                {"type": "value_not_in_list", "message": "Value not in list", "details": "unet_name: 'x.safetensors' not in []"}
            ]}}
        });
        assert_eq!(
            refusal_text(&v),
            "Prompt outputs failed validation; UNETLoader (node 4): Value not in list: unet_name: 'x.safetensors' not in []"
        );
        assert_eq!(refusal_text(&Value::Null), "no reason given");
    }

    #[test]
    fn history_entries_give_files_and_outcomes() {
        let e = json!({
            "outputs": {
                "10": {"audio": [{"filename": "b.mp3", "subfolder": "audio", "type": "output"}]},
                "9": {"images": [
                    {"filename": "a.png", "subfolder": "", "type": "output"},
                    {"filename": "p.png", "subfolder": "", "type": "temp"}
                ]}
            },
            "status": {"status_str": "success", "completed": true, "messages": []}
        });
        let files = output_files(&e);
        assert_eq!(files.len(), 2);
        assert_eq!(files[0].filename, "a.png");
        assert_eq!(files[1].subfolder, "audio");
        assert_eq!(history_outcome(&e), Ok(true));
        let failed = json!({"outputs": {}, "status": {"status_str": "error", "completed": false, "messages": [
            ["execution_start", {"prompt_id": "x"}],
            ["execution_error", {"prompt_id": "x", "node_type": "VAEDecode", "exception_message": "out of memory"}]
        ]}});
        assert_eq!(
            history_outcome(&failed),
            Err("ComfyUI could not run the workflow: VAEDecode: out of memory".into())
        );
    }
}
