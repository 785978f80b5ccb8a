//! Fixture-driven tests of the pixel functions (fixtures/imaging/*.json), the premultiplied-alpha
//! check, codec round trips and property tests.
//!
//! Fixture conventions (the JS test harness implements the same, see the fixture `source` fields):
//! - A pixel-buffer argument is an object expanded here into bytes: `{"pattern", "width", "height",
//!   ...}` (patterns below), `{"bytes": [..]}` or `{"base64": ".."}`.
//! - An `Image` result is summarised as `{"width", "height", "fnv1a", "corners", "centre"}`:
//!   `fnv1a` is the 32-bit FNV-1a hash of the RGBA bytes as 8 lowercase hex digits, `corners` the
//!   RGBA of the top-left, top-right, bottom-left and bottom-right pixels, `centre` the pixel at
//!   (width / 2, height / 2) with integer division.
//! - An `encodeImage` result is summarised as `{"format", "width", "height", "fnv1a"}` of the file
//!   decoded again with `decodeImage`; `format` comes from the magic bytes and `fnv1a` is null for
//!   JPEG (lossy).
#![allow(clippy::indexing_slicing)]

use crate::common;

use aivg_core::crop::CropRect;
use aivg_core::imaging::{self, Image, ImageFormat};
use common::{Outcome, arg, err, ok};
use proptest::prelude::*;
use serde_json::{Value, json};

/// Expands a pixel-buffer argument (see the module doc).
///
/// Patterns, for pixel (x, y):
/// - `solid`: `rgba` (an array of 4 bytes) everywhere;
/// - `xor`: `(x mod 256, y mod 256, (x xor y) mod 256, 255)`, fully opaque;
/// - `xorAlpha`: as `xor` but alpha `((x + y) × 37) mod 256`;
/// - `redOnTransparent`: `(255, 0, 0, 255)` where `x < split`, else `(0, 0, 0, 0)`.
fn pixels(spec: &Value) -> Result<Vec<u8>, (String, String)> {
    let bad = |m: &str| ("bad_fixture_arg".to_string(), m.to_string());
    if let Some(bytes) = spec.get("bytes") {
        return serde_json::from_value(bytes.clone()).map_err(|e| bad(&e.to_string()));
    }
    if let Some(text) = spec.get("base64").and_then(Value::as_str) {
        return base64_decode(text).ok_or_else(|| bad("invalid base64"));
    }
    let get = |k: &str| spec.get(k).and_then(Value::as_u64).ok_or_else(|| bad(k));
    let (w, h) = (get("width")?, get("height")?);
    let pattern = spec
        .get("pattern")
        .and_then(Value::as_str)
        .ok_or_else(|| bad("pattern"))?;
    let rgba: Vec<u8> = match spec.get("rgba") {
        Some(v) => serde_json::from_value(v.clone()).map_err(|e| bad(&e.to_string()))?,
        None => vec![0, 0, 0, 0],
    };
    let split = spec.get("split").and_then(Value::as_u64).unwrap_or(0);
    let mut out = Vec::with_capacity((w * h * 4) as usize);
    for y in 0..h {
        for x in 0..w {
            let (r, g, b) = ((x % 256) as u8, (y % 256) as u8, ((x ^ y) % 256) as u8);
            let px: [u8; 4] = match pattern {
                "solid" => [rgba[0], rgba[1], rgba[2], rgba[3]],
                "xor" => [r, g, b, 255],
                "xorAlpha" => [r, g, b, (((x + y) * 37) % 256) as u8],
                "redOnTransparent" if x < split => [255, 0, 0, 255],
                "redOnTransparent" => [0, 0, 0, 0],
                other => return Err(bad(&format!("unknown pattern {other}"))),
            };
            out.extend_from_slice(&px);
        }
    }
    Ok(out)
}

/// 32-bit FNV-1a as 8 lowercase hex digits.
fn fnv1a(bytes: &[u8]) -> String {
    let hash = bytes.iter().fold(0x811c_9dc5_u32, |h, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    });
    format!("{hash:08x}")
}

/// The fixture summary of an image (see the module doc).
fn summary(img: &Image<'_>) -> Value {
    let (w, h) = (img.width as usize, img.height as usize);
    let px = |x: usize, y: usize| {
        let i = (y * w + x) * 4;
        json!(img.pixels[i..i + 4])
    };
    json!({
        "width": img.width,
        "height": img.height,
        "fnv1a": fnv1a(&img.pixels),
        "corners": [px(0, 0), px(w - 1, 0), px(0, h - 1), px(w - 1, h - 1)],
        "centre": px(w / 2, h / 2),
    })
}

/// The file format told by its magic bytes.
fn magic(bytes: &[u8]) -> &'static str {
    if bytes.starts_with(&[0x89, b'P', b'N', b'G']) {
        "png"
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        "jpeg"
    } else if bytes.len() >= 12 && &bytes[0..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        "webp"
    } else {
        "unknown"
    }
}

fn base64_decode(text: &str) -> Option<Vec<u8>> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let clean: Vec<u8> = text
        .bytes()
        .filter(|c| !c.is_ascii_whitespace() && *c != b'=')
        .collect();
    let mut out = Vec::with_capacity(clean.len() * 3 / 4);
    for chunk in clean.chunks(4) {
        let v: Option<Vec<u8>> = chunk.iter().map(|&c| value(c)).collect();
        let v = v?;
        let n = v.iter().fold(0_u32, |acc, &d| (acc << 6) | u32::from(d)) << (6 * (4 - v.len()));
        let bytes = n.to_be_bytes();
        out.extend_from_slice(&bytes[1..v.len()]);
    }
    Some(out)
}

/// Maps each JS export name to the core function it calls, argument for argument.
fn dispatch(func: &str, a: &[Value]) -> Option<Outcome> {
    let px = |i: usize| pixels(a.get(i).unwrap_or(&Value::Null));
    let outcome = match func {
        "downscaleRgba" => (|| {
            let p = px(0)?;
            let img =
                imaging::downscale_rgba(&p, arg(a, 1)?, arg(a, 2)?, arg(a, 3)?).map_err(err)?;
            Ok(summary(&img))
        })(),
        "cropRgba" => (|| {
            let p = px(0)?;
            let rect: CropRect = arg(a, 3)?;
            let img = imaging::crop_rgba(&p, arg(a, 1)?, arg(a, 2)?, rect).map_err(err)?;
            Ok(summary(&img))
        })(),
        "enhanceRgba" => (|| {
            let p = px(0)?;
            let img = imaging::enhance_rgba(&p, arg(a, 1)?, arg(a, 2)?).map_err(err)?;
            Ok(summary(&img))
        })(),
        "isOpaque" => (|| ok(imaging::is_opaque(&px(0)?)))(),
        "decodeImage" => (|| {
            let img = imaging::decode_image(&px(0)?).map_err(err)?;
            Ok(summary(&img))
        })(),
        "encodeImage" => (|| {
            let p = px(0)?;
            let format: ImageFormat = arg(a, 3)?;
            let file = imaging::encode_image(&p, arg(a, 1)?, arg(a, 2)?, format, arg(a, 4)?)
                .map_err(err)?;
            let back = imaging::decode_image(&file).map_err(err)?;
            let kind = magic(&file);
            Ok(json!({
                "format": kind,
                "width": back.width,
                "height": back.height,
                "fnv1a": if kind == "jpeg" { Value::Null } else { json!(fnv1a(&back.pixels)) },
            }))
        })(),
        _ => return None,
    };
    Some(outcome)
}

#[test]
fn imaging_fixtures() {
    let n = common::run_area("imaging", dispatch);
    assert!(n >= 40, "expected the full imaging fixture set, ran {n}");
}

/// An opaque red area next to fully transparent black, downscaled: the partly transparent pixels
/// at the edge must stay red, not darkened towards the black of the transparent pixels.
#[test]
fn downscale_premultiplies_alpha_so_edges_stay_red() {
    let (w, h) = (101_u32, 60_u32);
    let src = pixels(&json!({"pattern": "redOnTransparent", "width": w, "height": h, "split": 37}))
        .unwrap();
    let out = imaging::downscale_rgba(&src, w, h, 50).unwrap();
    assert_eq!((out.width, out.height), (50, 30));
    let mut partial = 0;
    for px in out.pixels.chunks_exact(4) {
        let (r, g, b, a) = (px[0], px[1], px[2], px[3]);
        if a > 0 && a < 255 {
            partial += 1;
            // Without premultiplication r would be about a (red mixed with black).
            assert!(r >= 250 && g <= 5 && b <= 5, "darkened edge pixel {px:?}");
        }
        if a == 255 {
            assert!(r >= 250 && g <= 5 && b <= 5, "opaque pixel not red {px:?}");
        }
    }
    assert!(
        partial >= out.height as usize,
        "the edge must have partly transparent pixels"
    );
}

/// The opaque fast path (no premultiplication) gives the same pixels as premultiplying would:
/// compare an opaque image against the same image with one pixel at alpha 254 far from the probe.
#[test]
fn opaque_fast_path_matches_premultiplied_result() {
    let (w, h) = (64_u32, 48_u32);
    let opaque = pixels(&json!({"pattern": "xor", "width": w, "height": h})).unwrap();
    let mut almost = opaque.clone();
    let last = almost.len() - 1;
    almost[last] = 254; // bottom-right alpha: forces the premultiplied path
    assert!(imaging::is_opaque(&opaque) && !imaging::is_opaque(&almost));
    let a = imaging::downscale_rgba(&opaque, w, h, 32).unwrap();
    let b = imaging::downscale_rgba(&almost, w, h, 32).unwrap();
    // Top half is far from the changed pixel (Lanczos3 support is 3 source-scale pixels × 2).
    let half = a.pixels.len() / 2;
    let diff = a.pixels[..half]
        .iter()
        .zip(&b.pixels[..half])
        .map(|(x, y)| x.abs_diff(*y))
        .max();
    assert!(
        diff.unwrap_or(0) <= 1,
        "premultiplied and fast paths differ by {diff:?}"
    );
}

#[test]
fn passthrough_borrows_and_crop_of_whole_image_borrows() {
    let src = pixels(&json!({"pattern": "xor", "width": 5, "height": 4})).unwrap();
    let out = imaging::downscale_rgba(&src, 5, 4, 5).unwrap();
    assert!(out.is_borrowed());
    assert_eq!(out.pixels.as_ref(), src.as_slice());
    let whole = imaging::crop_rgba(
        &src,
        5,
        4,
        CropRect {
            x: 0,
            y: 0,
            w: 5,
            h: 4,
        },
    )
    .unwrap();
    assert!(whole.is_borrowed());
    let part = imaging::crop_rgba(
        &src,
        5,
        4,
        CropRect {
            x: 1,
            y: 1,
            w: 2,
            h: 2,
        },
    )
    .unwrap();
    assert!(!part.is_borrowed());
    assert_eq!(part.pixels.len(), 16);
}

#[test]
fn codecs_round_trip_all_formats() {
    let (w, h) = (23_u32, 17_u32);
    let src = pixels(&json!({"pattern": "xorAlpha", "width": w, "height": h})).unwrap();
    for format in [ImageFormat::Png, ImageFormat::Webp] {
        let file = imaging::encode_image(&src, w, h, format, 80).unwrap();
        let back = imaging::decode_image(&file).unwrap();
        assert_eq!((back.width, back.height), (w, h));
        assert_eq!(
            back.pixels.as_ref(),
            src.as_slice(),
            "{format:?} is lossless"
        );
    }
    let solid = pixels(
        &json!({"pattern": "solid", "width": 16, "height": 16, "rgba": [40, 120, 200, 255]}),
    )
    .unwrap();
    let file = imaging::encode_image(&solid, 16, 16, ImageFormat::Jpeg, 95).unwrap();
    let back = imaging::decode_image(&file).unwrap();
    assert_eq!((back.width, back.height), (16, 16));
    for (got, want) in back.pixels.iter().zip(&solid) {
        assert!(
            got.abs_diff(*want) <= 3,
            "JPEG at q95 keeps a flat colour: {got} vs {want}"
        );
    }
    // Transparent pixels become white in JPEG.
    let clear = pixels(&json!({"pattern": "solid", "width": 8, "height": 8, "rgba": [0, 0, 0, 0]}))
        .unwrap();
    let file = imaging::encode_image(&clear, 8, 8, ImageFormat::Jpeg, 90).unwrap();
    let back = imaging::decode_image(&file).unwrap();
    assert!(
        back.pixels.iter().all(|&v| v >= 250),
        "transparent flattens to white"
    );
}

#[test]
fn enhance_doubles_and_sharpens_edges() {
    let (w, h) = (16_u32, 8_u32);
    let mut src = Vec::new();
    for _y in 0..h {
        for x in 0..w {
            let v = if x < 8 { 64 } else { 192 };
            src.extend_from_slice(&[v, v, v, 255]);
        }
    }
    let out = imaging::enhance_rgba(&src, w, h).unwrap();
    assert_eq!((out.width, out.height), (32, 16));
    let g = |x: usize| out.pixels[(8 * 32 + x) * 4 + 1];
    // Far from the edge the flat areas are unchanged; beside it contrast rises past the originals.
    assert_eq!(g(2), 64);
    assert_eq!(g(29), 192);
    assert!((0..32).any(|x| g(x) < 64) && (0..32).any(|x| g(x) > 192));
    assert!(
        out.pixels.chunks_exact(4).all(|p| p[3] == 255),
        "alpha untouched on opaque input"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// No pixel function panics on arbitrary sizes, buffers and rectangles (kept small).
    #[test]
    fn no_pixel_function_panics(
        w in 0..24_u32, h in 0..24_u32,
        extra in -8..8_i64,
        max_side in 0..30_u32,
        rect in (0..30_u32, 0..30_u32, 0..30_u32, 0..30_u32),
        seed in any::<u8>(),
        quality in 0..110_u32,
        fmt in 0..3_u8,
    ) {
        let len = (i64::from(w) * i64::from(h) * 4 + extra).max(0) as usize;
        let buf: Vec<u8> = (0..len).map(|i| (i as u8).wrapping_mul(31).wrapping_add(seed)).collect();
        let _ = imaging::downscale_rgba(&buf, w, h, max_side);
        let _ = imaging::crop_rgba(&buf, w, h, CropRect { x: rect.0, y: rect.1, w: rect.2, h: rect.3 });
        let _ = imaging::enhance_rgba(&buf, w, h);
        let _ = imaging::is_opaque(&buf);
        let format = [ImageFormat::Png, ImageFormat::Jpeg, ImageFormat::Webp][fmt as usize];
        if let Ok(file) = imaging::encode_image(&buf, w, h, format, quality) {
            let back = imaging::decode_image(&file).unwrap();
            prop_assert_eq!((back.width, back.height), (w, h));
        }
    }

    /// The decoder refuses or decodes arbitrary bytes, and damaged real files, without panicking.
    #[test]
    fn decoder_survives_garbage(bytes in prop::collection::vec(any::<u8>(), 0..300), cut in 0..200_usize, flip in any::<u8>()) {
        let _ = imaging::decode_image(&bytes);
        let src = pixels(&json!({"pattern": "xor", "width": 6, "height": 5})).unwrap();
        for format in [ImageFormat::Png, ImageFormat::Jpeg, ImageFormat::Webp] {
            let mut file = imaging::encode_image(&src, 6, 5, format, 90).unwrap();
            let at = cut % file.len();
            file[at] ^= flip;
            let _ = imaging::decode_image(&file);
            file.truncate(at);
            let _ = imaging::decode_image(&file);
        }
    }

    /// Successful downscales have the documented size and pixel count.
    #[test]
    fn downscale_sizes(w in 1..40_u32, h in 1..40_u32, max_side in 1..45_u32) {
        let buf = vec![200_u8; (w * h * 4) as usize];
        let out = imaging::downscale_rgba(&buf, w, h, max_side).unwrap();
        prop_assert_eq!((out.width, out.height), imaging::fit_long_side(w, h, max_side));
        prop_assert!(out.width.max(out.height) <= max_side.max(w.max(h).min(max_side)));
        prop_assert_eq!(out.pixels.len(), (out.width * out.height * 4) as usize);
    }
}
