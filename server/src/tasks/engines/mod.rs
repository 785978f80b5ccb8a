//! Routing: which engine runs each task. The engines are `comfyui` (`AIVG_COMFYUI_URL`),
//! `fal` (`AIVG_FAL_KEY`) and `local` (this server: real tools, labelled previews where a model
//! is needed).
//!
//! Each module has an ordered list of engines; when a task runs, the first that can run it takes
//! it: ComfyUI when a server that answers has its workflow's nodes and model files, fal when the
//! module has a fal model (and, for a task with files, `AIVG_PUBLIC_URL` is set), local always.
//! When none can, the task fails with why (the one engine's own words when the list has one) and
//! is refunded: nothing falls back to a preview the list does not name.
//!
//! The lists come from the engines file (`AIVG_ENGINES_FILE`, [`file`]): the module's own list,
//! else its `default`. Without one (or for a module the file leaves to the environment), the
//! environment decides: `comfyui` when `AIVG_COMFYUI_URL` is set, then `fal` when
//! `AIVG_FAL_KEY` is set and the module has a fal model; `local` when neither applies. So with
//! only `AIVG_FAL_KEY` set every module with a fal model runs on fal, and with nothing set
//! everything runs locally. The crop and resize tools need no model and always run locally.
//!
//! `aivg-server engines` prints the resulting table ([`table`]).

pub mod file;
pub mod kind;
pub mod outputs;
pub mod table;

pub use file::EnginesFile;
pub use kind::Engine;

use super::comfyui::ComfyUi;
use super::comfyui::backends::Want;
use super::fal::Fal;
use super::local::{LocalProvider, describe_background, describe_enhancer};
use super::provider::{Job, Outputs, ProgressSender, Provider, ProviderError};
use crate::config::Config;
use aivg_core::tasks::{Media, TaskModule, Work};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Whether the local provider makes the real thing for `m` (else a labelled preview).
pub fn local_is_real(m: &TaskModule) -> bool {
    matches!(
        (m.output, m.work),
        (Media::Image, Work::Enhance | Work::ImageTool)
            | (Media::Video, Work::Enhance)
            | (Media::Audio, Work::Denoise | Work::RemoveVocals)
    )
}

/// The configured engines and the routes between them; it is the workers' provider.
#[derive(Debug, Clone)]
pub struct Engines {
    pub comfy: Option<ComfyUi>,
    pub fal: Option<Fal>,
    local: LocalProvider,
    file: Option<(PathBuf, EnginesFile)>,
    /// The local models' settings, for what the local engine does with them.
    models: crate::models::ModelSettings,
    /// Set while an admin has fal out of rotation (`tasks/rotation.rs`): it then takes no task.
    fal_out: Arc<AtomicBool>,
}

impl Engines {
    /// The engines of a configuration; `quiet`: no start probe of ComfyUI (the `engines`
    /// command probes itself).
    pub fn new(cfg: &Config, quiet: bool) -> Self {
        let s = &cfg.tasks;
        let comfy = s.comfyui_url.as_ref().map(|_| {
            if quiet {
                ComfyUi::new_quiet(s)
            } else {
                ComfyUi::new(s)
            }
        });
        let fal = Fal::new(
            s,
            s.engines.as_ref().map(|(_, f)| f),
            cfg.public_url.as_deref(),
        );
        if let (Some(f), false) = (&fal, quiet) {
            tracing::info!("engines: {}", f.describe());
        }
        Self {
            comfy,
            fal,
            local: LocalProvider,
            file: s.engines.clone(),
            models: cfg.models.clone(),
            fal_out: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Takes fal out of rotation (`true`) or puts it back.
    pub fn set_fal_out(&self, out: bool) {
        self.fal_out.store(out, std::sync::atomic::Ordering::SeqCst);
    }

    /// Whether fal takes tasks (not taken out of rotation).
    pub fn fal_in_rotation(&self) -> bool {
        !self.fal_out.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// The flag that leaves engine work running when a draining server drops its runs.
    pub fn detach_flag(&self) -> Arc<AtomicBool> {
        self.comfy
            .as_ref()
            .map_or_else(|| Arc::new(AtomicBool::new(false)), ComfyUi::detach_flag)
    }

    /// The modules whose tasks want a ComfyUI slot: those whose first engine is ComfyUI.
    pub fn slot_modules(&self) -> Vec<&'static str> {
        if self.comfy.is_none() {
            return Vec::new();
        }
        aivg_core::tasks::TASK_MODULES
            .iter()
            .filter(|m| self.order(m).first() == Some(&Engine::ComfyUi))
            .map(|m| m.code)
            .collect()
    }

    /// Before a claim: a [`Want`] when a ComfyUI slot awaits the task claimed (kept until its
    /// run ends), else the modules to leave in the queue now (every server full;
    /// docs/engines.md#a-fleet-of-gpus). Without ComfyUI: neither.
    pub fn admit(&self) -> (Option<Want>, Vec<&'static str>) {
        match &self.comfy {
            None => (None, Vec::new()),
            Some(c) => match c.backends().try_want() {
                Some(w) => (Some(w), Vec::new()),
                None => (None, self.slot_modules()),
            },
        }
    }

    /// Told when a ComfyUI slot frees (`None` without ComfyUI).
    pub fn slot_freed(&self) -> Option<Arc<tokio::sync::Notify>> {
        self.comfy.as_ref().map(|c| c.backends().freed_signal())
    }

    /// The engines file's path, when one is used.
    pub fn file_path(&self) -> Option<&std::path::Path> {
        self.file.as_ref().map(|(p, _)| p.as_path())
    }

    /// The engines a module's tasks may run on, in order.
    pub fn order(&self, m: &TaskModule) -> Vec<Engine> {
        if m.workflows().is_empty() {
            return vec![Engine::Local];
        }
        if let Some((_, f)) = &self.file {
            if let Some(list) = f.modules.get(m.code) {
                return list.clone();
            }
            if let Some(list) = &f.default {
                return list.clone();
            }
        }
        let mut order = Vec::new();
        if self.comfy.is_some() {
            order.push(Engine::ComfyUi);
        }
        if self.fal.as_ref().is_some_and(|f| f.has_model(m)) {
            order.push(Engine::Fal);
        }
        if order.is_empty() {
            order.push(Engine::Local);
        }
        order
    }

    /// Whether `engine` can run a task of `m` now: what it would run, or why not.
    pub async fn check(
        &self,
        engine: Engine,
        m: &TaskModule,
        has_image: Option<bool>,
    ) -> Result<String, String> {
        match engine {
            Engine::ComfyUi => match &self.comfy {
                None => Err("AIVG_COMFYUI_URL is not set".into()),
                Some(c) => c.able(m, has_image).await.map(|()| {
                    let wf: Vec<&str> = match has_image {
                        Some(h) => m.workflow_for(h).into_iter().collect(),
                        None => m.workflows(),
                    }
                    .iter()
                    .map(|w| w.name())
                    .collect();
                    format!("workflow {}", wf.join(" / "))
                }),
            },
            Engine::Fal => match &self.fal {
                None => Err("AIVG_FAL_KEY is not set".into()),
                Some(_) if !self.fal_in_rotation() => Err("out of rotation".into()),
                Some(f) => f.able(m, has_image).map(|model| match has_image {
                    Some(_) => model.id,
                    None => f.models_of(m),
                }),
            },
            Engine::Local => Ok(
                if let Some(what) = describe_enhancer(m, &self.models)
                    .or_else(|| describe_background(m, &self.models))
                {
                    what
                } else if local_is_real(m) {
                    "on this server".into()
                } else {
                    "a labelled preview".into()
                },
            ),
        }
    }

    /// The first engine of the module's order that can run the task, or why none can.
    pub async fn choose(&self, m: &TaskModule, has_image: Option<bool>) -> Result<Engine, String> {
        let mut why = Vec::new();
        for e in self.order(m) {
            match self.check(e, m, has_image).await {
                Ok(_) => return Ok(e),
                Err(w) => why.push((e, w)),
            }
        }
        match why.as_slice() {
            [(_, only)] => Err(only.clone()),
            _ => Err(format!(
                "{} cannot run on any of its engines: {}",
                m.title,
                why.iter()
                    .map(|(e, w)| format!("{e}: {w}"))
                    .collect::<Vec<_>>()
                    .join("; ")
            )),
        }
    }

    fn provider(&self, e: Engine) -> Option<&dyn Provider> {
        match e {
            Engine::ComfyUi => self.comfy.as_ref().map(|c| c as &dyn Provider),
            Engine::Fal => self.fal.as_ref().map(|f| f as &dyn Provider),
            Engine::Local => Some(&self.local),
        }
    }
}

#[async_trait::async_trait]
impl Provider for Engines {
    fn name(&self) -> &'static str {
        "engines"
    }

    async fn run(&self, job: &Job, progress: ProgressSender) -> Result<Outputs, ProviderError> {
        let has_image = job.input("file_path").is_some();
        let engine = self
            .choose(job.module, Some(has_image))
            .await
            .map_err(ProviderError::new)?;
        let provider = self
            .provider(engine)
            .ok_or_else(|| ProviderError::new(format!("the {engine} engine is not configured")))?;
        tracing::info!(
            "task {} ({}) runs on {engine}",
            job.task_id,
            job.module.code
        );
        // ComfyUI says so itself, with its server and prompt id, each time it sends the prompt.
        if engine != Engine::ComfyUi {
            progress.placed(engine.name(), "", "");
        }
        provider.run(job, progress).await
    }
}
