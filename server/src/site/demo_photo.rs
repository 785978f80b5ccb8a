//! `GET /static/seed/demo-{key}-{n}-{before|after}.jpg`: the seeded before/after pictures of the AI
//! tools' examples (`GET /v1/common/demo/list`), drawn once and kept.
//!
//! Decisions (the spec shows the examples, not their pictures):
//! - JPEG, as the photos an operator uploads as examples are, and not an SVG like the other seeded
//!   pictures: Chromium builds a whole document for every SVG image, ~20 ms each of a throttled
//!   phone's main thread, and a tool page preloads all its examples' pictures with its HTML, so six
//!   SVGs delayed the page's first paint by ~170 ms (docs/performance.md, "first load, sixth
//!   round");
//! - the picture is the seed's gradient for the example (the SVGs' colours, from the name's hash)
//!   with a pattern of rings: sharp on the "after" side, in 12-pixel blocks on the "before" side,
//!   so the example shows what an enhancer does; the example's name is the page's caption and the
//!   pictures' alt text;
//! - 480×360 at quality 80 (~8 KB); at most the seed's examples (a few dozen) are kept.

use super::seed::Seeds;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use image::codecs::jpeg::JpegEncoder;
use image::{Rgb, RgbImage};
use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

/// The drawn size of an example's picture.
pub const SIZE: (u32, u32) = (480, 360);
/// JPEG quality.
const QUALITY: u8 = 80;
/// The "before" side's block size, pixels.
const BLOCK: u32 = 12;

static DRAWN: LazyLock<Mutex<HashMap<String, Bytes>>> = LazyLock::new(Mutex::default);

/// The URL of picture `side` (`before`, `after`) of example `n` (from 1) of tool `key`.
pub fn url(origin: &str, key: &str, n: usize, side: &str) -> String {
    format!("{origin}/static/seed/demo-{key}-{n}-{side}.jpg")
}

/// Whether `name` is a picture of one of the seed's examples: (whether it is the "before" side).
fn side_of(s: &Seeds, name: &str) -> Option<bool> {
    let rest = name.strip_prefix("demo-")?;
    let (rest, side) = rest.rsplit_once('-')?;
    let (key, n) = rest.rsplit_once('-')?;
    let n: usize = n.parse().ok()?;
    s.tools.demos.get(key)?.get(n.checked_sub(1)?)?;
    match side {
        "before" => Some(true),
        "after" => Some(false),
        _ => None,
    }
}

/// The JPEG of picture `name`, `None` when it names no example of the seed.
pub fn jpeg_of(s: &Seeds, name: &str) -> Option<Bytes> {
    let before = side_of(s, name)?;
    if let Ok(drawn) = DRAWN.lock()
        && let Some(bytes) = drawn.get(name)
    {
        return Some(bytes.clone());
    }
    // The two sides of an example share their colours: the hash of the name without its side.
    let example = name.rsplit_once('-').map_or(name, |(example, _)| example);
    let mut picture = draw(super::seed_media::fnv(example));
    if before {
        blocks(&mut picture, BLOCK);
    }
    let mut out = Vec::new();
    JpegEncoder::new_with_quality(&mut out, QUALITY)
        .encode_image(&picture)
        .inspect_err(|e| tracing::warn!("seed picture {name}: {e}"))
        .ok()?;
    let bytes = Bytes::from(out);
    if let Ok(mut drawn) = DRAWN.lock() {
        drawn.insert(name.to_owned(), bytes.clone());
    }
    Some(bytes)
}

/// The response for a picture's bytes (a day's caching, as the other seeded pictures).
pub fn response(bytes: Bytes) -> Response {
    let mut res = bytes.into_response();
    let h = res.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/jpeg"));
    h.insert(
        "x-content-type-options",
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=86400"),
    );
    res
}

/// The seed's gradient (hue `hash % 360` at 70% saturation and 58% lightness in the top left corner
/// to a second hue at 65% and 32% in the bottom right, as the SVG pictures) with rings about the
/// centre.
fn draw(hash: u32) -> RgbImage {
    let (w, h) = SIZE;
    let from = hsl(f64::from(hash % 360), 0.70, 0.58);
    let to = hsl(f64::from((hash / 360 + 40) % 360), 0.65, 0.32);
    let (cx, cy) = (f64::from(w) / 2.0, f64::from(h) / 2.0);
    let ring = f64::from(h) / 14.0;
    RgbImage::from_fn(w, h, |x, y| {
        let t = (f64::from(x) / f64::from(w) + f64::from(y) / f64::from(h)) / 2.0;
        let d = (f64::from(x) - cx).hypot(f64::from(y) - cy);
        // Light rings out to a third of the height, fading outwards.
        let light = if d < f64::from(h) / 3.0 && (d / ring).floor() as i64 % 2 == 0 {
            0.35 * (1.0 - d / (f64::from(h) / 3.0))
        } else {
            0.0
        };
        let channel = |from: f64, to: f64| {
            let base = from + (to - from) * t;
            (base + (255.0 - base) * light).round().clamp(0.0, 255.0) as u8
        };
        let ([r0, g0, b0], [r1, g1, b1]) = (from, to);
        Rgb([channel(r0, r1), channel(g0, g1), channel(b0, b1)])
    })
}

/// Each `size`×`size` block of `picture` painted with its centre's colour (a low-resolution look).
fn blocks(picture: &mut RgbImage, size: u32) {
    let (w, h) = picture.dimensions();
    for by in (0..h).step_by(size as usize) {
        for bx in (0..w).step_by(size as usize) {
            let centre = *picture.get_pixel((bx + size / 2).min(w - 1), (by + size / 2).min(h - 1));
            for y in by..(by + size).min(h) {
                for x in bx..(bx + size).min(w) {
                    picture.put_pixel(x, y, centre);
                }
            }
        }
    }
}

/// RGB (0–255) of hue `h` (degrees), saturation `s` and lightness `l` (0–1): CSS's `hsl()`.
fn hsl(h: f64, s: f64, l: f64) -> [f64; 3] {
    let a = s * l.min(1.0 - l);
    let f = |n: f64| {
        let k = (n + h / 30.0) % 12.0;
        255.0 * (l - a * (k - 3.0).min(9.0 - k).clamp(-1.0, 1.0))
    };
    [f(0.0), f(8.0), f(4.0)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hsl_is_css_hsl() {
        let round = |c: [f64; 3]| c.map(|v| v.round() as u8);
        assert_eq!(round(hsl(0.0, 1.0, 0.5)), [255, 0, 0]);
        assert_eq!(round(hsl(120.0, 1.0, 0.5)), [0, 255, 0]);
        assert_eq!(round(hsl(240.0, 1.0, 0.25)), [0, 0, 128]);
        assert_eq!(round(hsl(30.0, 0.0, 0.5)), [128, 128, 128]);
    }

    #[test]
    fn the_before_side_is_in_blocks_of_one_colour() {
        let mut picture = draw(7);
        blocks(&mut picture, BLOCK);
        for (bx, by) in [(0, 0), (12, 24), (468, 348)] {
            let first = *picture.get_pixel(bx, by);
            for y in by..by + BLOCK {
                for x in bx..bx + BLOCK {
                    assert_eq!(*picture.get_pixel(x, y), first, "({x}, {y})");
                }
            }
        }
        // The sharp side is not.
        let sharp = draw(7);
        let block: Vec<_> = (0..BLOCK)
            .flat_map(|y| (0..BLOCK).map(move |x| (x + 228, y + 168)))
            .map(|(x, y)| *sharp.get_pixel(x, y))
            .collect();
        assert!(block.iter().any(|p| *p != block[0]));
    }
}
