//! The image enhancer's model in the server: Real-ESRGAN animevideov3 (aivg-models' `upscale`,
//! its ncnn weights and layers), loaded once at its first use like the other models.
//!
//! An upscale takes seconds to tens of seconds of CPU (about a second per 100 × 100 input
//! pixels on one core), so it does not run on the shared model permits (`AIVG_MODEL_WORKERS`),
//! which would keep the instant checks waiting behind it: it has a permit of its own, one upscale
//! at a time, and further enhancer tasks wait their turn.

use super::{ModelFailure, Models};
use aivg_models::ModelError;
use aivg_models::ModelId;
use aivg_models::upscale::{UpscaleModel, Upscaled};
use bytes::Bytes;
use std::path::Path;

/// Whether both files of the upscaler are in `dir` (not checked: loading does that).
pub fn upscale_installed(dir: Option<&Path>) -> bool {
    dir.is_some_and(|d| {
        aivg_models::is_installed(d, ModelId::Upscale)
            && aivg_models::is_installed(d, ModelId::UpscaleGraph)
    })
}

impl Models {
    /// An encoded picture upscaled `factor` times (2 to 4) by the model, `progress(windows
    /// done, windows)` called after each of its windows. The enhancer sends pictures up to
    /// `AIVG_UPSCALE_MAX_SIDE` only; a longer one would be brought down to it first.
    pub async fn upscale(
        &self,
        file: Bytes,
        factor: u32,
        mut progress: impl FnMut(usize, usize) + Send + 'static,
    ) -> Result<Upscaled, ModelFailure> {
        let max_side = self.inner.settings.upscale_max_side;
        let m = self
            .model(&self.inner.upscale, ModelId::Upscale, UpscaleModel::load)
            .await?;
        let _permit = self
            .inner
            .upscale_permit
            .acquire()
            .await
            .map_err(|e| ModelFailure::Failed(format!("the upscale pool is closed: {e}")))?;
        tokio::task::spawn_blocking(move || {
            let img = aivg_core::imaging::decode_image(&file).map_err(ModelError::from)?;
            let size = (img.width, img.height);
            Ok(m.upscale_with_progress(&img.pixels, size, factor, max_side, &mut progress)?)
        })
        .await
        .map_err(|e| ModelFailure::Failed(format!("the model work stopped: {e}")))?
    }
}
