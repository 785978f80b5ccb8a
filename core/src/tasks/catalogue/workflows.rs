//! The ComfyUI workflows the server ships, each with the fal.ai model that does the same job.
//!
//! One line per workflow in [`workflows!`] below: its name (the file stem of
//! `server/workflows/<name>.json`, embedded by the server's build script) and its default fal.ai
//! model with the input that model takes (the engines file may replace the model). The server's
//! shipped-workflow table, its fal model table and the docs' model table
//! (`docs/engines-fal-models.md`) all iterate over [`WorkflowName::ALL`].

use serde::Serialize;
use std::fmt;

/// The input a fal.ai model takes: decides how the server turns a task's data into the request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FalInput {
    /// `prompt`, `image_size {width, height}` (the aspect size), `num_images` 1.
    TextToImage,
    /// `prompt`, `image_url`.
    EditImage,
    /// `image_url`, `mask_url`, `prompt`; `remove`: the prompt asks for the background (object
    /// remover).
    Fill { remove: bool },
    /// `image_url`.
    RemoveBackground,
    /// `image_url`, `scale` 2.
    UpscaleImage,
    /// `prompt`, `aspect_ratio`, `num_frames`, `frames_per_second`.
    TextToVideo,
    /// `image_url`, `prompt`, `num_frames`, `frames_per_second`.
    ImageToVideo,
    /// `image_url`, `audio_url`, `prompt`.
    Avatar,
    /// `prompt`, `voice`.
    Speech,
    /// `video_url`, `prompt`.
    RestyleVideo,
    /// `video_url`, `upscale_factor` 4 (`sizes::UPSCALE_FACTOR`).
    UpscaleVideo,
    /// `video_url`, `mask_image_url`, `prompt`.
    EraseVideo,
    /// ACE-Step's `tags`, `lyrics` (`[inst]` for music), `duration`; `song`: with the task's
    /// lyrics.
    Music { song: bool },
}

impl FalInput {
    /// What the request carries, as the docs' model table says it.
    pub fn sends(self) -> &'static str {
        match self {
            Self::TextToImage => {
                "`prompt`, `image_size {width, height}` (the aspect size), `num_images` 1"
            }
            Self::EditImage => "`prompt`, `image_url`",
            Self::Fill { remove: true } => {
                "`image_url`, `mask_url`, a prompt asking for the background"
            }
            Self::Fill { remove: false } => "`image_url`, `mask_url`, `prompt`",
            Self::RemoveBackground => "`image_url`",
            Self::UpscaleImage => "`image_url`, `scale` 2",
            Self::TextToVideo => "`prompt`, `aspect_ratio`, `num_frames`, `frames_per_second`",
            Self::ImageToVideo => "`image_url`, `prompt`, `num_frames`, `frames_per_second`",
            Self::Avatar => "`image_url`, `audio_url`, `prompt`",
            Self::Speech => "`prompt`, `voice`",
            Self::RestyleVideo => "`video_url`, `prompt`",
            Self::UpscaleVideo => "`video_url`, `upscale_factor` 4",
            Self::EraseVideo => "`video_url`, `mask_image_url`, `prompt`",
            Self::Music { song: false } => "`tags`, `lyrics` `[inst]`, `duration`",
            Self::Music { song: true } => "`tags`, `lyrics`, `duration`",
        }
    }
}

/// A fal.ai model: its endpoint id and the input it takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FalModel {
    pub id: &'static str,
    pub input: FalInput,
}

/// The key of the text-to-speech step of a voiced module (`voice`) in the engines file's
/// `[fal.models]`, beside the workflow names.
pub const FAL_SPEECH_KEY: &str = "speech";

/// The default speech model (Kokoro, American English; the server picks the endpoint of the
/// voice's language).
pub const FAL_SPEECH: FalModel = FalModel {
    id: "fal-ai/kokoro/american-english",
    input: FalInput::Speech,
};

macro_rules! workflows {
    ($($(#[$doc:meta])* $variant:ident = $name:literal, fal: $fal:expr;)*) => {
        /// A workflow the server ships (`server/workflows/<name>.json`).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum WorkflowName {
            $($(#[$doc])* $variant,)*
        }

        impl WorkflowName {
            /// Every shipped workflow, in the order of the docs' tables.
            pub const ALL: &'static [WorkflowName] = &[$(WorkflowName::$variant,)*];

            /// The file stem (`text_to_image`), also its key in the engines file.
            pub const fn name(self) -> &'static str {
                match self {
                    $(WorkflowName::$variant => $name,)*
                }
            }

            /// The default fal.ai model doing this workflow's job; `None`: the module cannot
            /// run on fal.ai unless the engines file names a model.
            pub const fn fal(self) -> Option<FalModel> {
                use FalInput as I;
                match self {
                    $(WorkflowName::$variant => $fal,)*
                }
            }
        }
    };
}

const fn fal(id: &'static str, input: FalInput) -> Option<FalModel> {
    Some(FalModel { id, input })
}

workflows! {
    TextToImage = "text_to_image", fal: fal("fal-ai/flux/schnell", I::TextToImage);
    ImageEdit = "image_edit", fal: fal("fal-ai/qwen-image-edit", I::EditImage);
    ObjectRemove = "object_remove", fal: fal("fal-ai/flux-pro/v1/fill", I::Fill { remove: true });
    Inpaint = "inpaint", fal: fal("fal-ai/flux-pro/v1/fill", I::Fill { remove: false });
    RemoveBackground = "remove_background", fal: fal("fal-ai/birefnet", I::RemoveBackground);
    ImageUpscale = "image_upscale", fal: fal("fal-ai/esrgan", I::UpscaleImage);
    TextToVideo = "text_to_video", fal: fal("fal-ai/wan/v2.2-5b/text-to-video", I::TextToVideo);
    ImageToVideo = "image_to_video", fal: fal("fal-ai/wan/v2.2-5b/image-to-video", I::ImageToVideo);
    VideoRestyle = "video_restyle", fal: fal("fal-ai/wan/v2.2-a14b/video-to-video", I::RestyleVideo);
    VideoUpscale = "video_upscale", fal: fal("fal-ai/seedvr/upscale/video", I::UpscaleVideo);
    VideoErase = "video_erase", fal: fal("fal-ai/wan-22-vace-fun-a14b/inpainting", I::EraseVideo);
    TalkingAvatar = "talking_avatar", fal: fal("fal-ai/infinitalk", I::Avatar);
    Music = "music", fal: fal("fal-ai/ace-step", I::Music { song: false });
    Song = "song", fal: fal("fal-ai/ace-step", I::Music { song: true });
}

impl WorkflowName {
    /// The workflow of a file stem.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|w| w.name() == name)
    }
}

impl fmt::Display for WorkflowName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for WorkflowName {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// The docs' fal.ai model table (`docs/engines-fal-models.md`): every workflow's default model
/// and input, the speech step, and the modules each one serves.
pub fn fal_models_markdown() -> String {
    let mut out = String::from(
        "<!-- Generated from core's catalogue (core/src/tasks/catalogue/workflows.rs): do not \
         edit. `AIVG_WRITE_DOCS=1 cargo test -p aivg-core --test rules generated_docs` rewrites it; \
         without the variable that test fails when this file differs. -->\n\n\
         # fal.ai models\n\n\
         The default fal.ai model of each shipped workflow (the same job ComfyUI runs), the \
         input the server sends it and the task modules that run it. The engines file's \
         `[fal.models]` may replace a model by workflow name or for one module code, with a \
         model that takes the same input.\n\n\
         | workflow | model | input sent | modules |\n|---|---|---|---|\n",
    );
    let modules_of = |w: WorkflowName| {
        let codes: Vec<String> = super::TASK_MODULES
            .iter()
            .filter(|m| m.workflows().contains(&w))
            .map(|m| format!("`{}`", m.code))
            .collect();
        codes.join(", ")
    };
    for &w in WorkflowName::ALL {
        let (model, sends) = match w.fal() {
            Some(m) => (format!("`{}`", m.id), m.input.sends()),
            None => ("none".to_owned(), "—"),
        };
        out.push_str(&format!(
            "| `{w}` | {model} | {sends} | {} |\n",
            modules_of(w)
        ));
    }
    let voiced: Vec<String> = super::TASK_MODULES
        .iter()
        .filter(|m| m.voice && !m.workflows().is_empty())
        .map(|m| format!("`{}`", m.code))
        .collect();
    let speech_model = FAL_SPEECH
        .id
        .rsplit_once('/')
        .map_or(FAL_SPEECH.id, |p| p.0);
    out.push_str(&format!(
        "| `{FAL_SPEECH_KEY}` (text to speak) | `{speech_model}/<language>` | {} | {} |\n",
        FAL_SPEECH.input.sends(),
        voiced.join(", ")
    ));
    let local: Vec<String> = super::TASK_MODULES
        .iter()
        .filter(|m| m.workflows().is_empty())
        .map(|m| format!("`{}`", m.code))
        .collect();
    out.push_str(&format!(
        "\nModules without a workflow run on the server itself, not on fal.ai: {}.\n",
        local.join(", ")
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_workflow_has_one_name_and_a_module_that_runs_it() {
        for &w in WorkflowName::ALL {
            assert_eq!(WorkflowName::from_name(w.name()), Some(w));
            assert!(
                super::super::TASK_MODULES
                    .iter()
                    .any(|m| m.workflows().contains(&w)),
                "no module runs {w}"
            );
        }
        assert_eq!(WorkflowName::from_name("speech"), None);
    }
}
