//! A task's values for its workflow's placeholders (see `server/workflows/README.md`), and the
//! upload of its files to the server that runs it.
//!
//! - `prompt`, `negative_prompt`, `lyrics`: the task's texts (a talking avatar's text is spoken,
//!   not a prompt: its workflow keeps its own prompt); an empty text is left out, so the
//!   workflow's default words (`index.json`) stay;
//! - `width`, `height`: the `aspect_ratio` size (core's `aspect_ratio_size`, multiples of 16)
//!   for images; for video the same shape with the long side of the workflow's default size
//!   (core's `tasks::sizes::video_size`, multiples of 32); a video from a picture without a
//!   ratio takes the picture's shape; a video remade at its own rate (restyle, erase) its
//!   input's shape at Wan VACE's pixels (core's `tasks::sizes::vace_size`); otherwise the
//!   workflow's defaults;
//! - `frames`, `fps`: core's `tasks::lengths::wan_clip` for the length (Wan 2.2: 121 frames at
//!   24 fps for 5 s, at 12 fps for 10 s); `duration`: the seconds of music and songs;
//! - `seed`: `data.seed`, else one drawn from the task id (the same task, the same result);
//! - `tags`: the music style and prompt, comma separated (ACE-Step);
//! - `image`, `video`, `mask`, `audio`: the names `POST /upload/image` gave the task's files
//!   (`file_path` by its media, `mask_path`, `audio_path` or the made speech).

use super::client::Client;
use super::run::RunError;
use super::video_parts;
use crate::tasks::local::preview::seed_of;
use crate::tasks::provider::Job;
use crate::workflows::{Origin, Vars, Workflow};
use aivg_core::tasks::WorkflowName;
use aivg_core::tasks::video_inputs::VACE_MAX_FRAMES;
use aivg_core::tasks::{FieldKind, Media, PROMPT_STYLE_FIELD};
use bytes::Bytes;
use serde_json::Value;

fn non_empty(s: &str) -> Option<String> {
    let t = s.trim();
    (!t.is_empty()).then(|| t.to_owned())
}

/// A video's size from its input picture: the same shape, the long side `long`, in core's
/// multiples (`aivg_core::tasks::sizes::video_size`).
pub fn size_of_picture(w: u32, h: u32, long: u32) -> (u32, u32) {
    let s = aivg_core::tasks::sizes::video_size(w, h, long);
    (s.width, s.height)
}

/// The size of a task: the ratio's size; for video scaled to `long_side`.
pub fn size_for(ratio: &str, video_long_side: Option<u32>) -> Option<(u32, u32)> {
    let s = aivg_core::crop::aspect_ratio_size(ratio.trim()).ok()?;
    match video_long_side {
        None => Some((s.width, s.height)),
        Some(long) => Some(size_of_picture(s.width, s.height, long)),
    }
}

fn default_u32(wf: &Workflow, key: &str) -> Option<u32> {
    wf.info
        .as_ref()
        .and_then(|i| i.defaults.get(key))
        .and_then(Value::as_u64)
        .and_then(|n| u32::try_from(n).ok())
}

/// The long side of a video workflow's default size.
fn video_long_side(wf: &Workflow) -> u32 {
    default_u32(wf, "width")
        .max(default_u32(wf, "height"))
        .unwrap_or(1280)
}

/// Whether `wf` runs Wan 2.1 VACE (restyle, erase): it makes at most core's
/// [`VACE_MAX_FRAMES`] of the input's frames.
fn is_vace(wf: &Workflow) -> bool {
    [WorkflowName::VideoRestyle, WorkflowName::VideoErase]
        .iter()
        .any(|w| w.name() == wf.name)
}

/// The placeholder values of a task, without its files.
pub fn text_vars(job: &Job, wf: &Workflow) -> Vars {
    let m = job.module;
    let speaks = m
        .field("prompt")
        .is_some_and(|f| f.kind == FieldKind::Speech);
    // A module with looks (the anime styles) always sends the chosen look's words, as fal does;
    // an empty text leaves `{{prompt}}` to the workflow's own default words.
    let prompt = if speaks {
        None
    } else {
        aivg_core::tasks::styled_prompt(m, job.text(PROMPT_STYLE_FIELD), job.prompt())
            .or_else(|| non_empty(job.prompt()))
    };
    let long_side = (m.output == Media::Video).then(|| video_long_side(wf));
    let size = if m.aspect_ratio {
        size_for(job.text("aspect_ratio"), long_side)
    } else {
        None
    };
    let seconds = job.duration();
    let fps = wf.info.as_ref().and_then(|i| i.fps);
    // Wan's frames and rate for the length (core's `tasks::lengths::wan_clip`: at most 121);
    // an operator's workflow: `duration × fps + 1` at the rate its sidecar states.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let clip = match (m.output, seconds, fps, &wf.origin) {
        (Media::Video, Some(s), Some(_), Origin::Shipped) => {
            Some(aivg_core::tasks::lengths::wan_clip(s))
        }
        (Media::Video, Some(s), Some(fps), Origin::Override(_)) => {
            let fps = fps.round().max(1.0) as u32;
            Some((s * fps + 1, fps))
        }
        _ => None,
    };
    let tags = m.style.then(|| {
        [job.text("style"), if speaks { "" } else { job.prompt() }]
            .iter()
            .filter_map(|s| non_empty(s))
            .collect::<Vec<_>>()
            .join(", ")
    });
    let seed = job
        .data
        .get("seed")
        .and_then(|v| {
            v.as_u64()
                .or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))
        })
        .unwrap_or_else(|| seed_of(&job.task_id) % (1 << 32));
    Vars {
        prompt,
        negative_prompt: non_empty(job.text("negative_prompt")),
        width: size.map(|s| s.0),
        height: size.map(|s| s.1),
        seed: Some(seed),
        frames: clip.map(|c| c.0),
        fps: clip.map(|c| c.1),
        duration: (m.output == Media::Audio)
            .then_some(seconds)
            .flatten()
            .map(f64::from),
        lyrics: non_empty(job.text("lyrics")),
        tags: tags.filter(|t| !t.is_empty()),
        task_id: Some(job.task_id.clone()),
        ..Vars::default()
    }
}

async fn upload(client: &Client, name: &str, bytes: Bytes) -> Result<String, RunError> {
    client.upload(name, bytes).await.map_err(RunError::from)
}

/// Uploads the task's files (and `speech`) and fills the workflow.
/// `part`: the video enhancer's part `(index, bytes)` this prompt makes, sent instead of the
/// whole input video (`video_parts`).
pub async fn prepare(
    client: &Client,
    job: &Job,
    wf: &Workflow,
    speech: Option<&Bytes>,
    part: Option<(usize, &Bytes)>,
) -> Result<Value, RunError> {
    let mut vars = text_vars(job, wf);
    let vace = is_vace(wf);
    if vace && wf.origin == Origin::Shipped {
        vars.frames = Some(VACE_MAX_FRAMES);
    }
    for (field, obj) in &job.inputs {
        let kind = crate::uploads::paths::media_kind(&obj.content_type);
        let mut name = format!("aivg_{}_{field}.{}", job.task_id, obj.ext());
        let bytes = match part {
            Some((k, bytes)) if *field == "file_path" && kind == "video" => {
                name = format!("aivg_{}_{field}_part{k:05}.mp4", job.task_id);
                bytes.clone()
            }
            _ => job.files.get(&obj.oss_path).await.map_err(|e| {
                RunError::Failed(format!(
                    "data.{field}: the input file could not be read ({e})"
                ))
            })?,
        };
        let mut bytes = bytes;
        // A video made from a picture keeps the picture's shape (without a ratio asked for).
        if *field == "file_path"
            && kind == "image"
            && job.module.output == Media::Video
            && vars.width.is_none()
            && let Some((w, h)) = crate::uploads::mediainfo::image_dimensions(&bytes)
        {
            let (w, h) = size_of_picture(w, h, video_long_side(wf));
            vars.width = Some(w);
            vars.height = Some(h);
        }
        // A video remade at its own frame rate (restyle, erase) keeps its shape: core's
        // `vace_size` of the size ffprobe reads (without ffprobe, the workflow's default size).
        if kind == "video" && part.is_none() && wf.info.as_ref().is_some_and(|i| i.fps.is_none()) {
            match crate::uploads::mediainfo::ffprobe(&job.files, &obj.oss_path).await {
                Ok(p) if p.width > 0 && p.height > 0 => {
                    let s = aivg_core::tasks::sizes::vace_size(p.width, p.height);
                    vars.width = Some(s.width);
                    vars.height = Some(s.height);
                    // Only the frames Wan VACE makes are sent: `LoadVideo` decodes all it gets.
                    if vace && p.frames > VACE_MAX_FRAMES {
                        bytes = video_parts::first_frames(job, obj, VACE_MAX_FRAMES)
                            .await
                            .map_err(|e| RunError::Failed(e.to_string()))?;
                        name = format!("aivg_{}_{field}_first.mp4", job.task_id);
                    }
                }
                Ok(_) => {}
                Err(e) => tracing::warn!("task {}: {e}; the workflow's size", job.task_id),
            }
        }
        let uploaded = upload(client, &name, bytes).await?;
        match (*field, kind) {
            ("mask_path", _) => vars.mask = Some(uploaded),
            ("audio_path", _) => vars.audio = Some(uploaded),
            (_, "video") => vars.video = Some(uploaded),
            _ => vars.image = Some(uploaded),
        }
    }
    if let Some(wav) = speech {
        let name = format!("aivg_{}_speech.wav", job.task_id);
        vars.audio = Some(upload(client, &name, wav.clone()).await?);
    }
    wf.fill(&vars).map_err(|e| {
        RunError::Failed(format!(
            "the workflow {} cannot run this task: {e}",
            wf.name
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_keep_the_ratio() {
        assert_eq!(size_for("3:4", None), Some((768, 1024)));
        let (w, h) = size_for("16:9", Some(1280)).unwrap();
        assert_eq!((w, h), (1280, 704));
        assert_eq!(w % 32, 0);
        assert_eq!(size_for("9:16", Some(1280)).unwrap().1, 1280);
        assert_eq!(size_for("nope", None), None);
        assert_eq!(size_of_picture(600, 800, 1280), (960, 1280));
    }
}
