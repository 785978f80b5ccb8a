//! Video work through the `ffmpeg` program (`AIVG_FFMPEG`), when installed. Without it the video
//! tools fail with "ffmpeg is not installed" (and their credits are refunded), and generated
//! videos fall back to an animated PNG preview (see `local/mod.rs`).

use crate::tasks::provider::{Job, Output, ProviderError};
use crate::uploads::mediainfo;
use crate::uploads::objects::StoredObject;
use bytes::Bytes;
use std::ffi::OsString;
use std::process::Stdio;
use tokio::io::AsyncWriteExt;

/// The error of a missing ffmpeg.
pub fn not_installed() -> ProviderError {
    ProviderError::new("ffmpeg is not installed: this video tool needs ffmpeg on the server")
}

/// Whether the ffmpeg program runs.
pub async fn available(ffmpeg: &str) -> bool {
    tokio::process::Command::new(ffmpeg)
        .arg("-version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .status()
        .await
        .is_ok_and(|s| s.success())
}

/// Runs ffmpeg with `args`, feeding `stdin` when given.
pub async fn run(
    ffmpeg: &str,
    args: Vec<OsString>,
    stdin: Option<Vec<u8>>,
) -> Result<(), ProviderError> {
    let mut cmd = tokio::process::Command::new(ffmpeg);
    cmd.args(["-hide_banner", "-loglevel", "error", "-y"])
        .args(args)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(not_installed()),
        Err(e) => return Err(ProviderError::new(format!("ffmpeg could not start: {e}"))),
    };
    if let (Some(bytes), Some(mut pipe)) = (stdin, child.stdin.take()) {
        // Feed in the background so a full stderr pipe cannot deadlock us.
        tokio::spawn(async move {
            let _ = pipe.write_all(&bytes).await;
            let _ = pipe.shutdown().await;
        });
    }
    let out = child
        .wait_with_output()
        .await
        .map_err(|e| ProviderError::new(format!("ffmpeg failed: {e}")))?;
    if out.status.success() {
        Ok(())
    } else {
        let err = String::from_utf8_lossy(&out.stderr);
        let tail: String = err
            .lines()
            .rev()
            .take(3)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect::<Vec<_>>()
            .join(" ");
        Err(ProviderError::new(format!(
            "ffmpeg could not process the video: {tail}"
        )))
    }
}

/// Program arguments of `args`.
pub fn os(args: &[&str]) -> Vec<OsString> {
    args.iter().map(OsString::from).collect()
}

/// An H.264 MP4 of RGBA frames (`w`, `h` even) at `fps`.
pub async fn frames_to_mp4(
    job: &Job,
    frames: &[Vec<u8>],
    w: u32,
    h: u32,
    fps: u32,
) -> Result<Output, ProviderError> {
    let out = job
        .files
        .scratch_file("mp4")
        .await
        .map_err(ProviderError::new)?;
    let size = format!("{w}x{h}");
    let rate = fps.to_string();
    let mut args = os(&[
        "-f", "rawvideo", "-pix_fmt", "rgba", "-s", &size, "-r", &rate, "-i", "-",
    ]);
    args.extend(os(&[
        "-c:v",
        "libx264",
        "-pix_fmt",
        "yuv420p",
        "-movflags",
        "+faststart",
    ]));
    args.push(out.path.clone().into_os_string());
    run(&job.ffmpeg, args, Some(frames.concat())).await?;
    let bytes = tokio::fs::read(&out.path)
        .await
        .map_err(|e| ProviderError::new(format!("the video could not be read back: {e}")))?;
    #[allow(clippy::cast_precision_loss)]
    let duration = frames.len() as f64 / f64::from(fps.max(1));
    Ok(Output {
        bytes: Bytes::from(bytes),
        ext: "mp4".into(),
        content_type: "video/mp4".into(),
        width: w,
        height: h,
        duration,
    })
}

/// Runs a video filter over an uploaded video into an H.264 MP4.
pub async fn filter_video(
    job: &Job,
    input: &StoredObject,
    filter: &str,
) -> Result<Output, ProviderError> {
    let args = [
        "-vf",
        filter,
        "-c:v",
        "libx264",
        "-pix_fmt",
        "yuv420p",
        "-c:a",
        "copy",
        "-movflags",
        "+faststart",
    ];
    filter_file(job, input, &args, ("mp4", "video/mp4", "video")).await
}

/// Runs an audio filter over an uploaded audio file into a 16-bit WAV (every ffmpeg build has the
/// encoder; the file keeps the input's rate).
pub async fn filter_audio(
    job: &Job,
    input: &StoredObject,
    filter: &str,
) -> Result<Output, ProviderError> {
    let args = ["-vn", "-af", filter, "-c:a", "pcm_s16le"];
    let mut out = filter_file(job, input, &args, ("wav", "audio/wav", "audio")).await?;
    (out.width, out.height) = (0, 0);
    Ok(out)
}

/// `ffmpeg -i <input> <args> <output>`, the output probed and read back; `kind` is (extension,
/// content type, the word for the file in errors).
async fn filter_file(
    job: &Job,
    input: &StoredObject,
    args: &[&str],
    (ext, content_type, noun): (&str, &str, &str),
) -> Result<Output, ProviderError> {
    let src = job
        .files
        .local_file(&input.oss_path)
        .await
        .map_err(ProviderError::new)?;
    let out = job
        .files
        .scratch_file(ext)
        .await
        .map_err(ProviderError::new)?;
    let mut all = vec![OsString::from("-i"), src.path.clone().into_os_string()];
    all.extend(os(args));
    all.push(out.path.clone().into_os_string());
    run(&job.ffmpeg, all, None).await?;
    let probe = mediainfo::probe_file(&job.files.ffprobe, &out.path)
        .await
        .unwrap_or_default();
    let bytes = tokio::fs::read(&out.path)
        .await
        .map_err(|e| ProviderError::new(format!("the {noun} could not be read back: {e}")))?;
    Ok(Output {
        bytes: Bytes::from(bytes),
        ext: ext.into(),
        content_type: content_type.into(),
        width: probe.width,
        height: probe.height,
        duration: probe.duration,
    })
}
