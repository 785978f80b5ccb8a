//! A fake ComfyUI for tests: the routes and WebSocket messages of ComfyUI's `server.py` and
//! `execution.py`, with the same shapes, backed by an in-memory queue that "runs" each prompt in a
//! few timed steps and writes real media (see [`outputs`]). Nothing is computed by a model.
//!
//! Routes: `POST /prompt`, `GET /ws?clientId=`, `GET /queue`, `POST /queue {delete|clear}`,
//! `POST /interrupt {prompt_id?}`, `GET /history`, `GET /history/{id}`, `GET /view`,
//! `POST /upload/image`, `GET /object_info[/{node}]`, `GET /models[/{folder}]`,
//! `GET /system_stats`; and for tests `GET /_fake/seen`, `POST /_fake/behaviour`,
//! `POST /_fake/restart`.
//!
//! Messages for a prompt go to the client id it was submitted with (as ComfyUI does); `status`
//! goes to everyone. A prompt runs whether or not its client listens. Each sampler step also
//! sends a small JPEG preview as a binary frame, framed as ComfyUI's `PREVIEW_IMAGE` (see
//! `runner.rs`; [`Behaviour::previews`] turns it off).
// A test fake: a poisoned lock may panic, and JSON it builds itself is indexed directly.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

pub mod outputs;
mod routes;
mod runner;
pub mod validate;

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::net::SocketAddr;
use std::path::Path;
use std::sync::{Arc, Mutex};
use tokio::sync::{Notify, broadcast, oneshot};

/// What the fake knows and has installed.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// `GET /object_info`: node schemas (`fixtures/comfyui/node_schemas.json`'s `nodes`).
    pub object_info: Value,
    /// Installed model files per folder (`GET /models/{folder}`).
    pub models: BTreeMap<String, BTreeSet<String>>,
    /// Every model file the workflows may ask for; asking for one that is not installed is
    /// `value_not_in_list`, as ComfyUI answers.
    pub known_models: BTreeSet<String>,
    /// `GET /system_stats`' `comfyui_version` (`None`: "fake").
    pub comfyui_version: Option<String>,
    /// A file each accepted prompt's id is appended to, one line each, as it is accepted: what a
    /// process outside (the cluster test) reads to count the prompts a killed fake had taken.
    pub prompt_log: Option<std::path::PathBuf>,
}

impl Options {
    /// Reads the node schemas (`{nodes: {...}}` or a plain object_info map) and, when given, the
    /// workflows' `index.json`, whose models are then all installed.
    pub fn from_files(schemas: &Path, index: Option<&Path>) -> Result<Self, String> {
        let read = |p: &Path| -> Result<Value, String> {
            let text = std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?;
            serde_json::from_str(&text).map_err(|e| format!("{}: {e}", p.display()))
        };
        let s = read(schemas)?;
        let object_info = s.get("nodes").cloned().unwrap_or(s);
        let mut opts = Self {
            object_info,
            ..Self::default()
        };
        if let Some(index) = index {
            let index = read(index)?;
            opts.install_index(&index);
        }
        Ok(opts)
    }

    /// Installs (and knows) every model the workflows' index lists.
    pub fn install_index(&mut self, index: &Value) {
        for (folder, file) in index_models(index) {
            self.known_models.insert(file.clone());
            self.models.entry(folder).or_default().insert(file);
        }
    }

    /// Knows the index's models without installing them.
    pub fn know_index(&mut self, index: &Value) {
        for (_, file) in index_models(index) {
            self.known_models.insert(file);
        }
    }
}

/// (folder, file) of every model in a workflows index (`{workflows: {name: {models: [...]}}}`).
pub fn index_models(index: &Value) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let all = index.get("workflows").unwrap_or(index);
    for w in all.as_object().into_iter().flat_map(|m| m.values()) {
        for m in w["models"].as_array().into_iter().flatten() {
            if let (Some(folder), Some(file)) = (m["folder"].as_str(), m["file"].as_str()) {
                out.push((folder.to_owned(), file.to_owned()));
            }
        }
    }
    out
}

/// How prompts run; change it with [`FakeComfy::behave`] or `POST /_fake/behaviour`.
#[derive(Debug, Clone)]
pub struct Behaviour {
    /// Sampler steps reported with `progress`.
    pub steps: u64,
    /// Time per step.
    pub step_ms: u64,
    /// The next prompt fails with `execution_error` in its sampler (then this resets).
    pub fail_next: bool,
    /// Prompts run until interrupted.
    pub hang: bool,
    /// The next accepted prompt is forgotten at once, as if ComfyUI restarted right after it.
    pub lose_next: bool,
    /// Each sampler step also sends a preview picture as a binary frame, as ComfyUI does when
    /// started with `--preview-method auto` (or `taesd`, `latent2rgb`).
    pub previews: bool,
}

impl Default for Behaviour {
    fn default() -> Self {
        Self {
            steps: 4,
            step_ms: 25,
            fail_next: false,
            hang: false,
            lose_next: false,
            previews: true,
        }
    }
}

/// A prompt as submitted.
#[derive(Debug, Clone)]
pub struct Submitted {
    pub prompt_id: String,
    pub client_id: String,
    pub graph: Value,
}

/// One WebSocket message: ComfyUI's JSON `{type, data}`, or a binary frame (a preview).
#[derive(Debug, Clone)]
pub(crate) enum Frame {
    Json(Value),
    Binary(Vec<u8>),
}

/// What the fake saw, for assertions.
#[derive(Debug, Clone, Default)]
pub struct Seen {
    /// Accepted prompts, in order.
    pub prompts: Vec<Submitted>,
    /// Prompts refused with 400.
    pub refused: usize,
    /// Uploaded input files: (name, bytes).
    pub uploads: Vec<(String, Vec<u8>)>,
    /// `POST /interrupt` calls (the prompt id sent, if any).
    pub interrupts: Vec<Option<String>>,
    /// Prompt ids deleted from the queue.
    pub deletes: Vec<String>,
    /// Files served by `/view`.
    pub views: usize,
    /// The preview pictures sent over the WebSocket while sampling (JPEG), in order.
    pub previews: Vec<Vec<u8>>,
    /// `GET /object_info` calls (the node list a server's check reads).
    pub object_info_calls: usize,
    /// `GET /queue` calls.
    pub queue_calls: usize,
    /// Each prompt run: (prompt id, start, end) in ms since the Unix epoch, in order; the time
    /// between one's end and the next's start is the server's idle gap (the fleet bench).
    pub runs: Vec<(String, u64, u64)>,
    /// The most prompts it held at once (running + pending).
    pub most_held: usize,
}

#[derive(Debug, Clone)]
pub(crate) struct Item {
    pub number: u64,
    pub prompt_id: String,
    pub graph: Value,
    pub extra: Value,
    pub outputs: Vec<String>,
}

impl Item {
    /// ComfyUI's queue entry: `[number, prompt_id, prompt, extra_data, outputs_to_execute]`.
    pub fn entry(&self) -> Value {
        serde_json::json!([
            self.number,
            self.prompt_id,
            self.graph,
            self.extra,
            self.outputs
        ])
    }

    pub fn client(&self) -> String {
        self.extra["client_id"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }
}

#[derive(Debug, Default)]
pub(crate) struct State {
    pub counter: u64,
    pub pending: VecDeque<Item>,
    pub running: Option<Item>,
    pub interrupt: bool,
    /// The running prompt ends normally even though it hangs ([`FakeComfy::finish_running`]).
    pub finish: bool,
    pub history: HashMap<String, Value>,
    pub files: HashMap<(String, String, String), Vec<u8>>,
    pub uploaded: BTreeSet<String>,
    pub behaviour: Behaviour,
    pub seen: Seen,
    /// Bumped by a restart: a run from before it writes nothing.
    pub epoch: u64,
}

pub(crate) struct Shared {
    pub opts: Mutex<Options>,
    pub state: Mutex<State>,
    /// (client id or None for everyone, message).
    pub events: broadcast::Sender<(Option<String>, Frame)>,
    pub wake: Notify,
    /// Closes every WebSocket (a restart).
    pub hangup: broadcast::Sender<()>,
}

/// A running fake ComfyUI.
pub struct FakeComfy {
    pub url: String,
    addr: SocketAddr,
    shared: Arc<Shared>,
    stop: Option<oneshot::Sender<()>>,
    server: Option<tokio::task::JoinHandle<()>>,
    runner: tokio::task::JoinHandle<()>,
}

impl std::fmt::Debug for FakeComfy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FakeComfy").field("url", &self.url).finish()
    }
}

impl FakeComfy {
    /// Starts on an ephemeral loopback port.
    pub async fn start(opts: Options) -> std::io::Result<Self> {
        Self::start_on("127.0.0.1:0".parse().expect("loopback address"), opts).await
    }

    /// Starts on `addr`.
    pub async fn start_on(addr: SocketAddr, opts: Options) -> std::io::Result<Self> {
        let shared = Arc::new(Shared {
            opts: Mutex::new(opts),
            state: Mutex::new(State::default()),
            events: broadcast::channel(4096).0,
            wake: Notify::new(),
            hangup: broadcast::channel(4).0,
        });
        let runner = tokio::spawn(runner::run(Arc::clone(&shared)));
        let mut fake = Self {
            url: String::new(),
            addr,
            shared,
            stop: None,
            server: None,
            runner,
        };
        fake.listen(addr).await?;
        Ok(fake)
    }

    async fn listen(&mut self, addr: SocketAddr) -> std::io::Result<()> {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        self.addr = listener.local_addr()?;
        self.url = format!("http://{}", self.addr);
        let (tx, rx) = oneshot::channel::<()>();
        let app = routes::router(Arc::clone(&self.shared));
        self.server = Some(tokio::spawn(async move {
            let _ = axum::serve(listener, app)
                .with_graceful_shutdown(async move {
                    let _ = rx.await;
                })
                .await;
        }));
        self.stop = Some(tx);
        Ok(())
    }

    /// Changes how prompts run.
    pub fn behave(&self, f: impl FnOnce(&mut Behaviour)) {
        f(&mut self.shared.state.lock().unwrap().behaviour);
    }

    /// Installs or removes model files.
    pub fn models(&self, f: impl FnOnce(&mut Options)) {
        f(&mut self.shared.opts.lock().unwrap());
    }

    /// What it saw so far.
    pub fn seen(&self) -> Seen {
        self.shared.state.lock().unwrap().seen.clone()
    }

    /// Lets the running prompt, which hangs, end normally (with its outputs), as a long
    /// generation ends: the next prompt hangs again while [`Behaviour::hang`] is set.
    pub fn finish_running(&self) {
        self.shared.state.lock().unwrap().finish = true;
    }

    /// The id of the running prompt (`GET /queue`'s `queue_running`), if any.
    pub fn running(&self) -> Option<String> {
        let state = self.shared.state.lock().unwrap();
        state.running.as_ref().map(|i| i.prompt_id.clone())
    }

    /// The ids of the prompts waiting in the queue, in order (`queue_pending`).
    pub fn pending(&self) -> Vec<String> {
        let state = self.shared.state.lock().unwrap();
        state.pending.iter().map(|i| i.prompt_id.clone()).collect()
    }

    /// The bytes `/view` serves for an output file name, if any.
    pub fn output(&self, filename: &str) -> Option<Vec<u8>> {
        let state = self.shared.state.lock().unwrap();
        state
            .files
            .iter()
            .find(|((_, name, _), _)| name == filename)
            .map(|(_, b)| b.clone())
    }

    /// Every output file written so far: (filename, bytes).
    pub fn outputs(&self) -> Vec<(String, Vec<u8>)> {
        let state = self.shared.state.lock().unwrap();
        state
            .files
            .iter()
            .filter(|((_, _, kind), _)| kind == "output")
            .map(|((_, name, _), b)| (name.clone(), b.clone()))
            .collect()
    }

    /// Forgets the queue, the running prompt and the history and closes every WebSocket, as a
    /// restarted ComfyUI does (its history lives in memory).
    pub fn restart(&self) {
        routes::restart(&self.shared);
    }

    /// Stops answering: the listener closes and connections are cut (the queue is kept).
    pub async fn go_down(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let _ = self.shared.hangup.send(());
        if let Some(server) = self.server.take() {
            server.abort();
            let _ = server.await;
        }
    }

    /// Answers again on the same address.
    pub async fn come_back(&mut self) -> std::io::Result<()> {
        self.listen(self.addr).await
    }
}

impl Drop for FakeComfy {
    fn drop(&mut self) {
        if let Some(server) = self.server.take() {
            server.abort();
        }
        self.runner.abort();
    }
}
