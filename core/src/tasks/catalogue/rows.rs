//! The builders of the catalogue's rows and the field lists, lengths and workflows rows share.

use super::*;
use FieldKind as K;
use Need::{OneOf, Optional, Required};

pub(super) const fn f(name: &'static str, kind: FieldKind, need: Need) -> Field {
    Field { name, kind, need }
}

pub(super) const PROMPT: Field = f("prompt", K::Prompt, Required);
pub(super) const PROMPT_OPT: Field = f("prompt", K::Prompt, Optional);
pub(super) const IMAGE: Field = f("file_path", K::Image, Required);
pub(super) const VIDEO: Field = f("file_path", K::Video, Required);
pub(super) const MASK: Field = f("mask_path", K::Mask, Required);

pub(super) const TEXT_ONLY: &[Field] = &[PROMPT];
pub(super) const IMAGE_ONLY: &[Field] = &[IMAGE];
pub(super) const IMAGE_PROMPT: &[Field] = &[IMAGE, PROMPT_OPT];
pub(super) const IMAGE_MASK: &[Field] = &[IMAGE, MASK];
pub(super) const IMAGE_MASK_PROMPT: &[Field] = &[IMAGE, MASK, PROMPT_OPT];
pub(super) const VIDEO_ONLY: &[Field] = &[VIDEO];
pub(super) const VIDEO_PROMPT: &[Field] = &[VIDEO, PROMPT_OPT];
pub(super) const VIDEO_MASK: &[Field] = &[VIDEO, MASK];
pub(super) const PROMPT_OR_IMAGE: &[Field] = &[
    f("prompt", K::Prompt, OneOf),
    f("file_path", K::Image, OneOf),
];
pub(super) const IMAGE_AUDIO: &[Field] = &[IMAGE, f("audio_path", K::Audio, Required)];
pub(super) const IMAGE_SPEECH: &[Field] = &[IMAGE, f("prompt", K::Speech, Required)];
pub(super) const AUDIO_ONLY: &[Field] = &[f("file_path", K::Audio, Required)];
pub(super) const MUSIC: &[Field] = &[f("prompt", K::MusicPrompt, Required)];
pub(super) const SONG: &[Field] = &[f("lyrics", K::Lyrics, Required), PROMPT_OPT];

/// Video lengths (Wan 2.2 TI2V-5B: 24 fps, 121 frames per 5 s).
pub(super) const VIDEO_DURATION: DurationRule = DurationRule {
    min: 5,
    max: 10,
    default: 5,
    choices: &[5, 10],
};
/// Music and songs: default 30 s (spec 02 §3 "Music settings").
pub(super) const MUSIC_DURATION: DurationRule = DurationRule {
    min: 1,
    max: MAX_TASK_DURATION_S,
    default: crate::ui::MUSIC_DEFAULT_DURATION_S,
    choices: &[],
};

pub(super) const T2I: Workflow = Workflow::One("text_to_image");
pub(super) const T2V: Workflow = Workflow::One("text_to_video");
pub(super) const I2V: Workflow = Workflow::One("image_to_video");
pub(super) const RESTYLE: Workflow = Workflow::One("video_restyle");
pub(super) const VUP: Workflow = Workflow::One("video_upscale");
pub(super) const ERASE: Workflow = Workflow::One("video_erase");
pub(super) const IUP: Workflow = Workflow::One("image_upscale");
pub(super) const BG: Workflow = Workflow::One("remove_background");
pub(super) const AVATAR: Workflow = Workflow::One("talking_avatar");

/// A row with the common defaults (no ratio, duration, style, voice or screen).
pub(super) const fn row(
    code: &'static str,
    title: &'static str,
    credits: u32,
    work: Work,
    output: Media,
    fields: &'static [Field],
    workflow: Workflow,
) -> TaskModule {
    TaskModule {
        code,
        title,
        credits,
        work,
        output,
        fields,
        aspect_ratio: false,
        duration: None,
        style: false,
        voice: false,
        screens: &[],
        workflow,
    }
}

pub(super) const fn on(mut m: TaskModule, screens: &'static [&'static str]) -> TaskModule {
    m.screens = screens;
    m
}

pub(super) const fn ratio(mut m: TaskModule) -> TaskModule {
    m.aspect_ratio = true;
    m
}

pub(super) const fn video_len(mut m: TaskModule) -> TaskModule {
    m.duration = Some(VIDEO_DURATION);
    m
}

pub(super) const fn music(mut m: TaskModule) -> TaskModule {
    m.duration = Some(MUSIC_DURATION);
    m.style = true;
    m
}

pub(super) const fn voiced(mut m: TaskModule) -> TaskModule {
    m.voice = true;
    m
}
