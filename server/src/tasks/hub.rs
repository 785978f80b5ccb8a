//! The task runner's shared parts: the provider, the wake-up signal of the workers, the
//! per-user event feed, cancel signals of running jobs and the shutdown switch.

use super::engines::Engines;
use super::provider::Provider;
use super::settings::TaskSettings;
use super::streams::Streams;
use crate::config::Config;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, OnceLock};
use tokio::sync::{Notify, broadcast, mpsc, oneshot, watch};
use tokio::task::JoinHandle;

/// Events waiting for one stream at most; a stream this far behind is dropped (`streams.rs`).
/// Also the ring of the in-process feed of every event ([`Tasks::subscribe`]).
pub const EVENT_RING: usize = 1024;

/// A change of one of a user's tasks, pushed to the user's event streams. `name` is one of the
/// spec's queue events (docs/behaviour/tasks-and-queue.md#the-queue): `addTask`, `updateTask`,
/// `delTask`, `retryTask`.
#[derive(Debug, Clone)]
pub struct TaskEvent {
    pub user_id: i64,
    pub name: &'static str,
    pub data: Value,
}

struct Inner {
    settings: TaskSettings,
    provider: Arc<dyn Provider>,
    /// The same engines as `provider` (they share their servers' state), for the console.
    engines: Engines,
    wake: Notify,
    /// Every event, for the in-process readers that want them all (the webhook worker).
    events: broadcast::Sender<TaskEvent>,
    /// The open event streams, by user (`streams.rs`).
    streams: Arc<Streams>,
    cancels: Mutex<HashMap<String, oneshot::Sender<()>>>,
    shutdown: watch::Sender<bool>,
    workers: Mutex<Vec<JoinHandle<()>>>,
    /// This process's name in `tasks.owner` (random per start).
    instance: String,
    /// Set while the server drains: a job dropped now is left running on its engine, to be
    /// re-attached by whichever instance takes the task next.
    draining: Arc<AtomicBool>,
    /// The latest live preview of each running task (`previews.rs`).
    previews: super::previews::Previews,
    /// On PostgreSQL, events go out through NOTIFY (see `notify.rs`) instead of straight to
    /// this process's streams.
    publish: OnceLock<mpsc::UnboundedSender<TaskEvent>>,
}

/// The task runner (cheap to clone).
#[derive(Clone)]
pub struct Tasks {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for Tasks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tasks")
            .field("provider", &self.inner.provider.name())
            .field("workers", &self.inner.settings.workers)
            .finish()
    }
}

impl Tasks {
    /// The runner of a configuration: its engines and the routes between them (`engines/`).
    pub fn new(cfg: &Config) -> Self {
        let settings = cfg.tasks.clone();
        let engines = Engines::new(cfg, false);
        let draining = engines.detach_flag();
        let provider: Arc<dyn Provider> = Arc::new(engines.clone());
        let (events, _) = broadcast::channel(EVENT_RING);
        let (shutdown, _) = watch::channel(false);
        Self {
            inner: Arc::new(Inner {
                settings,
                provider,
                engines,
                wake: Notify::new(),
                events,
                streams: Arc::new(Streams::default()),
                cancels: Mutex::new(HashMap::new()),
                shutdown,
                workers: Mutex::new(Vec::new()),
                instance: format!("i-{}", crate::ids::random_token(12)),
                draining,
                previews: super::previews::Previews::default(),
                publish: OnceLock::new(),
            }),
        }
    }

    pub fn settings(&self) -> &TaskSettings {
        &self.inner.settings
    }

    /// The configured engines (what the provider routes between).
    pub fn engines(&self) -> &Engines {
        &self.inner.engines
    }

    pub fn provider(&self) -> Arc<dyn Provider> {
        Arc::clone(&self.inner.provider)
    }

    /// Wakes the idle workers (a task was queued).
    pub fn wake(&self) {
        self.inner.wake.notify_waiters();
    }

    /// Wakes one idle worker: a task ended, so its user may now run the next of theirs that
    /// waited for the per-user limit (otherwise claimed at the workers' next look, up to 2 s).
    pub fn wake_one(&self) {
        self.inner.wake.notify_one();
    }

    pub(crate) fn wake_signal(&self) -> &Notify {
        &self.inner.wake
    }

    /// Pushes an event to the user's streams (dropped when nobody listens); on PostgreSQL to
    /// every instance's streams.
    pub fn emit(&self, event: TaskEvent) {
        match self.inner.publish.get() {
            Some(publish) => {
                if let Err(e) = publish.send(event) {
                    self.emit_local(e.0);
                }
            }
            None => self.emit_local(event),
        }
    }

    /// Pushes an event to this process's streams of its user only (what arrived by NOTIFY is
    /// routed here, on arrival), and to the in-process feed of every event.
    pub fn emit_local(&self, event: TaskEvent) {
        if self.inner.events.receiver_count() > 0 {
            let _ = self.inner.events.send(event.clone());
        }
        self.inner.streams.deliver(event);
    }

    /// Routes [`Self::emit`] through `publish` from now on.
    pub(crate) fn publish_through(&self, publish: mpsc::UnboundedSender<TaskEvent>) {
        let _ = self.inner.publish.set(publish);
    }

    /// This process's owner name in the tasks table.
    pub fn instance(&self) -> &str {
        &self.inner.instance
    }

    /// True while the server drains (see the field's doc).
    pub fn draining(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.inner.draining)
    }

    /// Event streams open in this process.
    pub fn stream_count(&self) -> usize {
        self.inner.streams.open()
    }

    /// The open event streams by user (`streams.rs`).
    pub fn streams(&self) -> &Arc<Streams> {
        &self.inner.streams
    }

    /// A receiver of every event of this process (the webhook worker's wake-up; the event
    /// streams subscribe by user through [`Self::streams`]).
    pub fn subscribe(&self) -> broadcast::Receiver<TaskEvent> {
        self.inner.events.subscribe()
    }

    /// Flips to `true` when the server stops.
    pub fn shutdown_signal(&self) -> watch::Receiver<bool> {
        self.inner.shutdown.subscribe()
    }

    /// Registers a running job; the receiver fires when the task is cancelled.
    pub(crate) fn on_cancel(&self, task_id: &str) -> oneshot::Receiver<()> {
        let (tx, rx) = oneshot::channel();
        if let Ok(mut map) = self.inner.cancels.lock() {
            map.insert(task_id.to_owned(), tx);
        }
        rx
    }

    /// The tasks whose jobs run in this process now (claimed and not yet let go).
    pub fn running_jobs(&self) -> Vec<String> {
        self.inner
            .cancels
            .lock()
            .map(|map| map.keys().cloned().collect())
            .unwrap_or_default()
    }

    /// Forgets a job that ended, and its live preview.
    pub(crate) fn forget(&self, task_id: &str) {
        if let Ok(mut map) = self.inner.cancels.lock() {
            map.remove(task_id);
        }
        self.inner.previews.forget(task_id);
    }

    /// The running tasks' live previews (`previews.rs`).
    pub fn previews(&self) -> super::previews::Previews {
        self.inner.previews.clone()
    }

    /// Stops the job of a task if it runs in this process.
    pub fn stop_job(&self, task_id: &str) {
        let tx = self
            .inner
            .cancels
            .lock()
            .ok()
            .and_then(|mut map| map.remove(task_id));
        if let Some(tx) = tx {
            let _ = tx.send(());
        }
    }

    pub(crate) fn add_worker(&self, handle: JoinHandle<()>) {
        if let Ok(mut w) = self.inner.workers.lock() {
            w.push(handle);
        }
    }

    /// Stops claiming: idle workers end, busy ones end after their task (see `worker::drain`).
    pub fn stop_claiming(&self) {
        let _ = self.inner.shutdown.send(true);
    }

    /// Stops the workers (a job still in progress is dropped where it stands, its engine prompt
    /// left running: see `worker::drain`) and ends the event streams.
    pub async fn shutdown(&self) {
        self.inner
            .draining
            .store(true, std::sync::atomic::Ordering::SeqCst);
        let _ = self.inner.shutdown.send(true);
        let handles: Vec<JoinHandle<()>> = self
            .inner
            .workers
            .lock()
            .map(|mut w| w.drain(..).collect())
            .unwrap_or_default();
        for h in &handles {
            h.abort();
        }
        for h in handles {
            let _ = h.await;
        }
    }
}
