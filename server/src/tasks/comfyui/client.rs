//! The HTTP routes of one ComfyUI server (its `server.py`): `POST /prompt`, `GET /queue`,
//! `POST /queue {delete}`, `GET /history/{id}`, `POST /interrupt {prompt_id}`,
//! `POST /upload/image`, `GET /view`, `GET /object_info`, `GET /models/{folder}`.

use super::answers::{FileRef, refusal_text};
use bytes::Bytes;
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
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

/// One ComfyUI server.
#[derive(Debug, Clone)]
pub struct Client {
    pub base: String,
    http: reqwest::Client,
    /// Set while the server drains: a run dropped then leaves its prompt running (the task goes
    /// back to the queue and its next run re-attaches) instead of stopping it.
    pub detach: Arc<AtomicBool>,
}

fn down(base: &str, e: &reqwest::Error) -> CallError {
    CallError::Down(format!("the ComfyUI server at {base} did not answer ({e})"))
}

impl Client {
    /// A client of `base` (no trailing slash); every call gives up after `read_timeout`
    /// without an answer.
    pub fn new(base: &str, read_timeout: Duration, detach: Arc<AtomicBool>) -> Self {
        let http = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(10))
            .read_timeout(read_timeout)
            .build()
            .unwrap_or_default();
        Self {
            base: base.trim_end_matches('/').to_owned(),
            http,
            detach,
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

    /// `GET /system_stats`'s `system.comfyui_version` (`None` when it does not say).
    pub async fn version(&self) -> Result<Option<String>, CallError> {
        let v = self
            .json(self.http.get(self.url("/system_stats")), "/system_stats")
            .await?;
        Ok(v.pointer("/system/comfyui_version")
            .and_then(Value::as_str)
            .map(str::to_owned))
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
