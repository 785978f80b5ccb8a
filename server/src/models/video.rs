//! Frames of a video for the NSFW check, read by ffmpeg as raw RGBA: one a second, spread evenly
//! over the whole video when it is longer than `max` seconds, each scaled to `side` × `side`
//! (the classifier's resize step; its aspect ratio is not kept either).

use super::ModelFailure;
use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

/// The longest a frame read may take.
const TIMEOUT: Duration = Duration::from_secs(120);

/// The `fps` filter rate that yields at most `max` frames over `duration` seconds (one a second
/// for short or unknown durations).
pub fn sample_rate(duration: f64, max: u32) -> String {
    if duration.is_finite() && duration > f64::from(max) {
        format!("{max}/{duration:.3}")
    } else {
        "1".into()
    }
}

/// Up to `max` frames of the video at `path`; at least the first frame of any decodable video.
pub async fn sample_frames(
    ffmpeg: &str,
    path: &Path,
    duration: f64,
    max: u32,
    side: u32,
) -> Result<Vec<Vec<u8>>, ModelFailure> {
    let scale = format!("scale={side}:{side}");
    let spread = format!("fps={},{scale}", sample_rate(duration, max));
    let mut frames = read(ffmpeg, path, &spread, max, side).await?;
    if frames.is_empty() {
        // Shorter than one sampling step: take the first frame.
        frames = read(ffmpeg, path, &scale, 1, side).await?;
    }
    if frames.is_empty() {
        return Err(ModelFailure::BadInput(
            "ffmpeg found no video frame in the file".into(),
        ));
    }
    Ok(frames)
}

async fn read(
    ffmpeg: &str,
    path: &Path,
    filter: &str,
    max: u32,
    side: u32,
) -> Result<Vec<Vec<u8>>, ModelFailure> {
    let child = tokio::process::Command::new(ffmpeg)
        .args(["-hide_banner", "-loglevel", "error", "-nostdin", "-i"])
        .arg(path)
        .args(["-an", "-vf", filter, "-frames:v", &max.to_string()])
        .args(["-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => ModelFailure::Unavailable(
                "ffmpeg is not installed: the video check needs ffmpeg on the server".into(),
            ),
            _ => ModelFailure::Failed(format!("ffmpeg could not start: {e}")),
        })?;
    let out = tokio::time::timeout(TIMEOUT, child.wait_with_output())
        .await
        .map_err(|_| {
            ModelFailure::Failed(format!(
                "ffmpeg took over {} s to read the video",
                TIMEOUT.as_secs()
            ))
        })?
        .map_err(|e| ModelFailure::Failed(format!("ffmpeg failed: {e}")))?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        let last = err.lines().last().unwrap_or("no message");
        return Err(ModelFailure::BadInput(format!(
            "ffmpeg could not read the video: {last}"
        )));
    }
    let frame = side as usize * side as usize * 4;
    Ok(out
        .stdout
        .chunks_exact(frame.max(1))
        .map(<[u8]>::to_vec)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_videos_are_sampled_evenly() {
        assert_eq!(sample_rate(3.0, 16), "1");
        assert_eq!(sample_rate(0.0, 16), "1");
        assert_eq!(sample_rate(f64::NAN, 16), "1");
        assert_eq!(sample_rate(64.0, 16), "16/64.000");
    }
}
