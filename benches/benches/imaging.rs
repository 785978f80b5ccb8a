//! Criterion benches of `aivg_core::imaging`: downscaling camera-sized RGBA images to the 2000 px
//! upload limit (docs/behaviour/uploads.md#image-crop), cropping, and an informal comparison with
//! the `image` crate's own Lanczos3 resize, printed as a ratio at the end (a timing is never a test
//! assertion).
//!
//! Run: `cargo bench -p aivg-benches --bench imaging -- --warm-up-time 1 --measurement-time 3`

use aivg_core::crop::CropRect;
use aivg_core::imaging::{crop_rgba, downscale_rgba};
use criterion::{BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// The upload limit the site downscales to (docs/behaviour/uploads.md#image-crop "max image side
/// 2000").
const LONG_SIDE: u32 = 2000;

/// Deterministic synthetic photo-like content: smooth gradients plus a fine texture, so the filter
/// has real work (a flat image would be no harder but less honest). With `alpha`, alpha varies in
/// bands from fully transparent to opaque, which forces the premultiplied path.
fn synthetic(width: u32, height: u32, alpha: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(width as usize * height as usize * 4);
    for y in 0..height {
        for x in 0..width {
            let r = (x * 255 / width.max(1)) as u8;
            let g = (y * 255 / height.max(1)) as u8;
            let b = ((x.wrapping_mul(7) ^ y.wrapping_mul(13)) & 0xFF) as u8;
            let a = if alpha {
                (((x / 16 + y / 16) * 29) & 0xFF) as u8
            } else {
                255
            };
            out.extend_from_slice(&[r, g, b, a]);
        }
    }
    out
}

fn bench_downscale(c: &mut Criterion, images: &[(u32, u32, bool, Vec<u8>)]) {
    let mut group = c.benchmark_group("downscale_rgba_to_2000");
    group.sample_size(10);
    for (w, h, alpha, pixels) in images {
        group.throughput(Throughput::Elements(u64::from(*w) * u64::from(*h)));
        let id = format!("{w}x{h}{}", if *alpha { "_alpha" } else { "_opaque" });
        group.bench_function(BenchmarkId::from_parameter(id), |b| {
            b.iter(|| {
                let out = downscale_rgba(black_box(pixels), *w, *h, LONG_SIDE).map(|i| i.width);
                black_box(out)
            });
        });
    }
    group.finish();
}

fn bench_crop(c: &mut Criterion, images: &[(u32, u32, bool, Vec<u8>)]) {
    let mut group = c.benchmark_group("crop_rgba_centre_half");
    group.sample_size(20);
    for (w, h, _, pixels) in images.iter().filter(|(_, _, alpha, _)| !alpha) {
        // The centre half of each side: a quarter of the pixels, copied row by row.
        let rect = CropRect {
            x: w / 4,
            y: h / 4,
            w: w / 2,
            h: h / 2,
        };
        group.throughput(Throughput::Elements(u64::from(rect.w) * u64::from(rect.h)));
        group.bench_function(BenchmarkId::from_parameter(format!("{w}x{h}")), |b| {
            b.iter(|| black_box(crop_rgba(black_box(pixels), *w, *h, rect).map(|i| i.width)));
        });
    }
    group.finish();
}

/// The `image` crate's Lanczos3 resize of the same pixels (no alpha premultiplication there).
fn image_crate_resize(img: &image::RgbaImage) -> u32 {
    let (tw, th) = aivg_core::imaging::fit_long_side(img.width(), img.height(), LONG_SIDE);
    image::imageops::resize(img, tw, th, image::imageops::FilterType::Lanczos3).width()
}

fn bench_compare(c: &mut Criterion, pixels: &[u8], img: &image::RgbaImage, w: u32, h: u32) {
    let mut group = c.benchmark_group(format!("compare_lanczos3_{w}x{h}_to_2000"));
    group.sample_size(10);
    group.bench_function("aivg_core_fast_image_resize", |b| {
        b.iter(|| black_box(downscale_rgba(black_box(pixels), w, h, LONG_SIDE).map(|i| i.width)));
    });
    group.bench_function("image_crate", |b| {
        b.iter(|| black_box(image_crate_resize(black_box(img))));
    });
    group.finish();
}

/// Median of a few wall-clock runs, for the printed ratio.
fn median_time(runs: usize, mut f: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .collect();
    times.sort();
    times.get(runs / 2).copied().unwrap_or_default()
}

fn main() {
    let sizes = [(4000, 3000), (6000, 4000), (8000, 6000)];
    let mut images: Vec<(u32, u32, bool, Vec<u8>)> = sizes
        .iter()
        .map(|&(w, h)| (w, h, false, synthetic(w, h, false)))
        .collect();
    images.push((4000, 3000, true, synthetic(4000, 3000, true)));

    let mut c = Criterion::default().configure_from_args();
    bench_downscale(&mut c, &images);
    bench_crop(&mut c, &images);
    if let Some((w, h, _, pixels)) = images.first()
        && let Some(img) = image::RgbaImage::from_raw(*w, *h, pixels.clone())
    {
        bench_compare(&mut c, pixels, &img, *w, *h);
        let ours = median_time(5, || {
            black_box(downscale_rgba(pixels, *w, *h, LONG_SIDE).map(|i| i.width)).ok();
        });
        let theirs = median_time(3, || {
            black_box(image_crate_resize(&img));
        });
        println!(
            "\nLanczos3 {w}x{h} -> 2000 (opaque, median wall clock): aivg-core {ours:.1?}, image crate {theirs:.1?}, ratio image/aivg-core {:.1}x",
            theirs.as_secs_f64() / ours.as_secs_f64().max(f64::MIN_POSITIVE)
        );
    }
    c.final_summary();
}
