//! The files of a finished prompt, fetched with `GET /view` into [`Output`]s: the media type from
//! the file's extension, width and height from an image's header, or from ffprobe for video (and
//! the duration of video and audio; WAV without ffprobe). Only files of the module's media count:
//! a workflow that also saves a preview image of a video gives the video.

use super::answers;
use super::client::Client;
use super::run::RunError;
use crate::tasks::provider::Output;
use crate::uploads::storage::Files;
use crate::uploads::{mediainfo, paths};
use aivg_core::tasks::Media;
use bytes::Bytes;
use serde_json::Value;

pub(crate) fn media_name(m: Media) -> &'static str {
    match m {
        Media::Image => "image",
        Media::Video => "video",
        Media::Audio => "audio",
    }
}

/// Width, height and duration of a fetched file of `kind`.
pub(crate) async fn measure(
    files: &Files,
    kind: &str,
    ext: &str,
    bytes: &Bytes,
) -> (u32, u32, f64) {
    if kind == "image" {
        let (w, h) = mediainfo::image_dimensions(bytes).unwrap_or((0, 0));
        return (w, h, 0.0);
    }
    if ext == "wav"
        && let Some(d) = mediainfo::wav_duration(bytes)
    {
        return (0, 0, d);
    }
    let Ok(scratch) = files.scratch_file(ext).await else {
        return (0, 0, 0.0);
    };
    if tokio::fs::write(&scratch.path, bytes).await.is_err() {
        return (0, 0, 0.0);
    }
    match mediainfo::probe_file(&files.ffprobe, &scratch.path).await {
        Ok(p) => (p.width, p.height, p.duration),
        Err(note) => {
            tracing::debug!("comfyui output: {note}");
            (0, 0, 0.0)
        }
    }
}

/// Fetches the outputs of `entry` that are of `media`.
pub async fn fetch(
    client: &Client,
    entry: &Value,
    media: Media,
    files: &Files,
) -> Result<Vec<Output>, RunError> {
    let want = media_name(media);
    let mut out = Vec::new();
    let mut others = Vec::new();
    for f in answers::output_files(entry) {
        let ext = paths::ext_of(&f.filename);
        let content_type = paths::content_type_for_ext(&ext).unwrap_or("application/octet-stream");
        let kind = paths::media_kind(content_type);
        if kind != want {
            others.push(f.filename);
            continue;
        }
        let bytes = client.view(&f).await?;
        let (width, height, duration) = measure(files, kind, &ext, &bytes).await;
        out.push(Output {
            bytes,
            ext,
            content_type: content_type.to_owned(),
            width,
            height,
            duration,
        });
    }
    if out.is_empty() {
        let saw = if others.is_empty() {
            "no file".to_owned()
        } else {
            others.join(", ")
        };
        return Err(RunError::Failed(format!(
            "ComfyUI finished without any {want} output (it saved {saw}); check the workflow's save node"
        )));
    }
    Ok(out)
}
