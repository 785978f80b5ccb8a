//! The local models in the server (crate `aivg-models`): the NSFW check of
//! `i_sensitive_detect` / `v_sensitive_detect`, face detection of `image_fkp`, and background
//! removal (`mai_fs`, `tool_gb`) and upscaling (the image enhancer, `upscale.rs`) of the local
//! provider.
//!
//! - Each model is loaded once, lazily, at its first use (parsing and optimising takes about a
//!   second); a model whose file is absent stays absent until the server restarts, and the
//!   feature answers as documented in docs/engines.md ("Local models"): the checks pass with a note,
//!   `image_fkp` reports no faces with a note, background removal makes the labelled preview,
//!   the image enhancer resamples with a note.
//! - Inference runs on tokio's blocking threads, at most `AIVG_MODEL_WORKERS` at once (a
//!   semaphore), so requests cannot pile CPU work beyond that; pictures are decoded and brought
//!   down to the model's input size inside that work.

pub mod settings;
mod upscale;
pub mod video;

pub use settings::ModelSettings;
pub use upscale::upscale_installed;

use aivg_models::background::BackgroundModel;
use aivg_models::faces::{Face, FaceModel};
use aivg_models::nsfw::NsfwModel;
use aivg_models::{ModelError, ModelId};
use bytes::Bytes;
use std::path::Path;
use std::sync::Arc;
use tokio::sync::{OnceCell, Semaphore};

/// Why a model gave no answer.
#[derive(Debug, Clone, thiserror::Error)]
pub enum ModelFailure {
    /// The model is not installed (or not usable): the feature falls back. The message says
    /// how to install it.
    #[error("{0}")]
    Unavailable(String),
    /// The input could not be used (not a picture, too large): the caller's fault.
    #[error("{0}")]
    BadInput(String),
    /// The model failed on a good input.
    #[error("{0}")]
    Failed(String),
}

impl From<ModelError> for ModelFailure {
    fn from(e: ModelError) -> Self {
        match e {
            ModelError::Image(_) => Self::BadInput(e.to_string()),
            ModelError::Runtime { .. } => Self::Failed(e.to_string()),
            _ => Self::Unavailable(e.to_string()),
        }
    }
}

type Slot<M> = OnceCell<Result<Arc<M>, String>>;

struct Inner {
    settings: ModelSettings,
    permits: Semaphore,
    nsfw: Slot<NsfwModel>,
    background: Slot<BackgroundModel>,
    faces: Slot<FaceModel>,
    upscale: Slot<aivg_models::upscale::UpscaleModel>,
    /// One upscale at a time, outside `permits` (`upscale.rs`).
    upscale_permit: Semaphore,
}

/// The server's models (cheap to clone).
#[derive(Clone)]
pub struct Models {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for Models {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Models")
            .field("settings", &self.inner.settings)
            .finish()
    }
}

/// A picture with its background removed: RGBA8 pixels and size.
#[derive(Debug, Clone)]
pub struct CutOut {
    pub rgba: Vec<u8>,
    pub width: u32,
    pub height: u32,
}

impl Models {
    pub fn new(settings: ModelSettings) -> Self {
        let permits = Semaphore::new(settings.workers.max(1));
        Self {
            inner: Arc::new(Inner {
                settings,
                permits,
                nsfw: OnceCell::new(),
                background: OnceCell::new(),
                faces: OnceCell::new(),
                upscale: OnceCell::new(),
                upscale_permit: Semaphore::new(1),
            }),
        }
    }

    pub fn settings(&self) -> &ModelSettings {
        &self.inner.settings
    }

    /// Whether a model's file is in the models folder (not loaded or checked yet).
    pub fn is_installed(&self, id: ModelId) -> bool {
        self.inner
            .settings
            .dir
            .as_deref()
            .is_some_and(|d| aivg_models::is_installed(d, id))
    }

    /// Runs `f` on the blocking pool under a permit.
    async fn blocking<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> Result<T, ModelFailure> + Send + 'static,
    ) -> Result<T, ModelFailure> {
        let _permit = self
            .inner
            .permits
            .acquire()
            .await
            .map_err(|e| ModelFailure::Failed(format!("the model pool is closed: {e}")))?;
        tokio::task::spawn_blocking(f)
            .await
            .map_err(|e| ModelFailure::Failed(format!("the model work stopped: {e}")))?
    }

    /// The loaded model of a slot, loading it on first use.
    async fn model<M: Send + Sync + 'static>(
        &self,
        slot: &Slot<M>,
        id: ModelId,
        load: fn(&Path) -> Result<M, ModelError>,
    ) -> Result<Arc<M>, ModelFailure> {
        let Some(dir) = self.inner.settings.dir.clone() else {
            return Err(ModelFailure::Unavailable(format!(
                "the {id} model is off (AIVG_MODELS_DIR=off)"
            )));
        };
        let loaded = slot
            .get_or_init(|| async {
                let started = std::time::Instant::now();
                let result = self
                    .blocking(move || load(&dir).map(Arc::new).map_err(ModelFailure::from))
                    .await;
                match &result {
                    Ok(_) => tracing::info!("loaded the {id} model in {:?}", started.elapsed()),
                    Err(e) => tracing::warn!("{e}"),
                }
                result.map_err(|e| e.to_string())
            })
            .await;
        loaded.clone().map_err(ModelFailure::Unavailable)
    }

    /// Loads the NSFW model if it is not yet: `Unavailable` when it cannot be.
    pub async fn nsfw_ready(&self) -> Result<(), ModelFailure> {
        self.model(&self.inner.nsfw, ModelId::Nsfw, NsfwModel::load)
            .await
            .map(|_| ())
    }

    /// The NSFW probability (0 to 1) of an encoded picture.
    pub async fn nsfw_image(&self, file: Bytes) -> Result<f32, ModelFailure> {
        let m = self
            .model(&self.inner.nsfw, ModelId::Nsfw, NsfwModel::load)
            .await?;
        self.blocking(move || Ok(m.score_file(&file)?)).await
    }

    /// The highest NSFW probability among RGBA8 frames of `side` × `side` (0 for none).
    pub async fn nsfw_frames(&self, frames: Vec<Vec<u8>>, side: u32) -> Result<f32, ModelFailure> {
        let m = self
            .model(&self.inner.nsfw, ModelId::Nsfw, NsfwModel::load)
            .await?;
        self.blocking(move || {
            frames
                .iter()
                .try_fold(0f32, |max, f| Ok(max.max(m.score_rgba(f, side, side)?)))
        })
        .await
    }

    /// The faces of an encoded picture, best first, in its pixels.
    pub async fn faces(&self, file: Bytes) -> Result<Vec<Face>, ModelFailure> {
        let m = self
            .model(&self.inner.faces, ModelId::Faces, FaceModel::load)
            .await?;
        let min_score = self.inner.settings.face_min_score;
        self.blocking(move || {
            let img = aivg_core::imaging::decode_image(&file).map_err(ModelError::from)?;
            Ok(m.detect(&img.pixels, img.width, img.height, min_score)?)
        })
        .await
    }

    /// An encoded picture with its background made transparent, at its own size.
    pub async fn remove_background(&self, file: Bytes) -> Result<CutOut, ModelFailure> {
        let m = self
            .model(
                &self.inner.background,
                ModelId::Background,
                BackgroundModel::load,
            )
            .await?;
        self.blocking(move || {
            let img = aivg_core::imaging::decode_image(&file).map_err(ModelError::from)?;
            let rgba = m.cut_out(&img.pixels, img.width, img.height)?;
            Ok(CutOut {
                rgba,
                width: img.width,
                height: img.height,
            })
        })
        .await
    }
}
