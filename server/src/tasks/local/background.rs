//! Background removal on the local provider (`Work::RemoveBackground`: `mai_fs`, `tool_gb`):
//! the local U²-Net-p model's mask becomes the alpha channel of a PNG at the input's size. Without
//! the model the task makes the labelled preview of the other model tools, its note saying why.

use super::{PREVIEW_NOTE, blocking, failed, image_tool, input_image, png_output};
use crate::models::{ModelFailure, ModelSettings};
use crate::tasks::provider::{Job, Outputs, ProviderError};
use aivg_core::imaging::{ImageFormat, encode_image};
use aivg_core::tasks::{Media, TaskModule, Work};
use aivg_models::ModelId;

/// What the local provider does for background removal, as `aivg-server engines` shows it.
pub fn describe(m: &TaskModule, models: &ModelSettings) -> Option<String> {
    if (m.output, m.work) != (Media::Image, Work::RemoveBackground) {
        return None;
    }
    let installed = models
        .dir
        .as_deref()
        .is_some_and(|d| aivg_models::is_installed(d, ModelId::Background));
    Some(if installed {
        "on this server: the U²-Net-p background model".into()
    } else {
        "a labelled preview (the background model is not installed)".into()
    })
}

pub(super) async fn remove_background(job: &Job) -> Result<Outputs, ProviderError> {
    let (bytes, _) = input_image(job).await?;
    let cut = match job.models.remove_background(bytes).await {
        Ok(cut) => cut,
        Err(ModelFailure::Unavailable(why)) => {
            let mut preview = image_tool(job).await?;
            preview.note = Some(format!("{PREVIEW_NOTE} ({why})"));
            return Ok(preview);
        }
        Err(e) => return Err(failed(e)),
    };
    let (w, h) = (cut.width, cut.height);
    let png = blocking(move || encode_image(&cut.rgba, w, h, ImageFormat::Png, 90).map_err(failed))
        .await?;
    Ok(Outputs {
        outputs: vec![png_output(png, w, h)],
        preview: false,
        note: None,
    })
}
