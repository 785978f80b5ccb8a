//! Labelled previews made without a model: a two-colour gradient seeded by a hash of the prompt,
//! with the word PREVIEW drawn in block letters across the middle, so nobody mistakes it for a
//! generated picture. Deterministic: the same prompt gives the same image.

use crate::tasks::provider::ProviderError;
use aivg_core::imaging::{ImageFormat, encode_image};

/// FNV-1a 64 of a text: the seed of a preview.
pub fn seed_of(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// HSV (h in degrees, s and v in 0-1) to RGB.
fn hsv(h: f32, s: f32, v: f32) -> [f32; 3] {
    let c = v * s;
    let hp = (h % 360.0) / 60.0;
    let x = c * (1.0 - ((hp % 2.0) - 1.0).abs());
    let (r, g, b) = match hp as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = v - c;
    [(r + m) * 255.0, (g + m) * 255.0, (b + m) * 255.0]
}

#[allow(clippy::cast_precision_loss)] // hues from small integers
fn colours(seed: u64) -> ([f32; 3], [f32; 3]) {
    let h1 = (seed % 360) as f32;
    let h2 = (h1 + 90.0 + ((seed >> 20) % 180) as f32) % 360.0;
    (hsv(h1, 0.55, 0.95), hsv(h2, 0.75, 0.45))
}

/// An RGBA gradient of `w`×`h`; `phase` (0-1) shifts it, for animation frames.
#[allow(
    clippy::cast_precision_loss,
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss
)]
pub fn gradient(w: u32, h: u32, seed: u64, phase: f32) -> Vec<u8> {
    let (a, b) = colours(seed);
    let mut px = Vec::with_capacity(w as usize * h as usize * 4);
    let (wf, hf) = (w.max(1) as f32, h.max(1) as f32);
    for y in 0..h {
        for x in 0..w {
            let t = ((x as f32 / wf + y as f32 / hf) / 2.0 + phase).fract();
            // A triangle wave, so an animated phase loops without a seam.
            let t = 1.0 - (2.0 * t - 1.0).abs();
            for c in 0..3 {
                let (ca, cb) = (
                    a.get(c).copied().unwrap_or(0.0),
                    b.get(c).copied().unwrap_or(0.0),
                );
                px.push((ca + (cb - ca) * t).round().clamp(0.0, 255.0) as u8);
            }
            px.push(255);
        }
    }
    px
}

/// 5×7 block glyphs of the letters of PREVIEW (rows top-down, bit 4 = left column).
const GLYPHS: [(char, [u8; 7]); 6] = [
    (
        'P',
        [
            0b11110, 0b10001, 0b10001, 0b11110, 0b10000, 0b10000, 0b10000,
        ],
    ),
    (
        'R',
        [
            0b11110, 0b10001, 0b10001, 0b11110, 0b10100, 0b10010, 0b10001,
        ],
    ),
    (
        'E',
        [
            0b11111, 0b10000, 0b10000, 0b11110, 0b10000, 0b10000, 0b11111,
        ],
    ),
    (
        'V',
        [
            0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b01010, 0b00100,
        ],
    ),
    (
        'I',
        [
            0b01110, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110,
        ],
    ),
    (
        'W',
        [
            0b10001, 0b10001, 0b10001, 0b10101, 0b10101, 0b10101, 0b01010,
        ],
    ),
];

fn set(px: &mut [u8], w: u32, x: u32, y: u32, f: impl Fn(u8) -> u8, white: bool) {
    let i = (y as usize * w as usize + x as usize) * 4;
    if let Some(p) = px.get_mut(i..i + 3) {
        for c in p {
            *c = if white { 255 } else { f(*c) };
        }
    }
}

/// Draws the word PREVIEW across the middle of an RGBA image, white on a darkened band.
pub fn draw_label(px: &mut [u8], w: u32, h: u32) {
    let text = "PREVIEW";
    let cols = u32::try_from(text.len()).unwrap_or(7) * 6 - 1;
    // Letters fill about 60% of the width, and at most a third of the height.
    let scale = (w * 6 / 10 / cols).min(h / 3 / 7).max(1);
    let (tw, th) = (cols * scale, 7 * scale);
    if tw > w || th > h {
        return;
    }
    let (x0, y0) = ((w - tw) / 2, (h - th) / 2);
    let pad = scale * 2;
    for y in y0.saturating_sub(pad)..(y0 + th + pad).min(h) {
        for x in 0..w {
            set(px, w, x, y, |c| c / 2, false);
        }
    }
    for (i, ch) in text.chars().enumerate() {
        let Some((_, rows)) = GLYPHS.iter().find(|(c, _)| *c == ch) else {
            continue;
        };
        let gx = x0 + u32::try_from(i).unwrap_or(0) * 6 * scale;
        for (ry, row) in (0u32..).zip(rows.iter()) {
            for rx in 0..5u32 {
                if row & (0b10000 >> rx) == 0 {
                    continue;
                }
                for dy in 0..scale {
                    for dx in 0..scale {
                        set(
                            px,
                            w,
                            gx + rx * scale + dx,
                            y0 + ry * scale + dy,
                            |c| c,
                            true,
                        );
                    }
                }
            }
        }
    }
}

/// A labelled preview frame.
pub fn frame(w: u32, h: u32, seed: u64, phase: f32) -> Vec<u8> {
    let mut px = gradient(w, h, seed, phase);
    draw_label(&mut px, w, h);
    px
}

/// PNG bytes of RGBA pixels.
pub fn png(px: &[u8], w: u32, h: u32) -> Result<Vec<u8>, ProviderError> {
    encode_image(px, w, h, ImageFormat::Png, 90).map_err(|e| ProviderError::new(e.to_string()))
}

/// An animated PNG (APNG) of RGBA frames, looping forever at `fps`.
pub fn apng(frames: &[Vec<u8>], w: u32, h: u32, fps: u16) -> Result<Vec<u8>, ProviderError> {
    let err = |e: png::EncodingError| {
        ProviderError::new(format!("the animated preview could not be encoded ({e})"))
    };
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(png::ColorType::Rgba);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_animated(u32::try_from(frames.len()).unwrap_or(1), 0)
            .map_err(err)?;
        enc.set_frame_delay(1, fps).map_err(err)?;
        let mut writer = enc.write_header().map_err(err)?;
        for f in frames {
            writer.write_image_data(f).map_err(err)?;
        }
        writer.finish().map_err(err)?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn previews_are_deterministic_and_labelled() {
        let a = frame(64, 32, seed_of("a cat"), 0.0);
        assert_eq!(a, frame(64, 32, seed_of("a cat"), 0.0));
        assert_ne!(a, frame(64, 32, seed_of("a dog"), 0.0));
        assert_eq!(a.len(), 64 * 32 * 4);
        // Some pixels of the label are pure white.
        assert!(a.chunks_exact(4).any(|p| p == [255, 255, 255, 255]));
        let anim = apng(&[a.clone(), frame(64, 32, 1, 0.5)], 64, 32, 8);
        assert!(anim.is_ok_and(|b| b.starts_with(b"\x89PNG")));
    }
}
