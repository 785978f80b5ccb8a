//! A task's data as a fal model's input (core's `FalInput`, the shapes of the models).
//!
//! Uploaded files go as our signed download URLs (`/oss/file/…?expires=…&sig=…`, valid 24 h) on
//! `AIVG_PUBLIC_URL`: fal fetches them itself, so that address must be reachable from the
//! internet. Texts go as sent; the aspect ratio as its pixel size (images) or its label (video);
//! a video's length as Wan's frames and frame rate; music as ACE-Step's tags, lyrics and
//! duration. Optional values the task did not send are left to the model's defaults.

use crate::clock;
use crate::tasks::provider::Job;
use aivg_core::tasks::{FalInput, MAX_TASK_DURATION_S};
use serde_json::{Map, Value, json};

/// The prompt of the object remover (the mask is filled with what surrounds it).
pub const REMOVE_PROMPT: &str =
    "the empty background, continuing the surroundings seamlessly, nothing in the masked area";
/// The prompt of the video eraser.
pub const ERASE_PROMPT: &str =
    "the clean background of the scene, without any text, logo or watermark";
/// The prompt of a talking avatar (the audio drives it).
pub const AVATAR_PROMPT: &str = "A person talking to the camera, natural expressions.";
/// ACE-Step's lyrics of an instrumental.
pub const INSTRUMENTAL: &str = "[inst]";
/// Frames and frame rate of a clip of `seconds`: core's rule for what Wan 2.2 TI2V-5B makes
/// (`aivg_core::tasks::lengths::wan_clip`: 121 frames at most, 10 s at 12 fps).
pub fn wan_frames(seconds: u32) -> (u32, u32) {
    aivg_core::tasks::lengths::wan_clip(seconds)
}

/// The `tags` default of the shipped song workflow (`server/workflows/index.json`).
fn song_default_tags() -> String {
    crate::workflows::index()
        .ok()
        .and_then(|i| i.workflows.get("song"))
        .and_then(|w| w.defaults.get("tags"))
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned()
}

fn trimmed(s: &str) -> Option<&str> {
    let t = s.trim();
    (!t.is_empty()).then_some(t)
}

/// The signed URL of an uploaded input of the task.
pub fn input_url(job: &Job, field: &str) -> Result<String, String> {
    let obj = job
        .input(field)
        .ok_or_else(|| format!("data.{field}: the task has no such file"))?;
    Ok(job
        .files
        .download_url(&obj.oss_path, false, clock::now_s())
        .0)
}

fn put(map: &mut Map<String, Value>, key: &str, v: Value) {
    map.insert(key.to_owned(), v);
}

fn prompt_or(job: &Job, fallback: &str) -> String {
    trimmed(job.prompt()).unwrap_or(fallback).to_owned()
}

/// The request input of `job` for a model of `shape`; `audio_url`: the speech made first for a
/// talking avatar with text.
pub fn build(job: &Job, shape: FalInput, audio_url: Option<&str>) -> Result<Value, String> {
    let mut m = Map::new();
    let ratio = job.text("aspect_ratio").trim();
    let seed = job.data.get("seed").and_then(|v| {
        v.as_u64()
            .or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))
    });
    match shape {
        FalInput::TextToImage => {
            put(&mut m, "prompt", json!(job.prompt().trim()));
            let size =
                aivg_core::crop::aspect_ratio_size(if ratio.is_empty() { "1:1" } else { ratio })
                    .map_err(|e| e.to_string())?;
            put(
                &mut m,
                "image_size",
                json!({"width": size.width, "height": size.height}),
            );
            put(&mut m, "num_images", json!(1));
        }
        FalInput::EditImage => {
            put(
                &mut m,
                "prompt",
                json!(prompt_or(job, "Improve this picture")),
            );
            put(&mut m, "image_url", json!(input_url(job, "file_path")?));
        }
        FalInput::Fill { remove } => {
            let prompt = if remove {
                REMOVE_PROMPT.to_owned()
            } else {
                prompt_or(job, REMOVE_PROMPT)
            };
            put(&mut m, "prompt", json!(prompt));
            put(&mut m, "image_url", json!(input_url(job, "file_path")?));
            put(&mut m, "mask_url", json!(input_url(job, "mask_path")?));
        }
        FalInput::RemoveBackground => {
            put(&mut m, "image_url", json!(input_url(job, "file_path")?));
        }
        FalInput::UpscaleImage => {
            put(&mut m, "image_url", json!(input_url(job, "file_path")?));
            put(&mut m, "scale", json!(2));
        }
        FalInput::TextToVideo | FalInput::ImageToVideo => {
            let (frames, fps) = wan_frames(job.duration().unwrap_or(5));
            put(&mut m, "prompt", json!(prompt_or(job, "")));
            put(&mut m, "num_frames", json!(frames));
            put(&mut m, "frames_per_second", json!(fps));
            if shape == FalInput::ImageToVideo {
                put(&mut m, "image_url", json!(input_url(job, "file_path")?));
            }
            if matches!(ratio, "16:9" | "9:16" | "1:1") {
                put(&mut m, "aspect_ratio", json!(ratio));
            }
        }
        FalInput::Avatar => {
            let audio = match audio_url {
                Some(a) => a.to_owned(),
                None => input_url(job, "audio_path")?,
            };
            put(&mut m, "image_url", json!(input_url(job, "file_path")?));
            put(&mut m, "audio_url", json!(audio));
            let prompt = if job.module.voice {
                AVATAR_PROMPT.to_owned()
            } else {
                prompt_or(job, AVATAR_PROMPT)
            };
            put(&mut m, "prompt", json!(prompt));
        }
        FalInput::Speech => {
            put(&mut m, "prompt", json!(job.prompt().trim()));
        }
        FalInput::RestyleVideo => {
            let prompt = aivg_core::tasks::styled_prompt(
                job.module,
                job.text(aivg_core::tasks::PROMPT_STYLE_FIELD),
                job.prompt(),
            )
            .unwrap_or_else(|| prompt_or(job, "the same scene, cinematic, detailed"));
            put(&mut m, "prompt", json!(prompt));
            put(&mut m, "video_url", json!(input_url(job, "file_path")?));
        }
        FalInput::UpscaleVideo => {
            put(&mut m, "video_url", json!(input_url(job, "file_path")?));
            // The factor every engine enlarges by, so the size the app showed is the size made
            // (docs/behaviour/tasks-and-queue.md#video-inputs).
            put(
                &mut m,
                "upscale_factor",
                json!(aivg_core::tasks::sizes::UPSCALE_FACTOR),
            );
        }
        FalInput::EraseVideo => {
            put(&mut m, "prompt", json!(ERASE_PROMPT));
            put(&mut m, "video_url", json!(input_url(job, "file_path")?));
            put(
                &mut m,
                "mask_image_url",
                json!(input_url(job, "mask_path")?),
            );
        }
        FalInput::Music { song } => {
            let tags: Vec<&str> = [job.text("style"), job.prompt()]
                .into_iter()
                .filter_map(trimmed)
                .collect();
            // A song with lyrics and no style: the song workflow's default tags, as on ComfyUI.
            let tags = if tags.is_empty() {
                song_default_tags()
            } else {
                tags.join(", ")
            };
            put(&mut m, "tags", json!(tags));
            let lyrics = if song {
                job.text("lyrics").trim()
            } else {
                INSTRUMENTAL
            };
            put(&mut m, "lyrics", json!(lyrics));
            // Core's longest duration is ACE-Step's longest piece; the task was checked against it.
            let seconds = job.duration().unwrap_or(30).clamp(5, MAX_TASK_DURATION_S);
            put(&mut m, "duration", json!(seconds));
        }
    }
    if let Some(seed) = seed {
        put(&mut m, "seed", json!(seed));
    }
    Ok(Value::Object(m))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wan_clips_stay_within_its_frames() {
        assert_eq!(wan_frames(5), (121, 24));
        assert_eq!(wan_frames(10), (121, 12));
    }
}
