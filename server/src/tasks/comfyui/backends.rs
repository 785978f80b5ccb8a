//! The ComfyUI servers of `AIVG_COMFYUI_URL` and their health.
//!
//! A task goes to the server with the fewest queued prompts (`GET /queue`: running + pending)
//! among those that are up and have its workflow's nodes and model files. A server that stops
//! answering is marked down and left out; it is asked again (its node and model lists too) every
//! `reprobe` (the provider's background loop) and whenever a task looks for a server after that
//! time. The lists of a server that is up are read again after the same time, so a model file
//! dropped in is seen without a restart.
//!
//! An admin may take a server out of rotation (the console, `admin/engines.rs`; kept in the
//! database and applied here by `tasks/rotation.rs`): `pick` then sends it no new prompt, while
//! the prompts it already runs finish (a task attaches to its own prompt wherever it is).

use super::client::{CallError, Client};
use super::probe::{self, Capabilities, Missing};
use crate::workflows::WorkflowInfo;
use serde_json::Value;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(Debug, Default)]
struct Health {
    up: bool,
    caps: Option<Arc<Capabilities>>,
    checked: Option<Instant>,
    last_error: String,
}

/// One server.
#[derive(Debug)]
pub struct Backend {
    pub client: Client,
    health: Mutex<Health>,
}

impl Backend {
    pub fn base(&self) -> &str {
        &self.client.base
    }

    fn health(&self) -> std::sync::MutexGuard<'_, Health> {
        self.health
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    pub fn is_up(&self) -> bool {
        self.health().up
    }

    /// Its node and model lists, when it answered.
    pub fn capabilities(&self) -> Option<Arc<Capabilities>> {
        self.health().caps.clone()
    }

    /// Why it is down (empty when up).
    pub fn last_error(&self) -> String {
        self.health().last_error.clone()
    }

    /// Marks it down after a failed call.
    pub fn mark_down(&self, why: &str) {
        let mut h = self.health();
        if h.up || h.checked.is_none() {
            tracing::warn!("comfyui {}: taken out ({why})", self.client.base);
        }
        h.up = false;
        h.checked = Some(Instant::now());
        why.clone_into(&mut h.last_error);
    }
}

/// Why no server was found for a workflow.
#[derive(Debug, Clone)]
pub enum PickError {
    /// No server answers.
    AllDown(String),
    /// The servers that answer lack something: what the first one lacks.
    Lacking(Missing),
}

/// Every configured server.
#[derive(Debug)]
pub struct Backends {
    list: Vec<Arc<Backend>>,
    /// Shared by every client (see `Client::detach`).
    pub detach: Arc<std::sync::atomic::AtomicBool>,
    reprobe: Duration,
    folders: Vec<String>,
    /// The servers (base URLs) out of rotation.
    out: Mutex<Vec<String>>,
}

impl Backends {
    pub fn new(urls: &[String], read_timeout: Duration, reprobe: Duration) -> Self {
        let detach = Arc::new(std::sync::atomic::AtomicBool::new(false));
        Self {
            detach: Arc::clone(&detach),
            list: urls
                .iter()
                .map(|u| {
                    Arc::new(Backend {
                        client: Client::new(u, read_timeout, Arc::clone(&detach)),
                        health: Mutex::new(Health::default()),
                    })
                })
                .collect(),
            reprobe,
            folders: probe::model_folders(&[]),
            out: Mutex::new(Vec::new()),
        }
    }

    fn out(&self) -> std::sync::MutexGuard<'_, Vec<String>> {
        self.out
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Sets the servers out of rotation (base URLs; others are ignored).
    pub fn set_out_of_rotation(&self, bases: &[String]) {
        let mut out = self.out();
        out.clear();
        out.extend(
            bases
                .iter()
                .filter(|b| self.list.iter().any(|x| x.base() == b.as_str()))
                .cloned(),
        );
    }

    /// Whether `base` takes new prompts.
    pub fn in_rotation(&self, base: &str) -> bool {
        !self.out().iter().any(|b| b == base)
    }

    pub fn all(&self) -> &[Arc<Backend>] {
        &self.list
    }

    /// Asks a server for its lists now; marks it up or down.
    pub async fn refresh(&self, b: &Backend) {
        match probe::capabilities(&b.client, &self.folders).await {
            Ok(caps) => {
                let mut h = b.health();
                if !h.up && h.checked.is_some() {
                    tracing::info!("comfyui {}: answering again", b.client.base);
                }
                h.up = true;
                h.caps = Some(Arc::new(caps));
                h.checked = Some(Instant::now());
                h.last_error.clear();
            }
            Err(e) => b.mark_down(&e.to_string()),
        }
    }

    /// Refreshes the servers never asked, or asked longer than `reprobe` ago.
    pub async fn refresh_stale(&self) {
        for b in &self.list {
            let stale = b
                .health()
                .checked
                .is_none_or(|t| t.elapsed() >= self.reprobe);
            if stale {
                self.refresh(b).await;
            }
        }
    }

    /// The server for `graph`: up, in rotation, able to run it, not in `exclude`, with the
    /// fewest queued prompts.
    pub async fn pick(
        &self,
        graph: &Value,
        info: Option<&WorkflowInfo>,
        exclude: &[String],
    ) -> Result<Arc<Backend>, PickError> {
        self.refresh_stale().await;
        let mut lacking: Option<Missing> = None;
        let mut best: Option<(usize, Arc<Backend>)> = None;
        let mut down = Vec::new();
        let out = self.out().clone();
        for b in &self.list {
            if exclude.iter().any(|e| e == b.base()) {
                continue;
            }
            if out.iter().any(|e| e == b.base()) {
                down.push(format!("{} (out of rotation)", b.base()));
                continue;
            }
            let caps = {
                let h = b.health();
                if !h.up {
                    down.push(format!("{} ({})", b.base(), h.last_error));
                    continue;
                }
                h.caps.clone().unwrap_or_default()
            };
            let m = probe::missing(graph, info, &caps);
            if !m.is_empty() {
                lacking.get_or_insert(m);
                continue;
            }
            match b.client.queue().await {
                Ok((running, pending)) => {
                    let n = running.len() + pending.len();
                    if best.as_ref().is_none_or(|(least, _)| n < *least) {
                        best = Some((n, Arc::clone(b)));
                    }
                }
                Err(CallError::Down(e)) => {
                    b.mark_down(&e);
                    down.push(format!("{} ({e})", b.base()));
                }
                Err(e) => {
                    tracing::warn!("comfyui {}: {e}", b.base());
                    best.get_or_insert((usize::MAX, Arc::clone(b)));
                }
            }
        }
        if let Some((_, b)) = best {
            return Ok(b);
        }
        match lacking {
            Some(m) => Err(PickError::Lacking(m)),
            None if down.is_empty() => Err(PickError::AllDown(
                "no other ComfyUI server is configured".into(),
            )),
            None => Err(PickError::AllDown(down.join(", "))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[tokio::test]
    async fn unreachable_servers_are_taken_out_and_named() {
        let b = Backends::new(
            &["http://127.0.0.1:9".into()],
            Duration::from_secs(2),
            Duration::from_secs(3600),
        );
        let graph = json!({"1": {"class_type": "SaveImage", "inputs": {}}});
        match b.pick(&graph, None, &[]).await {
            Err(PickError::AllDown(why)) => assert!(why.contains("127.0.0.1:9"), "{why}"),
            other => panic!("{other:?}"),
        }
        assert!(!b.all()[0].is_up());
        assert!(!b.all()[0].last_error().is_empty());
    }
}
