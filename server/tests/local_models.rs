//! The local models behind the instant checks and the local background remover and image
//! enhancer, over real HTTP: the NSFW verdict of pictures and sampled video frames (and its
//! threshold), faces with key points, a transparent PNG from `mai_fs`, the model's upscale from
//! `mai_imagesharpen`, and the documented answers without the models.
//!
//! The models are installed by `scripts/setup.sh` into `~/.cache/aivg/models` (or
//! `AIVG_MODELS_DIR`); a test needing an absent one prints why and skips, except on CI (`CI`
//! set), where it fails.
#![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]

use crate::common;
use crate::media_support;

use aivg_core::imaging::{ImageFormat, decode_image, encode_image};
use aivg_models::ModelId;
use common::TestServer;
use media_support::{create_ok, fetch, ffmpeg_ready, grant, result, start_with, upload, wait_done};
use serde_json::{Value, json};
use std::path::PathBuf;

/// The models folder when every model is installed (see the module doc).
fn models_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("AIVG_MODELS_DIR")
        .map(PathBuf::from)
        .or_else(aivg_server::models::settings::default_dir)?;
    let missing: Vec<ModelId> = ModelId::ALL
        .into_iter()
        .filter(|id| !aivg_models::is_installed(&dir, *id))
        .collect();
    if missing.is_empty() {
        return Some(dir);
    }
    let why = format!(
        "models {missing:?} are not installed in {} (python3 scripts/fetch-models.py installs them)",
        dir.display()
    );
    if std::env::var_os("CI").is_some() {
        panic!("{why}");
    }
    eprintln!("SKIPPED: {why}");
    None
}

/// A server on the installed models, its NSFW threshold set to `threshold`.
async fn server(dir: PathBuf, threshold: f32) -> TestServer {
    start_with(|cfg| {
        cfg.models.dir = Some(dir);
        cfg.models.nsfw_threshold = threshold;
    })
    .await
}

fn astronaut() -> Vec<u8> {
    std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../models/tests/data/astronaut.jpg"
    ))
    .unwrap()
}

/// A PNG of a shaded orange disc of radius `r` at the centre of plain white.
fn disc_png(w: u32, h: u32, r: f32) -> Vec<u8> {
    let (cx, cy) = (w as f32 / 2.0, h as f32 / 2.0);
    let mut px = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let (dx, dy) = (x as f32 - cx, y as f32 - cy);
            if (dx * dx + dy * dy).sqrt() <= r {
                let shade = 1.0 - 0.35 * ((dx + dy) / (2.0 * r) + 0.5).clamp(0.0, 1.0);
                px.extend_from_slice(&[(240.0 * shade) as u8, (120.0 * shade) as u8, 20, 255]);
            } else {
                px.extend_from_slice(&[255, 255, 255, 255]);
            }
        }
    }
    encode_image(&px, w, h, ImageFormat::Png, 90).unwrap()
}

async fn instant(s: &TestServer, token: &str, algorithm: &str, path: &str) -> Value {
    let id = create_ok(s, token, algorithm, json!({ "file_path": path })).await;
    let t = result(s, token, algorithm, &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    t["result"].clone()
}

#[tokio::test]
async fn pictures_are_scored_and_the_threshold_decides() {
    let Some(dir) = models_dir() else { return };
    let s = server(dir.clone(), 0.5).await;
    let token = s.register("nsfw@example.com").await;
    let photo = upload(&s, &token, "i_sensitive_detect", "jpg", astronaut()).await;
    let r = instant(&s, &token, "i_sensitive_detect", &photo).await;
    assert_eq!(r["pass"], true, "{r}");
    let score = r["score"].as_f64().unwrap();
    assert!((0.0..0.5).contains(&score), "{r}");
    assert_eq!(r["threshold"], 0.5);
    assert!(r.get("note").is_none(), "{r}");
    assert_eq!(s.balance(&token).await, 5, "free");

    // The same picture on a server whose threshold is below its score is flagged.
    let strict = server(dir, 0.0).await;
    let token = strict.register("strict@example.com").await;
    let photo = upload(&strict, &token, "i_sensitive_detect", "jpg", astronaut()).await;
    let r = instant(&strict, &token, "i_sensitive_detect", &photo).await;
    assert_eq!(r["pass"], false, "{r}");
    assert!(
        (r["score"].as_f64().unwrap() - score).abs() < 1e-3,
        "same score: {r}"
    );
}

#[tokio::test]
async fn faces_come_back_with_boxes_scores_and_key_points() {
    let Some(dir) = models_dir() else { return };
    let s = server(dir, 0.5).await;
    let token = s.register("fkp@example.com").await;
    let photo = upload(&s, &token, "image_fkp", "jpg", astronaut()).await;
    let r = instant(&s, &token, "image_fkp", &photo).await;
    assert_eq!(
        (r["width"].as_u64(), r["height"].as_u64()),
        (Some(256), Some(256))
    );
    let faces = r["faces"].as_array().unwrap();
    assert_eq!(faces.len(), 1, "{r}");
    let f = &faces[0];
    assert!(f["score"].as_f64().unwrap() >= 0.6, "{f}");
    let (x, y, w, h) = (
        f["x"].as_f64().unwrap(),
        f["y"].as_f64().unwrap(),
        f["w"].as_f64().unwrap(),
        f["h"].as_f64().unwrap(),
    );
    assert!(
        w > 20.0 && h > 20.0 && x + w <= 256.0 && y + h <= 256.0,
        "{f}"
    );
    let names: Vec<&str> = f["key_points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "right_eye",
            "left_eye",
            "nose_tip",
            "right_mouth_corner",
            "left_mouth_corner"
        ]
    );
    // A picture without a face: none.
    let plain = upload(&s, &token, "image_fkp", "png", disc_png(200, 200, 60.0)).await;
    let r = instant(&s, &token, "image_fkp", &plain).await;
    assert_eq!(r["faces"], json!([]), "{r}");
}

#[tokio::test]
async fn the_background_remover_makes_a_transparent_png() {
    let Some(dir) = models_dir() else { return };
    let s = server(dir, 0.5).await;
    let token = s.register("bg@example.com").await;
    grant(&s, "bg@example.com", 10).await;
    let (w, h, r) = (400u32, 300u32, 80.0f32);
    let input = upload(&s, &token, "mai_fs", "png", disc_png(w, h, r)).await;
    let id = create_ok(&s, &token, "mai_fs", json!({ "file_path": input })).await;
    let t = wait_done(&s, &token, "mai_fs", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    assert_eq!(t["result"]["preview"], false, "made by the model: {t}");
    let url = t["result"]["outputs"][0]["url"].as_str().unwrap();
    let (status, _, bytes) = fetch(&s, url).await;
    assert_eq!(status, 200);
    assert!(bytes.starts_with(b"\x89PNG"), "a PNG");
    let out = decode_image(&bytes).unwrap();
    assert_eq!((out.width, out.height), (w, h), "the input's size");
    let alpha = |x: u32, y: u32| out.pixels[((y * w + x) * 4 + 3) as usize];
    assert!(alpha(w / 2, h / 2) > 200, "the subject stays");
    assert!(
        alpha(5, 5) < 30 && alpha(w - 5, h - 5) < 30,
        "the background goes"
    );
}

#[tokio::test]
async fn the_image_enhancer_upscales_with_the_model() {
    let Some(dir) = models_dir() else { return };
    let s = server(dir.clone(), 0.5).await;
    let token = s.register("up@example.com").await;
    grant(&s, "up@example.com", 10).await;
    let (w, h) = (48u32, 32u32);
    let png = disc_png(w, h, 12.0);
    let input = upload(&s, &token, "mai_imagesharpen", "png", png.clone()).await;
    let id = create_ok(
        &s,
        &token,
        "mai_imagesharpen",
        json!({ "file_path": input }),
    )
    .await;
    let t = wait_done(&s, &token, "mai_imagesharpen", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    assert_eq!(t["result"]["preview"], false, "{t}");
    assert!(t["result"].get("note").is_none_or(Value::is_null), "{t}");
    let url = t["result"]["outputs"][0]["url"].as_str().unwrap();
    let (status, _, bytes) = fetch(&s, url).await;
    assert_eq!(status, 200);
    let out = decode_image(&bytes).unwrap();
    assert_eq!((out.width, out.height), (2 * w, 2 * h), "twice the size");
    // Made by the model: the very pixels it gives for the input (PNG is lossless) and not the
    // resample's.
    let px = decode_image(&png).unwrap();
    let model = aivg_models::upscale::UpscaleModel::load(&dir).unwrap();
    let max = aivg_models::upscale::DEFAULT_MAX_SIDE;
    let want = model.upscale(&px.pixels, (w, h), 2, max).unwrap();
    assert_eq!(
        out.pixels.as_ref(),
        want.rgba.as_slice(),
        "the model's pixels"
    );
    let resampled = aivg_core::imaging::enhance_rgba(&px.pixels, w, h).unwrap();
    assert_ne!(out.pixels, resampled.pixels);

    // A picture longer than AIVG_UPSCALE_MAX_SIDE is resampled instead, still twice its size,
    // and the note says why.
    let small = start_with(|cfg| {
        cfg.models.dir = Some(dir);
        cfg.models.upscale_max_side = 40;
    })
    .await;
    let token = small.register("up2@example.com").await;
    grant(&small, "up2@example.com", 10).await;
    let input = upload(&small, &token, "tool_itr", "png", png).await;
    let id = create_ok(&small, &token, "tool_itr", json!({ "file_path": input })).await;
    let t = wait_done(&small, &token, "tool_itr", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    let note = t["result"]["note"].as_str().unwrap();
    assert!(
        note.contains("48×32 picture is larger than the 40 pixels"),
        "{note}"
    );
    let url = t["result"]["outputs"][0]["url"].as_str().unwrap();
    let out = decode_image(&fetch(&small, url).await.2).unwrap();
    assert_eq!(out.pixels, resampled.pixels, "the resample's pixels");
}

#[tokio::test]
async fn videos_are_checked_on_sampled_frames() {
    let Some(dir) = models_dir() else { return };
    if !ffmpeg_ready() {
        return;
    }
    let s = server(dir.clone(), 0.5).await;
    let token = s.register("vid@example.com").await;
    let clip = s.dir.path().join("clip.mp4");
    let status = std::process::Command::new("ffmpeg")
        .args(["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi"])
        .args(["-i", "testsrc=size=320x240:rate=10", "-t", "3"])
        .args(["-c:v", "libx264", "-pix_fmt", "yuv420p"])
        .arg(&clip)
        .status()
        .unwrap();
    assert!(status.success());
    let bytes = std::fs::read(&clip).unwrap();
    let path = upload(&s, &token, "v_sensitive_detect", "mp4", bytes.clone()).await;
    let r = instant(&s, &token, "v_sensitive_detect", &path).await;
    assert_eq!(r["pass"], true, "{r}");
    assert_eq!(r["frames"], 3, "one frame a second: {r}");

    // At most AIVG_NSFW_VIDEO_FRAMES, and the threshold applies to the highest frame score.
    let strict = start_with(|cfg| {
        cfg.models.dir = Some(dir);
        cfg.models.nsfw_threshold = 0.0;
        cfg.models.video_frames = 2;
    })
    .await;
    let token = strict.register("vid2@example.com").await;
    let path = upload(&strict, &token, "v_sensitive_detect", "mp4", bytes).await;
    let r = instant(&strict, &token, "v_sensitive_detect", &path).await;
    assert_eq!(
        (r["pass"].as_bool(), r["frames"].as_u64()),
        (Some(false), Some(2)),
        "{r}"
    );
}

#[tokio::test]
async fn without_the_models_the_features_say_so() {
    let empty = tempfile::tempdir().unwrap();
    let s = start_with(|cfg| cfg.models.dir = Some(empty.path().to_path_buf())).await;
    let token = s.register("none@example.com").await;
    grant(&s, "none@example.com", 10).await;
    let photo = upload(
        &s,
        &token,
        "i_sensitive_detect",
        "png",
        disc_png(64, 48, 20.0),
    )
    .await;
    let r = instant(&s, &token, "i_sensitive_detect", &photo).await;
    assert_eq!(r["pass"], true, "{r}");
    let note = r["note"].as_str().unwrap();
    assert!(
        note.contains("not installed") && note.ends_with("every image passes"),
        "{r}"
    );
    let r = instant(&s, &token, "image_fkp", &photo).await;
    assert_eq!(r["faces"], json!([]));
    assert!(r["note"].as_str().unwrap().contains("not installed"), "{r}");
    let id = create_ok(&s, &token, "mai_fs", json!({ "file_path": photo })).await;
    let t = wait_done(&s, &token, "mai_fs", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    assert_eq!(t["result"]["preview"], true, "the labelled stand-in: {t}");
    // The image enhancer resamples, twice the size, and says why.
    let id = create_ok(
        &s,
        &token,
        "mai_imagesharpen",
        json!({ "file_path": photo }),
    )
    .await;
    let t = wait_done(&s, &token, "mai_imagesharpen", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    let out = &t["result"]["outputs"][0];
    assert_eq!(
        (out["width"].as_u64(), out["height"].as_u64()),
        (Some(128), Some(96)),
        "{t}"
    );
    let note = t["result"]["note"].as_str().unwrap();
    assert!(
        note.starts_with("Upscaled with a Lanczos resample") && note.contains("not installed"),
        "{note}"
    );
}
