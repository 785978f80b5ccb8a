//! The `comfyui` provider (`AIVG_COMFYUI_URL`): runs the modules that have a workflow template on a
//! ComfyUI server, through its HTTP and WebSocket API:
//!
//! 1. connect `ws://…/ws?clientId={id}` (progress messages; optional: without it the provider polls),
//! 2. upload the input image, if any, with `POST /upload/image`,
//! 3. `POST /prompt {prompt: workflow, client_id}` → `{prompt_id}`,
//! 4. follow `progress` / `executing` (node null = done) / `execution_error` messages,
//! 5. read `GET /history/{prompt_id}` and fetch each output with `GET /view?filename&subfolder&type`.
//!
//! Templates (`tasks/workflows/*.json`, ComfyUI's API format) have `"{{prompt}}"`,
//! `"{{negative_prompt}}"`, `"{{width}}"`, `"{{height}}"`, `"{{seed}}"`, `"{{image}}"` and
//! `{{task_id}}` placeholders: text2image and wallpaper use `text2image.json` (an SD 1.5 graph),
//! image2image `image2image.json`, the image enhancers `upscale.json` (2× Lanczos, no model).
//! Every other module runs on the `local` provider. Jobs give up after 30 minutes.

use super::local::{LocalProvider, preview};
use super::provider::{Job, Output, Outputs, ProgressSender, Provider, ProviderError};
use crate::uploads::{mediainfo, paths};
use bytes::Bytes;
use futures_util::StreamExt;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

const TEXT2IMAGE: &str = include_str!("workflows/text2image.json");
const IMAGE2IMAGE: &str = include_str!("workflows/image2image.json");
const UPSCALE: &str = include_str!("workflows/upscale.json");

/// Longest a ComfyUI job may take.
const JOB_TIMEOUT: Duration = Duration::from_secs(30 * 60);
const POLL_EVERY: Duration = Duration::from_millis(300);

/// The workflow template of a module, if ComfyUI runs it.
pub fn template(code: &str) -> Option<&'static str> {
    match code {
        "text2image" | "wallpaper" => Some(TEXT2IMAGE),
        "image2image" => Some(IMAGE2IMAGE),
        "mai_imagesharpen" | "tool_itr" | "photomaker_imagefix" => Some(UPSCALE),
        _ => None,
    }
}

/// Placeholder filling lives with the workflows.
pub use crate::workflows::fill;

/// The ComfyUI provider.
#[derive(Debug, Clone)]
pub struct ComfyUi {
    base: String,
    http: reqwest::Client,
    local: LocalProvider,
}

fn unreachable_err(base: &str, e: impl std::fmt::Display) -> ProviderError {
    ProviderError::new(format!(
        "the ComfyUI server at {base} could not be reached ({e}); try again later"
    ))
}

impl ComfyUi {
    pub fn new(base: &str) -> Self {
        let http = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(10))
            .build()
            .unwrap_or_default();
        Self {
            base: base.trim_end_matches('/').to_owned(),
            http,
            local: LocalProvider,
        }
    }

    async fn upload_image(&self, job: &Job) -> Result<Option<String>, ProviderError> {
        let Some(input) = job.inputs.first() else {
            return Ok(None);
        };
        let bytes = job
            .files
            .get(&input.oss_path)
            .await
            .map_err(|e| ProviderError::new(e.to_string()))?;
        let name = format!("aivg_{}.{}", job.task_id, input.ext());
        let part = reqwest::multipart::Part::bytes(bytes.to_vec()).file_name(name);
        let form = reqwest::multipart::Form::new()
            .part("image", part)
            .text("overwrite", "true");
        let res = self
            .http
            .post(format!("{}/upload/image", self.base))
            .multipart(form)
            .send()
            .await;
        let res = res.map_err(|e| unreachable_err(&self.base, e))?;
        if !res.status().is_success() {
            return Err(ProviderError::new(format!(
                "ComfyUI refused the input image (HTTP {})",
                res.status()
            )));
        }
        let v: Value = res
            .json()
            .await
            .map_err(|e| unreachable_err(&self.base, e))?;
        let name = v.get("name").and_then(Value::as_str).unwrap_or_default();
        let sub = v
            .get("subfolder")
            .and_then(Value::as_str)
            .unwrap_or_default();
        Ok(Some(if sub.is_empty() {
            name.to_owned()
        } else {
            format!("{sub}/{name}")
        }))
    }

    async fn queue(&self, workflow: Value, client_id: &str) -> Result<String, ProviderError> {
        let body = json!({ "prompt": workflow, "client_id": client_id });
        let res = self
            .http
            .post(format!("{}/prompt", self.base))
            .json(&body)
            .send()
            .await;
        let res = res.map_err(|e| unreachable_err(&self.base, e))?;
        let status = res.status();
        let v: Value = res.json().await.unwrap_or(Value::Null);
        if let Some(id) = v
            .get("prompt_id")
            .and_then(Value::as_str)
            .filter(|_| status.is_success())
        {
            return Ok(id.to_owned());
        }
        let why = v
            .pointer("/error/message")
            .and_then(Value::as_str)
            .unwrap_or("no prompt_id in the answer");
        Err(ProviderError::new(format!(
            "ComfyUI refused the workflow (HTTP {status}): {why}"
        )))
    }

    /// Follows the run over the WebSocket until it ends; `Ok(false)` when the socket was lost
    /// before the end (the caller then polls the history).
    async fn follow(
        &self,
        ws: &mut tokio_tungstenite::WebSocketStream<
            tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
        >,
        prompt_id: &str,
        progress: &ProgressSender,
    ) -> Result<bool, ProviderError> {
        while let Some(msg) = ws.next().await {
            let Ok(Message::Text(text)) = msg else {
                if msg.is_err() {
                    return Ok(false);
                }
                continue;
            };
            let Ok(v) = serde_json::from_str::<Value>(text.as_str()) else {
                continue;
            };
            let data = v.get("data").cloned().unwrap_or(Value::Null);
            let ours = data
                .get("prompt_id")
                .and_then(Value::as_str)
                .is_none_or(|p| p == prompt_id);
            if !ours {
                continue;
            }
            match v.get("type").and_then(Value::as_str).unwrap_or_default() {
                "progress" => {
                    let value = data.get("value").and_then(Value::as_u64).unwrap_or(0);
                    let max = data.get("max").and_then(Value::as_u64).unwrap_or(0);
                    // Sampling is 10-90%; fetching the outputs is the rest.
                    if let Some(step) = (value.min(max) * 80).checked_div(max) {
                        progress.set(u8::try_from(10 + step).unwrap_or(90));
                    }
                }
                "executing" if data.get("node").is_some_and(Value::is_null) => return Ok(true),
                "execution_success" => return Ok(true),
                "execution_error" => {
                    let why = data
                        .get("exception_message")
                        .and_then(Value::as_str)
                        .unwrap_or("unknown error");
                    return Err(ProviderError::new(format!(
                        "ComfyUI could not run the workflow: {}",
                        why.trim()
                    )));
                }
                "execution_interrupted" => {
                    return Err(ProviderError::new("ComfyUI interrupted the run"));
                }
                _ => {}
            }
        }
        Ok(false)
    }

    /// The history entry of a finished prompt, polling until it exists.
    async fn history(&self, prompt_id: &str) -> Result<Value, ProviderError> {
        loop {
            let res = self
                .http
                .get(format!("{}/history/{prompt_id}", self.base))
                .send()
                .await;
            let v: Value = match res {
                Ok(r) if r.status().is_success() => r.json().await.unwrap_or(Value::Null),
                Ok(_) => Value::Null,
                Err(e) => return Err(unreachable_err(&self.base, e)),
            };
            if let Some(entry) = v.get(prompt_id) {
                let status = entry
                    .pointer("/status/status_str")
                    .and_then(Value::as_str)
                    .unwrap_or("success");
                if status == "error" {
                    return Err(ProviderError::new(
                        "ComfyUI could not run the workflow (see its log)",
                    ));
                }
                let completed = entry
                    .pointer("/status/completed")
                    .and_then(Value::as_bool)
                    .unwrap_or(true);
                if completed {
                    return Ok(entry.clone());
                }
            }
            tokio::time::sleep(POLL_EVERY).await;
        }
    }

    async fn fetch_outputs(&self, entry: &Value) -> Result<Vec<Output>, ProviderError> {
        let mut files = Vec::new();
        if let Some(nodes) = entry.get("outputs").and_then(Value::as_object) {
            let mut ids: Vec<&String> = nodes.keys().collect();
            ids.sort_by_key(|k| (k.parse::<u64>().unwrap_or(u64::MAX), (*k).clone()));
            for id in ids {
                for key in ["images", "gifs", "videos", "audio"] {
                    for f in nodes
                        .get(id)
                        .and_then(|n| n.get(key))
                        .and_then(Value::as_array)
                        .into_iter()
                        .flatten()
                    {
                        let kind = f.get("type").and_then(Value::as_str).unwrap_or("output");
                        if kind == "temp" {
                            continue;
                        }
                        files.push((
                            f.get("filename")
                                .and_then(Value::as_str)
                                .unwrap_or_default()
                                .to_owned(),
                            f.get("subfolder")
                                .and_then(Value::as_str)
                                .unwrap_or_default()
                                .to_owned(),
                            kind.to_owned(),
                        ));
                    }
                }
            }
        }
        let mut out = Vec::new();
        for (filename, subfolder, kind) in files {
            let query = [
                ("filename", filename.as_str()),
                ("subfolder", subfolder.as_str()),
                ("type", kind.as_str()),
            ];
            let res = self
                .http
                .get(format!("{}/view", self.base))
                .query(&query)
                .send()
                .await;
            let res = res.map_err(|e| unreachable_err(&self.base, e))?;
            if !res.status().is_success() {
                return Err(ProviderError::new(format!(
                    "ComfyUI did not give the output {filename} (HTTP {})",
                    res.status()
                )));
            }
            let bytes: Bytes = res
                .bytes()
                .await
                .map_err(|e| unreachable_err(&self.base, e))?;
            let ext = paths::ext_of(&filename);
            let content_type = paths::content_type_for_ext(&ext)
                .unwrap_or("application/octet-stream")
                .to_owned();
            let (width, height) = mediainfo::image_dimensions(&bytes).unwrap_or((0, 0));
            out.push(Output {
                bytes,
                ext,
                content_type,
                width,
                height,
                duration: 0.0,
            });
        }
        if out.is_empty() {
            return Err(ProviderError::new("ComfyUI finished without an output"));
        }
        Ok(out)
    }

    async fn run_workflow(
        &self,
        job: &Job,
        template: &str,
        progress: &ProgressSender,
    ) -> Result<Outputs, ProviderError> {
        let client_id = crate::ids::random_token(16);
        let ws_url = format!(
            "{}/ws?clientId={client_id}",
            self.base.replacen("http", "ws", 1)
        );
        let mut ws = match tokio::time::timeout(
            Duration::from_secs(5),
            tokio_tungstenite::connect_async(ws_url),
        )
        .await
        {
            Ok(Ok((ws, _))) => Some(ws),
            _ => None,
        };
        let image = self.upload_image(job).await?;
        let ratio = job.text("aspect_ratio");
        let size = aivg_core::crop::aspect_ratio_size(if ratio.trim().is_empty() {
            "1:1"
        } else {
            ratio
        })
        .map_err(|e| ProviderError::new(e.to_string()))?;
        let seed = job
            .data
            .get("seed")
            .and_then(Value::as_u64)
            .unwrap_or_else(|| preview::seed_of(job.prompt()) % (1 << 32));
        let mut vars: HashMap<&str, Value> = HashMap::new();
        vars.insert("prompt", json!(job.prompt()));
        vars.insert("negative_prompt", json!(job.text("negative_prompt")));
        vars.insert("width", json!(size.width));
        vars.insert("height", json!(size.height));
        vars.insert("seed", json!(seed));
        vars.insert("task_id", json!(job.task_id));
        vars.insert("image", json!(image.unwrap_or_default()));
        let template: Value = serde_json::from_str(template)
            .map_err(|e| ProviderError::new(format!("bad workflow template: {e}")))?;
        let prompt_id = self.queue(fill(&template, &vars), &client_id).await?;
        progress.set(10);
        if let Some(ws) = ws.as_mut() {
            self.follow(ws, &prompt_id, progress).await?;
        }
        let entry = self.history(&prompt_id).await?;
        progress.set(95);
        Ok(Outputs {
            outputs: self.fetch_outputs(&entry).await?,
            preview: false,
            note: None,
        })
    }
}

#[async_trait::async_trait]
impl Provider for ComfyUi {
    fn name(&self) -> &'static str {
        "comfyui"
    }

    async fn run(&self, job: &Job, progress: ProgressSender) -> Result<Outputs, ProviderError> {
        let Some(template) = template(job.module.code) else {
            return self.local.run(job, progress).await;
        };
        match tokio::time::timeout(JOB_TIMEOUT, self.run_workflow(job, template, &progress)).await {
            Ok(r) => r,
            Err(_) => Err(ProviderError::new(
                "ComfyUI took longer than 30 minutes: the task was stopped",
            )),
        }
    }
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::panic, clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_keep_types() {
        let t: Value = serde_json::from_str(
            r#"{"a": "{{width}}", "b": ["{{prompt}}", "x_{{task_id}}"], "c": 3}"#,
        )
        .unwrap_or_default();
        let mut vars = HashMap::new();
        vars.insert("width", json!(512));
        vars.insert("prompt", json!("a cat"));
        vars.insert("task_id", json!("t1"));
        assert_eq!(
            fill(&t, &vars),
            json!({"a": 512, "b": ["a cat", "x_t1"], "c": 3})
        );
        for tpl in [TEXT2IMAGE, IMAGE2IMAGE, UPSCALE] {
            assert!(serde_json::from_str::<Value>(tpl).is_ok());
        }
    }
}
