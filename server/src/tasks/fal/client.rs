//! The fal.ai queue API (<https://docs.fal.ai/model-endpoints/queue>), every call with
//! `Authorization: Key <AIVG_FAL_KEY>`:
//!
//! - `POST {base}/{model_id}` with the input as JSON → `{request_id, status_url, response_url,
//!   cancel_url}` (the three URLs use the model's owner/app only: they are followed as given,
//!   and built the same way when absent);
//! - `GET {status_url}?logs=1` → `{status: IN_QUEUE, queue_position}`, `{status: IN_PROGRESS,
//!   logs: [{message}]}` or `{status: COMPLETED}` (202 while waiting, 200 when done);
//! - `GET {response_url}` → the model's output, or an error: `{detail: "…"}` (request errors,
//!   with `error_type`) or `{detail: [{loc, msg, type}]}` (the model refused the input);
//! - `PUT {cancel_url}` → stops a request that has not started.
//!
//! Output files are fetched without the key: they are public URLs on fal's CDN.

use bytes::Bytes;
use serde_json::Value;
use std::time::Duration;

/// The longest download of an output file (a long video over a slow link).
pub const DOWNLOAD_TIMEOUT: Duration = Duration::from_secs(600);

/// How a call failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FalError {
    /// fal answered with a refusal or a failed request: the message is fal's.
    #[error("{0}")]
    Refused(String),
    /// No answer, or a server error: worth asking again.
    #[error("{0}")]
    Down(String),
}

/// A submitted request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub id: String,
    pub status_url: String,
    pub response_url: String,
    pub cancel_url: String,
}

/// Where a request stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    Queued {
        position: Option<u64>,
    },
    Running {
        logs: Vec<String>,
    },
    Completed,
    /// fal ended it without a result (an `error` in the status, `FAILED`, `CANCELED`).
    Failed(String),
}

/// A fal.ai queue client.
#[derive(Clone)]
pub struct Client {
    http: reqwest::Client,
    /// `AIVG_FAL_URL` (default `https://queue.fal.run`), without a trailing slash.
    pub base: String,
    key: String,
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Client").field("base", &self.base).finish()
    }
}

/// The text of fal's error body: `detail` as a string, or the `msg` of each `detail` entry with
/// where it applies; else the body itself (shortened).
pub fn error_text(status: u16, body: &str) -> String {
    let parsed: Option<Value> = serde_json::from_str(body).ok();
    let detail = parsed.as_ref().and_then(|v| v.get("detail"));
    let text = match detail {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|i| {
                let msg = i.get("msg").and_then(Value::as_str).unwrap_or("invalid");
                let loc: Vec<String> = i
                    .get("loc")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .filter(|l| l.as_str() != Some("body"))
                    .map(|l| l.as_str().map_or_else(|| l.to_string(), str::to_owned))
                    .collect();
                if loc.is_empty() {
                    msg.to_owned()
                } else {
                    format!("{}: {msg}", loc.join("."))
                }
            })
            .collect::<Vec<_>>()
            .join("; "),
        _ => parsed
            .as_ref()
            .and_then(|v| v.get("error"))
            .and_then(Value::as_str)
            .map_or_else(|| body.chars().take(300).collect(), str::to_owned),
    };
    if text.trim().is_empty() {
        format!("HTTP {status}")
    } else {
        text
    }
}

fn classify(status: reqwest::StatusCode, body: &str) -> FalError {
    let text = error_text(status.as_u16(), body);
    if status.is_server_error() || status.as_u16() == 429 {
        FalError::Down(format!("fal answered {status}: {text}"))
    } else {
        FalError::Refused(text)
    }
}

fn down(e: reqwest::Error) -> FalError {
    FalError::Down(format!("fal.ai does not answer: {e}"))
}

/// The owner/app part of a model id (`fal-ai/flux/dev` → `fal-ai/flux`).
fn app_of(model: &str) -> String {
    model.split('/').take(2).collect::<Vec<_>>().join("/")
}

impl Client {
    pub fn new(base: &str, key: &str, timeout: Duration) -> Self {
        let http = reqwest::Client::builder()
            .timeout(timeout)
            .connect_timeout(Duration::from_secs(10))
            .build()
            .unwrap_or_default();
        Self {
            http,
            base: base.trim_end_matches('/').to_owned(),
            key: key.to_owned(),
        }
    }

    fn auth(&self) -> String {
        format!("Key {}", self.key)
    }

    async fn json(&self, rb: reqwest::RequestBuilder) -> Result<Value, FalError> {
        let res = rb
            .header(reqwest::header::AUTHORIZATION, self.auth())
            .send()
            .await
            .map_err(down)?;
        let status = res.status();
        let body = res.text().await.map_err(down)?;
        if !status.is_success() {
            return Err(classify(status, &body));
        }
        serde_json::from_str(&body)
            .map_err(|e| FalError::Down(format!("fal answered something that is not JSON ({e})")))
    }

    /// Queues `input` on `model`.
    pub async fn submit(&self, model: &str, input: &Value) -> Result<Request, FalError> {
        let v = self
            .json(self.http.post(format!("{}/{model}", self.base)).json(input))
            .await?;
        let id = v
            .get("request_id")
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
            .ok_or_else(|| FalError::Down("fal answered the submit without a request_id".into()))?
            .to_owned();
        let requests = format!("{}/{}/requests/{id}", self.base, app_of(model));
        let url = |field: &str, fallback: String| {
            v.get(field)
                .and_then(Value::as_str)
                .filter(|s| s.starts_with("http"))
                .map_or(fallback, str::to_owned)
        };
        Ok(Request {
            status_url: url("status_url", format!("{requests}/status")),
            response_url: url("response_url", requests.clone()),
            cancel_url: url("cancel_url", format!("{requests}/cancel")),
            id,
        })
    }

    /// The request's status with its logs.
    pub async fn status(&self, req: &Request) -> Result<Status, FalError> {
        let v = self
            .json(self.http.get(&req.status_url).query(&[("logs", "1")]))
            .await?;
        let error = v
            .get("error")
            .and_then(Value::as_str)
            .filter(|e| !e.trim().is_empty());
        Ok(
            match v.get("status").and_then(Value::as_str).unwrap_or("") {
                "IN_QUEUE" => Status::Queued {
                    position: v.get("queue_position").and_then(Value::as_u64),
                },
                "IN_PROGRESS" => Status::Running {
                    logs: v
                        .get("logs")
                        .and_then(Value::as_array)
                        .into_iter()
                        .flatten()
                        .filter_map(|l| l.get("message").and_then(Value::as_str))
                        .map(str::to_owned)
                        .collect(),
                },
                "COMPLETED" => match error {
                    Some(e) => Status::Failed(e.to_owned()),
                    None => Status::Completed,
                },
                "CANCELED" | "CANCELLED" => {
                    Status::Failed("the request was cancelled on fal.ai".into())
                }
                other => Status::Failed(error.map_or_else(
                    || format!("fal.ai reports the request as {other:?}"),
                    str::to_owned,
                )),
            },
        )
    }

    /// The output of a completed request.
    pub async fn result(&self, req: &Request) -> Result<Value, FalError> {
        self.json(self.http.get(&req.response_url)).await
    }

    /// Cancels the request (fal stops it only while it waits in the queue).
    pub async fn cancel(&self, req: &Request) -> Result<(), FalError> {
        self.json(self.http.put(&req.cancel_url)).await.map(|_| ())
    }

    /// Downloads an output file (no key: fal's files are public URLs); answers the bytes and the
    /// served content type.
    pub async fn download(&self, url: &str) -> Result<(Bytes, Option<String>), FalError> {
        if !(url.starts_with("https://") || url.starts_with("http://")) {
            return Err(FalError::Refused(format!(
                "fal.ai named an output that is not a web address: {url:.80}"
            )));
        }
        let res = self
            .http
            .get(url)
            .timeout(DOWNLOAD_TIMEOUT)
            .send()
            .await
            .map_err(down)?;
        let status = res.status();
        if !status.is_success() {
            return Err(FalError::Down(format!(
                "the output {url:.120} answered {status}"
            )));
        }
        let ct = res
            .headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .map(|s| s.split(';').next().unwrap_or(s).trim().to_ascii_lowercase());
        let bytes = res.bytes().await.map_err(down)?;
        Ok((bytes, ct))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fal_errors_read_as_sentences() {
        assert_eq!(
            error_text(
                504,
                r#"{"detail":"Request timed out","error_type":"request_timeout"}"#
            ),
            "Request timed out"
        );
        assert_eq!(
            error_text(
                422,
                r#"{"detail":[{"loc":["body","image_url"],"msg":"field required","type":"missing"}]}"#
            ),
            "image_url: field required"
        );
        assert_eq!(error_text(500, ""), "HTTP 500");
        assert_eq!(app_of("fal-ai/flux/dev"), "fal-ai/flux");
    }
}
