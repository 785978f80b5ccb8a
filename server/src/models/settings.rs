//! Settings of the local models (see the table in `config.rs`).

use crate::config::error::ConfigError;
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
        let nsfw_threshold = match var("AIVG_NSFW_THRESHOLD") {
            None => d.nsfw_threshold,
            Some(raw) => match raw.trim().parse::<f32>() {
                Ok(t) if (0.0..=1.0).contains(&t) => t,
                _ => {
                    return Err(ConfigError {
                        name: "AIVG_NSFW_THRESHOLD",
                        problem: format!("{raw:?} is not a score from 0 to 1 (e.g. 0.5)"),
                    });
                }
            },
        };
        let count = |name: &'static str, default: usize, max: usize| match var(name) {
            None => Ok(default),
            Some(raw) => match raw.trim().parse::<usize>() {
                Ok(n) if (1..=max).contains(&n) => Ok(n),
                _ => Err(ConfigError {
                    name,
                    problem: format!("{raw:?} is not a number from 1 to {max}"),
                }),
            },
        };
        let frames = count("AIVG_NSFW_VIDEO_FRAMES", d.video_frames as usize, 120)?;
        let upscale_max_side = match var("AIVG_UPSCALE_MAX_SIDE") {
            None => d.upscale_max_side,
            Some(raw) => match raw.trim().parse::<u32>() {
                // 2048: the ×4 answer (8192²) is core's largest image.
                Ok(n) if (16..=2048).contains(&n) => n,
                _ => {
                    return Err(ConfigError {
                        name: "AIVG_UPSCALE_MAX_SIDE",
                        problem: format!("{raw:?} is not a side from 16 to 2048 pixels"),
                    });
                }
            },
        };
        Ok(Self {
            dir,
            nsfw_threshold,
            video_frames: u32::try_from(frames).unwrap_or(d.video_frames),
            workers: count("AIVG_MODEL_WORKERS", d.workers, 64)?,
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
