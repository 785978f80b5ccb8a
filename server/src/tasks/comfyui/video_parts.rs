//! An input video cut to what one ComfyUI prompt processes, with ffmpeg
//! (docs/engines.md#long-videos; core's `tasks::video_inputs` gives the numbers):
//!
//! - [`first_frames`]: restyle and erase make at most the first frames, so only those are sent
//!   (`LoadVideo` decodes every frame of the file it gets, then the workflow keeps the first);
//! - [`split`] and [`join`]: the video enhancer holds every frame it is given and its ×4
//!   result, so a long clip goes in parts of a few frames, one prompt each, and the made parts
//!   are joined with the input's sound.
//!
//! The parts are H.264 without loss (`-qp 0`), so the model sees the input's pixels; keyframes
//! are forced at each part's first frame and x264's `ultrafast` makes no B-frames, so the
//! segment muxer cuts at exactly those frames.

use crate::tasks::local::ffmpeg::{os, run};
use crate::tasks::provider::{Job, Output, ProviderError};
use crate::uploads::mediainfo;
use crate::uploads::objects::StoredObject;
use bytes::Bytes;
use std::ffi::OsString;
use std::path::PathBuf;

/// A scratch folder removed with everything in it when dropped.
struct ScratchDir(PathBuf);

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

async fn scratch_dir(job: &Job) -> Result<ScratchDir, ProviderError> {
    let place = job
        .files
        .scratch_file("parts")
        .await
        .map_err(ProviderError::new)?;
    let dir = ScratchDir(place.path.clone());
    tokio::fs::create_dir_all(&dir.0)
        .await
        .map_err(|e| ProviderError::new(format!("no scratch folder for the video: {e}")))?;
    Ok(dir)
}

/// Lossless H.264 that keeps the input's pixels.
const LOSSLESS: &[&str] = &["-c:v", "libx264", "-preset", "ultrafast", "-qp", "0"];

async fn read(path: &std::path::Path) -> Result<Bytes, ProviderError> {
    tokio::fs::read(path)
        .await
        .map(Bytes::from)
        .map_err(|e| ProviderError::new(format!("the cut video could not be read back: {e}")))
}

/// The first `frames` frames of `input` (and its sound for as long).
pub async fn first_frames(
    job: &Job,
    input: &StoredObject,
    frames: u32,
) -> Result<Bytes, ProviderError> {
    let src = job
        .files
        .local_file(&input.oss_path)
        .await
        .map_err(ProviderError::new)?;
    let out = job
        .files
        .scratch_file("mp4")
        .await
        .map_err(ProviderError::new)?;
    let mut args = vec![OsString::from("-i"), src.path.clone().into_os_string()];
    let count = frames.to_string();
    args.extend(os(&[
        "-map",
        "0:v:0",
        "-map",
        "0:a:0?",
        "-frames:v",
        &count,
    ]));
    args.extend(os(LOSSLESS));
    args.extend(os(&["-c:a", "aac", "-shortest"]));
    args.push(out.path.clone().into_os_string());
    run(&job.ffmpeg, args, None).await?;
    read(&out.path).await
}

/// `input`'s frames in parts of `per_part` frames (the last one shorter), without sound, in
/// order: every frame in exactly one part.
pub async fn split(
    job: &Job,
    input: &StoredObject,
    per_part: u32,
    frames: u32,
) -> Result<Vec<Bytes>, ProviderError> {
    let src = job
        .files
        .local_file(&input.oss_path)
        .await
        .map_err(ProviderError::new)?;
    let dir = scratch_dir(job).await?;
    let per = per_part.max(1);
    let cuts: Vec<String> = (1..frames.div_ceil(per))
        .map(|k| (k * per).to_string())
        .collect();
    let keyframes = format!("expr:eq(mod(n,{per}),0)");
    let mut args = vec![OsString::from("-i"), src.path.clone().into_os_string()];
    args.extend(os(&["-map", "0:v:0", "-an"]));
    args.extend(os(LOSSLESS));
    args.extend(os(&["-force_key_frames", &keyframes, "-f", "segment"]));
    if !cuts.is_empty() {
        args.extend(os(&["-segment_frames", &cuts.join(",")]));
    }
    args.extend(os(&["-reset_timestamps", "1"]));
    args.push(dir.0.join("part%05d.mp4").into_os_string());
    run(&job.ffmpeg, args, None).await?;
    let mut names = Vec::new();
    let mut entries = tokio::fs::read_dir(&dir.0)
        .await
        .map_err(|e| ProviderError::new(format!("the video parts could not be listed: {e}")))?;
    while let Ok(Some(e)) = entries.next_entry().await {
        names.push(e.path());
    }
    names.sort();
    let mut parts = Vec::with_capacity(names.len());
    for p in &names {
        parts.push(read(p).await?);
    }
    if parts.is_empty() {
        return Err(ProviderError::new("ffmpeg cut the video into no parts"));
    }
    Ok(parts)
}

/// The made `parts`, in order, as one MP4 with `original`'s sound.
pub async fn join(
    job: &Job,
    parts: &[Bytes],
    original: &StoredObject,
) -> Result<Output, ProviderError> {
    let dir = scratch_dir(job).await?;
    let mut list = String::new();
    for (k, bytes) in parts.iter().enumerate() {
        let path = dir.0.join(format!("made{k:05}.mp4"));
        tokio::fs::write(&path, bytes)
            .await
            .map_err(|e| ProviderError::new(format!("a made part could not be written: {e}")))?;
        list.push_str(&format!("file '{}'\n", path.display()));
    }
    let list_path = dir.0.join("parts.txt");
    tokio::fs::write(&list_path, list)
        .await
        .map_err(|e| ProviderError::new(format!("the parts list could not be written: {e}")))?;
    let src = job
        .files
        .local_file(&original.oss_path)
        .await
        .map_err(ProviderError::new)?;
    let out = dir.0.join("joined.mp4");
    let mut args = os(&["-f", "concat", "-safe", "0", "-i"]);
    args.push(list_path.into_os_string());
    args.push("-i".into());
    args.push(src.path.clone().into_os_string());
    args.extend(os(&[
        "-map",
        "0:v:0",
        "-map",
        "1:a:0?",
        "-c:v",
        "copy",
        "-c:a",
        "aac",
        "-movflags",
        "+faststart",
    ]));
    args.push(out.clone().into_os_string());
    run(&job.ffmpeg, args, None).await?;
    let probe = mediainfo::probe_file(&job.files.ffprobe, &out)
        .await
        .unwrap_or_default();
    Ok(Output {
        bytes: read(&out).await?,
        ext: "mp4".into(),
        content_type: "video/mp4".into(),
        width: probe.width,
        height: probe.height,
        duration: probe.duration,
    })
}
