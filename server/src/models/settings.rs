//! Settings of the local models (see `docs/configuration.md`, "Local models").

use crate::config::error::ConfigError;
use crate::config::number::number_in;
use std::path::PathBuf;

/// Where the models are and how they are used.
#[derive(Debug, Clone)]
pub struct ModelSettings {
    /// `AIVG_MODELS_DIR` (default `~/.cache/aivg/models`, where `scripts/setup.sh` installs
    /// them; `off` turns every model off). `None` = off.
    pub dir: Option<PathBuf>,
    /// `AIVG_NSFW_THRESHOLD` (0 to 1, default 0.5, the reference package's): an image or video
    /// whose NSFW score reaches it does not pass the sensitive check.
    pub nsfw_threshold: f32,
    /// `AIVG_NSFW_VIDEO_FRAMES` (1 to 120, default 16): frames of a video the check scores,
    /// one a second, spread evenly over longer videos.
    pub video_frames: u32,
    /// `AIVG_MODEL_WORKERS` (1 to 64, default 2): model runs at once; more wait their turn.
    pub workers: usize,
    /// Score a face needs in `image_fkp` (aivg-models' default).
    pub face_min_score: f32,
    /// `AIVG_UPSCALE_MAX_SIDE` (16 to 2048, default aivg-models' 512): the longest input side
    /// the image enhancer's model takes (its work grows with the input's pixels: about a
    /// second per 100 × 100 on one core); a larger input is resampled.
    pub upscale_max_side: u32,
}

impl Default for ModelSettings {
    fn default() -> Self {
        Self {
            dir: default_dir(),
            nsfw_threshold: aivg_models::nsfw::DEFAULT_THRESHOLD,
            video_frames: 16,
            workers: 2,
            face_min_score: aivg_models::faces::DEFAULT_MIN_SCORE,
            upscale_max_side: aivg_models::upscale::DEFAULT_MAX_SIDE,
        }
    }
}

/// `~/.cache/aivg/models` (`None` without a home folder).
pub fn default_dir() -> Option<PathBuf> {
    std::env::var_os("HOME")
        .filter(|h| !h.is_empty())
        .map(|h| PathBuf::from(h).join(".cache/aivg/models"))
}

impl ModelSettings {
    /// Reads the variables through `var`.
    pub fn from_env(var: &dyn Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let d = Self::default();
        let dir = match var("AIVG_MODELS_DIR") {
            None => d.dir,
            Some(v) if v.trim().eq_ignore_ascii_case("off") => None,
            Some(v) => Some(PathBuf::from(v.trim())),
        };
        let nsfw_threshold = number_in(
            "AIVG_NSFW_THRESHOLD",
            var("AIVG_NSFW_THRESHOLD"),
            d.nsfw_threshold,
            0.0..=1.0,
            "a score",
        )?;
        let video_frames = number_in(
            "AIVG_NSFW_VIDEO_FRAMES",
            var("AIVG_NSFW_VIDEO_FRAMES"),
            d.video_frames,
            1..=120,
            "a number",
        )?;
        // 2048: the ×4 answer (8192²) is core's largest image.
        let upscale_max_side = number_in(
            "AIVG_UPSCALE_MAX_SIDE",
            var("AIVG_UPSCALE_MAX_SIDE"),
            d.upscale_max_side,
            16..=2048,
            "a side in pixels",
        )?;
        Ok(Self {
            dir,
            nsfw_threshold,
            video_frames,
            workers: number_in(
                "AIVG_MODEL_WORKERS",
                var("AIVG_MODEL_WORKERS"),
                d.workers,
                1..=64,
                "a number",
            )?,
            face_min_score: d.face_min_score,
            upscale_max_side,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(pairs: &[(&str, &str)]) -> Result<ModelSettings, ConfigError> {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        ModelSettings::from_env(&move |name: &str| {
            pairs
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
        })
    }

    #[test]
    fn defaults_and_overrides() {
        let s = read(&[]).unwrap();
        assert!((s.nsfw_threshold - 0.5).abs() < f32::EPSILON);
        assert_eq!((s.video_frames, s.workers), (16, 2));
        let s = read(&[
            ("AIVG_MODELS_DIR", "/srv/models"),
            ("AIVG_NSFW_THRESHOLD", "0.8"),
            ("AIVG_NSFW_VIDEO_FRAMES", "4"),
            ("AIVG_MODEL_WORKERS", "1"),
            ("AIVG_UPSCALE_MAX_SIDE", "1024"),
        ])
        .unwrap();
        assert_eq!(s.upscale_max_side, 1024);
        assert_eq!(s.dir, Some(PathBuf::from("/srv/models")));
        assert!((s.nsfw_threshold - 0.8).abs() < f32::EPSILON);
        assert_eq!((s.video_frames, s.workers), (4, 1));
        assert_eq!(read(&[("AIVG_MODELS_DIR", "OFF")]).unwrap().dir, None);
    }

    #[test]
    fn bad_values_name_their_variable() {
        let e = read(&[("AIVG_NSFW_THRESHOLD", "1.5")]).unwrap_err();
        assert_eq!(e.name, "AIVG_NSFW_THRESHOLD");
        let e = read(&[("AIVG_NSFW_VIDEO_FRAMES", "0")]).unwrap_err();
        assert_eq!(e.name, "AIVG_NSFW_VIDEO_FRAMES");
        let e = read(&[("AIVG_MODEL_WORKERS", "many")]).unwrap_err();
        assert_eq!(e.name, "AIVG_MODEL_WORKERS");
        let e = read(&[("AIVG_UPSCALE_MAX_SIDE", "8")]).unwrap_err();
        assert_eq!(e.name, "AIVG_UPSCALE_MAX_SIDE");
    }
}
