//! Tasks lined up for a busy ComfyUI server (docs/engines.md#a-fleet-of-gpus).
//!
//! When every server is full, a worker may claim the next task anyway and line it up behind
//! one of this instance's running prompts: its inputs are uploaded and its graph filled on that
//! server, and its WebSocket opened, while the prompt before it runs. When ComfyUI lets that
//! prompt go (`executing {node: null}`, sent after its queue's `task_done`), the slot, with its
//! lease in the database, is handed straight to the task lined up, which only has to send its
//! prompt: the server waits for one HTTP call instead of a claim, the job's reads and the
//! uploads. A server is still given no more prompts than its slots, and the task's place in
//! the queue was the fair one (it was claimed in the queue's order).
//!
//! Decided here, since the specification does not say:
//! - at most `AIVG_COMFYUI_DECK` tasks (default 1) are lined up per slot this instance holds,
//!   and a task is lined up only while another worker stays free for other work (a crop, a
//!   tool on the local provider);
//! - a task lined up shows as running, at 5 %, until its prompt is sent;
//! - it waits for the prompt it was lined up behind even when another server frees first (its
//!   inputs are on this one); when that server goes down or out of rotation, it is let go and
//!   looks for a slot again.

use super::backends::{Backend, Slot};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use tokio::sync::oneshot;

/// The longest the work that gives way to prompts handed on waits for them ([`Handoffs`]):
/// sending a prompt made ready takes milliseconds.
pub const GIVE_WAY_AT_MOST: std::time::Duration = std::time::Duration::from_millis(200);

/// Prompts handed on and not sent yet, in this instance. A fleet ends many prompts at once
/// (equally long ones started together), and every one of them is then followed by work: the
/// history and outputs of the prompt that ended, the claim of the next task to line up. That
/// work waits until the prompts handed on are sent (at most [`GIVE_WAY_AT_MOST`]), so the
/// servers get their next prompt first. Only a prompt already made ready counts: one whose
/// inputs are still uploading is not waited for.
#[derive(Debug, Default)]
pub struct Handoffs {
    pending: std::sync::atomic::AtomicUsize,
    settled: tokio::sync::Notify,
}

impl Handoffs {
    /// One prompt handed on: pending until the returned guard is dropped (its prompt sent, or
    /// its run gone).
    pub fn begin(self: &Arc<Self>) -> Handoff {
        self.pending
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        Handoff(Arc::clone(self))
    }

    /// Waits until no prompt handed on is pending (at most [`GIVE_WAY_AT_MOST`]).
    pub async fn settled(&self) {
        let _ = tokio::time::timeout(GIVE_WAY_AT_MOST, async {
            loop {
                let settled = self.settled.notified();
                tokio::pin!(settled);
                settled.as_mut().enable();
                if self.pending.load(std::sync::atomic::Ordering::SeqCst) == 0 {
                    return;
                }
                settled.await;
            }
        })
        .await;
    }
}

/// A prompt handed on and not sent yet ([`Handoffs::begin`]).
#[derive(Debug)]
pub struct Handoff(Arc<Handoffs>);

impl Drop for Handoff {
    fn drop(&mut self) {
        let was = self
            .0
            .pending
            .fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
        if was <= 1 {
            self.0.settled.notify_waiters();
        }
    }
}

/// How often a task lined up looks whether its server still holds a prompt of ours.
const LOOK_AGAIN: std::time::Duration = std::time::Duration::from_secs(1);

/// The tasks lined up behind one server's prompts, first come first served.
#[derive(Debug, Default)]
pub struct Deck {
    waiting: Mutex<VecDeque<Place>>,
}

/// One task lined up: where its slot is sent, and whether its prompt is ready to send.
#[derive(Debug)]
pub struct Place {
    pub tx: oneshot::Sender<Slot>,
    pub ready: Arc<AtomicBool>,
}

impl Deck {
    fn lock(&self) -> MutexGuard<'_, VecDeque<Place>> {
        self.waiting.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The tasks lined up (those that gave up, a cancel, no longer count).
    pub fn waiting(&self) -> usize {
        let mut w = self.lock();
        w.retain(|p| !p.tx.is_closed());
        w.len()
    }

    /// Lines a task up when fewer than `room` are; its receiver gets the slot, and it says
    /// through the flag when its prompt is ready.
    pub fn push(&self, room: usize) -> Option<(oneshot::Receiver<Slot>, Arc<AtomicBool>)> {
        let mut w = self.lock();
        w.retain(|p| !p.tx.is_closed());
        if w.len() >= room {
            return None;
        }
        let (tx, rx) = oneshot::channel();
        let ready = Arc::new(AtomicBool::new(false));
        w.push_back(Place {
            tx,
            ready: Arc::clone(&ready),
        });
        Some((rx, ready))
    }

    /// The first task still lined up.
    pub fn pop(&self) -> Option<Place> {
        let mut w = self.lock();
        while let Some(p) = w.pop_front() {
            if !p.tx.is_closed() {
                return Some(p);
            }
        }
        None
    }

    /// Lets the tasks lined up last go until at most `n` are.
    pub fn keep(&self, n: usize) {
        let mut w = self.lock();
        w.retain(|p| !p.tx.is_closed());
        w.truncate(n);
    }

    /// Lets every task lined up go (the server went down or out of rotation): each looks for a
    /// slot again.
    pub fn clear(&self) {
        self.lock().clear();
    }
}

/// A task lined up on a server.
#[derive(Debug)]
pub struct Follower {
    pub(super) backend: Arc<Backend>,
    pub(super) rx: oneshot::Receiver<Slot>,
    pub(super) ready: Arc<AtomicBool>,
}

impl Follower {
    /// The server it waits on.
    pub fn backend(&self) -> &Arc<Backend> {
        &self.backend
    }

    /// Its prompt is ready to send: the work after the prompt before it ends waits for it.
    pub fn set_ready(&self) {
        self.ready.store(true, Ordering::SeqCst);
    }

    /// The slot, once the prompt before it leaves; `None` when it was let go, or when the
    /// server no longer holds a prompt of ours or takes new ones (looked at every second, in
    /// case a release was missed).
    pub async fn wait(self) -> Option<Slot> {
        let mut rx = self.rx;
        loop {
            tokio::select! {
                slot = &mut rx => return slot.ok(),
                () = tokio::time::sleep(LOOK_AGAIN) => {
                    if self.backend.load().ours == 0 || !self.backend.passes_on() {
                        return None;
                    }
                }
            }
        }
    }
}

/// Where a task's prompt goes: a slot now, or a place behind a running prompt.
#[derive(Debug)]
pub enum Seat {
    Now(Slot),
    Next(Follower),
}
