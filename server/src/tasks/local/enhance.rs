//! The image enhancer on the local provider (`Work::Enhance`, image: `mai_imagesharpen`,
//! `tool_itr`): twice the input's size. With the upscale model installed (aivg-models'
//! Real-ESRGAN animevideov3, see `models/upscale.rs`) the model makes it, its input first brought
//! down to `AIVG_UPSCALE_MAX_SIDE` when longer (the note says so); without the model core's
//! `enhance_rgba` (2× Lanczos3 and an unsharp mask) does, its note saying why. JPEG stays JPEG,
//! anything else becomes PNG.

use super::{blocking, encode, failed, input_image};
use crate::models::{ModelFailure, upscale_installed};
use crate::tasks::provider::{Job, Outputs, ProviderError};
use aivg_core::imaging::{UPSCALE_FACTOR, decode_image, enhance_rgba};
use aivg_core::tasks::{Media, TaskModule, Work};
use std::path::Path;

/// What the local provider does for the image enhancer, as `aivg-server engines` shows it.
pub fn describe(m: &TaskModule, models_dir: Option<&Path>) -> Option<&'static str> {
    if (m.output, m.work) != (Media::Image, Work::Enhance) {
        return None;
    }
    Some(if upscale_installed(models_dir) {
        "on this server: the Real-ESRGAN upscale model"
    } else {
        "on this server: a Lanczos resample, the upscale model is not installed"
    })
}

pub(super) async fn enhance(job: &Job) -> Result<Outputs, ProviderError> {
    let (bytes, jpeg) = input_image(job).await?;
    let up = match job.models.upscale(bytes.clone(), UPSCALE_FACTOR).await {
        Ok(up) => up,
        Err(ModelFailure::Unavailable(why)) => return resample(bytes, jpeg, &why).await,
        Err(e) => return Err(failed(e)),
    };
    let size = crate::uploads::mediainfo::image_dimensions(&bytes);
    let (w, h) = (up.width, up.height);
    let out = blocking(move || encode(&up.rgba, w, h, jpeg)).await?;
    // The model ran on a smaller copy of a large input: say so.
    let note = size
        .filter(|&(iw, ih)| {
            (iw.saturating_mul(UPSCALE_FACTOR), ih.saturating_mul(UPSCALE_FACTOR)) != (w, h)
        })
        .map(|(iw, ih)| {
            format!(
                "The {iw}×{ih} picture was brought down to {}×{} before the AI upscaling.",
                w / UPSCALE_FACTOR,
                h / UPSCALE_FACTOR
            )
        });
    Ok(Outputs {
        outputs: vec![out],
        preview: false,
        note,
    })
}

/// Without the model: core's resample and sharpening, with a note.
async fn resample(bytes: bytes::Bytes, jpeg: bool, why: &str) -> Result<Outputs, ProviderError> {
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
