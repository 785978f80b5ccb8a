//! The task-module catalogue: one row per module code the site offers
//! (docs/behaviour/tasks-and-queue.md#task-modules).
//!
//! The spec names the codes only; prices, inputs, outputs, options and engines are decided here
//! (by the weight of the work and what the open models named in each row take):
//!
//! | module | credits | sends | makes | ComfyUI workflow |
//! |---|---|---|---|---|
//! | `text2image`, `wallpaper` | 2 | prompt, aspect ratio | image | `text_to_image` |
//! | `image2image` | 2 | image, prompt (the edit) | image | `image_edit` |
//! | `photomaker_imagefix` (object remover) | 2 | image, mask | image | `object_remove` |
//! | `inpaint_clothes` (partial redraw) | 3 | image, mask, prompt | image | `inpaint` |
//! | `mai_fs`, `tool_gb` (background remover) | 2 / 1 | image | transparent PNG | `remove_background` |
//! | `mai_imagesharpen`, `tool_itr` (image enhancer) | 1 | image | image | `image_upscale` |
//! | `tool_sf`, `tool_icf`, `tool_mf` | 1 | image | image | none: crop and resize on the server |
//! | `text2video` | 10 | prompt, aspect ratio, duration | video | `text_to_video` |
//! | `image2video`, `effect` | 10 | image, prompt | video | `image_to_video` |
//! | `combo_alg` | 10 | prompt or image | video | either of the two above |
//! | `talking_face` | 10 | image, audio | video | `talking_avatar` |
//! | `talking_face_tts` | 12 | image, text to speak, voice | video | speech first, then `talking_avatar` |
//! | `video2video`, `video2anime` | 15 | video, prompt | video | `video_restyle` |
//! | `mai_vqe`, `tool_vqe` (video enhancer) | 5 | video | video | `video_upscale` |
//! | `tool_erv`, `tool_vrw`, `tool_trw` (video eraser) | 5 | video, mask | video | `video_erase` |
//! | `txt2Music`, `mai_tcm` | 5 | prompt (≥ 10, docs/behaviour/tasks-and-queue.md#task-inputs), style, duration | audio | `music` |
//! | `txt2Song`, `mai_text2song_minimax` | 8 | lyrics (≥ 10, docs/behaviour/tasks-and-queue.md#task-inputs), prompt, style, duration | audio | `song` |
//! | `video_translate` | 5 | video, voice (its language is the target) | video | none: speech model needed |
//! | `audio_denoise` | 1 | audio | audio | none: ffmpeg's FFT denoiser on the server |
//! | `vocal_remover` | 1 | audio | audio | none: ffmpeg's centre-channel cancellation |
//!
//! The last three are the tools the standard plan meters in minutes
//! (docs/behaviour/tasks-and-queue.md#minute-metered-tools: translate, denoise, vocal remover; see
//! `minutes.rs`); the spec lists no codes for them (its list ends "and others"), so the codes are
//! ours. They share the page `AiToolsAudioTools`.
//!
//! Decisions where the spec is silent: a song needs lyrics (the song tab always asks for them) and
//! its prompt is free text (tags); video lengths are 5 or 10 seconds (Wan 2.2 makes 5 s at 24 fps
//! per 121 frames); the object remover and the video eraser need a painted mask (white = the area
//! to change), the partial redraw a mask and optionally what to paint there.

mod rows;
mod table;
mod workflows;

use serde::Serialize;
pub use table::{ANIME_STYLES, MUSIC_PRESETS, TASK_MODULES};
pub use workflows::{
    FAL_SPEECH, FAL_SPEECH_KEY, FalInput, FalModel, WorkflowName, fal_models_markdown,
};

/// Longest text field of a task (prompt, lyrics, text to speak), in characters.
pub const MAX_TASK_TEXT_CHARS: u32 = 2000;
/// Longest duration any task accepts, in seconds (music and songs up to five minutes).
pub const MAX_TASK_DURATION_S: u32 = 300;

/// What a module makes.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(rename = "TaskMedia"))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Media {
    Image,
    Video,
    Audio,
}

/// What the work is; decides what the built-in local provider can do for real.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(rename = "TaskWork"))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Work {
    /// Generate new media from text (and optionally a picture).
    Generate,
    /// Change a picture as the prompt says.
    Edit,
    /// Upscale and sharpen (image or video).
    Enhance,
    /// Cut the subject out onto a transparent background.
    RemoveBackground,
    /// Fill the masked area with what surrounds it.
    RemoveObject,
    /// Repaint the masked area as the prompt says.
    Redraw,
    /// Turn a video into another style (anime, the prompt's look).
    Restyle,
    /// Remove the masked area from every frame of a video (watermarks, text).
    Erase,
    /// Animate a portrait speaking an audio track.
    Avatar,
    /// Crop or resize a picture (no model).
    ImageTool,
    /// Dub a video's speech into another language (the voice's).
    Translate,
    /// Reduce the background noise of a recording.
    Denoise,
    /// Remove the vocals of a song, keeping the accompaniment.
    RemoveVocals,
}

/// The kind of one field of a task's `data`.
#[cfg_attr(
    feature = "tsify",
    derive(tsify::Tsify),
    tsify(rename = "TaskFieldKind")
)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum FieldKind {
    /// Free text: what to make (up to [`MAX_TASK_TEXT_CHARS`]).
    Prompt,
    /// A music prompt: at least 10 characters after trimming
    /// (docs/behaviour/tasks-and-queue.md#task-inputs).
    MusicPrompt,
    /// Song lyrics: at least 10 characters after trimming
    /// (docs/behaviour/tasks-and-queue.md#task-inputs).
    Lyrics,
    /// The words a talking avatar speaks.
    Speech,
    /// An uploaded image (an oss path from the upload call).
    Image,
    /// An uploaded video.
    Video,
    /// An uploaded audio file.
    Audio,
    /// An uploaded PNG painted over the image: white marks the area to change.
    Mask,
}

impl FieldKind {
    /// True for the kinds that name an uploaded file.
    pub fn is_file(self) -> bool {
        matches!(self, Self::Image | Self::Video | Self::Audio | Self::Mask)
    }

    /// The media kind an uploaded file of this field must be (`image`, `video`, `audio`).
    pub fn media(self) -> Option<&'static str> {
        match self {
            Self::Image | Self::Mask => Some("image"),
            Self::Video => Some("video"),
            Self::Audio => Some("audio"),
            _ => None,
        }
    }
}

/// Whether a field must be sent.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(rename = "TaskNeed"))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Need {
    Required,
    Optional,
    /// At least one of the module's `OneOf` fields must be sent.
    OneOf,
}

/// One field of a task's `data`.
#[cfg_attr(
    feature = "tsify",
    derive(tsify::Tsify),
    tsify(missing_as_null, rename = "TaskField")
)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Field {
    /// The name in `data` (`prompt`, `file_path`, `mask_path`, ...). `file_path` may also be sent
    /// as `oss_path`.
    pub name: &'static str,
    #[cfg_attr(feature = "tsify", tsify(type = "TaskFieldKind"))]
    pub kind: FieldKind,
    #[cfg_attr(feature = "tsify", tsify(type = "TaskNeed"))]
    pub need: Need,
}

/// The duration a module accepts, in whole seconds.
#[cfg_attr(
    feature = "tsify",
    derive(tsify::Tsify),
    tsify(missing_as_null, rename = "TaskDurationRule")
)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DurationRule {
    pub min: u32,
    pub max: u32,
    /// Used when the task sends none.
    pub default: u32,
    /// When not empty, the only values offered and accepted.
    pub choices: &'static [u32],
}

/// The ComfyUI workflow (see [`WorkflowName`]) a module runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Workflow {
    /// No model: the server does the work itself.
    None,
    One(WorkflowName),
    /// `image` when the task sends a picture, else `text`.
    TextOrImage {
        text: WorkflowName,
        image: WorkflowName,
    },
}

/// A named look a module's tasks pick from (the anime styles): the words it adds to the prompt.
#[cfg_attr(
    feature = "tsify",
    derive(tsify::Tsify),
    tsify(rename = "TaskPromptStyle")
)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PromptStyle {
    /// What `data.prompt_style` names (and the app's translation key of its name).
    pub id: &'static str,
    /// English name (the presets answer's title).
    pub name: &'static str,
    /// What the style puts before the task's prompt.
    pub words: &'static str,
}

/// The `data` field naming a module's [`PromptStyle`].
pub const PROMPT_STYLE_FIELD: &str = "prompt_style";

/// One task module. Rows are struct literals completing [`TaskModule::BASE`] (see `table.rs`).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TaskModule {
    /// The module code (case-sensitive: `txt2Music`).
    pub code: &'static str,
    /// English name, shown in the credit history ("Text to image").
    pub title: &'static str,
    /// What a task costs.
    pub credits: u32,
    #[cfg_attr(feature = "tsify", tsify(type = "TaskWork"))]
    pub work: Work,
    #[cfg_attr(feature = "tsify", tsify(type = "TaskMedia"))]
    pub output: Media,
    /// The fields of `data`, in the order a form shows them.
    #[cfg_attr(feature = "tsify", tsify(type = "TaskField[]"))]
    pub fields: &'static [Field],
    /// Whether `aspect_ratio` (docs/behaviour/tasks-and-queue.md#task-modules options) applies.
    pub aspect_ratio: bool,
    #[cfg_attr(feature = "tsify", tsify(type = "TaskDurationRule | null"))]
    pub duration: Option<DurationRule>,
    /// Whether a music `style` applies.
    pub style: bool,
    /// Whether a TTS `voice_id` applies.
    pub voice: bool,
    /// The route names (docs/behaviour/languages-and-routes.md#routes) whose screen creates tasks
    /// of this module; empty for modules reached only through the API, templates or another
    /// module's screen. The first is where an explore item of this module is remade.
    pub screens: &'static [&'static str],
    /// The module code a screen sends as the task's `module` (the task list's label of it), when
    /// it is not this module's own: the music page files `mai_tcm` tasks under `txt2Music`.
    #[cfg_attr(feature = "tsify", tsify(type = "string | null"))]
    pub list_module: Option<&'static str>,
    /// The module code whose prompt presets (the seed's `presets`, asked with `algorithm=`) this
    /// module's screen offers: the music styles, with covers.
    #[cfg_attr(feature = "tsify", tsify(type = "string | null"))]
    pub presets: Option<&'static str>,
    /// The looks a task of this module picks from (`data.prompt_style`, the first when it names
    /// none): the anime styles of `video2anime`. The chosen look's words always go to the engine,
    /// the task's own words after them ([`styled_prompt`]).
    #[cfg_attr(feature = "tsify", tsify(type = "TaskPromptStyle[]"))]
    pub prompt_styles: &'static [PromptStyle],
    #[serde(skip)]
    pub workflow: Workflow,
}

impl TaskModule {
    /// The defaults a row completes: no ratio, duration, style, voice, screen, list module,
    /// presets or prompt style, no workflow (the code, title and price must be given).
    pub const BASE: TaskModule = TaskModule {
        code: "",
        title: "",
        credits: 0,
        work: Work::Generate,
        output: Media::Image,
        fields: &[],
        aspect_ratio: false,
        duration: None,
        style: false,
        voice: false,
        screens: &[],
        list_module: None,
        presets: None,
        prompt_styles: &[],
        workflow: Workflow::None,
    };

    /// The ComfyUI workflow for a task of this module (`has_image`: the task sent a picture).
    pub fn workflow_for(&self, has_image: bool) -> Option<WorkflowName> {
        match self.workflow {
            Workflow::None => None,
            Workflow::One(w) => Some(w),
            Workflow::TextOrImage { text, image } => Some(if has_image { image } else { text }),
        }
    }

    /// Every workflow this module may run.
    pub fn workflows(&self) -> Vec<WorkflowName> {
        match self.workflow {
            Workflow::None => Vec::new(),
            Workflow::One(w) => vec![w],
            Workflow::TextOrImage { text, image } => vec![text, image],
        }
    }

    /// The field of `data` named `name`.
    pub fn field(&self, name: &str) -> Option<&'static Field> {
        self.fields.iter().find(|f| f.name == name)
    }

    /// The module code the task list files this module's tasks under.
    pub fn list_module(&self) -> &'static str {
        self.list_module.unwrap_or(self.code)
    }
}

/// The prompt a task of `module` sends to any engine, for a module with prompt styles (`None`
/// otherwise: the task's own prompt goes as it is): the chosen style's words (`style_id`, the
/// first style when empty or unknown), then the task's words when it has some. One rule for every
/// engine, so an empty prompt still carries the look.
pub fn styled_prompt(module: &TaskModule, style_id: &str, prompt: &str) -> Option<String> {
    let id = style_id.trim();
    let style = module
        .prompt_styles
        .iter()
        .find(|s| s.id == id)
        .or_else(|| module.prompt_styles.first())?;
    let prompt = prompt.trim();
    Some(if prompt.is_empty() {
        style.words.to_owned()
    } else {
        format!("{}, {prompt}", style.words)
    })
}

/// The module of a code (exact: codes are case-sensitive).
pub fn task_module(code: &str) -> Option<&'static TaskModule> {
    TASK_MODULES.iter().find(|m| m.code == code)
}

#[cfg(test)]
#[allow(clippy::panic)]
mod tests {
    use super::*;
    use crate::routes::RouteName;

    #[test]
    fn a_styled_module_always_carries_its_style_and_adds_the_words() {
        let anime = task_module("video2anime").unwrap();
        let first = anime.prompt_styles.first().unwrap();
        assert_eq!(styled_prompt(anime, "", "  ").unwrap(), first.words);
        let retro = anime
            .prompt_styles
            .iter()
            .find(|s| s.id == "retro")
            .unwrap();
        assert_eq!(
            styled_prompt(anime, "retro", " a cat ").unwrap(),
            format!("{}, a cat", retro.words)
        );
        assert_eq!(
            styled_prompt(anime, "nope", "x").unwrap(),
            format!("{}, x", first.words)
        );
        assert_eq!(
            styled_prompt(task_module("video2video").unwrap(), "", "x"),
            None
        );
        let mut ids: Vec<_> = anime.prompt_styles.iter().map(|s| s.id).collect();
        ids.dedup();
        assert!(ids.len() >= 3);
    }

    #[test]
    fn every_spec_code_has_one_row() {
        // docs/behaviour/tasks-and-queue.md#task-modules "Task module codes".
        let spec = "combo_alg, effect, image2video, text2video, text2image, image2image, video2video, \
            video2anime, txt2Music, txt2Song, wallpaper, mai_imagesharpen, mai_vqe, tool_vqe, tool_erv, \
            mai_fs, photomaker_imagefix, tool_itr, inpaint_clothes, tool_vrw, tool_trw, talking_face, \
            talking_face_tts, tool_gb, tool_sf, tool_icf, tool_mf";
        for code in spec.split(',').map(str::trim) {
            assert_eq!(
                TASK_MODULES.iter().filter(|m| m.code == code).count(),
                1,
                "{code}"
            );
        }
        for m in TASK_MODULES {
            assert!(m.credits > 0, "{} has no price", m.code);
            assert!(!m.title.is_empty(), "{} has no title", m.code);
            for other in [m.list_module, m.presets].into_iter().flatten() {
                assert!(
                    task_module(other).is_some(),
                    "{}: no module {other}",
                    m.code
                );
            }
            assert!(!m.fields.is_empty(), "{} takes nothing", m.code);
            for s in m.screens {
                assert!(
                    RouteName::from_name(s).is_some(),
                    "{}: no route {s}",
                    m.code
                );
            }
            let mut names: Vec<&str> = m.fields.iter().map(|f| f.name).collect();
            names.sort_unstable();
            names.dedup();
            assert_eq!(names.len(), m.fields.len(), "{}: a field twice", m.code);
        }
    }

    #[test]
    fn combo_picks_its_workflow_by_input() {
        let combo = task_module("combo_alg");
        assert_eq!(
            combo.and_then(|m| m.workflow_for(true)),
            Some(WorkflowName::ImageToVideo)
        );
        assert_eq!(
            combo.and_then(|m| m.workflow_for(false)),
            Some(WorkflowName::TextToVideo)
        );
        assert_eq!(
            task_module("tool_sf").and_then(|m| m.workflow_for(true)),
            None
        );
        assert!(task_module("txt2music").is_none());
    }
}
