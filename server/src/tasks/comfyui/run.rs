//! One prompt on one ComfyUI server, from submit (or attach) to its history entry.
//!
//! - The prompt id is ours (`aivg-{task}-{attempt}`), so before submitting the server's queue and
//!   history are looked at: a prompt already there (a restart of ours, another instance) is
//!   attached to instead of sent twice. On a task's first claim nothing can be there yet and
//!   the prompt is sent at once.
//! - The WebSocket is opened before the prompt is sent, so no message is missed; its `progress`
//!   messages move the task's progress (10-90 %), its preview frames become the task's live
//!   preview (`tasks/previews.rs`), `execution_error` and `execution_interrupted`
//!   end the run with ComfyUI's words. Its client id is the prompt id (ComfyUI sends progress
//!   only to the sender's socket), so an attach gets the messages too. Without a socket the
//!   history is polled, and the socket is opened again every few seconds.
//! - With no message for `idle`, the queue and history are asked: still queued or running, the
//!   wait goes on; finished, its entry is read; nowhere (ComfyUI restarted) the run ends
//!   [`RunError::Lost`] and the caller resubmits once. A server that stops answering is given
//!   `down_grace` (a restart) before the run ends [`RunError::Down`] and goes elsewhere.
//! - A [`CancelGuard`] is armed while the prompt is ComfyUI's: dropping the run (the worker does
//!   on cancel) interrupts it when running or deletes it from the queue when pending.

use super::answers;
use super::client::{CallError, Client, Place};
use super::socket::{Event, Socket};
use crate::tasks::provider::ProgressSender;
use serde_json::Value;
use std::time::Duration;
use tokio::time::Instant;

/// How a run ended without an entry.
#[derive(Debug, Clone, PartialEq)]
pub enum RunError {
    /// The user's answer: ComfyUI refused or failed the prompt.
    Failed(String),
    /// The prompt is in neither the queue nor the history.
    Lost,
    /// The server stopped answering.
    Down(String),
}

impl From<CallError> for RunError {
    fn from(e: CallError) -> Self {
        match e {
            CallError::Down(m) => Self::Down(m),
            CallError::Refused(m) => Self::Failed(format!("ComfyUI refused the workflow: {m}")),
            CallError::Bad(m) => Self::Failed(m),
        }
    }
}

/// How often a closed socket is opened again while the prompt runs.
const RECONNECT_EVERY: Duration = Duration::from_secs(5);

/// Timers of a run.
#[derive(Debug, Clone, Copy)]
pub struct Timing {
    /// No message and no progress for this long: look in the queue and history.
    pub idle: Duration,
    /// How often the history is polled without a socket.
    pub poll: Duration,
    /// How long the socket may take to open.
    pub connect: Duration,
    /// How long a server may stop answering during a run (a restart) before it counts as down.
    pub down_grace: Duration,
}

/// Stops our prompt when dropped while armed (see the module doc).
#[derive(Debug)]
pub struct CancelGuard {
    client: Client,
    prompt_id: String,
    armed: bool,
}

impl CancelGuard {
    pub fn new(client: &Client, prompt_id: &str) -> Self {
        Self {
            client: client.clone(),
            prompt_id: prompt_id.to_owned(),
            armed: true,
        }
    }

    pub fn disarm(&mut self) {
        self.armed = false;
    }
}

impl Drop for CancelGuard {
    fn drop(&mut self) {
        if !self.armed || self.client.detach.load(std::sync::atomic::Ordering::SeqCst) {
            return;
        }
        let Ok(rt) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let client = self.client.clone();
        let id = std::mem::take(&mut self.prompt_id);
        rt.spawn(async move {
            // Interrupt only ours: an older ComfyUI ignores the id and stops whatever runs.
            let result = match client.place(&id).await {
                Ok(Place::Running) => client.interrupt(&id).await,
                Ok(Place::Pending) => client.delete(&id).await,
                Ok(_) => Ok(()),
                Err(e) => Err(e),
            };
            match result {
                Ok(()) => tracing::info!("comfyui {}: stopped prompt {id}", client.base),
                Err(e) => tracing::warn!("comfyui {}: could not stop {id}: {e}", client.base),
            }
        });
    }
}

/// The progress of a run: sampling steps map to 10-90 %, never going back.
struct Meter<'a> {
    sender: &'a ProgressSender,
    shown: u8,
}

impl Meter<'_> {
    fn step(&mut self, value: u64, max: u64) {
        if let Some(part) = (value.min(max) * 80).checked_div(max) {
            let p = u8::try_from(10 + part).unwrap_or(90);
            if p > self.shown {
                self.shown = p;
                self.sender.set(p);
            }
        }
    }
}

/// Work awaited before a run goes on (see [`OnEnd`]).
pub type GiveWay = std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>>;

/// Called once when ComfyUI lets the prompt go (its slot is free); the run reads the prompt's
/// history once the future it answers is done.
pub type OnEnd = Box<dyn FnOnce() -> GiveWay + Send>;

/// What a run brings besides its prompt (`deck.rs`): all optional.
#[derive(Default)]
pub struct Hooks {
    /// A socket already opened for the prompt (a task lined up).
    pub socket: Option<Socket>,
    /// Runs as soon as ComfyUI's queue lets the prompt go (`executing {node: null}`, sent after
    /// its `task_done`), before the history entry is read: the slot takes the next prompt then.
    pub on_end: Option<OnEnd>,
    /// Dropped once the prompt is sent (a slot handed on: the instance's other work waited for
    /// it).
    pub handoff: Option<super::deck::Handoff>,
}

impl std::fmt::Debug for Hooks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Hooks")
            .field("socket", &self.socket.is_some())
            .field("on_end", &self.on_end.is_some())
            .field("handoff", &self.handoff.is_some())
            .finish()
    }
}

/// Sends (or attaches to) `prompt_id` and waits for its history entry. `prepare` uploads the
/// inputs and fills the graph; it runs only when the prompt is not on the server yet.
/// `known_new`: the prompt cannot be anywhere yet (a task's first claim), so the server's queue
/// and history are not looked at before it is sent.
pub async fn run_prompt<F, Fut>(
    client: &Client,
    prompt_id: &str,
    known_new: bool,
    prepare: F,
    progress: &ProgressSender,
    timing: Timing,
    hooks: Hooks,
) -> Result<Value, RunError>
where
    F: FnOnce() -> Fut,
    Fut: std::future::Future<Output = Result<Value, RunError>>,
{
    // ComfyUI sends a prompt's progress only to the socket of the client that sent it: the
    // client id is the prompt id, so whoever attaches later (a restarted worker) gets it too.
    let client_id = prompt_id.to_owned();
    let Hooks {
        socket,
        mut on_end,
        handoff,
    } = hooks;
    let mut socket = match socket {
        Some(s) => s,
        None => Socket::connect(&client.base, &client_id, timing.connect).await,
    };
    let mut guard = CancelGuard::new(client, prompt_id);
    let place = if known_new {
        Place::Unknown
    } else {
        client.place(prompt_id).await?
    };
    match place {
        Place::Unknown => {
            let graph = prepare().await?;
            let sent = client.submit(prompt_id, &graph, &client_id).await;
            drop(handoff);
            let id = sent?;
            if id != prompt_id {
                // An old ComfyUI chose its own id: follow that one.
                guard = CancelGuard::new(client, &id);
                return follow(
                    client,
                    &id,
                    &mut socket,
                    &mut guard,
                    progress,
                    timing,
                    false,
                    &mut on_end,
                )
                .await;
            }
        }
        place => {
            drop(handoff);
            tracing::info!(
                "comfyui {}: {prompt_id} is {place:?}: attached",
                client.base
            );
            if place == Place::Done {
                // It ended while nobody watched (its instance died or drained): no message
                // will come for it, so its history entry is read now, not after `idle`.
                progress.set(10);
                return follow(
                    client,
                    prompt_id,
                    &mut socket,
                    &mut guard,
                    progress,
                    timing,
                    true,
                    &mut on_end,
                )
                .await;
            }
        }
    }
    progress.set(10);
    follow(
        client,
        prompt_id,
        &mut socket,
        &mut guard,
        progress,
        timing,
        false,
        &mut on_end,
    )
    .await
}

#[allow(
    clippy::too_many_arguments,
    reason = "the run's state, passed down from run_prompt"
)]
async fn follow(
    client: &Client,
    prompt_id: &str,
    socket: &mut Socket,
    guard: &mut CancelGuard,
    progress: &ProgressSender,
    timing: Timing,
    already_ended: bool,
    on_end: &mut Option<OnEnd>,
) -> Result<Value, RunError> {
    if already_ended && let Some(f) = on_end.take() {
        f().await;
    }
    let mut meter = Meter {
        sender: progress,
        shown: 10,
    };
    let mut last_news = Instant::now();
    // Set once ComfyUI says the prompt ended: then only the history is awaited.
    let mut ended = already_ended;
    let mut ended_at = Instant::now();
    let mut reconnect_at = Instant::now() + RECONNECT_EVERY;
    loop {
        if !socket.is_open() && !ended && Instant::now() >= reconnect_at {
            *socket = Socket::connect(&client.base, prompt_id, timing.connect).await;
            reconnect_at = Instant::now() + RECONNECT_EVERY;
        }
        let look = if socket.is_open() && !ended {
            last_news + timing.idle
        } else {
            Instant::now() + timing.poll
        };
        let event = tokio::select! {
            e = socket.next(prompt_id), if socket.is_open() && !ended => e,
            () = tokio::time::sleep_until(look) => None,
        };
        match event {
            Some(Event::Progress { value, max }) => {
                meter.step(value, max);
                last_news = Instant::now();
                continue;
            }
            Some(Event::Preview(picture)) => {
                progress.preview(&picture);
                last_news = Instant::now();
                continue;
            }
            Some(Event::Executing(None)) => {
                // ComfyUI's queue let the prompt go (`task_done`, then this message): its slot
                // is free and its history entry written.
                if let Some(f) = on_end.take() {
                    f().await;
                }
                ended = true;
                ended_at = Instant::now();
            }
            // Sent before the queue lets the prompt go: `executing {node: null}` follows, and
            // the history entry is read then (an older ComfyUI sends no `execution_success`).
            Some(Event::Success) => {
                last_news = Instant::now();
                continue;
            }
            Some(Event::Error {
                node_type, message, ..
            }) => {
                guard.disarm();
                return Err(RunError::Failed(answers::error_text(&node_type, &message)));
            }
            Some(Event::Interrupted) => {
                guard.disarm();
                return Err(RunError::Failed(
                    "ComfyUI interrupted the run (it was stopped on the ComfyUI server)".into(),
                ));
            }
            Some(Event::Executing(Some(_)) | Event::Executed(_) | Event::Other) => {
                last_news = Instant::now();
                continue;
            }
            // The socket closed or a timer fired: ask the server.
            None => {}
        }
        match ask(client, prompt_id).await {
            Ok(Asked::Entry(entry)) => {
                guard.disarm();
                return Ok(entry);
            }
            Ok(Asked::Waiting) => last_news = Instant::now(),
            Ok(Asked::Nowhere) if ended && ended_at.elapsed() < timing.idle => {
                // Ended but not in the history yet: it is written just after.
            }
            Ok(Asked::Nowhere) => {
                guard.disarm();
                return Err(RunError::Lost);
            }
            Err(RunError::Down(why)) => {
                // A restarting server is back within moments; one that stays away is down.
                if last_news.elapsed() >= timing.down_grace {
                    return Err(RunError::Down(why));
                }
            }
            Err(e) => {
                guard.disarm();
                return Err(e);
            }
        }
    }
}

enum Asked {
    Entry(Value),
    Waiting,
    Nowhere,
}

/// Looks for the prompt: its finished history entry, still waiting, or nowhere.
async fn ask(client: &Client, prompt_id: &str) -> Result<Asked, RunError> {
    if let Some(entry) = client.history(prompt_id).await? {
        return match answers::history_outcome(&entry) {
            Ok(true) => Ok(Asked::Entry(entry)),
            Ok(false) => Ok(Asked::Waiting),
            Err(why) => Err(RunError::Failed(why)),
        };
    }
    Ok(match client.place(prompt_id).await? {
        Place::Running | Place::Pending | Place::Done => Asked::Waiting,
        Place::Unknown => Asked::Nowhere,
    })
}
