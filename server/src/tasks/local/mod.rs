//! The `local` provider, the zero-configuration default, and the runner of the modules that have
//! no ComfyUI workflow. It dispatches on the catalogue row's `work` and `output` (core's
//! `aivg_core::tasks`), does real work where no model is needed and makes clearly labelled
//! previews (`Outputs.preview = true`) where one would be:
//!
//! - image enhancer (`Work::Enhance`, image, `enhance.rs`): twice the size, by the local
//!   Real-ESRGAN model when installed, else core's `enhance_rgba` (2× Lanczos3 + unsharp mask)
//!   with a note; JPEG stays JPEG, else PNG;
//! - image tools (`Work::ImageTool`): `data.crop {x, y, w, h}` crops and `data.max_side`
//!   downscales (core's `crop_rgba` / `downscale_rgba`); without either, the input comes back
//!   with a PREVIEW band; the model tools (object removal, partial redraw) make that labelled
//!   preview too;
//! - background removal: the local U²-Net-p model (`background.rs`) when installed, a
//!   transparent PNG at the input's size; without it the labelled preview;
//! - image generation and edits: a PNG gradient seeded by the prompt's hash with PREVIEW in block
//!   letters, at the `aspect_ratio` size (core's `aspect_ratio_size`, default 1:1 = 1024×1024;
//!   with an input image its shape, long side 1024);
//! - video generation and talking avatars: with ffmpeg a 2-second H.264 clip of the animated
//!   preview at half the aspect size; without ffmpeg an animated PNG (12 frames, 8 fps) at a
//!   quarter of it;
//! - video enhancer: ffmpeg 2× upscale and sharpen (real); restyle and eraser: the video copied
//!   with a PREVIEW band; without ffmpeg they fail with "ffmpeg is not installed";
//! - music and songs: a 3-second WAV tune picked by the prompt's hash;
//! - noise reducer (`Work::Denoise`): ffmpeg's FFT denoiser (`afftdn`) into a WAV (real);
//! - vocal remover (`Work::RemoveVocals`): ffmpeg's centre-channel cancellation into a WAV: what is
//!   mixed in the middle of a stereo song (the lead vocals, usually) goes, the sides stay; a mono
//!   file comes back silent (no model separates sources here);
//! - video translator (`Work::Translate`, video): needs speech models, so the labelled preview of
//!   the video tools (the video copied with a PREVIEW band).

pub mod audio;
mod background;
mod enhance;
pub mod ffmpeg;
pub mod preview;

pub use background::describe as describe_background;
pub use enhance::describe as describe_enhancer;

use super::provider::{Job, Output, Outputs, ProgressSender, Provider, ProviderError};
use aivg_core::crop::CropRect;
use aivg_core::imaging::{ImageFormat, crop_rgba, decode_image, downscale_rgba, encode_image};
use aivg_core::tasks::{Media, Work};
use bytes::Bytes;
use serde_json::Value;

/// The built-in provider.
#[derive(Debug, Clone, Copy, Default)]
pub struct LocalProvider;

const PREVIEW_NOTE: &str =
    "Preview: this server has no AI model configured, so this is a labelled stand-in.";

#[async_trait::async_trait]
impl Provider for LocalProvider {
    fn name(&self) -> &'static str {
        "local"
    }

    async fn run(&self, job: &Job, progress: ProgressSender) -> Result<Outputs, ProviderError> {
        progress.set(5);
        let m = job.module;
        match (m.output, m.work) {
            (Media::Audio, Work::Denoise) => audio_tool(job, DENOISE_FILTER).await,
            (Media::Audio, Work::RemoveVocals) => audio_tool(job, REMOVE_VOCALS_FILTER).await,
            (Media::Audio, _) => Ok(gen_audio(job)),
            (Media::Image, Work::Enhance) => enhance::enhance(job, &progress).await,
            (Media::Image, Work::RemoveBackground) => background::remove_background(job).await,
            (Media::Image, Work::Generate | Work::Edit) => gen_image(job).await,
            (Media::Image, _) => image_tool(job).await,
            (Media::Video, Work::Generate | Work::Avatar) => gen_video(job, &progress).await,
            (Media::Video, Work::Enhance) => {
                // Enlarged by core's factor, as on the engines (the size the app showed).
                let f = aivg_core::tasks::sizes::UPSCALE_FACTOR;
                let filter = format!("scale=iw*{f}:ih*{f}:flags=lanczos,unsharp=5:5:0.8");
                video_tool(job, &filter, false).await
            }
            (Media::Video, _) => {
                video_tool(
                    job,
                    "drawbox=x=0:y=ih*7/16:w=iw:h=ih/8:color=black@0.5:t=fill",
                    true,
                )
                .await
            }
        }
    }
}

fn failed(e: impl std::fmt::Display) -> ProviderError {
    ProviderError::new(e.to_string())
}

/// Runs CPU-heavy pixel work off the async threads.
async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ProviderError> + Send + 'static,
) -> Result<T, ProviderError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| ProviderError::new(format!("the image work stopped: {e}")))?
}

/// The seed of a job's preview: its module, prompt and inputs.
fn seed(job: &Job) -> u64 {
    let inputs: Vec<&str> = job.inputs.values().map(|i| i.oss_path.as_str()).collect();
    preview::seed_of(&format!(
        "{}\n{}\n{}",
        job.module.code,
        job.prompt(),
        inputs.join("\n")
    ))
}

/// The output size of a generation: `aspect_ratio`, else the input image's shape, else 1:1.
async fn gen_size(job: &Job) -> Result<(u32, u32), ProviderError> {
    let ratio = job.text("aspect_ratio");
    if !ratio.trim().is_empty() {
        let s = aivg_core::crop::aspect_ratio_size(ratio).map_err(failed)?;
        return Ok((s.width, s.height));
    }
    if let Some(input) = job
        .input("file_path")
        .filter(|i| i.content_type.starts_with("image/"))
    {
        let head = job.files.get(&input.oss_path).await.map_err(failed)?;
        if let Some((w, h)) = crate::uploads::mediainfo::image_dimensions(&head) {
            // The input's shape with a long side of 1024, small inputs included.
            let long = u64::from(w.max(h).max(1));
            let side = |s: u32| {
                u32::try_from(u64::from(s) * 1024 / long)
                    .unwrap_or(1024)
                    .max(1)
            };
            return Ok((side(w), side(h)));
        }
    }
    Ok((1024, 1024))
}

fn png_output(bytes: Vec<u8>, w: u32, h: u32) -> Output {
    Output {
        bytes: Bytes::from(bytes),
        ext: "png".into(),
        content_type: "image/png".into(),
        width: w,
        height: h,
        duration: 0.0,
    }
}

async fn gen_image(job: &Job) -> Result<Outputs, ProviderError> {
    let (w, h) = gen_size(job).await?;
    let seed = seed(job);
    let bytes = blocking(move || preview::png(&preview::frame(w, h, seed, 0.0), w, h)).await?;
    Ok(Outputs {
        outputs: vec![png_output(bytes, w, h)],
        preview: true,
        note: Some(PREVIEW_NOTE.into()),
    })
}

async fn gen_video(job: &Job, progress: &ProgressSender) -> Result<Outputs, ProviderError> {
    let (w, h) = gen_size(job).await?;
    let seed = seed(job);
    if ffmpeg::available(&job.ffmpeg).await {
        // Half size, even sides (H.264 with 4:2:0 needs them).
        let (w, h) = ((w / 2) & !1, (h / 2) & !1);
        let (w, h) = (w.max(2), h.max(2));
        const FPS: u32 = 12;
        let frames = blocking(move || Ok(frames(w, h, seed, FPS as usize * 2))).await?;
        progress.set(50);
        let clip = ffmpeg::frames_to_mp4(job, &frames, w, h, FPS).await?;
        return Ok(Outputs {
            outputs: vec![clip],
            preview: true,
            note: Some(PREVIEW_NOTE.into()),
        });
    }
    let (w, h) = ((w / 4).max(1), (h / 4).max(1));
    let bytes = blocking(move || preview::apng(&frames(w, h, seed, 12), w, h, 8)).await?;
    let mut out = png_output(bytes, w, h);
    out.duration = 1.5;
    Ok(Outputs {
        outputs: vec![out],
        preview: true,
        note: Some(format!(
            "{PREVIEW_NOTE} ffmpeg is not installed, so the video is an animated PNG."
        )),
    })
}

#[allow(clippy::cast_precision_loss)]
fn frames(w: u32, h: u32, seed: u64, n: usize) -> Vec<Vec<u8>> {
    (0..n)
        .map(|i| preview::frame(w, h, seed, i as f32 / n as f32))
        .collect()
}

fn gen_audio(job: &Job) -> Outputs {
    let text = format!("{}\n{}", job.prompt(), job.text("lyrics"));
    let bytes = audio::tune(preview::seed_of(&text), audio::PREVIEW_SECONDS);
    let out = Output {
        bytes: Bytes::from(bytes),
        ext: "wav".into(),
        content_type: "audio/wav".into(),
        width: 0,
        height: 0,
        duration: f64::from(audio::PREVIEW_SECONDS),
    };
    Outputs {
        outputs: vec![out],
        preview: true,
        note: Some(PREVIEW_NOTE.into()),
    }
}

/// The input image's bytes and whether it is a JPEG.
async fn input_image(job: &Job) -> Result<(Bytes, bool), ProviderError> {
    let input = job
        .input("file_path")
        .ok_or_else(|| ProviderError::new("data.file_path: no input image"))?;
    let bytes = job.files.get(&input.oss_path).await.map_err(failed)?;
    Ok((bytes, input.content_type == "image/jpeg"))
}

/// Encodes as JPEG (quality 92) when the input was one, else PNG.
fn encode(px: &[u8], w: u32, h: u32, jpeg: bool) -> Result<Output, ProviderError> {
    if jpeg {
        let bytes = encode_image(px, w, h, ImageFormat::Jpeg, 92).map_err(failed)?;
        Ok(Output {
            bytes: Bytes::from(bytes),
            ext: "jpg".into(),
            content_type: "image/jpeg".into(),
            width: w,
            height: h,
            duration: 0.0,
        })
    } else {
        Ok(png_output(
            encode_image(px, w, h, ImageFormat::Png, 90).map_err(failed)?,
            w,
            h,
        ))
    }
}

fn u32_field(v: &Value, field: &str) -> Result<u32, ProviderError> {
    v.get(field)
        .and_then(Value::as_u64)
        .and_then(|n| u32::try_from(n).ok())
        .ok_or_else(|| {
            ProviderError::new(format!(
                "data.crop.{field}: must be a whole number of pixels"
            ))
        })
}

async fn image_tool(job: &Job) -> Result<Outputs, ProviderError> {
    let (bytes, jpeg) = input_image(job).await?;
    let crop = match job.data.get("crop") {
        None | Some(Value::Null) => None,
        Some(c) => Some(CropRect {
            x: u32_field(c, "x")?,
            y: u32_field(c, "y")?,
            w: u32_field(c, "w")?,
            h: u32_field(c, "h")?,
        }),
    };
    let max_side = job
        .data
        .get("max_side")
        .and_then(Value::as_u64)
        .and_then(|n| u32::try_from(n).ok());
    let real = crop.is_some() || max_side.is_some();
    let out = blocking(move || {
        let img = decode_image(&bytes).map_err(failed)?;
        let (mut px, mut w, mut h) = (img.pixels.into_owned(), img.width, img.height);
        if let Some(rect) = crop {
            let c = crop_rgba(&px, w, h, rect).map_err(failed)?;
            (w, h) = (c.width, c.height);
            px = c.into_pixels();
        }
        if let Some(max) = max_side {
            let d = downscale_rgba(&px, w, h, max).map_err(failed)?;
            (w, h) = (d.width, d.height);
            px = d.into_pixels();
        }
        if !real {
            preview::draw_label(&mut px, w, h);
        }
        encode(&px, w, h, jpeg)
    })
    .await?;
    let note = (!real).then(|| PREVIEW_NOTE.to_owned());
    Ok(Outputs {
        outputs: vec![out],
        preview: !real,
        note,
    })
}

/// ffmpeg's FFT denoiser, noise floor -25 dB (its documented range is -80 to -20).
const DENOISE_FILTER: &str = "afftdn=nf=-25";
/// Stereo, then each side minus the other: the centre cancels out.
const REMOVE_VOCALS_FILTER: &str =
    "aformat=channel_layouts=stereo,pan=stereo|c0=0.5*c0-0.5*c1|c1=0.5*c1-0.5*c0";

async fn audio_tool(job: &Job, filter: &str) -> Result<Outputs, ProviderError> {
    let input = job
        .input("file_path")
        .ok_or_else(|| ProviderError::new("data.file_path: no input audio"))?;
    let out = ffmpeg::filter_audio(job, input, filter).await?;
    Ok(Outputs {
        outputs: vec![out],
        preview: false,
        note: None,
    })
}

async fn video_tool(job: &Job, filter: &str, preview: bool) -> Result<Outputs, ProviderError> {
    let input = job
        .input("file_path")
        .ok_or_else(|| ProviderError::new("data.file_path: no input video"))?;
    let out = ffmpeg::filter_video(job, input, filter).await?;
    Ok(Outputs {
        outputs: vec![out],
        preview,
        note: preview.then(|| PREVIEW_NOTE.to_owned()),
    })
}
