//! The HTTP routes of one ComfyUI server (its `server.py`): `POST /prompt`, `GET /queue`,
//! `POST /queue {delete}`, `GET /history/{id}`, `POST /interrupt {prompt_id}`,
//! `POST /upload/image`, `GET /view`, `GET /object_info`, `GET /models/{folder}`.

use bytes::Bytes;
use serde_json::{Value, json};
use std::time::Duration;

/// Why a call failed.
#[derive(Debug, Clone, PartialEq)]
pub enum CallError {
    /// No answer (connection refused, reset, timed out): the server is down.
    Down(String),
    /// ComfyUI refused the prompt (HTTP 400 with `error` and `node_errors`): the readable text.
    Refused(String),
    /// Another HTTP status or an answer that is not what the route sends.
    Bad(String),
}

impl std::fmt::Display for CallError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Down(m) | Self::Refused(m) | Self::Bad(m) => f.write_str(m),
        }
    }
}

/// Where a prompt is on a server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    Running,
    Pending,
    /// In the history (finished, well or not).
    Done,
    /// Nowhere: never sent, or lost in a restart (the history is in memory).
    Unknown,
}

/// A file ComfyUI made, as its history lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileRef {
    pub filename: String,
    pub subfolder: String,
    pub kind: String,
}

/// One ComfyUI server.
#[derive(Debug, Clone)]
pub struct Client {
    pub base: String,
    http: reqwest::Client,
}

fn down(base: &str, e: &reqwest::Error) -> CallError {
    CallError::Down(format!("the ComfyUI server at {base} did not answer ({e})"))
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

impl Client {
    /// A client of `base` (no trailing slash); every call gives up after `read_timeout`
    /// without an answer.
    pub fn new(base: &str, read_timeout: Duration) -> Self {
        let http = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(10))
            .read_timeout(read_timeout)
            .build()
            .unwrap_or_default();
        Self {
            base: base.trim_end_matches('/').to_owned(),
            http,
        }
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    async fn json(&self, req: reqwest::RequestBuilder, what: &str) -> Result<Value, CallError> {
        let res = req.send().await.map_err(|e| down(&self.base, &e))?;
        let status = res.status();
        if !status.is_success() {
            return Err(CallError::Bad(format!(
                "ComfyUI at {} answered HTTP {status} to {what}",
                self.base
            )));
        }
        res.json()
            .await
            .map_err(|e| CallError::Bad(format!("ComfyUI's answer to {what} is not JSON ({e})")))
    }

    /// `POST /prompt` with our id; answers the id ComfyUI uses (ours, on any current ComfyUI).
    pub async fn submit(
        &self,
        prompt_id: &str,
        graph: &Value,
        client_id: &str,
    ) -> Result<String, CallError> {
        let body = json!({ "prompt": graph, "client_id": client_id, "prompt_id": prompt_id });
        let res = self
            .http
            .post(self.url("/prompt"))
            .json(&body)
            .send()
            .await
            .map_err(|e| down(&self.base, &e))?;
        let status = res.status();
        let v: Value = res.json().await.unwrap_or(Value::Null);
        if status.is_success()
            && let Some(id) = v.get("prompt_id").and_then(Value::as_str)
        {
            return Ok(id.to_owned());
        }
        if status.as_u16() == 400 {
            return Err(CallError::Refused(refusal_text(&v)));
        }
        Err(CallError::Bad(format!(
            "ComfyUI at {} answered HTTP {status} to the prompt: {}",
            self.base,
            refusal_text(&v)
        )))
    }

    /// `GET /queue`: the ids running and pending.
    pub async fn queue(&self) -> Result<(Vec<String>, Vec<String>), CallError> {
        let v = self
            .json(self.http.get(self.url("/queue")), "/queue")
            .await?;
        // Each item is [number, prompt_id, prompt, extra_data, outputs_to_execute].
        let ids = |key: &str| -> Vec<String> {
            v.get(key)
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(|item| item.get(1).and_then(Value::as_str).map(str::to_owned))
                .collect()
        };
        Ok((ids("queue_running"), ids("queue_pending")))
    }

    /// `GET /history/{id}`: the entry of a prompt, when ComfyUI has one.
    pub async fn history(&self, prompt_id: &str) -> Result<Option<Value>, CallError> {
        let v = self
            .json(
                self.http.get(self.url(&format!("/history/{prompt_id}"))),
                "/history",
            )
            .await?;
        Ok(v.get(prompt_id).cloned())
    }

    /// Where a prompt is: the queue first (a finished prompt leaves it for the history).
    pub async fn place(&self, prompt_id: &str) -> Result<Place, CallError> {
        let (running, pending) = self.queue().await?;
        if running.iter().any(|p| p == prompt_id) {
            return Ok(Place::Running);
        }
        if pending.iter().any(|p| p == prompt_id) {
            return Ok(Place::Pending);
        }
        Ok(if self.history(prompt_id).await?.is_some() {
            Place::Done
        } else {
            Place::Unknown
        })
    }

    /// `POST /interrupt {prompt_id}` (ComfyUI stops it only if it is the one running).
    pub async fn interrupt(&self, prompt_id: &str) -> Result<(), CallError> {
        let req = self
            .http
            .post(self.url("/interrupt"))
            .json(&json!({ "prompt_id": prompt_id }));
        req.send().await.map_err(|e| down(&self.base, &e))?;
        Ok(())
    }

    /// `POST /queue {delete: [id]}`: takes a pending prompt out of the queue.
    pub async fn delete(&self, prompt_id: &str) -> Result<(), CallError> {
        let req = self
            .http
            .post(self.url("/queue"))
            .json(&json!({ "delete": [prompt_id] }));
        req.send().await.map_err(|e| down(&self.base, &e))?;
        Ok(())
    }

    /// `POST /upload/image` (multipart `image`, any file type, `overwrite`): answers the name
    /// the workflow's loader takes (`subfolder/name` when in a subfolder).
    pub async fn upload(&self, name: &str, bytes: Bytes) -> Result<String, CallError> {
        let part = reqwest::multipart::Part::bytes(bytes.to_vec()).file_name(name.to_owned());
        let form = reqwest::multipart::Form::new()
            .part("image", part)
            .text("overwrite", "true");
        let req = self.http.post(self.url("/upload/image")).multipart(form);
        let v = self.json(req, "the upload").await?;
        let file = v.get("name").and_then(Value::as_str).unwrap_or_default();
        if file.is_empty() {
            return Err(CallError::Bad(format!(
                "ComfyUI at {} did not name the uploaded file",
                self.base
            )));
        }
        let sub = v
            .get("subfolder")
            .and_then(Value::as_str)
            .unwrap_or_default();
        Ok(if sub.is_empty() {
            file.to_owned()
        } else {
            format!("{sub}/{file}")
        })
    }

    /// `GET /view?filename&subfolder&type`: one output file.
    pub async fn view(&self, f: &FileRef) -> Result<Bytes, CallError> {
        let query = [
            ("filename", f.filename.as_str()),
            ("subfolder", f.subfolder.as_str()),
            ("type", f.kind.as_str()),
        ];
        let res = self
            .http
            .get(self.url("/view"))
            .query(&query)
            .send()
            .await
            .map_err(|e| down(&self.base, &e))?;
        if !res.status().is_success() {
            return Err(CallError::Bad(format!(
                "ComfyUI did not give the output {} (HTTP {})",
                f.filename,
                res.status()
            )));
        }
        res.bytes().await.map_err(|e| down(&self.base, &e))
    }

    /// `GET /object_info`: every node's inputs and outputs.
    pub async fn object_info(&self) -> Result<Value, CallError> {
        self.json(self.http.get(self.url("/object_info")), "/object_info")
            .await
    }

    /// `GET /models/{folder}`: the model files in a folder (404 for a folder it does not know:
    /// none).
    pub async fn models(&self, folder: &str) -> Result<Vec<String>, CallError> {
        let res = self
            .http
            .get(self.url(&format!("/models/{folder}")))
            .send()
            .await
            .map_err(|e| down(&self.base, &e))?;
        if res.status().as_u16() == 404 {
            return Ok(Vec::new());
        }
        if !res.status().is_success() {
            return Err(CallError::Bad(format!(
                "ComfyUI at {} answered HTTP {} to /models/{folder}",
                self.base,
                res.status()
            )));
        }
        let v: Value = res
            .json()
            .await
            .map_err(|e| CallError::Bad(format!("/models/{folder} is not JSON ({e})")))?;
        Ok(v.as_array()
            .into_iter()
            .flatten()
            .filter_map(|f| f.as_str().map(str::to_owned))
            .collect())
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
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

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
