//! The image enhancer on the local provider (`Work::Enhance`, image: the task modules
//! `mai_imagesharpen`, `tool_itr` of docs/behaviour/tasks-and-queue.md#task-modules, the page
//! /ai-tools/image-enhancer of docs/behaviour/tasks-and-queue.md#task-modules): twice the input's
//! size, as the module promises on every engine. The upscale model (aivg-models' Real-ESRGAN
//! animevideov3, `models/upscale.rs`) makes it when installed and the input's long side is at most
//! `AIVG_UPSCALE_MAX_SIDE` (its work grows with the pixels); otherwise core's `enhance_rgba` (2×
//! Lanczos3 and an unsharp mask) does, the result's note saying why. JPEG stays JPEG, anything else
//! becomes PNG.

use super::{blocking, encode, failed, input_image};
use crate::models::{ModelFailure, ModelSettings, upscale_installed};
use crate::tasks::provider::{Job, Outputs, ProgressSender, ProviderError};
use aivg_core::imaging::{UPSCALE_FACTOR, decode_image, enhance_rgba};
use aivg_core::tasks::{Media, TaskModule, Work};
use bytes::Bytes;

/// What the local provider does for the image enhancer, as `aivg-server engines` shows it.
pub fn describe(m: &TaskModule, models: &ModelSettings) -> Option<String> {
    if (m.output, m.work) != (Media::Image, Work::Enhance) {
        return None;
    }
    Some(if upscale_installed(models.dir.as_deref()) {
        format!(
            "on this server: the Real-ESRGAN upscale model up to {} px, a resample above",
            models.upscale_max_side
        )
    } else {
        "on this server: a Lanczos resample, the upscale model is not installed".into()
    })
}

pub(super) async fn enhance(
    job: &Job,
    progress: &ProgressSender,
) -> Result<Outputs, ProviderError> {
    let (bytes, jpeg) = input_image(job).await?;
    let max_side = job.models.settings().upscale_max_side;
    if let Some((w, h)) = crate::uploads::mediainfo::image_dimensions(&bytes)
        && w.max(h) > max_side
    {
        let why = format!(
            "the {w}×{h} picture is larger than the {max_side} pixels the model takes on this \
             server"
        );
        return resample(bytes, jpeg, &why).await;
    }
    // 5 % on the way in (the provider's), 95 % when the last window is done.
    let p = progress.clone();
    let on_window = move |done: usize, total: usize| {
        let share = (done * 90).checked_div(total).unwrap_or(0);
        p.set(u8::try_from(5 + share).unwrap_or(95));
    };
    let up = match job
        .models
        .upscale(bytes.clone(), UPSCALE_FACTOR, on_window)
        .await
    {
        Ok(up) => up,
        Err(ModelFailure::Unavailable(why)) => return resample(bytes, jpeg, &why).await,
        Err(e) => return Err(failed(e)),
    };
    let (w, h) = (up.width, up.height);
    let out = blocking(move || encode(&up.rgba, w, h, jpeg)).await?;
    Ok(Outputs {
        outputs: vec![out],
        preview: false,
        note: None,
    })
}

/// Without the model: core's resample and sharpening, with a note.
async fn resample(bytes: Bytes, jpeg: bool, why: &str) -> Result<Outputs, ProviderError> {
    let out = blocking(move || {
        let img = decode_image(&bytes).map_err(failed)?;
        let big = enhance_rgba(&img.pixels, img.width, img.height).map_err(failed)?;
        encode(&big.pixels, big.width, big.height, jpeg)
    })
    .await?;
    Ok(Outputs {
        outputs: vec![out],
        preview: false,
        note: Some(format!(
            "Upscaled with a Lanczos resample and sharpening, not the AI model: {why}"
        )),
    })
}
