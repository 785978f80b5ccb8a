//! The `comfyui` provider (`AIVG_COMFYUI_URL`, one server or several separated by commas, each
//! with `#slots=N` when it runs N prompts at once).
//!
//! Every module whose catalogue row has a workflow (core's `TaskModule::workflow_for`) runs on
//! ComfyUI; the others (`Workflow::None`: crop and resize) run on the built-in local provider.
//! A module no server can run fails with what is missing (node types, model files with their
//! download URL): nothing falls back to a preview, and the worker refunds the failed task.
//!
//! One run:
//! 1. the workflow: `crate::workflows::load` (the operator's `AIVG_WORKFLOWS_DIR` file, else the
//!    shipped one), filled with the task's values ([`vars`]);
//! 2. `talking_face_tts` first makes its speech ([`tts`], espeak-ng) and then runs
//!    `talking_avatar` with it as the audio;
//! 3. the server: one that already has the prompt (attach; not looked for on a task's first
//!    claim), else a free slot of [`backends::Backends::acquire`] (leased in the database across
//!    instances, [`leases`]), held until ComfyUI is done with the prompt
//!    (docs/engines.md#a-fleet-of-gpus);
//! 4. inputs uploaded with `POST /upload/image`, the prompt sent with our id, followed over the
//!    WebSocket ([`run`], [`socket`]); ComfyUI's answers read by [`answers`]; outputs fetched
//!    with `GET /view` ([`outputs`]);
//! 5. a prompt that vanished (ComfyUI restarted) is sent again once, under the next attempt's
//!    id; a server that stops answering is taken out and the prompt goes to another one.
//!
//! `aivg-server engines` and the start of the server print what each server can run
//! ([`report`]).

pub mod answers;
pub mod backends;
pub mod client;
pub mod deck;
pub mod leases;
pub mod outputs;
pub mod probe;
pub mod report;
pub mod run;
pub mod socket;
pub mod tts;
pub mod vars;
pub mod video_parts;

use super::local::LocalProvider;
use super::provider::{Job, Outputs, ProgressSender, Provider, ProviderError};
use super::settings::{TaskSettings, comfyui_servers};
use crate::workflows::{self, Workflow};
use aivg_core::tasks::TaskModule;
use backends::{Backend, Backends, PickError};
use client::Place;
use deck::{Follower, Seat};
use run::{RunError, Timing};
use serde_json::Value;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Attempts per task: the first, one after a lost prompt, one after a server went down.
const MAX_ATTEMPTS: u32 = 3;

/// What a task lined up needs to make its prompt ready (`ComfyUi::line_up`).
struct Lined<'a> {
    job: &'a Job,
    wf: &'a Workflow,
    speech: Option<&'a bytes::Bytes>,
    part: Option<(usize, &'a bytes::Bytes)>,
    id: &'a str,
}

/// Our id of a task's prompt (`aivg-{task}-{attempt}`).
pub fn prompt_id(task_id: &str, attempt: u32) -> String {
    format!("aivg-{task_id}-{attempt}")
}

/// The ComfyUI provider.
#[derive(Debug, Clone)]
pub struct ComfyUi {
    backends: Arc<Backends>,
    local: LocalProvider,
    workflows_dir: Option<PathBuf>,
    espeak: String,
    timing: Timing,
}

impl ComfyUi {
    /// The flag that keeps prompts running when runs are dropped by a draining server.
    pub fn detach_flag(&self) -> Arc<std::sync::atomic::AtomicBool> {
        Arc::clone(&self.backends.detach)
    }

    /// The provider of the configured servers; with a tokio runtime, their probe starts at once
    /// (its report goes to the log), and servers that stopped answering are asked again every
    /// `AIVG_COMFYUI_REPROBE_S` (and the lists of those that answer read again) for as long as
    /// the provider lives.
    pub fn new(settings: &TaskSettings) -> Self {
        let me = Self::new_quiet(settings);
        if let Ok(rt) = tokio::runtime::Handle::try_current() {
            let probe = me.clone();
            let every = settings.comfyui_reprobe;
            rt.spawn(async move {
                let r = probe.report().await;
                for line in r.render().lines() {
                    tracing::info!("engines: {line}");
                }
                let weak = Arc::downgrade(&probe.backends);
                drop(probe);
                reprobe(weak, every).await;
            });
        }
        me
    }

    /// The configured servers.
    pub fn backends(&self) -> &Arc<Backends> {
        &self.backends
    }

    /// The provider without the start probe (`aivg-server engines` probes itself).
    pub fn new_quiet(settings: &TaskSettings) -> Self {
        let servers = comfyui_servers(settings.comfyui_url.as_deref().unwrap_or_default());
        let backends = Arc::new(Backends::new(
            &servers,
            settings.comfyui_read_timeout,
            settings.comfyui_reprobe,
        ));
        backends.line_up(settings.comfyui_deck, settings.workers);
        Self {
            backends,
            local: LocalProvider,
            workflows_dir: settings.workflows_dir.clone(),
            espeak: settings.espeak.clone(),
            timing: Timing {
                idle: settings.comfyui_idle,
                poll: Duration::from_millis(500),
                connect: Duration::from_secs(5),
                down_grace: settings.comfyui_reprobe.min(settings.comfyui_idle),
            },
        }
    }

    /// Probes every server now and says what each module can run on.
    pub async fn report(&self) -> report::Report {
        for b in self.backends.all() {
            self.backends.refresh(b).await;
        }
        report::build(&self.backends, self.workflows_dir.as_deref())
    }

    /// Whether a server can run a task of `m` now (`has_image`: the task sent a picture;
    /// `None`: every workflow of the module), or why not: the same check that picks the server.
    pub async fn able(&self, m: &TaskModule, has_image: Option<bool>) -> Result<(), String> {
        let names = match has_image {
            Some(h) => m.workflow_for(h).into_iter().collect(),
            None => m.workflows(),
        };
        if names.is_empty() {
            return Err(format!("{} has no ComfyUI workflow", m.title));
        }
        for name in names.iter().map(|w| w.name()) {
            let wf = workflows::load(m.code, name, self.workflows_dir.as_deref()).map_err(|e| {
                format!(
                    "{} cannot run: its workflow {name} could not be loaded ({e})",
                    m.title
                )
            })?;
            self.backends
                .pick(&wf.graph, wf.info.as_ref(), &[])
                .await
                .map_err(|e| cannot_run(m, name, e))?;
        }
        Ok(())
    }

    fn load(&self, job: &Job, name: &str) -> Result<Workflow, ProviderError> {
        workflows::load(job.module.code, name, self.workflows_dir.as_deref()).map_err(|e| {
            ProviderError::new(format!(
                "{} cannot run: its workflow {name} could not be loaded ({e})",
                job.module.title
            ))
        })
    }

    /// A server that already has one of this task's prompts, newest attempt first: none on a
    /// task's first claim (nothing was sent yet); else the server an earlier run recorded is
    /// asked first, then the others (a record lost with its instance).
    async fn find_existing(&self, job: &Job, key: &str) -> Option<(u32, Arc<Backend>)> {
        if job.first_run {
            return None;
        }
        let mut order: Vec<&Arc<Backend>> = self.backends.all().iter().collect();
        order.sort_by_key(|b| b.base() != job.placed_on);
        for attempt in (0..MAX_ATTEMPTS).rev() {
            let id = prompt_id(key, attempt);
            for b in &order {
                if !b.is_up() {
                    continue;
                }
                if let Ok(Place::Running | Place::Pending | Place::Done) = b.client.place(&id).await
                {
                    return Some((attempt, Arc::clone(b)));
                }
            }
        }
        None
    }

    /// Runs `wf` for the task; `part`: one part of the enhancer's input (`video_parts`), whose
    /// prompts are the task's id with `-part{k}`.
    async fn run_workflow(
        &self,
        job: &Job,
        wf: &Workflow,
        speech: Option<&bytes::Bytes>,
        part: Option<(usize, &bytes::Bytes)>,
        progress: &ProgressSender,
    ) -> Result<Outputs, ProviderError> {
        let key = match part {
            Some((k, _)) => format!("{}-part{k:05}", job.task_id),
            None => job.task_id.clone(),
        };
        self.backends.refresh_new().await;
        let mut found = self.find_existing(job, &key).await;
        let mut attempt = found.as_ref().map_or(0, |(a, _)| *a);
        let mut exclude: Vec<String> = Vec::new();
        let mut lost = false;
        loop {
            let id = prompt_id(&key, attempt);
            // A slot on the server for as long as ComfyUI has the prompt, or a place behind one
            // of ours with the prompt made ready meanwhile (docs/engines.md#a-fleet-of-gpus).
            let (slot, attached, ready) = match found.take() {
                Some((_, b)) => (self.backends.hold(&b, &job.task_id).await, true, None),
                None => match self
                    .backends
                    .seat(&wf.graph, wf.info.as_ref(), &exclude, &job.task_id, true)
                    .await
                    .map_err(|e| ProviderError::new(cannot_run(job.module, &wf.name, e)))?
                {
                    Seat::Now(slot) => (slot, false, None),
                    Seat::Next(next) => {
                        let lined_up = Lined {
                            job,
                            wf,
                            speech,
                            part,
                            id: &id,
                        };
                        match self.line_up(next, lined_up, progress, &mut exclude).await? {
                            Some((slot, graph, socket)) => (slot, false, Some((graph, socket))),
                            // Let go (its server went down or out of rotation): look again.
                            None => continue,
                        }
                    }
                },
            };
            let backend = Arc::clone(slot.backend());
            if ready.is_none() {
                progress.placed("comfyui", backend.base(), &id);
            }
            let client = backend.client.clone();
            let (graph, socket) = ready.unzip();
            let prepare = || async {
                match graph {
                    Some(g) => Ok(g),
                    None => vars::prepare(&client, job, wf, speech, part).await,
                }
            };
            // Only a prompt that may exist is looked for before it is sent: on a first claim
            // none does (attempt ids are new within a run).
            let known_new = job.first_run && !attached;
            // ComfyUI is done with it (or lost it): the slot goes to the next task (lined up
            // behind it, or the next claimed) while the outputs are fetched.
            let mut slot = slot;
            let handoff = slot.take_handoff();
            let give_way = slot.give_way();
            let held = Arc::new(std::sync::Mutex::new(Some(slot)));
            let on_end: run::OnEnd = {
                let held = Arc::clone(&held);
                Box::new(move || {
                    let slot = held.lock().ok().and_then(|mut h| h.take());
                    if let Some(s) = slot {
                        s.release_now();
                    }
                    // The prompts handed on (this slot's among them) are sent before this
                    // one's outputs are looked at.
                    Box::pin(give_way)
                })
            };
            let hooks = run::Hooks {
                socket,
                on_end: Some(on_end),
                handoff,
            };
            let ran = run::run_prompt(
                &backend.client,
                &id,
                known_new,
                prepare,
                progress,
                self.timing,
                hooks,
            )
            .await;
            if let Err(RunError::Down(why)) = &ran {
                // Before the slot is freed: the tasks lined up there look elsewhere.
                backend.mark_down(why);
            }
            let left = held.lock().ok().and_then(|mut h| h.take());
            if let Some(slot) = left {
                slot.release().await;
            }
            match ran {
                Ok(entry) => {
                    progress.set(92);
                    let out =
                        outputs::fetch(&backend.client, &entry, job.module.output, &job.files)
                            .await
                            .map_err(|e| self.final_error(job, e))?;
                    return Ok(Outputs {
                        outputs: out,
                        preview: false,
                        note: None,
                    });
                }
                Err(RunError::Failed(m)) => return Err(ProviderError::new(m)),
                Err(RunError::Lost) if !lost => {
                    tracing::warn!(
                        "comfyui {}: prompt {id} vanished (restarted?); sending it again",
                        backend.base()
                    );
                    lost = true;
                }
                Err(RunError::Lost) => {
                    return Err(ProviderError::new(
                        "ComfyUI lost the task's prompt twice (the server restarted?); try again",
                    ));
                }
                Err(RunError::Down(_)) => {
                    exclude.push(backend.base().to_owned());
                }
            }
            attempt += 1;
            if attempt >= MAX_ATTEMPTS {
                return Err(ProviderError::new(
                    "ComfyUI could not finish the task after several tries; try again later",
                ));
            }
        }
    }

    /// A task lined up behind a running prompt of ours (`deck.rs`): its WebSocket opened, its
    /// inputs uploaded and its graph filled on that server while the prompt runs, then the
    /// slot awaited. `None` when it was let go (the server went down or out of rotation, or
    /// the upload found it down): the caller looks for a slot again.
    async fn line_up(
        &self,
        next: Follower,
        lined: Lined<'_>,
        progress: &ProgressSender,
        exclude: &mut Vec<String>,
    ) -> Result<Option<(backends::Slot, Value, socket::Socket)>, ProviderError> {
        let backend = Arc::clone(next.backend());
        progress.placed("comfyui", backend.base(), lined.id);
        let socket = socket::Socket::connect(backend.base(), lined.id, self.timing.connect).await;
        let graph = match vars::prepare(
            &backend.client,
            lined.job,
            lined.wf,
            lined.speech,
            lined.part,
        )
        .await
        {
            Ok(g) => g,
            Err(RunError::Down(why)) => {
                backend.mark_down(&why);
                exclude.push(backend.base().to_owned());
                return Ok(None);
            }
            Err(e) => return Err(self.final_error(lined.job, e)),
        };
        next.set_ready();
        let Some(mut slot) = next.wait().await else {
            return Ok(None);
        };
        // The lease is renamed beside the prompt's submission, not before it.
        tokio::spawn(slot.adopt(&lined.job.task_id));
        Ok(Some((slot, graph, socket)))
    }

    fn final_error(&self, job: &Job, e: RunError) -> ProviderError {
        match e {
            RunError::Failed(m) => ProviderError::new(m),
            RunError::Lost => ProviderError::new("ComfyUI lost the outputs; try again"),
            RunError::Down(why) => ProviderError::new(format!(
                "the outputs of {} could not be fetched: {why}",
                job.module.title
            )),
        }
    }
}

impl ComfyUi {
    /// The video enhancer's input in parts of core's `upscale_chunk_frames` when it has more
    /// frames than one prompt may hold (docs/engines.md#long-videos); `None`: one prompt.
    async fn enhancer_parts(
        &self,
        job: &Job,
        wf: &Workflow,
    ) -> Result<Option<Vec<bytes::Bytes>>, ProviderError> {
        if wf.name != aivg_core::tasks::WorkflowName::VideoUpscale.name() {
            return Ok(None);
        }
        let Some(input) = job.input("file_path") else {
            return Ok(None);
        };
        let Ok(p) = crate::uploads::mediainfo::ffprobe(&job.files, &input.oss_path).await else {
            return Ok(None);
        };
        let per = aivg_core::tasks::video_inputs::upscale_chunk_frames(p.width, p.height);
        if p.width == 0 || p.frames <= per {
            return Ok(None);
        }
        video_parts::split(job, input, per, p.frames)
            .await
            .map(Some)
    }

    /// One prompt per part, in order, then the made parts joined with the input's sound.
    async fn run_parts(
        &self,
        job: &Job,
        wf: &Workflow,
        parts: &[bytes::Bytes],
        progress: &ProgressSender,
    ) -> Result<Outputs, ProviderError> {
        let mut made = Vec::with_capacity(parts.len());
        for (k, part) in parts.iter().enumerate() {
            let scaled = part_progress(progress, k, parts.len());
            let out = self
                .run_workflow(job, wf, None, Some((k, part)), &scaled)
                .await?;
            let video = out.outputs.into_iter().next().ok_or_else(|| {
                ProviderError::new(format!("ComfyUI made nothing of the video's part {k}"))
            })?;
            made.push(video.bytes);
        }
        let input = job
            .input("file_path")
            .ok_or_else(|| ProviderError::new("data.file_path: no input video"))?;
        let joined = video_parts::join(job, &made, input).await?;
        Ok(Outputs {
            outputs: vec![joined],
            preview: false,
            note: None,
        })
    }
}

/// The progress of part `k` of `n`: its run's 0-100 % mapped onto its share of the task's 5-90 %
/// (each run reports from 10 to 90 %, and the task's bar never goes back), previews passed on.
/// The forwarder ends when the returned sender and its clones are dropped.
fn part_progress(progress: &ProgressSender, k: usize, n: usize) -> ProgressSender {
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<u8>();
    let outer = progress.clone();
    let n = n.max(1);
    tokio::spawn(async move {
        while let Some(p) = rx.recv().await {
            let done = k * 100 + usize::from(p.min(100));
            let share = 5 + 85 * done / (n * 100);
            outer.set(u8::try_from(share).unwrap_or(90));
        }
    });
    ProgressSender(tx, progress.1.clone(), progress.2.clone())
}

/// Probes the servers again every `every` (those down, and the lists of those up), until the
/// provider is gone.
async fn reprobe(backends: std::sync::Weak<Backends>, every: Duration) {
    loop {
        tokio::time::sleep(every).await;
        let Some(b) = backends.upgrade() else { return };
        b.refresh_stale().await;
    }
}

fn cannot_run(module: &TaskModule, workflow: &str, e: PickError) -> String {
    match e {
        PickError::Lacking(m) => format!(
            "{} cannot run: no ComfyUI server has what its workflow {workflow} needs ({})",
            module.title,
            m.describe()
        ),
        PickError::AllDown(why) => format!("no ComfyUI server answers ({why}); try again later"),
    }
}

#[async_trait::async_trait]
impl Provider for ComfyUi {
    fn name(&self) -> &'static str {
        "comfyui"
    }

    async fn run(&self, job: &Job, progress: ProgressSender) -> Result<Outputs, ProviderError> {
        let has_image = job.input("file_path").is_some();
        let Some(name) = job.module.workflow_for(has_image) else {
            return self.local.run(job, progress).await;
        };
        let wf = self.load(job, name.name())?;
        let speech = if job.module.voice {
            progress.set(2);
            let voice = job
                .data
                .get("voice_id")
                .and_then(Value::as_str)
                .unwrap_or_default();
            Some(tts::speak(&self.espeak, job.prompt(), voice).await?)
        } else {
            None
        };
        progress.set(5);
        if let Some(parts) = self.enhancer_parts(job, &wf).await? {
            return self.run_parts(job, &wf, &parts, &progress).await;
        }
        self.run_workflow(job, &wf, speech.as_ref(), None, &progress)
            .await
    }
}

#[cfg(test)]
mod tests;
