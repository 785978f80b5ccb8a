//! `GET /v1/common/oss/mediainfo`: width, height, size and extension read from the stored file.
//!
//! - Images: the dimensions from the file header (PNG, JPEG, WebP through the `image` crate's
//!   header reading; GIF and BMP from their fixed header fields). Only the first 256 KiB are read,
//!   then at most [`MAX_HEADER_BYTES`] when the header is further in (never the whole file: a
//!   free call must not read 200 MB).
//! - Video and audio: `ffprobe` when installed (`AIVG_FFPROBE`); without it width and height are
//!   0 and `note` says why. WAV durations are read from the header without ffprobe.

use super::objects::StoredObject;
use super::paths;
use super::storage::Files;
use serde::Serialize;
use std::io::Cursor;

/// What `mediainfo` answers.
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
pub struct MediaInfo {
    pub width: u32,
    pub height: u32,
    pub size: i64,
    pub ext: String,
    pub content_type: String,
    /// `image`, `video`, `audio` or `file`.
    pub media_type: String,
    /// Seconds, 0 when unknown or not timed media.
    pub duration: f64,
    /// A video's frames a second and frame count, 0 when unknown (what a video module makes of
    /// it: core's `tasks::video_inputs`).
    pub fps: f64,
    pub frames: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

const HEADER_BYTES: u64 = 256 * 1024;
/// The most of an image read to find its size (large EXIF or ICC blocks come first in JPEGs).
pub const MAX_HEADER_BYTES: u64 = 4 * 1024 * 1024;

/// Reads the media information of a stored object.
pub async fn probe(files: &Files, obj: &StoredObject) -> Result<MediaInfo, object_store::Error> {
    let kind = paths::media_kind(&obj.content_type);
    let mut info = MediaInfo {
        width: 0,
        height: 0,
        size: obj.size,
        ext: obj.ext(),
        content_type: obj.content_type.clone(),
        media_type: kind.to_owned(),
        duration: 0.0,
        fps: 0.0,
        frames: 0,
        note: None,
    };
    let size = u64::try_from(obj.size).unwrap_or(0);
    match kind {
        "image" => {
            let head = files.head_bytes(&obj.oss_path, HEADER_BYTES, size).await?;
            let mut dims = image_dimensions(&head);
            if dims.is_none() && size > HEADER_BYTES {
                let more = files
                    .head_bytes(&obj.oss_path, MAX_HEADER_BYTES, size)
                    .await?;
                dims = image_dimensions(&more);
            }
            match dims {
                Some((w, h)) => (info.width, info.height) = (w, h),
                None => info.note = Some("the image header could not be read".into()),
            }
        }
        "video" | "audio" => {
            if info.ext == "wav" {
                let head = files.head_bytes(&obj.oss_path, 4096, size).await?;
                info.duration = wav_duration(&head).unwrap_or(0.0);
            }
            match ffprobe(files, &obj.oss_path).await {
                Ok(p) => {
                    (info.width, info.height) = (p.width, p.height);
                    (info.fps, info.frames) = (p.fps, p.frames);
                    if p.duration > 0.0 {
                        info.duration = p.duration;
                    }
                }
                Err(note) => info.note = Some(note),
            }
        }
        _ => {}
    }
    Ok(info)
}

/// Width and height from an image file's header.
pub fn image_dimensions(bytes: &[u8]) -> Option<(u32, u32)> {
    if let Some(d) = gif_or_bmp_dimensions(bytes) {
        return Some(d);
    }
    image::ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .ok()?
        .into_dimensions()
        .ok()
}

fn le_u16(b: &[u8], at: usize) -> Option<u32> {
    let s = b.get(at..at + 2)?;
    Some(u32::from(u16::from_le_bytes([*s.first()?, *s.get(1)?])))
}

fn le_u32(b: &[u8], at: usize) -> Option<u32> {
    let s = b.get(at..at + 4)?;
    let arr: [u8; 4] = s.try_into().ok()?;
    Some(u32::from_le_bytes(arr))
}

fn gif_or_bmp_dimensions(b: &[u8]) -> Option<(u32, u32)> {
    if b.starts_with(b"GIF87a") || b.starts_with(b"GIF89a") {
        return Some((le_u16(b, 6)?, le_u16(b, 8)?));
    }
    if b.starts_with(b"BM") {
        let w = le_u32(b, 18)?;
        // BMP heights are negative for top-down images.
        let h = i32::from_le_bytes(le_u32(b, 22)?.to_le_bytes()).unsigned_abs();
        return Some((w, h));
    }
    None
}

/// Seconds of a PCM WAV file from its `fmt ` and `data` chunk headers.
pub fn wav_duration(b: &[u8]) -> Option<f64> {
    if !b.starts_with(b"RIFF") || b.get(8..12)? != b"WAVE" {
        return None;
    }
    let mut at = 12;
    let mut byte_rate = None;
    while at + 8 <= b.len() {
        let id = b.get(at..at + 4)?;
        let len = le_u32(b, at + 4)?;
        if id == b"fmt " {
            byte_rate = le_u32(b, at + 16);
        } else if id == b"data" {
            let rate = byte_rate.filter(|r| *r > 0)?;
            return Some(f64::from(len) / f64::from(rate));
        }
        at += 8 + usize::try_from(len).ok()? + usize::try_from(len % 2).ok()?;
    }
    None
}

/// What ffprobe reports; `fps` and `frames` of the first video stream (0 without one).
#[derive(Debug, Clone, Copy, Default)]
pub struct Probe {
    pub width: u32,
    pub height: u32,
    pub duration: f64,
    pub fps: f64,
    pub frames: u32,
}

impl Probe {
    /// The facts core's `tasks::video_inputs` reads.
    pub fn video_facts(&self) -> aivg_core::tasks::video_inputs::VideoFacts {
        aivg_core::tasks::video_inputs::VideoFacts {
            width: self.width,
            height: self.height,
            frames: self.frames,
            fps: self.fps,
        }
    }
}

/// `"30000/1001"` (ffprobe's rates) as a number; `None` for `0/0` and the like.
fn rate(s: &str) -> Option<f64> {
    let (n, d) = s.split_once('/').unwrap_or((s, "1"));
    let r = n.trim().parse::<f64>().ok()? / d.trim().parse::<f64>().ok()?;
    (r.is_finite() && r > 0.0).then_some(r)
}

/// Runs ffprobe on a stored object; `Err` is the note to show (not installed, unreadable).
pub async fn ffprobe(files: &Files, path: &str) -> Result<Probe, String> {
    let local = files.local_file(path).await?;
    probe_file(&files.ffprobe, &local.path).await
}

/// Runs the ffprobe `program` on a file on disk.
pub async fn probe_file(program: &str, file: &std::path::Path) -> Result<Probe, String> {
    let out = tokio::process::Command::new(program)
        .args([
            "-v",
            "error",
            "-show_entries",
            "stream=width,height,avg_frame_rate,r_frame_rate,nb_frames:format=duration",
            "-of",
            "json",
        ])
        .arg(file)
        .kill_on_drop(true)
        .output()
        .await;
    let out = match out {
        Ok(o) => o,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err("ffprobe is not installed: width and height are unknown (0)".into());
        }
        Err(e) => return Err(format!("ffprobe could not run: {e}")),
    };
    if !out.status.success() {
        return Err(format!(
            "ffprobe could not read the file: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    let v: serde_json::Value = serde_json::from_slice(&out.stdout)
        .map_err(|e| format!("ffprobe answered no JSON: {e}"))?;
    let mut p = Probe::default();
    if let Some(streams) = v.get("streams").and_then(|s| s.as_array()) {
        for s in streams {
            let w = s
                .get("width")
                .and_then(serde_json::Value::as_u64)
                .unwrap_or(0);
            let h = s
                .get("height")
                .and_then(serde_json::Value::as_u64)
                .unwrap_or(0);
            if w > 0 && h > 0 {
                p.width = u32::try_from(w).unwrap_or(0);
                p.height = u32::try_from(h).unwrap_or(0);
                let text = |k: &str| s.get(k).and_then(serde_json::Value::as_str);
                p.fps = text("avg_frame_rate")
                    .and_then(rate)
                    .or_else(|| text("r_frame_rate").and_then(rate))
                    .unwrap_or(0.0);
                p.frames = text("nb_frames").and_then(|n| n.parse().ok()).unwrap_or(0);
                break;
            }
        }
    }
    p.duration = v
        .pointer("/format/duration")
        .and_then(|d| d.as_str())
        .and_then(|d| d.parse::<f64>().ok())
        .filter(|d| d.is_finite() && *d >= 0.0)
        .unwrap_or(0.0);
    // Containers without a frame count (WebM, Matroska): the length at the rate.
    if p.frames == 0 && p.fps > 0.0 {
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let n = (p.duration * p.fps).round().clamp(0.0, f64::from(u32::MAX)) as u32;
        p.frames = n;
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gif_bmp_and_wav_headers() {
        let mut gif = b"GIF89a".to_vec();
        gif.extend_from_slice(&[10, 0, 20, 0]);
        assert_eq!(image_dimensions(&gif), Some((10, 20)));
        let mut bmp = vec![0u8; 26];
        bmp[0] = b'B';
        bmp[1] = b'M';
        bmp[18] = 3;
        bmp[22..26].copy_from_slice(&(-4i32).to_le_bytes());
        assert_eq!(image_dimensions(&bmp), Some((3, 4)));
        let mut wav = b"RIFF\0\0\0\0WAVEfmt ".to_vec();
        wav.extend_from_slice(&16u32.to_le_bytes());
        wav.extend_from_slice(&[1, 0, 1, 0]);
        wav.extend_from_slice(&8000u32.to_le_bytes());
        wav.extend_from_slice(&16000u32.to_le_bytes());
        wav.extend_from_slice(&[2, 0, 16, 0]);
        wav.extend_from_slice(b"data");
        wav.extend_from_slice(&32000u32.to_le_bytes());
        assert_eq!(wav_duration(&wav), Some(2.0));
    }
}
