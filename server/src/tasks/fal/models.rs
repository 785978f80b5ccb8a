//! Which fal.ai model runs each module, and the input that model takes.
//!
//! The defaults are core's (`WorkflowName::fal`, keyed by the catalogue's workflows: the same
//! jobs ComfyUI runs, so every module of a workflow shares its model; the table is
//! `docs/engines-fal-models.md`, generated from it). The engines file (`[fal.models]`) may replace
//! a model by workflow name or for one module code, with a model that takes the same input. The
//! crop and resize tools have no model (they run on the server itself).

use super::super::engines::file::EnginesFile;
use aivg_core::tasks::{FAL_SPEECH, FAL_SPEECH_KEY, FalInput, FalModel, TaskModule, WorkflowName};
use std::collections::BTreeMap;

/// The key of the text-to-speech step of `talking_face_tts` in `[fal.models]`.
pub const SPEECH: &str = FAL_SPEECH_KEY;

/// The default speech model (American English); other languages pick their Kokoro endpoint.
pub const KOKORO_DEFAULT: &str = FAL_SPEECH.id;

/// The Kokoro endpoint and voice for a voice id of the site's list (`en-GB-…`, `es-ES-…`) and
/// its gender; `None` voice: the endpoint's own default voice.
pub fn kokoro_for(voice_id: &str, female: Option<bool>) -> (&'static str, Option<&'static str>) {
    let mut parts = voice_id.split('-');
    let lang = parts.next().unwrap_or_default().to_ascii_lowercase();
    let region = parts.next().unwrap_or_default().to_ascii_lowercase();
    match (lang.as_str(), region.as_str()) {
        ("en", "gb") => (
            "fal-ai/kokoro/british-english",
            Some(if female == Some(false) {
                "bm_george"
            } else {
                "bf_emma"
            }),
        ),
        ("es", _) => ("fal-ai/kokoro/spanish", None),
        ("fr", _) => ("fal-ai/kokoro/french", None),
        ("it", _) => ("fal-ai/kokoro/italian", None),
        ("pt", _) => ("fal-ai/kokoro/brazilian-portuguese", None),
        ("ja", _) => ("fal-ai/kokoro/japanese", None),
        ("zh", _) => ("fal-ai/kokoro/mandarin-chinese", None),
        _ => (
            KOKORO_DEFAULT,
            Some(if female == Some(false) {
                "am_adam"
            } else {
                "af_heart"
            }),
        ),
    }
}

/// One model as a task uses it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Model {
    pub id: String,
    pub shape: FalInput,
    /// True when the engines file named it (then used as is, e.g. no Kokoro language pick).
    pub replaced: bool,
}

/// The model table: the defaults with the engines file's replacements.
#[derive(Debug, Clone, Default)]
pub struct Models {
    /// `[fal.models]`: by workflow name or module code; empty = no model.
    replaced: BTreeMap<String, String>,
}

impl Models {
    pub fn new(file: Option<&EnginesFile>) -> Self {
        Self {
            replaced: file.map(|f| f.fal_models.clone()).unwrap_or_default(),
        }
    }

    /// The model of a workflow for module `code`.
    pub fn for_workflow(&self, code: &str, workflow: WorkflowName) -> Option<Model> {
        self.chosen(code, workflow.name(), workflow.fal()?)
    }

    /// The model under `key` (a workflow name or [`SPEECH`]) for module `code`: the engines
    /// file's, else `default`.
    fn chosen(&self, code: &str, key: &str, default: FalModel) -> Option<Model> {
        let FalModel {
            id: default_id,
            input: shape,
        } = default;
        let chosen = self.replaced.get(code).or_else(|| self.replaced.get(key));
        match chosen {
            Some(id) if id.is_empty() => None,
            Some(id) => Some(Model {
                id: id.clone(),
                shape,
                replaced: true,
            }),
            None => Some(Model {
                id: default_id.to_owned(),
                shape,
                replaced: false,
            }),
        }
    }

    /// The model a task of `m` runs (`has_image`: the task sent a picture).
    pub fn for_task(&self, m: &TaskModule, has_image: bool) -> Option<Model> {
        self.for_workflow(m.code, m.workflow_for(has_image)?)
    }

    /// The speech model of a voiced module.
    pub fn speech(&self, code: &str) -> Option<Model> {
        self.chosen(code, SPEECH, FAL_SPEECH)
    }

    /// Every model module `m` may need; `None` when one is missing (the module cannot run).
    pub fn all_for(&self, m: &TaskModule) -> Option<Vec<Model>> {
        let names = m.workflows();
        if names.is_empty() {
            return None;
        }
        let mut out = Vec::new();
        for w in names {
            out.push(self.for_workflow(m.code, w)?);
        }
        if m.voice {
            out.push(self.speech(m.code)?);
        }
        Some(out)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use aivg_core::tasks::{TASK_MODULES, task_module};

    #[test]
    fn every_module_whose_workflows_have_a_fal_model_has_its_models() {
        let models = Models::default();
        for m in TASK_MODULES {
            let all = models.all_for(m);
            let has_model =
                !m.workflows().is_empty() && m.workflows().iter().all(|w| w.fal().is_some());
            assert_eq!(all.is_some(), has_model, "{}", m.code);
        }
        let combo = task_module("combo_alg").unwrap();
        assert_eq!(
            models.for_task(combo, true).unwrap().shape,
            FalInput::ImageToVideo
        );
        assert_eq!(
            models.for_task(combo, false).unwrap().shape,
            FalInput::TextToVideo
        );
    }

    #[test]
    fn the_engines_file_replaces_by_module_before_workflow() {
        let file = EnginesFile {
            fal_models: [
                ("text_to_image".to_owned(), "fal-ai/flux/dev".to_owned()),
                ("wallpaper".to_owned(), "fal-ai/flux/schnell".to_owned()),
                ("video_erase".to_owned(), String::new()),
            ]
            .into(),
            ..EnginesFile::default()
        };
        let models = Models::new(Some(&file));
        let t2i = task_module("text2image").unwrap();
        let m = models.for_task(t2i, false).unwrap();
        assert_eq!((m.id.as_str(), m.replaced), ("fal-ai/flux/dev", true));
        let wp = task_module("wallpaper").unwrap();
        assert_eq!(
            models.for_task(wp, false).unwrap().id,
            "fal-ai/flux/schnell"
        );
        assert!(models.all_for(task_module("tool_vrw").unwrap()).is_none());
    }

    #[test]
    fn speech_picks_the_language_endpoint() {
        assert_eq!(
            kokoro_for("en-GB-sonia", Some(true)),
            ("fal-ai/kokoro/british-english", Some("bf_emma"))
        );
        assert_eq!(kokoro_for("fr-FR-denise", None).0, "fal-ai/kokoro/french");
        assert_eq!(
            kokoro_for("", Some(false)),
            (KOKORO_DEFAULT, Some("am_adam"))
        );
    }
}
