//! The pinned model files: `models/models.json`, the one list that both the set-up script
//! (`scripts/fetch-models.py`, which downloads and checks them) and this crate (which checks them
//! again when it loads them) read.

use crate::ModelError;
use serde::Deserialize;
use sha2::{Digest, Sha256};
use std::sync::LazyLock;

/// The manifest as shipped.
pub const MANIFEST_JSON: &str = include_str!("../models.json");

/// The models this crate runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ModelId {
    /// Open NSFW.
    Nsfw,
    /// U²-Net-p.
    Background,
    /// YuNet.
    Faces,
    /// Real-ESRGAN animevideov3 ×4: its ncnn weights (`.bin`).
    Upscale,
    /// Real-ESRGAN animevideov3 ×4: its ncnn layers (`.param`), read with the weights.
    #[serde(rename = "upscale-graph")]
    UpscaleGraph,
}

impl ModelId {
    /// Every model.
    pub const ALL: [ModelId; 5] = [
        ModelId::Nsfw,
        ModelId::Background,
        ModelId::Faces,
        ModelId::Upscale,
        ModelId::UpscaleGraph,
    ];

    /// The id as in the manifest.
    pub fn as_str(self) -> &'static str {
        match self {
            ModelId::Nsfw => "nsfw",
            ModelId::Background => "background",
            ModelId::Faces => "faces",
            ModelId::Upscale => "upscale",
            ModelId::UpscaleGraph => "upscale-graph",
        }
    }
}

impl std::fmt::Display for ModelId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One entry of the manifest.
#[derive(Debug, Clone, Deserialize)]
pub struct ModelFile {
    pub id: ModelId,
    /// What the server uses it for.
    #[serde(rename = "use")]
    pub purpose: String,
    /// The file name in the models folder.
    pub file: String,
    /// The PyPI package and its pinned version.
    pub package: String,
    pub version: String,
    /// The file's path inside the package's wheel.
    pub member: String,
    /// Lowercase hex sha256 of the file.
    pub sha256: String,
    pub bytes: u64,
    pub licence: String,
}

#[derive(Deserialize)]
struct Manifest {
    models: Vec<ModelFile>,
}

static ENTRIES: LazyLock<Result<Vec<ModelFile>, String>> = LazyLock::new(|| {
    serde_json::from_str::<Manifest>(MANIFEST_JSON)
        .map(|m| m.models)
        .map_err(|e| format!("models/models.json does not parse: {e}"))
});

/// Every entry of the manifest.
pub fn entries() -> Result<&'static [ModelFile], ModelError> {
    match &*ENTRIES {
        Ok(list) => Ok(list),
        Err(e) => Err(ModelError::Manifest(e.clone())),
    }
}

/// The entry of a model.
pub fn file_of(id: ModelId) -> Result<&'static ModelFile, ModelError> {
    entries()?
        .iter()
        .find(|m| m.id == id)
        .ok_or_else(|| ModelError::Manifest(format!("models/models.json has no {id} entry")))
}

/// Lowercase hex sha256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_model_has_one_entry() {
        assert_eq!(entries().unwrap().len(), ModelId::ALL.len());
        for id in ModelId::ALL {
            let m = file_of(id).unwrap();
            assert_eq!(m.sha256.len(), 64, "{id}");
            assert_eq!(m.id.as_str(), id.as_str());
            let ext = match id {
                ModelId::Upscale => ".bin",
                ModelId::UpscaleGraph => ".param",
                _ => ".onnx",
            };
            assert!(m.file.ends_with(ext), "{id}");
            assert!(m.member.ends_with(&m.file), "{id}");
        }
    }

    #[test]
    fn sha256_is_lowercase_hex() {
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
