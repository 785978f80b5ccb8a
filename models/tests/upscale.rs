//! Real-ESRGAN animevideov3 on the real model: the converted graph gives ncnn's own numbers, the
//! windows add up to the whole picture, the sizes are right, and the pictures are plausible.
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::cast_precision_loss,
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss
)]

mod support;

use aivg_models::ModelId;
use aivg_models::upscale::{DEFAULT_MAX_SIDE as MAX, PAD, UpscaleModel};
use fast_image_resize::images::{Image, ImageRef};
use fast_image_resize::{FilterType, PixelType, ResizeAlg, ResizeOptions, Resizer};
use std::time::Instant;
use support::{disc_on_white, models_dir};

fn model() -> Option<UpscaleModel> {
    let dir = models_dir(ModelId::Upscale)?;
    models_dir(ModelId::UpscaleGraph)?;
    Some(UpscaleModel::load(&dir).unwrap())
}

/// The pattern of `tests/data/upscale-x4-ncnn.f32` (see data/README.md).
fn pattern(w: usize, h: usize) -> Vec<f32> {
    let mut v = Vec::with_capacity(3 * w * h);
    for c in 0..3 {
        for y in 0..h {
            for x in 0..w {
                v.push(((x * 7 + y * 13 + c * 29) % 17) as f32 / 16.0);
            }
        }
    }
    v
}

fn max_diff(a: &[f32], b: &[f32]) -> f32 {
    assert_eq!(a.len(), b.len());
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f32::max)
}

#[test]
fn the_converted_graph_gives_ncnns_answer() {
    let Some(model) = model() else { return };
    let want: Vec<f32> = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/upscale-x4-ncnn.f32"
    ))
    .unwrap()
    .chunks_exact(4)
    .map(|b| f32::from_le_bytes(b.try_into().unwrap()))
    .collect();
    let got = model.run_planar(&pattern(12, 8), 12, 8).unwrap();
    assert_eq!(got.len(), 3 * 48 * 32);
    let d = max_diff(&got, &want);
    eprintln!("largest difference from ncnn: {d:e}");
    assert!(d < 1e-4, "tract and ncnn differ by {d}");
}

#[test]
fn windows_add_up_to_the_whole_picture() {
    let Some(model) = model() else { return };
    let (w, h) = (100, 70);
    let input = pattern(w, h);
    let whole = model.run_planar(&input, w, h).unwrap();
    // Windows keeping 30 pixels of their 66 (12 of them): overlaps on every side, and a few
    // seconds of a debug build instead of the 450 windows of 40 it once took (22 s).
    let model = model.with_tile(2 * PAD + 30);
    let tiled = model.run_planar(&input, w, h).unwrap();
    // The progress of each window, in order, on a picture: 100 × 70 in windows of 66.
    let px = disc_on_white(w as u32, h as u32, 20.0);
    let mut seen = Vec::new();
    let mut progress = |done, total| seen.push((done, total));
    model
        .upscale_with_progress(&px, (w as u32, h as u32), 4, MAX, &mut progress)
        .unwrap();
    let total = seen.len();
    assert!(total > 4, "{seen:?}");
    assert_eq!(seen, (1..=total).map(|d| (d, total)).collect::<Vec<_>>());
    let d = max_diff(&whole, &tiled);
    eprintln!("largest difference between windows and the whole: {d:e}");
    assert!(d < 1e-4, "windows differ from the whole picture by {d}");
}

#[test]
fn each_factor_gives_its_size() {
    let Some(model) = model() else { return };
    let px = disc_on_white(40, 30, 10.0);
    for factor in [2, 3, 4] {
        let out = model.upscale(&px, (40, 30), factor, MAX).unwrap();
        assert_eq!((out.width, out.height), (40 * factor, 30 * factor));
        assert_eq!(out.rgba.len(), (out.width * out.height * 4) as usize);
    }
    let out = model.upscale(&px, (40, 30), 2, 20).unwrap();
    assert_eq!(
        (out.width, out.height),
        (40, 30),
        "brought down to 20 × 15 first"
    );
    assert!(model.upscale(&px, (40, 30), 5, MAX).is_err());
    assert!(model.upscale(&px[4..], (40, 30), 2, MAX).is_err());
}

fn lanczos(px: &[u8], w: u32, h: u32, tw: u32, th: u32) -> Vec<u8> {
    let src = ImageRef::new(w, h, px, PixelType::U8x4).unwrap();
    let mut dst = Image::new(tw, th, PixelType::U8x4);
    let opts = ResizeOptions::new().resize_alg(ResizeAlg::Convolution(FilterType::Lanczos3));
    Resizer::new().resize(&src, &mut dst, &opts).unwrap();
    dst.into_vec()
}

fn psnr(a: &[u8], b: &[u8]) -> f64 {
    let mse: f64 = a
        .chunks_exact(4)
        .zip(b.chunks_exact(4))
        .flat_map(|(p, q)| (0..3).map(move |c| (f64::from(p[c]) - f64::from(q[c])).powi(2)))
        .sum::<f64>()
        / (a.len() / 4 * 3) as f64;
    10.0 * (255.0f64.powi(2) / mse.max(1e-9)).log10()
}

#[test]
fn a_smooth_gradient_stays_close_to_a_resample() {
    let Some(model) = model() else { return };
    let (w, h) = (96u32, 64u32);
    let mut px = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let r = 40.0 + 170.0 * x as f32 / w as f32;
            let g = 60.0 + 120.0 * y as f32 / h as f32;
            px.extend_from_slice(&[r as u8, g as u8, 150, 255]);
        }
    }
    let started = Instant::now();
    let out = model.upscale(&px, (w, h), 2, MAX).unwrap();
    eprintln!("{w} × {h} upscaled 2× in {:?}", started.elapsed());
    let reference = lanczos(&px, w, h, w * 2, h * 2);
    let p = psnr(&out.rgba, &reference);
    eprintln!("PSNR against Lanczos3: {p:.1} dB");
    assert!(p > 32.0, "PSNR {p:.1} dB");
    assert!(
        out.rgba.chunks_exact(4).all(|p| p[3] == 255),
        "stays opaque"
    );
}

/// Sum of squared differences between neighbours: larger when edges are crisper.
fn edge_energy(px: &[u8], w: usize) -> f64 {
    let lum = |i: usize| f64::from(px[i * 4]) + f64::from(px[i * 4 + 1]);
    let n = px.len() / 4;
    (0..n)
        .filter(|i| i % w + 1 < w)
        .map(|i| (lum(i + 1) - lum(i)).powi(2))
        .sum()
}

#[test]
fn edges_come_out_crisper_than_a_resample() {
    let Some(model) = model() else { return };
    let (w, h) = (64u32, 64u32);
    // A soft disc: the resample keeps its blur, the network sharpens its rim.
    let sharp = disc_on_white(128, 128, 40.0);
    let px = lanczos(&sharp, 128, 128, w, h);
    let out = model.upscale(&px, (w, h), 4, MAX).unwrap();
    let reference = lanczos(&px, w, h, w * 4, h * 4);
    let (net, lz) = (edge_energy(&out.rgba, 256), edge_energy(&reference, 256));
    eprintln!("edge energy: network {net:.0}, Lanczos3 {lz:.0}");
    assert!(net > lz * 1.2, "network {net}, Lanczos3 {lz}");
    // Still the same picture.
    let p = psnr(&out.rgba, &reference);
    eprintln!("PSNR against Lanczos3: {p:.1} dB");
    assert!(p > 22.0, "PSNR {p:.1} dB");
}

#[test]
fn transparency_is_kept() {
    let Some(model) = model() else { return };
    let (w, h) = (32u32, 24u32);
    let mut px = disc_on_white(w, h, 8.0);
    for p in px.chunks_exact_mut(4).take((w * h / 2) as usize) {
        p[3] = 0;
    }
    let out = model.upscale(&px, (w, h), 2, MAX).unwrap();
    let (top, bottom) = out.rgba.split_at(out.rgba.len() / 2);
    assert!(
        top.chunks_exact(4)
            .skip(64 * 4)
            .take(64 * 8)
            .all(|p| p[3] < 8)
    );
    assert!(bottom.chunks_exact(4).skip(64 * 8).all(|p| p[3] > 247));
}
