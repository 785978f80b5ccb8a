//! The ComfyUI servers of `AIVG_COMFYUI_URL`, their health, load and slots
//! (docs/engines.md#a-fleet-of-gpus).
//!
//! - Health: a server is probed (`probe.rs`: node list, model files, version) the first time a
//!   task looks for one, then every `reprobe` by the provider's background loop; one that stops
//!   answering is marked down and left out until a probe finds it again. The lists of a server
//!   that is up are read again after the same time, so a model file dropped in is seen without
//!   a restart.
//! - Load, kept in memory, never asked per task (ComfyUI's `GET /queue` answers slower as its
//!   queue grows, and with many servers a round trip each before every task adds up): what this
//!   instance gave the server and has not got back ([`Slot`]s), and what the server's own
//!   WebSocket `status` messages say (`exec_info.queue_remaining`: running + pending, whoever
//!   sent them; ComfyUI broadcasts it on every change of its queue and to each new socket). A
//!   [`watch`] socket per server keeps that number; other instances' prompts show there.
//! - Slots (`url#slots=N`, default 1): a server is given a prompt only while its load is below
//!   its slots, so tasks wait in our database queue (fair, cancellable) rather than in
//!   ComfyUI's, and a server that dies loses at most its running prompts.
//! - A workflow is checked against a server's lists once per server fingerprint (a hash of its
//!   node list, model files and version, taken at probe time), not per task.
//!
//! An admin may take a server out of rotation (the console, `admin/engines.rs`; kept in the
//! database and applied here by `tasks/rotation.rs`): it then gets no new prompt, while the
//! prompts it already runs finish (a task attaches to its own prompt wherever it is).

use super::client::Client;
use super::deck::{Deck, Follower, Handoff, Handoffs, Seat};
use super::leases::{Lease, Leases};
use super::probe::{self, Capabilities, Missing};
use crate::workflows::WorkflowInfo;
use serde_json::Value;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};
use std::time::{Duration, Instant};
use tokio::sync::Notify;

#[derive(Debug, Default)]
struct Health {
    up: bool,
    caps: Option<Arc<Capabilities>>,
    /// A hash of `caps` (see the module doc).
    fingerprint: u64,
    checked: Option<Instant>,
    last_error: String,
}

/// A server's load as this instance knows it.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Load {
    /// Prompts this instance gave it and has not got back.
    pub ours: usize,
    /// Its last `status` message's `queue_remaining` (every sender's prompts); `None` while no
    /// socket listens to it.
    pub remote: Option<usize>,
    /// This instance ended the last prompt there and has not sent one since: it may use the
    /// freed slot at once.
    pub ours_ended: bool,
    /// When its `status` count last fell: a slot freed there by another sender is left to that
    /// sender for [`OWNER_FIRST`] (see [`Load::free_for_us`]).
    pub fell_at: Option<Instant>,
    /// When a slot this instance looked free was found leased by another instance (the
    /// database's confirm, `leases.rs`): the server counts as full until its `status` changes
    /// (that instance's prompt arrives) or [`LEASE_RECHECK`] passed.
    pub leased_elsewhere: Option<Instant>,
}

/// How long a slot freed by another instance's prompt is left to that instance, which knows
/// first and sends its next prompt at once: without it every instance sees the same `status`
/// at the same moment and several would fill the one slot.
pub const OWNER_FIRST: Duration = Duration::from_millis(25);

/// How long a server whose free slot another instance leased counts as full without news
/// (its `status` changing ends it sooner); after it, the database is asked again.
pub const LEASE_RECHECK: Duration = Duration::from_secs(1);

impl Load {
    /// The prompts it has: ours, or more when its own count says so.
    pub fn busy(&self) -> usize {
        self.ours.max(self.remote.unwrap_or(0))
    }

    /// Its free slots for this instance now: none while a slot another sender freed is still
    /// left to it.
    pub fn free_for_us(&self, slots: usize) -> usize {
        let waited = self.fell_at.is_none_or(|t| t.elapsed() >= OWNER_FIRST);
        if self.held_elsewhere() {
            0
        } else if self.ours_ended || waited {
            slots.saturating_sub(self.busy())
        } else {
            0
        }
    }

    /// Its free slot was found leased by another instance a moment ago.
    pub fn held_elsewhere(&self) -> bool {
        self.leased_elsewhere
            .is_some_and(|t| t.elapsed() < LEASE_RECHECK)
    }
}

/// One server.
#[derive(Debug)]
pub struct Backend {
    pub client: Client,
    /// The most prompts it is given at once.
    pub slots: usize,
    health: Mutex<Health>,
    load: Mutex<Load>,
    /// Whether a [`watch`] socket task runs for it.
    watched: std::sync::atomic::AtomicBool,
    /// Held while it is probed: two probes at once (the start report and a first task) ask once.
    probing: tokio::sync::Mutex<()>,
    /// Tasks of this instance lined up for its slots (`deck.rs`).
    deck: Deck,
    /// Whether it takes new prompts (an admin's rotation, `Backends::set_out_of_rotation`).
    rotating: std::sync::atomic::AtomicBool,
    /// Tasks lined up per slot of ours ([`Backends::line_up`]).
    deck_per_slot: AtomicUsize,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Backend {
    pub fn base(&self) -> &str {
        &self.client.base
    }

    fn health(&self) -> MutexGuard<'_, Health> {
        lock(&self.health)
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

    /// Its load now.
    pub fn load(&self) -> Load {
        *lock(&self.load)
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
        drop(h);
        // The tasks lined up here look for a slot elsewhere.
        self.deck.clear();
    }

    /// Tasks lined up per slot of ours here (`AIVG_COMFYUI_DECK`).
    fn deck_per_slot(&self) -> usize {
        self.deck_per_slot.load(Ordering::SeqCst)
    }

    /// Whether a slot of ours may go on to a task lined up here: it answers, takes new
    /// prompts, and the instance is not draining (`detach`).
    pub(super) fn passes_on(&self) -> bool {
        self.is_up()
            && self.rotating.load(Ordering::SeqCst)
            && !self.client.detach.load(Ordering::SeqCst)
    }
}

/// A prompt's place on a server, held from before its submission until ComfyUI is done with
/// it, with its lease in the database when the instance has one (`leases.rs`). [`Slot::release`]
/// frees both and wakes whoever waits for one; dropping it (a cancelled run) does the same, the
/// lease freed just after, unless the server drains (its prompts keep running and their tasks'
/// next runs take their leases over).
#[derive(Debug)]
pub struct Slot {
    backend: Arc<Backend>,
    freed: Arc<Notify>,
    /// This instance's prompts handed on and not sent yet (`deck.rs`).
    handoffs: Arc<Handoffs>,
    /// Set when it was handed on: dropped once its prompt is sent ([`Slot::take_handoff`]).
    handoff: Option<Handoff>,
    lease: Option<Lease>,
    detach: Arc<std::sync::atomic::AtomicBool>,
    /// Given back unused ([`Slot::give_back`]): its drop changes nothing.
    given_back: bool,
}

impl Slot {
    pub fn backend(&self) -> &Arc<Backend> {
        &self.backend
    }

    /// Frees it: to the first task lined up on its server when there is one (`deck.rs`), else
    /// the lease first, so this instance's next task finds the slot free in the database as
    /// soon as it hears it freed.
    pub async fn release(mut self) {
        if self.hand_on() {
            return;
        }
        if let Some(l) = self.lease.take() {
            l.free().await;
        }
    }

    /// [`Self::release`] without waiting: ComfyUI let the prompt go, and the task lined up
    /// behind it (if any) sends its own now.
    pub fn release_now(mut self) {
        if self.hand_on() {
            return;
        }
        if let Ok(rt) = tokio::runtime::Handle::try_current() {
            rt.spawn(self.release());
        }
    }

    /// The mark of a slot handed on, to drop once the prompt is sent (`deck.rs`).
    pub fn take_handoff(&mut self) -> Option<Handoff> {
        self.handoff.take()
    }

    /// Waits, at most a moment, until the prompts this instance handed on are sent: the work
    /// after a prompt's end gives way to them (`deck.rs`).
    pub fn give_way(&self) -> impl std::future::Future<Output = ()> + Send + 'static {
        let handoffs = Arc::clone(&self.handoffs);
        async move { handoffs.settled().await }
    }

    /// The slot becomes `task_id`'s (a task lined up that received it): its lease is renamed,
    /// in a statement of its own that need not be awaited before the prompt is sent (the row
    /// stays this instance's meanwhile, so no other instance can take it).
    pub fn adopt(
        &mut self,
        task_id: &str,
    ) -> impl std::future::Future<Output = ()> + Send + 'static {
        let renamed = self.lease.as_mut().map(|l| l.pass_to(task_id));
        async move {
            if let Some(r) = renamed {
                r.await;
            }
        }
    }

    /// Hands the slot (load and lease unchanged) to the first task lined up on its server;
    /// `false` when none takes it.
    fn hand_on(&mut self) -> bool {
        if self.given_back || !self.backend.passes_on() {
            return false;
        }
        while let Some(place) = self.backend.deck.pop() {
            // Waited for only when its prompt is ready (see `deck::Handoffs`).
            let handoff = place
                .ready
                .load(Ordering::SeqCst)
                .then(|| self.handoffs.begin());
            let tx = place.tx;
            let next = Slot {
                backend: Arc::clone(&self.backend),
                freed: Arc::clone(&self.freed),
                handoffs: Arc::clone(&self.handoffs),
                handoff,
                lease: self.lease.take(),
                detach: Arc::clone(&self.detach),
                given_back: false,
            };
            match tx.send(next) {
                Ok(()) => {
                    // It lives on in the task lined up: this one's drop changes nothing.
                    self.given_back = true;
                    // Room to line the next task up behind it: the workers hear of it once the
                    // prompts handed on at this moment (a fleet ends many at once) are sent.
                    if let Ok(rt) = tokio::runtime::Handle::try_current() {
                        let (freed, handoffs) =
                            (Arc::clone(&self.freed), Arc::clone(&self.handoffs));
                        rt.spawn(async move {
                            handoffs.settled().await;
                            freed.notify_waiters();
                        });
                    }
                    return true;
                }
                Err(mut back) => {
                    // That task gave up meanwhile: the next one, or freed as usual.
                    self.lease = back.lease.take();
                    back.handoff = None;
                    back.given_back = true;
                }
            }
        }
        false
    }

    /// Gives it back unused and unannounced: its lease was refused (another instance holds the
    /// slot), so nothing freed for anyone.
    fn give_back(mut self) {
        let mut l = lock(&self.backend.load);
        l.ours = l.ours.saturating_sub(1);
        l.leased_elsewhere = Some(Instant::now());
        drop(l);
        self.lease = None;
        self.given_back = true;
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        if self.given_back {
            return;
        }
        if let Some(lease) = self.lease.take()
            && !self.detach.load(Ordering::SeqCst)
            && let Ok(rt) = tokio::runtime::Handle::try_current()
        {
            rt.spawn(lease.free());
        }
        {
            let mut l = lock(&self.backend.load);
            l.ours = l.ours.saturating_sub(1);
            l.ours_ended = true;
            // Dropped before ComfyUI let its prompt go (a cancel: the prompt is being stopped),
            // or freed with nobody lined up: the tasks lined up beyond the slots still ours
            // look for a free slot again (the freed one among them). Under the load's lock, as
            // a task is lined up ([`Backends::follow`]), so none lines up behind a slot gone.
            self.backend
                .deck
                .keep(l.ours * self.backend.deck_per_slot());
        }
        self.freed.notify_waiters();
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

/// Checks of a workflow kept at most (each is a workflow × a server fingerprint; the shipped
/// workflows on a uniform fleet make a few dozen).
const MAX_CHECKS: usize = 4096;

/// Candidates a pick tries to lease before it waits for news (each refused one counts as full
/// a moment, so the next try picks another server).
const MAX_CONFIRMS: usize = 3;

/// How much a server is preferred for the next prompt (greater first).
type Preference = (usize, bool, std::cmp::Reverse<usize>);
/// How much a server is preferred for a task lined up (greater first).
type DeckPreference = (usize, std::cmp::Reverse<usize>);

/// Every configured server.
#[derive(Debug)]
pub struct Backends {
    list: Vec<Arc<Backend>>,
    /// Shared by every client (see `Client::detach`).
    pub detach: Arc<std::sync::atomic::AtomicBool>,
    reprobe: Duration,
    connect: Duration,
    folders: Vec<String>,
    /// The servers (base URLs) out of rotation.
    out: Mutex<Vec<String>>,
    /// What a workflow (by hash) lacks on a server fingerprint.
    checks: Mutex<HashMap<(u64, u64), Arc<Missing>>>,
    checks_run: AtomicUsize,
    /// Told when a slot frees or a server's load changes.
    freed: Arc<Notify>,
    /// Prompts handed on and not sent yet (`deck.rs`).
    handoffs: Arc<Handoffs>,
    /// Tasks this instance claimed for ComfyUI that have no slot yet ([`Want`]s).
    wanting: Mutex<usize>,
    /// Where this instance's order of the servers starts ([`Self::rank`]).
    offset: usize,
    /// The slot leases in the database, once the workers start (`leases.rs`); without them
    /// (a lone provider, the `engines` command) the load in memory decides alone.
    leases: std::sync::OnceLock<Leases>,
    /// The instance's task workers, of which tasks lined up leave one free (`deck.rs`).
    workers: AtomicUsize,
}

tokio::task_local! {
    /// The [`Want`] of the task a worker runs: given up when its run takes a slot.
    pub static CLAIMED: std::cell::RefCell<Option<Want>>;
}

/// A claimed task that will want a slot, counted from the claim until its run takes one (or
/// ends), so the workers do not claim more ComfyUI tasks than there are free slots
/// ([`Backends::try_want`]).
#[derive(Debug)]
pub struct Want {
    backends: Weak<Backends>,
}

impl Want {
    /// Gives it up quietly: nothing changed for the other workers (a claim that found no task,
    /// or a slot taken in its place).
    pub fn consume(mut self) {
        if let Some(b) = self.backends.upgrade() {
            let mut w = lock(&b.wanting);
            *w = w.saturating_sub(1);
        }
        self.backends = Weak::new();
    }
}

impl Drop for Want {
    fn drop(&mut self) {
        // Its run ended without a slot (failed early, or ran elsewhere): room for another.
        if let Some(b) = self.backends.upgrade() {
            {
                let mut w = lock(&b.wanting);
                *w = w.saturating_sub(1);
            }
            b.freed.notify_waiters();
        }
    }
}

/// The running task's [`Want`] ends: it has its slot.
fn consume_claimed() {
    let _ = CLAIMED.try_with(|c| {
        if let Some(w) = c.borrow_mut().take() {
            w.consume();
        }
    });
}

fn hash_of(f: impl FnOnce(&mut std::hash::DefaultHasher)) -> u64 {
    let mut h = std::hash::DefaultHasher::new();
    f(&mut h);
    h.finish()
}

/// The fingerprint of a server's lists: equal lists, equal checks.
fn fingerprint(caps: &Capabilities) -> u64 {
    hash_of(|h| {
        caps.object_info.as_ref().map(Value::to_string).hash(h);
        let mut folders: Vec<_> = caps.models.iter().collect();
        folders.sort_by(|a, b| a.0.cmp(b.0));
        for (folder, files) in folders {
            folder.hash(h);
            let mut files: Vec<_> = files.iter().collect();
            files.sort();
            files.hash(h);
        }
        caps.version.hash(h);
    })
}

impl Backends {
    /// The servers of `servers` (base URL, slots).
    pub fn new(servers: &[(String, usize)], read_timeout: Duration, reprobe: Duration) -> Self {
        let detach = Arc::new(std::sync::atomic::AtomicBool::new(false));
        Self {
            detach: Arc::clone(&detach),
            list: servers
                .iter()
                .map(|(u, slots)| {
                    Arc::new(Backend {
                        client: Client::new(u, read_timeout, Arc::clone(&detach)),
                        slots: (*slots).max(1),
                        health: Mutex::new(Health::default()),
                        load: Mutex::new(Load::default()),
                        watched: std::sync::atomic::AtomicBool::new(false),
                        probing: tokio::sync::Mutex::new(()),
                        deck: Deck::default(),
                        rotating: std::sync::atomic::AtomicBool::new(true),
                        deck_per_slot: AtomicUsize::new(0),
                    })
                })
                .collect(),
            reprobe,
            connect: Duration::from_secs(5),
            folders: probe::model_folders(&[]),
            out: Mutex::new(Vec::new()),
            checks: Mutex::new(HashMap::new()),
            checks_run: AtomicUsize::new(0),
            freed: Arc::new(Notify::new()),
            handoffs: Arc::new(Handoffs::default()),
            wanting: Mutex::new(0),
            offset: usize::try_from(hash_of(|h| crate::ids::random_token(8).hash(h))).unwrap_or(0),
            leases: std::sync::OnceLock::new(),
            workers: AtomicUsize::new(0),
        }
    }

    /// Lines up to `per_slot` tasks behind each slot of ours, with `workers` task workers
    /// (`deck.rs`); none until called.
    pub fn line_up(&self, per_slot: usize, workers: usize) {
        for b in &self.list {
            b.deck_per_slot.store(per_slot, Ordering::SeqCst);
        }
        self.workers.store(workers, Ordering::SeqCst);
    }

    /// How many more tasks may be lined up on `b` now.
    fn deck_room(b: &Backend) -> usize {
        (b.load().ours * b.deck_per_slot()).saturating_sub(b.deck.waiting())
    }

    /// Confirms each slot taken from now on with a lease in the database (`leases.rs`): the
    /// workers' start, where the pool and this instance's name are known. Set once.
    pub fn use_leases(&self, leases: Leases) {
        let _ = self.leases.set(leases);
    }

    /// A slot of ours on `b`, counted in its load (not yet leased).
    fn slot_on(&self, b: &Arc<Backend>) -> Slot {
        {
            let mut l = lock(&b.load);
            l.ours += 1;
            l.ours_ended = false;
        }
        Slot {
            backend: Arc::clone(b),
            freed: Arc::clone(&self.freed),
            handoffs: Arc::clone(&self.handoffs),
            handoff: None,
            lease: None,
            detach: Arc::clone(&self.detach),
            given_back: false,
        }
    }

    /// Sets the servers out of rotation (base URLs; others are ignored).
    pub fn set_out_of_rotation(&self, bases: &[String]) {
        let mut out = lock(&self.out);
        out.clear();
        out.extend(
            bases
                .iter()
                .filter(|b| self.list.iter().any(|x| x.base() == b.as_str()))
                .cloned(),
        );
        for b in &self.list {
            let rotating = !out.iter().any(|o| o == b.base());
            b.rotating.store(rotating, Ordering::SeqCst);
            if !rotating {
                b.deck.clear();
            }
        }
    }

    /// Whether `base` takes new prompts.
    pub fn in_rotation(&self, base: &str) -> bool {
        !lock(&self.out).iter().any(|b| b == base)
    }

    pub fn all(&self) -> &[Arc<Backend>] {
        &self.list
    }

    /// How many times a workflow was checked against a server's lists (once per workflow and
    /// server fingerprint; the tests count it).
    pub fn checks_run(&self) -> usize {
        self.checks_run.load(Ordering::SeqCst)
    }

    /// Asks a server for its lists now; marks it up or down. A server that answers gets its
    /// [`watch`] socket (opened here, its first `status` read before this returns, so the
    /// next pick knows its load).
    pub async fn refresh(&self, b: &Arc<Backend>) {
        let _probing = b.probing.lock().await;
        self.probe(b).await;
    }

    async fn probe(&self, b: &Arc<Backend>) {
        match probe::capabilities(&b.client, &self.folders).await {
            Ok(caps) => {
                let print = fingerprint(&caps);
                {
                    let mut h = b.health();
                    if !h.up && h.checked.is_some() {
                        tracing::info!("comfyui {}: answering again", b.client.base);
                    }
                    h.up = true;
                    h.caps = Some(Arc::new(caps));
                    h.fingerprint = print;
                    h.checked = Some(Instant::now());
                    h.last_error.clear();
                }
                if !b.watched.swap(true, Ordering::SeqCst) {
                    watch(Arc::downgrade(b), Arc::clone(&self.freed), self.connect).await;
                }
            }
            Err(e) => b.mark_down(&e.to_string()),
        }
    }

    /// Probes the servers never asked yet, side by side (the first task's wait).
    pub async fn refresh_new(&self) {
        let new = self.list.iter().filter(|b| b.health().checked.is_none());
        futures_util::future::join_all(new.map(|b| async {
            let _probing = b.probing.lock().await;
            // Probed meanwhile by whoever held the lock.
            if b.health().checked.is_none() {
                self.probe(b).await;
            }
        }))
        .await;
    }

    /// Probes the servers asked longer than `reprobe` ago (and those never asked), side by side.
    pub async fn refresh_stale(&self) {
        let stale = self.list.iter().filter(|b| {
            b.health()
                .checked
                .is_none_or(|t| t.elapsed() >= self.reprobe)
        });
        futures_util::future::join_all(stale.map(|b| self.refresh(b))).await;
    }

    /// What `graph` lacks on `b` (cached per workflow and fingerprint); `None` when `b` is down.
    fn lacks(
        &self,
        b: &Backend,
        workflow: u64,
        graph: &Value,
        info: Option<&WorkflowInfo>,
    ) -> Option<Arc<Missing>> {
        let (caps, print) = {
            let h = b.health();
            if !h.up {
                return None;
            }
            (h.caps.clone().unwrap_or_default(), h.fingerprint)
        };
        if let Some(m) = lock(&self.checks).get(&(workflow, print)) {
            return Some(Arc::clone(m));
        }
        self.checks_run.fetch_add(1, Ordering::SeqCst);
        let m = Arc::new(probe::missing(graph, info, &caps));
        let mut checks = lock(&self.checks);
        if checks.len() >= MAX_CHECKS {
            checks.clear();
        }
        checks.insert((workflow, print), Arc::clone(&m));
        Some(m)
    }

    /// The servers that can run `graph` now (up, in rotation, not in `exclude`, with its nodes
    /// and model files), or why none can. No call to any server, except the first probe.
    async fn able(
        &self,
        graph: &Value,
        info: Option<&WorkflowInfo>,
        exclude: &[String],
    ) -> Result<Vec<Arc<Backend>>, PickError> {
        self.refresh_new().await;
        let workflow = hash_of(|h| {
            graph.to_string().hash(h);
            info.map(|i| format!("{i:?}")).hash(h);
        });
        let mut lacking: Option<Missing> = None;
        let mut down = Vec::new();
        let mut able = Vec::new();
        let out = lock(&self.out).clone();
        for b in &self.list {
            if exclude.iter().any(|e| e == b.base()) {
                continue;
            }
            if out.iter().any(|e| e == b.base()) {
                down.push(format!("{} (out of rotation)", b.base()));
                continue;
            }
            match self.lacks(b, workflow, graph, info) {
                None => down.push(format!("{} ({})", b.base(), b.last_error())),
                Some(m) if !m.is_empty() => {
                    lacking.get_or_insert_with(|| (*m).clone());
                }
                Some(_) => able.push(Arc::clone(b)),
            }
        }
        if !able.is_empty() {
            return Ok(able);
        }
        Err(match lacking {
            Some(m) => PickError::Lacking(m),
            None if down.is_empty() => {
                PickError::AllDown("no other ComfyUI server is configured".into())
            }
            None => PickError::AllDown(down.join(", ")),
        })
    }

    /// The least loaded of the servers that can run `graph` (see [`Self::acquire`] for one to
    /// send it to): whether the task can run on ComfyUI at all.
    pub async fn pick(
        &self,
        graph: &Value,
        info: Option<&WorkflowInfo>,
        exclude: &[String],
    ) -> Result<Arc<Backend>, PickError> {
        let able = self.able(graph, info, exclude).await?;
        able.into_iter()
            .min_by_key(|b| (b.load().busy() * 64) / b.slots)
            .ok_or_else(|| PickError::AllDown("no ComfyUI server".into()))
    }

    /// A slot on a server that can run `graph`, for task `task_id`: the one with the most free
    /// slots (the first listed among equals), chosen in memory and confirmed by a lease in the
    /// database (one statement; a slot another instance leased first is left and the next
    /// candidate tried). When every such server is full, waits until a slot frees (ours, or
    /// another sender's prompt leaving a server's queue); the task stays cancellable meanwhile.
    pub async fn acquire(
        &self,
        graph: &Value,
        info: Option<&WorkflowInfo>,
        exclude: &[String],
        task_id: &str,
    ) -> Result<Slot, PickError> {
        match self.seat(graph, info, exclude, task_id, false).await? {
            Seat::Now(slot) => Ok(slot),
            Seat::Next(_) => Err(PickError::AllDown("no slot".into())),
        }
    }

    /// [`Self::acquire`], or, with `may_follow` when every able server is full, a place behind
    /// one of this instance's running prompts (`deck.rs`) when there is room for one.
    pub async fn seat(
        &self,
        graph: &Value,
        info: Option<&WorkflowInfo>,
        exclude: &[String],
        task_id: &str,
        may_follow: bool,
    ) -> Result<Seat, PickError> {
        loop {
            // Listen before looking, so a slot freed in between is not missed.
            let freed = self.freed.notified();
            tokio::pin!(freed);
            freed.as_mut().enable();
            let able = self.able(graph, info, exclude).await?;
            for _ in 0..MAX_CONFIRMS {
                let Some(slot) = self.take_free(&able) else {
                    break;
                };
                if let Some(slot) = self.confirm(slot, task_id).await {
                    consume_claimed();
                    return Ok(Seat::Now(slot));
                }
            }
            if may_follow && let Some(f) = self.follow(&able) {
                consume_claimed();
                return Ok(Seat::Next(f));
            }
            // A status message may be lost with its socket: look again now and then.
            let _ = tokio::time::timeout(Duration::from_secs(1), freed).await;
        }
    }

    /// Leases the slot taken in memory (`leases.rs`); `None` when another instance holds it
    /// (the slot is given back and its server counts as full a moment). Without leases, or when
    /// the database fails (logged), the load in memory decides alone.
    async fn confirm(&self, mut slot: Slot, task_id: &str) -> Option<Slot> {
        let Some(leases) = self.leases.get() else {
            return Some(slot);
        };
        let b = Arc::clone(&slot.backend);
        match leases
            .take(b.base(), b.slots, self.offset % b.slots, task_id)
            .await
        {
            Ok(Some(lease)) => {
                slot.lease = Some(lease);
                Some(slot)
            }
            Ok(None) => {
                slot.give_back();
                None
            }
            Err(e) => {
                tracing::warn!("comfyui {}: slot lease not taken: {e}", b.base());
                Some(slot)
            }
        }
    }

    /// Takes a slot on the server of `able` with the most free slots: one this instance just
    /// freed first, then the others in this instance's own order ([`Backends::rank`]), so
    /// instances starting at once do not all pick the first server listed.
    fn take_free(&self, able: &[Arc<Backend>]) -> Option<Slot> {
        // (free slots, freed by us, earlier in our order), the server.
        let mut best: Option<(Preference, &Arc<Backend>)> = None;
        for (i, b) in able.iter().enumerate() {
            let l = b.load();
            let free = l.free_for_us(b.slots);
            let key = (
                free,
                l.ours_ended,
                std::cmp::Reverse(self.rank(i, able.len())),
            );
            if free > 0 && best.as_ref().is_none_or(|(k, _)| key > *k) {
                best = Some((key, b));
            }
        }
        let (_, b) = best?;
        {
            let l = lock(&b.load);
            // Taken since it was looked at (another worker of ours): the caller looks again.
            if l.free_for_us(b.slots) == 0 {
                return None;
            }
        }
        Some(self.slot_on(b))
    }

    /// A place behind a running prompt of ours on the server of `able` with the most room for
    /// one (earlier in this instance's order among equals).
    fn follow(&self, able: &[Arc<Backend>]) -> Option<Follower> {
        // (room, earlier in our order), the server.
        let mut best: Option<(DeckPreference, &Arc<Backend>)> = None;
        for (i, b) in able.iter().enumerate() {
            let room = Self::deck_room(b);
            let key = (room, std::cmp::Reverse(self.rank(i, able.len())));
            if room > 0 && b.passes_on() && best.as_ref().is_none_or(|(k, _)| key > *k) {
                best = Some((key, b));
            }
        }
        let (_, b) = best?;
        let (rx, ready) = {
            // The count of our slots there cannot fall meanwhile (see `Drop for Slot`).
            let l = lock(&b.load);
            b.deck.push(l.ours * b.deck_per_slot())?
        };
        Some(Follower {
            backend: Arc::clone(b),
            rx,
            ready,
        })
    }

    /// Server `i` of `n` in this instance's order: the list turned by a random offset.
    fn rank(&self, i: usize, n: usize) -> usize {
        (i + n - self.offset % n.max(1)) % n.max(1)
    }

    /// A slot on `b` whatever its load, for task `task_id` whose prompt is already there (an
    /// attach), which holds a place on it anyway: the task's own lease taken over (its earlier
    /// instance stopped or died), else a free one; else none (the slot was leased again once
    /// the prompt had ended: this run only collects it).
    pub async fn hold(&self, b: &Arc<Backend>, task_id: &str) -> Slot {
        let mut slot = self.slot_on(b);
        consume_claimed();
        if let Some(leases) = self.leases.get() {
            let lease = match leases.take_over(b.base(), task_id).await {
                Ok(None) => {
                    leases
                        .take(b.base(), b.slots, self.offset % b.slots, task_id)
                        .await
                }
                other => other,
            };
            match lease {
                Ok(l) => slot.lease = l,
                Err(e) => tracing::warn!("comfyui {}: slot lease not taken: {e}", b.base()),
            }
        }
        slot
    }

    /// Whether a task claimed now would find a slot: the free slots of the servers that answer
    /// and are in rotation outnumber the claimed tasks still waiting for one (`wanting`); or no
    /// server answers at all (a task then ends at once with why).
    ///
    /// A task may also be claimed for a place behind one of our running prompts (`deck.rs`)
    /// while that leaves a worker free for other tasks.
    fn room_for(&self, wanting: usize) -> bool {
        let out = lock(&self.out).clone();
        let workers = self.workers.load(Ordering::SeqCst);
        let mut any_up = false;
        let mut free = 0usize;
        let (mut ours, mut lined_up, mut deck_room) = (0usize, 0usize, 0usize);
        for b in &self.list {
            if !b.is_up() || out.iter().any(|e| e == b.base()) {
                continue;
            }
            any_up = true;
            let l = b.load();
            if !l.held_elsewhere() {
                free += b.slots.saturating_sub(l.busy());
            }
            ours += l.ours;
            lined_up += b.deck.waiting();
            deck_room += Self::deck_room(b);
        }
        if !any_up || free > wanting {
            return true;
        }
        let extra = wanting - free;
        deck_room > extra && ours + lined_up + wanting + 1 < workers
    }

    /// Whether a task claimed now would find a slot (see [`Self::try_want`]).
    pub fn has_room(&self) -> bool {
        self.room_for(*lock(&self.wanting))
    }

    /// Counts a task about to be claimed for ComfyUI when a slot awaits it; `None` when every
    /// server is full: the workers then leave ComfyUI's tasks in the queue, fair and
    /// cancellable there, until [`Self::freed_signal`] says a slot freed.
    pub fn try_want(self: &Arc<Self>) -> Option<Want> {
        let mut w = lock(&self.wanting);
        if !self.room_for(*w) {
            return None;
        }
        *w += 1;
        Some(Want {
            backends: Arc::downgrade(self),
        })
    }

    /// Told when a slot frees or a server's load changes.
    pub fn freed_signal(&self) -> Arc<Notify> {
        Arc::clone(&self.freed)
    }
}

/// Reads `queue_remaining` from a `status` message (ComfyUI's `server.py`: `send_sync("status",
/// {"status": get_queue_info()})`, where `get_queue_info()` is `{"exec_info":
/// {"queue_remaining": n}}`, sent to each new socket with its `sid` and to everyone on each
/// change of the queue).
pub fn queue_remaining(text: &str) -> Option<usize> {
    let v: Value = serde_json::from_str(text).ok()?;
    if v.get("type").and_then(Value::as_str) != Some("status") {
        return None;
    }
    v.pointer("/data/status/exec_info/queue_remaining")
        .and_then(Value::as_u64)
        .and_then(|n| usize::try_from(n).ok())
}

type StatusSocket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Opens a status socket and reads its first `status` (ComfyUI greets each socket with one).
async fn open_status(url: &str, connect: Duration) -> Option<(StatusSocket, usize)> {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    let (mut ws, _) = tokio::time::timeout(connect, tokio_tungstenite::connect_async(url))
        .await
        .ok()?
        .ok()?;
    let first = tokio::time::timeout(connect, async {
        while let Some(Ok(m)) = ws.next().await {
            if let Message::Text(t) = m
                && let Some(n) = queue_remaining(t.as_str())
            {
                return Some(n);
            }
        }
        None
    })
    .await
    .ok()
    .flatten()?;
    Some((ws, first))
}

/// How long a closed status socket waits before it is opened again.
const WATCH_RECONNECT: Duration = Duration::from_secs(2);

/// Opens `b`'s status socket, waits (at most `connect`) for its first `status`, and leaves a
/// task reading the rest into `b`'s load for as long as `b` lives, reconnecting when it
/// closes. Its client id is its own: ComfyUI sends `status` to every socket.
async fn watch(b: Weak<Backend>, freed: Arc<Notify>, connect: Duration) {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    let Some(base) = b.upgrade().map(|x| x.client.base.clone()) else {
        return;
    };
    let url = format!(
        "{}/ws?clientId=aivg-watch-{}",
        base.replacen("http", "ws", 1),
        crate::ids::random_token(12)
    );
    let set = move |b: &Weak<Backend>, remote: Option<usize>| -> bool {
        let Some(b) = b.upgrade() else { return false };
        let (changed, fell) = {
            let mut l = lock(&b.load);
            let changed = l.remote != remote;
            if changed {
                // News of the server: a slot found leased elsewhere is looked at again.
                l.leased_elsewhere = None;
            }
            let fell = matches!((l.remote, remote), (Some(was), Some(now)) if now < was);
            if fell {
                l.fell_at = Some(Instant::now());
            }
            l.remote = remote;
            (changed, fell)
        };
        if changed {
            freed.notify_waiters();
        }
        if fell && let Ok(rt) = tokio::runtime::Handle::try_current() {
            // The slot is anyone's after OWNER_FIRST: wake whoever waits for one then.
            let freed = Arc::clone(&freed);
            rt.spawn(async move {
                tokio::time::sleep(OWNER_FIRST).await;
                freed.notify_waiters();
            });
        }
        true
    };
    let mut first = open_status(&url, connect).await;
    let alive = if let Some((_, n)) = &first {
        set(&b, Some(*n))
    } else {
        true
    };
    if !alive {
        return;
    }
    let Ok(rt) = tokio::runtime::Handle::try_current() else {
        return;
    };
    rt.spawn(async move {
        loop {
            if let Some((mut ws, _)) = first.take() {
                while let Some(Ok(m)) = ws.next().await {
                    if let Message::Text(t) = m
                        && let Some(n) = queue_remaining(t.as_str())
                        && !set(&b, Some(n))
                    {
                        return;
                    }
                }
            }
            // Closed: the count is unknown until a socket is open again.
            if !set(&b, None) {
                return;
            }
            tokio::time::sleep(WATCH_RECONNECT).await;
            if b.strong_count() == 0 {
                return;
            }
            first = open_status(&url, connect).await;
            if let Some((_, n)) = &first
                && !set(&b, Some(*n))
            {
                return;
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[tokio::test]
    async fn unreachable_servers_are_taken_out_and_named() {
        let b = Backends::new(
            &[("http://127.0.0.1:9".into(), 1)],
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

    #[test]
    fn status_messages_say_the_queue() {
        assert_eq!(
            queue_remaining(
                r#"{"type":"status","data":{"status":{"exec_info":{"queue_remaining":3}},"sid":"x"}}"#
            ),
            Some(3)
        );
        assert_eq!(
            queue_remaining(r#"{"type":"progress","data":{"value":1,"max":2}}"#),
            None
        );
        assert_eq!(queue_remaining("nope"), None);
    }

    #[test]
    fn the_load_is_ours_or_the_servers_own_count() {
        let l = Load {
            ours: 1,
            remote: Some(3),
            ..Load::default()
        };
        assert_eq!(l.busy(), 3);
        let l = Load {
            ours: 2,
            ..Load::default()
        };
        assert_eq!(l.busy(), 2);
        assert_eq!(l.free_for_us(3), 1);
        // A slot another sender just freed is left to it a moment; one of ours is ours at once.
        let mut l = Load {
            remote: Some(0),
            fell_at: Some(Instant::now()),
            ..Load::default()
        };
        assert_eq!(l.free_for_us(1), 0);
        l.ours_ended = true;
        assert_eq!(l.free_for_us(1), 1);
    }
}
