//! The `fal` provider: modules run on fal.ai's hosted models through its queue API
//! (`AIVG_FAL_KEY`; `AIVG_FAL_URL` replaces `https://queue.fal.run`, for tests).
//!
//! One run:
//! 1. the module's model ([`models`]: the default of its workflow, or the engines file's);
//! 2. `talking_face_tts` first speaks its text on a TTS model (Kokoro) and hands the spoken
//!    file's fal URL to the avatar model;
//! 3. the input ([`inputs`]): texts and options as the model names them, uploaded files as our
//!    signed URLs on `AIVG_PUBLIC_URL`, which fal must be able to reach (a module with files
//!    cannot run on fal while `AIVG_PUBLIC_URL` is unset);
//! 4. submit, then poll the status every `AIVG_FAL_POLL_MS` with its queue position and logs as
//!    progress ([`run`]); dropping the run cancels the request;
//! 5. the result's files are downloaded ([`outputs`]) and the worker stores them in our object
//!    store, since fal's URLs expire.
//!
//! A refused or failed request fails the task with fal's own message (the worker refunds it).
//! Webhooks are not used: polling needs no public callback and survives our restarts (a task
//! handed back by a stopping instance is submitted again by the next; the stopping one cancels
//! its request if it still waits in fal's queue).

pub mod client;
pub mod inputs;
pub mod models;
pub mod outputs;
pub mod run;

use super::engines::EnginesFile;
use super::provider::{Job, Outputs, ProgressSender, Provider, ProviderError};
use super::settings::TaskSettings;
use aivg_core::tasks::{Need, TaskModule};
use client::{Client, FalError};
use models::{Model, Models};
use run::Meter;
use serde_json::Value;
use std::time::Duration;

/// The default queue of fal.ai (defined with the task settings).
pub use super::settings::DEFAULT_FAL_URL as DEFAULT_URL;

/// The fal.ai provider.
#[derive(Debug, Clone)]
pub struct Fal {
    client: Client,
    models: Models,
    poll: Duration,
    /// `AIVG_PUBLIC_URL`: where fal fetches the inputs (`None`: modules with files cannot run).
    public_url: Option<String>,
}

/// Whether a task of `m` sends files (`has_image`: the task sent a picture; `None`: any task).
fn sends_files(m: &TaskModule, has_image: Option<bool>) -> bool {
    m.fields.iter().any(|f| {
        f.kind.is_file()
            && match f.need {
                Need::Required => true,
                Need::Optional | Need::OneOf => has_image.unwrap_or(false),
            }
    })
}

/// Whether an address is one fal cannot reach (loopback or a private network).
pub fn looks_private(url: &str) -> bool {
    let host = url
        .split("://")
        .nth(1)
        .unwrap_or(url)
        .split(['/', ':'])
        .next()
        .unwrap_or_default();
    host == "localhost"
        || host.starts_with("127.")
        || host.starts_with("10.")
        || host.starts_with("192.168.")
        || host.starts_with("0.")
        || host.ends_with(".local")
}

impl Fal {
    /// The provider of the configuration, `None` without `AIVG_FAL_KEY`.
    pub fn new(
        settings: &TaskSettings,
        file: Option<&EnginesFile>,
        public_url: Option<&str>,
    ) -> Option<Self> {
        let key = settings.fal_key.as_deref()?;
        Some(Self {
            client: Client::new(&settings.fal_url, key, settings.comfyui_read_timeout),
            models: Models::new(file),
            poll: settings.fal_poll,
            public_url: public_url.map(|u| u.trim_end_matches('/').to_owned()),
        })
    }

    /// The queue's base URL.
    pub fn base(&self) -> &str {
        &self.client.base
    }

    /// A line about the provider for `aivg-server engines`.
    pub fn describe(&self) -> String {
        match &self.public_url {
            None => format!(
                "fal.ai {}: key set; AIVG_PUBLIC_URL is not set, so modules that send files cannot run on fal",
                self.base()
            ),
            Some(u) if looks_private(u) => format!(
                "fal.ai {}: key set; inputs as signed URLs of {u} (a private address: fal cannot fetch them from there)",
                self.base()
            ),
            Some(u) => format!(
                "fal.ai {}: key set; inputs as signed URLs of {u}",
                self.base()
            ),
        }
    }

    /// Whether `m` has a fal model (every model it may need).
    pub fn has_model(&self, m: &TaskModule) -> bool {
        self.models.all_for(m).is_some()
    }

    /// Every model a module may run, for the engines table (`a / b` for either, `+ c` for the
    /// speech step).
    pub fn models_of(&self, m: &TaskModule) -> String {
        let Some(all) = self.models.all_for(m) else {
            return String::new();
        };
        let (speech, main): (Vec<_>, Vec<_>) = all
            .into_iter()
            .partition(|x| x.shape == aivg_core::tasks::FalInput::Speech);
        let mut text = main
            .iter()
            .map(|x| x.id.as_str())
            .collect::<Vec<_>>()
            .join(" / ");
        for s in speech {
            text = format!("{} + {text}", s.id);
        }
        text
    }

    /// The model a task of `m` runs on fal, or why it cannot (`has_image`: the task sent a
    /// picture; `None`: any task of the module).
    pub fn able(&self, m: &TaskModule, has_image: Option<bool>) -> Result<Model, String> {
        let all = self
            .models
            .all_for(m)
            .ok_or_else(|| format!("{} has no fal.ai model", m.title))?;
        if self.public_url.is_none() && sends_files(m, has_image) {
            return Err(format!(
                "{} sends files, which fal.ai fetches from AIVG_PUBLIC_URL: set it to this site's public address",
                m.title
            ));
        }
        let chosen = match has_image {
            Some(h) => self.models.for_task(m, h),
            None => all.into_iter().next(),
        };
        chosen.ok_or_else(|| format!("{} has no fal.ai model", m.title))
    }

    fn failed(job: &Job, model: &str, e: FalError) -> ProviderError {
        match e {
            FalError::Refused(why) => ProviderError::new(format!(
                "{} failed on fal.ai ({model}): {why}",
                job.module.title
            )),
            FalError::Down(why) => ProviderError::new(format!(
                "{} could not finish on fal.ai ({model}): {why}; try again later",
                job.module.title
            )),
        }
    }

    /// Speaks the task's text; answers the fal URL of the spoken file.
    async fn speak(&self, job: &Job, progress: &ProgressSender) -> Result<String, ProviderError> {
        let model = self
            .models
            .speech(job.module.code)
            .ok_or_else(|| ProviderError::new("no fal.ai speech model is configured"))?;
        let voice_id = job.text("voice_id");
        let female = super::comfyui::tts::gender(voice_id).map(|g| g == "female");
        let (id, voice) = if model.replaced {
            (model.id.clone(), None)
        } else {
            let (id, voice) = models::kokoro_for(voice_id, female);
            (id.to_owned(), voice)
        };
        let mut input = inputs::build(job, model.shape, None).map_err(ProviderError)?;
        if let (Some(v), Some(map)) = (voice, input.as_object_mut()) {
            map.insert("voice".into(), Value::from(v));
        }
        let mut meter = Meter::new(progress, 2, 10);
        let result = run::run_request(&self.client, &id, &input, &mut meter, self.poll)
            .await
            .map_err(|e| Self::failed(job, &id, e))?;
        outputs::named_files(&result)
            .into_iter()
            .find(|n| n.content_type.is_empty() || n.content_type.starts_with("audio/"))
            .map(|n| n.url)
            .ok_or_else(|| {
                ProviderError::new(format!(
                    "{} failed on fal.ai ({id}): the speech model answered no audio",
                    job.module.title
                ))
            })
    }
}

#[async_trait::async_trait]
impl Provider for Fal {
    fn name(&self) -> &'static str {
        "fal"
    }

    async fn run(&self, job: &Job, progress: ProgressSender) -> Result<Outputs, ProviderError> {
        let has_image = job.input("file_path").is_some();
        let model = self
            .able(job.module, Some(has_image))
            .map_err(ProviderError::new)?;
        progress.set(2);
        let speech = if job.module.voice {
            Some(self.speak(job, &progress).await?)
        } else {
            None
        };
        let input = inputs::build(job, model.shape, speech.as_deref()).map_err(ProviderError)?;
        let mut meter = Meter::new(&progress, if speech.is_some() { 10 } else { 5 }, 90);
        let result = run::run_request(&self.client, &model.id, &input, &mut meter, self.poll)
            .await
            .map_err(|e| Self::failed(job, &model.id, e))?;
        progress.set(92);
        let out = outputs::fetch(&self.client, &result, job.module.output, &job.files)
            .await
            .map_err(|e| Self::failed(job, &model.id, e))?;
        Ok(Outputs {
            outputs: out,
            preview: false,
            note: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use aivg_core::tasks::task_module;

    #[test]
    fn private_addresses_are_noticed() {
        assert!(looks_private("http://127.0.0.1:8080"));
        assert!(looks_private("http://localhost"));
        assert!(!looks_private("https://video.example.com"));
    }

    #[test]
    fn files_need_a_public_address() {
        let mut s = TaskSettings::for_tests();
        s.fal_key = Some("k".into());
        let fal = Fal::new(&s, None, None).unwrap();
        let t2i = task_module("text2image").unwrap();
        assert!(fal.able(t2i, Some(false)).is_ok());
        let bg = task_module("mai_fs").unwrap();
        let e = fal.able(bg, Some(true)).unwrap_err();
        assert!(e.contains("AIVG_PUBLIC_URL"), "{e}");
        let combo = task_module("combo_alg").unwrap();
        assert!(fal.able(combo, Some(false)).is_ok());
        assert!(fal.able(combo, Some(true)).is_err());
        let tool = task_module("tool_sf").unwrap();
        assert!(fal.able(tool, None).is_err());
    }
}
