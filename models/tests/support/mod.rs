//! Shared parts of the model tests: where the installed models are, and test pictures.
#![allow(dead_code, clippy::unwrap_used, clippy::panic)]

use aivg_models::ModelId;
use std::path::PathBuf;

/// The models folder when `id` is installed there (`AIVG_MODELS_DIR`, else the set-up script's
/// `~/.cache/aivg/models`). Absent: the test prints why it skips and answers `None`; on CI
/// (`CI` set, where `scripts/setup.sh` has installed them) an absent model fails the test.
pub fn models_dir(id: ModelId) -> Option<PathBuf> {
    let dir = std::env::var_os("AIVG_MODELS_DIR")
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache/aivg/models"))
        })?;
    if aivg_models::is_installed(&dir, id) {
        return Some(dir);
    }
    let why = format!(
        "the {id} model is not installed in {} (python3 scripts/fetch-models.py installs it)",
        dir.display()
    );
    if std::env::var_os("CI").is_some() {
        panic!("{why}");
    }
    eprintln!("SKIPPED: {why}");
    None
}

/// The test photograph: NASA's portrait of astronaut Eileen Collins (public domain), as shipped
/// by scikit-image (`skimage/data/astronaut.png`), scaled to 256 × 256 (see data/README.md).
pub fn astronaut() -> Vec<u8> {
    std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/astronaut.jpg"
    ))
    .unwrap()
}

/// A `w` × `h` RGBA8 drawing: a shaded orange disc of radius `r` at the centre on plain white.
pub fn disc_on_white(w: u32, h: u32, r: f32) -> Vec<u8> {
    let (cx, cy) = (w as f32 / 2.0, h as f32 / 2.0);
    let mut px = Vec::with_capacity((w * h * 4) as usize);
    for y in 0..h {
        for x in 0..w {
            let (dx, dy) = (x as f32 - cx, y as f32 - cy);
            if (dx * dx + dy * dy).sqrt() <= r {
                // Lit from the top left, like a ball.
                let shade = 1.0 - 0.35 * ((dx + dy) / (2.0 * r) + 0.5).clamp(0.0, 1.0);
                px.extend_from_slice(&[(240.0 * shade) as u8, (120.0 * shade) as u8, 20, 255]);
            } else {
                px.extend_from_slice(&[255, 255, 255, 255]);
            }
        }
    }
    px
}

/// A `w` × `h` RGBA8 landscape: sky gradient over a green field, a yellow sun.
pub fn landscape(w: u32, h: u32) -> Vec<u8> {
    let mut px = Vec::with_capacity((w * h * 4) as usize);
    for y in 0..h {
        for x in 0..w {
            let t = y as f32 / h as f32;
            let sun = ((x as f32 - w as f32 * 0.75).powi(2) + (y as f32 - h as f32 * 0.2).powi(2))
                .sqrt()
                < h as f32 * 0.08;
            let p = if sun {
                [250, 220, 60, 255]
            } else if t < 0.6 {
                [(90.0 + 100.0 * t) as u8, (150.0 + 80.0 * t) as u8, 235, 255]
            } else {
                [40, (110.0 + 60.0 * (1.0 - t)) as u8, 45, 255]
            };
            px.extend_from_slice(&p);
        }
    }
    px
}
