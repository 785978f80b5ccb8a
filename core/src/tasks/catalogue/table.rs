//! The catalogue's rows: every task module the site offers (their table: `docs/task-modules.md`).
//! Each row is a struct literal: what it leaves out is [`TaskModule::BASE`]'s default.

use super::rows::*;
use super::*;
use Media::{Audio, Image, Video};

/// The module code whose prompt presets are the music styles (the seed's `presets` key): the
/// music page's two modules and the API's music codes all offer them.
pub const MUSIC_PRESETS: &str = "txt2Music";

/// The anime looks `video2anime` offers (the first is the default): each one's words go before the
/// task's prompt.
pub const ANIME_STYLES: &[PromptStyle] = &[
    PromptStyle {
        id: "classic",
        name: "Classic anime",
        words: "anime style, cel shading, vibrant colors",
    },
    PromptStyle {
        id: "watercolor",
        name: "Soft watercolor",
        words: "hand-drawn anime, soft watercolor backgrounds, pastel colors, gentle light",
    },
    PromptStyle {
        id: "retro",
        name: "90s retro",
        words: "1990s retro anime, film grain, muted colors, hand-painted cels",
    },
    PromptStyle {
        id: "cyberpunk",
        name: "Neon cyberpunk",
        words: "cyberpunk anime, neon lights, high contrast, sharp linework",
    },
    PromptStyle {
        id: "chibi",
        name: "Chibi",
        words: "chibi anime style, cute proportions, bright flat colors, thick outlines",
    },
];

/// The page of the minute-metered tools.
const AUDIO_TOOLS: &[&str] = &["AiToolsAudioTools"];

/// Every task module the site offers, in the order of
/// docs/behaviour/tasks-and-queue.md#task-modules code list where it applies.
pub const TASK_MODULES: &[TaskModule] = &[
    TaskModule {
        code: "text2image",
        title: "Text to image",
        credits: 2,
        work: Work::Generate,
        output: Image,
        fields: TEXT_ONLY,
        workflow: T2I,
        aspect_ratio: true,
        screens: &["TextToImage"],
        ..TaskModule::BASE
    },
    TaskModule {
        code: "wallpaper",
        title: "Wallpaper",
        credits: 2,
        work: Work::Generate,
        output: Image,
        fields: TEXT_ONLY,
        workflow: T2I,
        aspect_ratio: true,
        ..TaskModule::BASE
    },
    TaskModule {
        code: "image2image",
        title: "Image to image",
        credits: 2,
        work: Work::Edit,
        output: Image,
        fields: IMAGE_PROMPT,
        workflow: Workflow::One(WorkflowName::ImageEdit),
        screens: &["ImageToImage"],
        ..TaskModule::BASE
    },
    TaskModule {
        code: "photomaker_imagefix",
        title: "Object remover",
        credits: 2,
        work: Work::RemoveObject,
        output: Image,
        fields: IMAGE_MASK,
        workflow: Workflow::One(WorkflowName::ObjectRemove),
        screens: &["AiToolsObjectRemover"],
        ..TaskModule::BASE
    },
    TaskModule {
        code: "inpaint_clothes",
        title: "Partial redraw",
        credits: 3,
        work: Work::Redraw,
        output: Image,
        fields: IMAGE_MASK_PROMPT,
        workflow: Workflow::One(WorkflowName::Inpaint),
        screens: &["AiToolsPartialRedrawing"],
        ..TaskModule::BASE
    },
    TaskModule {
        code: "mai_fs",
        title: "Background remover",
        credits: 2,
        work: Work::RemoveBackground,
        output: Image,
        fields: IMAGE_ONLY,
        workflow: BG,
        screens: &["AiToolsBgRemover"],
        ..TaskModule::BASE
    },
    TaskModule {
        code: "mai_imagesharpen",
        title: "Image enhancer",
        credits: 1,
        work: Work::Enhance,
        output: Image,
        fields: IMAGE_ONLY,
        workflow: IUP,
        screens: &["AiToolsImageEnhancer"],
        ..TaskModule::BASE
    },
    TaskModule {
        code: "tool_itr",
        title: "Image enhancer",
        credits: 1,
        work: Work::Enhance,
        output: Image,
        fields: IMAGE_ONLY,
        workflow: IUP,
        ..TaskModule::BASE
    },
    TaskModule {
        code: "tool_gb",
        title: "Background remover",
        credits: 1,
        work: Work::RemoveBackground,
        output: Image,
        fields: IMAGE_ONLY,
        workflow: BG,
        ..TaskModule::BASE
    },
    TaskModule {
        code: "tool_sf",
        title: "Image tool",
        credits: 1,
        work: Work::ImageTool,
        output: Image,
        fields: IMAGE_ONLY,
        workflow: Workflow::None,
        ..TaskModule::BASE
    },
    TaskModule {
        code: "tool_icf",
        title: "Image tool",
        credits: 1,
        work: Work::ImageTool,
        output: Image,
        fields: IMAGE_ONLY,
        workflow: Workflow::None,
        ..TaskModule::BASE
    },
    TaskModule {
        code: "tool_mf",
        title: "Image tool",
        credits: 1,
        work: Work::ImageTool,
        output: Image,
        fields: IMAGE_ONLY,
        workflow: Workflow::None,
        ..TaskModule::BASE
    },
    TaskModule {
        code: "text2video",
        title: "Text to video",
        credits: 10,
        work: Work::Generate,
        output: Video,
        fields: TEXT_ONLY,
        workflow: T2V,
        aspect_ratio: true,
        duration: Some(VIDEO_DURATION),
        screens: &["TextToVideo"],
        ..TaskModule::BASE
    },
    TaskModule {
        code: "image2video",
        title: "Image to video",
        credits: 10,
        work: Work::Generate,
        output: Video,
        fields: IMAGE_PROMPT,
        workflow: I2V,
        duration: Some(VIDEO_DURATION),
        screens: &["ImageToVideo"],
        ..TaskModule::BASE
    },
    TaskModule {
        code: "effect",
        title: "Effect",
        credits: 10,
        work: Work::Generate,
        output: Video,
        fields: IMAGE_PROMPT,
        workflow: I2V,
        duration: Some(VIDEO_DURATION),
        screens: &["EffectCreate"],
        ..TaskModule::BASE
    },
    TaskModule {
        code: "talking_face",
        title: "Talking avatar",
        credits: 10,
        work: Work::Avatar,
        output: Video,
        fields: IMAGE_AUDIO,
        workflow: AVATAR,
        screens: &["LipSync"],
        ..TaskModule::BASE
    },
    TaskModule {
        code: "talking_face_tts",
        title: "Talking avatar",
        credits: 12,
        work: Work::Avatar,
        output: Video,
        fields: IMAGE_SPEECH,
        workflow: AVATAR,
        voice: true,
        screens: &["LipSync"],
        ..TaskModule::BASE
    },
    TaskModule {
        code: "combo_alg",
        title: "Workflow",
        credits: 10,
        work: Work::Generate,
        output: Video,
        fields: PROMPT_OR_IMAGE,
        workflow: Workflow::TextOrImage {
            text: WorkflowName::TextToVideo,
            image: WorkflowName::ImageToVideo,
        },
        aspect_ratio: true,
        duration: Some(VIDEO_DURATION),
        ..TaskModule::BASE
    },
    TaskModule {
        code: "video2video",
        title: "Video to video",
        credits: 15,
        work: Work::Restyle,
        output: Video,
        fields: VIDEO_PROMPT,
        workflow: RESTYLE,
        ..TaskModule::BASE
    },
    TaskModule {
        code: "video2anime",
        title: "Video to anime",
        credits: 15,
        work: Work::Restyle,
        output: Video,
        fields: VIDEO_PROMPT,
        workflow: RESTYLE,
        screens: &["VideoToAnime", "VideoToVideo"],
        presets: Some("video2anime"),
        prompt_styles: ANIME_STYLES,
        ..TaskModule::BASE
    },
    TaskModule {
        code: "mai_vqe",
        title: "Video enhancer",
        credits: 5,
        work: Work::Enhance,
        output: Video,
        fields: VIDEO_ONLY,
        workflow: VUP,
        screens: &["AiToolsVideoEnhancer"],
        ..TaskModule::BASE
    },
    TaskModule {
        code: "tool_vqe",
        title: "Video enhancer",
        credits: 5,
        work: Work::Enhance,
        output: Video,
        fields: VIDEO_ONLY,
        workflow: VUP,
        ..TaskModule::BASE
    },
    TaskModule {
        code: "tool_erv",
        title: "Video eraser",
        credits: 5,
        work: Work::Erase,
        output: Video,
        fields: VIDEO_MASK,
        workflow: ERASE,
        ..TaskModule::BASE
    },
    TaskModule {
        code: "tool_vrw",
        title: "Watermark remover",
        credits: 5,
        work: Work::Erase,
        output: Video,
        fields: VIDEO_MASK,
        workflow: ERASE,
        screens: &["AiToolsVideoEraser"],
        ..TaskModule::BASE
    },
    TaskModule {
        code: "tool_trw",
        title: "Text remover",
        credits: 5,
        work: Work::Erase,
        output: Video,
        fields: VIDEO_MASK,
        workflow: ERASE,
        screens: &["AiToolsVideoEraser"],
        ..TaskModule::BASE
    },
    TaskModule {
        code: "txt2Music",
        title: "Text to music",
        credits: 5,
        work: Work::Generate,
        output: Audio,
        fields: MUSIC,
        workflow: MUSIC_WF,
        duration: Some(MUSIC_DURATION),
        style: true,
        presets: Some(MUSIC_PRESETS),
        ..TaskModule::BASE
    },
    TaskModule {
        code: "mai_tcm",
        title: "Text to music",
        credits: 5,
        work: Work::Generate,
        output: Audio,
        fields: MUSIC,
        workflow: MUSIC_WF,
        duration: Some(MUSIC_DURATION),
        style: true,
        screens: &["TextToMusic"],
        list_module: Some("txt2Music"),
        presets: Some(MUSIC_PRESETS),
        ..TaskModule::BASE
    },
    TaskModule {
        code: "txt2Song",
        title: "Text to song",
        credits: 8,
        work: Work::Generate,
        output: Audio,
        fields: SONG,
        workflow: SONG_WF,
        duration: Some(MUSIC_DURATION),
        style: true,
        presets: Some(MUSIC_PRESETS),
        ..TaskModule::BASE
    },
    TaskModule {
        code: "mai_text2song_minimax",
        title: "Text to song",
        credits: 8,
        work: Work::Generate,
        output: Audio,
        fields: SONG,
        workflow: SONG_WF,
        duration: Some(MUSIC_DURATION),
        style: true,
        screens: &["TextToMusic"],
        list_module: Some("txt2Song"),
        presets: Some(MUSIC_PRESETS),
        ..TaskModule::BASE
    },
    TaskModule {
        code: "video_translate",
        title: "Video translator",
        credits: 5,
        work: Work::Translate,
        output: Video,
        fields: VIDEO_ONLY,
        workflow: Workflow::None,
        voice: true,
        screens: AUDIO_TOOLS,
        ..TaskModule::BASE
    },
    TaskModule {
        code: "audio_denoise",
        title: "Noise reducer",
        credits: 1,
        work: Work::Denoise,
        output: Audio,
        fields: AUDIO_ONLY,
        workflow: Workflow::None,
        screens: AUDIO_TOOLS,
        ..TaskModule::BASE
    },
    TaskModule {
        code: "vocal_remover",
        title: "Vocal remover",
        credits: 1,
        work: Work::RemoveVocals,
        output: Audio,
        fields: AUDIO_ONLY,
        workflow: Workflow::None,
        screens: AUDIO_TOOLS,
        ..TaskModule::BASE
    },
];
