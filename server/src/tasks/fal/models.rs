//! Which fal.ai model runs each module, and the input that model takes.
//!
//! The table is keyed by the catalogue's workflow names (the same jobs ComfyUI runs), so every
//! module of a workflow shares its model; the engines file (`[fal.models]`) may replace a model
//! by workflow name or for one module code, with a model that takes the same input. Defaults,
//! chosen from fal's catalogue (open-weight models where fal hosts one):
//!
//! | workflow | model | input sent |
//! |---|---|---|
//! | `text_to_image` | `fal-ai/flux/schnell` | `prompt`, `image_size {width, height}` (the aspect size), `num_images` 1 |
//! | `image_edit` | `fal-ai/qwen-image-edit` | `prompt`, `image_url` |
//! | `object_remove` | `fal-ai/flux-pro/v1/fill` | `image_url`, `mask_url`, a prompt asking for the background |
//! | `inpaint` | `fal-ai/flux-pro/v1/fill` | `image_url`, `mask_url`, `prompt` |
//! | `remove_background` | `fal-ai/birefnet` | `image_url` |
//! | `image_upscale` | `fal-ai/esrgan` | `image_url`, `scale` 2 |
//! | `text_to_video` | `fal-ai/wan/v2.2-5b/text-to-video` | `prompt`, `aspect_ratio`, `num_frames`, `frames_per_second` |
//! | `image_to_video` | `fal-ai/wan/v2.2-5b/image-to-video` | `image_url`, `prompt`, `num_frames`, `frames_per_second` |
//! | `talking_avatar` | `fal-ai/infinitalk` | `image_url`, `audio_url`, `prompt` |
//! | `speech` (text to speak) | `fal-ai/kokoro/<language>` | `prompt`, `voice` |
//! | `video_restyle` | `fal-ai/wan/v2.2-a14b/video-to-video` | `video_url`, `prompt` |
//! | `video_upscale` | `fal-ai/seedvr/upscale/video` | `video_url`, `upscale_factor` 2 |
//! | `video_erase` | `fal-ai/wan-22-vace-fun-a14b/inpainting` | `video_url`, `mask_image_url`, `prompt` |
//! | `music`, `song` | `fal-ai/ace-step` | `tags`, `lyrics` (`[inst]` for music), `duration` |
//!
//! The crop and resize tools have no model (they run on the server itself).

use super::super::engines::file::EnginesFile;
use aivg_core::tasks::TaskModule;
use std::collections::BTreeMap;

/// The key of the text-to-speech step of `talking_face_tts` in `[fal.models]`.
pub const SPEECH: &str = "speech";

/// The input a model takes (decides how a task's data becomes the request, see `inputs.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    TextToImage,
    EditImage,
    /// Mask fill; `remove`: the prompt asks for the background (object remover).
    Fill {
        remove: bool,
    },
    RemoveBackground,
    UpscaleImage,
    TextToVideo,
    ImageToVideo,
    Avatar,
    Speech,
    RestyleVideo,
    UpscaleVideo,
    EraseVideo,
    /// ACE-Step; `song`: with the task's lyrics.
    Music {
        song: bool,
    },
}

/// The default model and shape of a workflow name (or [`SPEECH`]).
pub fn default_model(workflow: &str) -> Option<(&'static str, Shape)> {
    Some(match workflow {
        "text_to_image" => ("fal-ai/flux/schnell", Shape::TextToImage),
        "image_edit" => ("fal-ai/qwen-image-edit", Shape::EditImage),
        "object_remove" => ("fal-ai/flux-pro/v1/fill", Shape::Fill { remove: true }),
        "inpaint" => ("fal-ai/flux-pro/v1/fill", Shape::Fill { remove: false }),
        "remove_background" => ("fal-ai/birefnet", Shape::RemoveBackground),
        "image_upscale" => ("fal-ai/esrgan", Shape::UpscaleImage),
        "text_to_video" => ("fal-ai/wan/v2.2-5b/text-to-video", Shape::TextToVideo),
        "image_to_video" => ("fal-ai/wan/v2.2-5b/image-to-video", Shape::ImageToVideo),
        "talking_avatar" => ("fal-ai/infinitalk", Shape::Avatar),
        SPEECH => (KOKORO_DEFAULT, Shape::Speech),
        "video_restyle" => ("fal-ai/wan/v2.2-a14b/video-to-video", Shape::RestyleVideo),
        "video_upscale" => ("fal-ai/seedvr/upscale/video", Shape::UpscaleVideo),
        "video_erase" => ("fal-ai/wan-22-vace-fun-a14b/inpainting", Shape::EraseVideo),
        "music" => ("fal-ai/ace-step", Shape::Music { song: false }),
        "song" => ("fal-ai/ace-step", Shape::Music { song: true }),
        _ => return None,
    })
}

/// The default speech model (American English); other languages pick their Kokoro endpoint.
pub const KOKORO_DEFAULT: &str = "fal-ai/kokoro/american-english";

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
    pub shape: Shape,
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

    /// The model of a workflow (or [`SPEECH`]) for module `code`.
    pub fn for_workflow(&self, code: &str, workflow: &str) -> Option<Model> {
        let (default_id, shape) = default_model(workflow)?;
        let chosen = self
            .replaced
            .get(code)
            .or_else(|| self.replaced.get(workflow));
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
        self.for_workflow(code, SPEECH)
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
    fn every_module_with_a_workflow_has_a_default_model() {
        let models = Models::default();
        for m in &TASK_MODULES {
            let all = models.all_for(m);
            assert_eq!(all.is_some(), !m.workflows().is_empty(), "{}", m.code);
        }
        let combo = task_module("combo_alg").unwrap();
        assert_eq!(
            models.for_task(combo, true).unwrap().shape,
            Shape::ImageToVideo
        );
        assert_eq!(
            models.for_task(combo, false).unwrap().shape,
            Shape::TextToVideo
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
