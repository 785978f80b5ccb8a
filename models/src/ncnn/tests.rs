//! The converter against a reference computed here by hand: a small graph with every supported
//! layer, run by tract, matches a direct evaluation of the same layers.
#![allow(
    clippy::cast_precision_loss,
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap,
    clippy::needless_range_loop
)]

use super::to_onnx;
use tract_onnx::pb::ModelProto;
use tract_onnx::prelude::*;

/// input → Split → (Convolution 1→4, 3×3, pad 1 → PReLU → PixelShuffle 2) + (Interp ×2 nearest)
const PARAM: &str = "7767517
7 8
Input        in   0 1 data
Split        sp   1 2 data d0 d1
Convolution  conv 1 1 d1 c 0=4 1=3 4=1 5=1 6=36
PReLU        pr   1 1 c p 0=4
PixelShuffle ps   1 1 p s 0=2
Interp       up   1 1 d0 u 0=1 1=2.000000e+00 2=2.000000e+00
BinaryOp     add  2 1 s u out 0=0
";

const SLOPES: [f32; 4] = [0.25, 0.5, -0.1, 0.0];
const BIAS: [f32; 4] = [0.1, -0.2, 0.3, -0.4];

fn weight(k: usize) -> f32 {
    ((k * 37 % 23) as f32 - 11.0) / 10.0
}

fn bin() -> Vec<u8> {
    let mut b = 0u32.to_le_bytes().to_vec(); // plain f32 weights
    let floats = (0..36).map(weight).chain(BIAS).chain(SLOPES);
    for f in floats {
        b.extend_from_slice(&f.to_le_bytes());
    }
    b
}

fn run(proto: &ModelProto, shape: &[usize], input: &[f32]) -> (Vec<usize>, Vec<f32>) {
    let plan = tract_onnx::onnx()
        .model_for_proto_model(proto)
        .unwrap()
        .with_input_fact(0, f32::fact(shape).into())
        .unwrap()
        .into_optimized()
        .unwrap()
        .into_runnable()
        .unwrap();
    let t = Tensor::from_shape(shape, input).unwrap();
    let out = plan.run(tvec!(t.into_tvalue())).unwrap();
    let view = out[0].try_as_plain_ram().unwrap();
    let values = view.as_slice::<f32>().unwrap().to_vec();
    (out[0].shape().to_vec(), values)
}

/// The same layers evaluated directly on a 3 × 3 one-channel input.
fn reference(input: &[f32]) -> Vec<f32> {
    let at = |y: i64, x: i64| {
        if (0..3).contains(&y) && (0..3).contains(&x) {
            input[(y * 3 + x) as usize]
        } else {
            0.0
        }
    };
    let mut feat = [[[0f32; 3]; 3]; 4];
    for (o, plane) in feat.iter_mut().enumerate() {
        for y in 0..3 {
            for x in 0..3 {
                let mut v = BIAS[o];
                for ky in 0..3 {
                    for kx in 0..3 {
                        v += weight(o * 9 + ky * 3 + kx)
                            * at(y as i64 + ky as i64 - 1, x as i64 + kx as i64 - 1);
                    }
                }
                plane[y][x] = if v > 0.0 { v } else { SLOPES[o] * v };
            }
        }
    }
    let mut out = vec![0f32; 36];
    for yy in 0..6 {
        for xx in 0..6 {
            let shuffled = feat[(yy % 2) * 2 + xx % 2][yy / 2][xx / 2];
            let nearest = input[(yy / 2) * 3 + xx / 2];
            out[yy * 6 + xx] = shuffled + nearest;
        }
    }
    out
}

#[test]
fn every_layer_matches_a_direct_evaluation() {
    let proto = to_onnx(PARAM, &bin()).unwrap();
    let input: Vec<f32> = (0..9).map(|i| ((i * 5 % 7) as f32 - 3.0) / 2.0).collect();
    let (shape, got) = run(&proto, &[1, 1, 3, 3], &input);
    assert_eq!(shape, [1, 1, 6, 6]);
    let want = reference(&input);
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert!((g - w).abs() < 1e-5, "value {i}: tract {g}, reference {w}");
    }
    // Some values went through the negative side of PReLU, so the slopes were used.
    assert!(want.iter().any(|v| *v < -0.5), "{want:?}");
}

#[test]
fn the_graph_output_is_the_unread_blob() {
    let proto = to_onnx(PARAM, &bin()).unwrap();
    let g = proto.graph.unwrap();
    let outputs: Vec<&str> = g.output.iter().map(|o| o.name.as_str()).collect();
    assert_eq!(outputs, ["out"]);
    assert_eq!(g.input[0].name, "data");
    // Split adds no node.
    let ops: Vec<&str> = g.node.iter().map(|n| n.op_type.as_str()).collect();
    assert_eq!(ops, ["Conv", "PRelu", "DepthToSpace", "Resize", "Add"]);
}

#[test]
fn mismatched_or_unknown_parts_are_refused() {
    let mut long = bin();
    long.extend_from_slice(&[0; 8]);
    assert!(
        to_onnx(PARAM, &long)
            .unwrap_err()
            .contains("8 bytes of weights are left over")
    );
    let short = &bin()[..100];
    assert!(
        to_onnx(PARAM, short)
            .unwrap_err()
            .contains("does not belong")
    );
    let pool = "7767517\n2 2\nInput in 0 1 data\nPooling p 1 1 data out 0=0\n";
    let e = to_onnx(pool, &[]).unwrap_err();
    assert!(
        e.contains("line 4") && e.contains("Pooling is not supported"),
        "{e}"
    );
    let bicubic = "7767517\n2 2\nInput in 0 1 data\nInterp i 1 1 data out 0=3 1=2.0 2=2.0\n";
    assert!(to_onnx(bicubic, &[]).unwrap_err().contains("nearest"));
}
