//! A fake fal.ai queue API for tests, with the shapes of <https://docs.fal.ai/model-endpoints/queue>:
//!
//! - `POST /{model_id}` (with `Authorization: Key <key>`) → `{request_id, status_url,
//!   response_url, cancel_url, queue_position}`; the three URLs use the model's owner/app only,
//!   as fal's do;
//! - `GET /{owner}/{app}/requests/{id}/status?logs=1` → `IN_QUEUE` (with `queue_position`
//!   counting down) for [`Behaviour::queue_polls`] polls, then `IN_PROGRESS` with a log line
//!   `Step k/n` for [`Behaviour::progress_polls`] polls, then `COMPLETED` (202 while waiting);
//! - `GET /{owner}/{app}/requests/{id}` → the model's output (`images`, `image`, `video` or
//!   `audio` file objects, by model) whose URLs it serves under `/_files/`, or the error of a
//!   failed request (`{detail: [{loc, msg, type}]}`, 422);
//! - `PUT /{owner}/{app}/requests/{id}/cancel` → `CANCELLATION_REQUESTED` while queued, else
//!   400 `ALREADY_COMPLETED`.
//!
//! Like fal, it downloads every `*_url` of an input before "running" it: an input it cannot
//! fetch fails the request with fal's kind of message. Nothing is computed by a model.
// A test fake: a poisoned lock may panic, and JSON it builds itself is indexed directly.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod routes;

use serde_json::Value;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use tokio::sync::oneshot;

/// How requests run; change it with [`FakeFal::behave`].
#[derive(Debug, Clone)]
pub struct Behaviour {
    /// Status polls answered `IN_QUEUE` (the position counts down to 0).
    pub queue_polls: u32,
    /// Status polls answered `IN_PROGRESS` after that.
    pub progress_polls: u32,
    /// The next request fails with this message (then this resets).
    pub fail_next: Option<String>,
    /// Requests stay in the queue until cancelled.
    pub hang: bool,
}

impl Default for Behaviour {
    fn default() -> Self {
        Self {
            queue_polls: 2,
            progress_polls: 2,
            fail_next: None,
            hang: false,
        }
    }
}

/// A request as submitted.
#[derive(Debug, Clone)]
pub struct Submitted {
    pub id: String,
    pub model: String,
    pub input: Value,
}

/// What the fake saw, for assertions.
#[derive(Debug, Clone, Default)]
pub struct Seen {
    /// Accepted requests, in order.
    pub submits: Vec<Submitted>,
    /// Calls refused for a missing or wrong key.
    pub unauthorised: usize,
    /// Input URLs it downloaded: (input key, URL, HTTP status, bytes).
    pub fetched: Vec<(String, String, u16, usize)>,
    /// Status polls per request id.
    pub polls: HashMap<String, u32>,
    /// Request ids cancelled while queued.
    pub cancels: Vec<String>,
    /// Output files served: (name, bytes).
    pub served: Vec<(String, Vec<u8>)>,
}

#[derive(Debug, Clone)]
pub(crate) struct Request {
    pub model: String,
    pub polls: u32,
    pub cancelled: bool,
    /// Why it failed (input fetch or `fail_next`).
    pub error: Option<String>,
    /// The output it answers once completed.
    pub output: Value,
    pub behaviour: Behaviour,
}

#[derive(Debug, Default)]
pub(crate) struct State {
    pub counter: u64,
    pub requests: HashMap<String, Request>,
    /// Output files by name.
    pub files: HashMap<String, (Vec<u8>, &'static str)>,
    pub behaviour: Behaviour,
    pub seen: Seen,
}

pub(crate) struct Shared {
    pub key: String,
    pub base: Mutex<String>,
    pub state: Mutex<State>,
    pub http: reqwest::Client,
}

/// A running fake fal.ai.
pub struct FakeFal {
    pub url: String,
    /// The key it accepts (`Authorization: Key <key>`).
    pub key: String,
    shared: Arc<Shared>,
    stop: Option<oneshot::Sender<()>>,
    server: tokio::task::JoinHandle<()>,
}

impl std::fmt::Debug for FakeFal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FakeFal").field("url", &self.url).finish()
    }
}

impl FakeFal {
    /// Starts on an ephemeral loopback port, accepting `key`.
    pub async fn start(key: &str) -> std::io::Result<Self> {
        let listener = tokio::net::TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], 0))).await?;
        let url = format!("http://{}", listener.local_addr()?);
        let shared = Arc::new(Shared {
            key: key.to_owned(),
            base: Mutex::new(url.clone()),
            state: Mutex::new(State::default()),
            http: reqwest::Client::new(),
        });
        let (tx, rx) = oneshot::channel::<()>();
        let app = routes::router(Arc::clone(&shared));
        let server = tokio::spawn(async move {
            let _ = axum::serve(listener, app)
                .with_graceful_shutdown(async move {
                    let _ = rx.await;
                })
                .await;
        });
        Ok(Self {
            url,
            key: key.to_owned(),
            shared,
            stop: Some(tx),
            server,
        })
    }

    /// Changes how the next requests run.
    pub fn behave(&self, f: impl FnOnce(&mut Behaviour)) {
        f(&mut self.shared.state.lock().unwrap().behaviour);
    }

    /// What it saw so far.
    pub fn seen(&self) -> Seen {
        self.shared.state.lock().unwrap().seen.clone()
    }

    /// The bytes of every output file it made: (name, bytes).
    pub fn outputs(&self) -> Vec<(String, Vec<u8>)> {
        let state = self.shared.state.lock().unwrap();
        state
            .files
            .iter()
            .map(|(n, (b, _))| (n.clone(), b.clone()))
            .collect()
    }
}

impl Drop for FakeFal {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        self.server.abort();
    }
}
