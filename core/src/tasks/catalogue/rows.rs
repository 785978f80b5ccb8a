//! The field lists, lengths and workflows the catalogue's rows share.

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

/// Video lengths: what Wan 2.2 TI2V-5B makes (`crate::tasks::lengths`: 121 frames, 5 s at 24 fps,
/// 10 s at 12 fps; docs/behaviour/tasks-and-queue.md#lengths).
pub(super) const VIDEO_DURATION: DurationRule = DurationRule {
    min: 5,
    max: crate::tasks::lengths::WAN_LONGEST_S,
    default: 5,
    choices: &[5, 10],
};
/// Music and songs: default 30 s (docs/behaviour/tasks-and-queue.md#task-inputs "Music settings").
pub(super) const MUSIC_DURATION: DurationRule = DurationRule {
    min: 1,
    max: MAX_TASK_DURATION_S,
    default: crate::ui::MUSIC_DEFAULT_DURATION_S,
    choices: &[],
};

pub(super) const T2I: Workflow = Workflow::One(WorkflowName::TextToImage);
pub(super) const T2V: Workflow = Workflow::One(WorkflowName::TextToVideo);
pub(super) const I2V: Workflow = Workflow::One(WorkflowName::ImageToVideo);
pub(super) const RESTYLE: Workflow = Workflow::One(WorkflowName::VideoRestyle);
pub(super) const VUP: Workflow = Workflow::One(WorkflowName::VideoUpscale);
pub(super) const ERASE: Workflow = Workflow::One(WorkflowName::VideoErase);
pub(super) const IUP: Workflow = Workflow::One(WorkflowName::ImageUpscale);
pub(super) const BG: Workflow = Workflow::One(WorkflowName::RemoveBackground);
pub(super) const AVATAR: Workflow = Workflow::One(WorkflowName::TalkingAvatar);
pub(super) const MUSIC_WF: Workflow = Workflow::One(WorkflowName::Music);
pub(super) const SONG_WF: Workflow = Workflow::One(WorkflowName::Song);
