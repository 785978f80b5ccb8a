//! An ncnn model (`.param` + `.bin`) as an ONNX graph (opset 13) in memory, for tract: the
//! upscaler ships in ncnn's format only (see `upscale.rs`). Only the layers the shipped models use
//! are read; any other stops the conversion with the layer's line:
//!
//! | ncnn | ONNX |
//! |---|---|
//! | `Input` | a graph input, f32 NCHW (batch 1) |
//! | `Split` | nothing: its outputs are the input blob |
//! | `Convolution` (f32 or f16 weights, `9=1` ReLU) | `Conv` (+ `Relu`) |
//! | `PReLU` | `PRelu`, slopes `[C, 1, 1]` |
//! | `ReLU` | `Relu`, or `LeakyRelu` with a slope |
//! | `PixelShuffle` (mode 0, PyTorch's) | `DepthToSpace` mode CRD (mode 1: DCR) |
//! | `Interp` nearest (`0=1`) by scales | `Resize` nearest, asymmetric, floor (ncnn's `x / scale`) |
//! | `BinaryOp` add, sub, mul, div (two blobs or a scalar) | `Add`, `Sub`, `Mul`, `Div` |
//!
//! The graph's outputs are the blobs no layer reads.

pub(crate) mod param;

use param::{Layer, ParseError, Weights, parse_param};
use std::collections::{HashMap, HashSet};
use tract_onnx::pb::attribute_proto::AttributeType;
use tract_onnx::pb::tensor_proto::DataType;
use tract_onnx::pb::{
    AttributeProto, GraphProto, ModelProto, NodeProto, OperatorSetIdProto, TensorProto, TypeProto,
    ValueInfoProto, type_proto,
};

/// The ONNX graph of an ncnn model; the error names the line or the weights that failed.
pub(crate) fn to_onnx(param_text: &str, bin: &[u8]) -> Result<ModelProto, ParseError> {
    let layers = parse_param(param_text)?;
    let mut b = Builder::default();
    let mut weights = Weights::new(bin);
    for layer in &layers {
        b.layer(layer, &mut weights)?;
    }
    if weights.left() > 0 {
        return Err(format!(
            "{} bytes of weights are left over: the .bin does not belong to this .param",
            weights.left()
        ));
    }
    b.finish()
}

#[derive(Default)]
struct Builder {
    nodes: Vec<NodeProto>,
    initializers: Vec<TensorProto>,
    inputs: Vec<String>,
    /// Split outputs → the blob they copy.
    alias: HashMap<String, String>,
    produced: Vec<String>,
    consumed: HashSet<String>,
}

impl Builder {
    fn blob(&self, name: &str) -> String {
        self.alias
            .get(name)
            .cloned()
            .unwrap_or_else(|| name.to_owned())
    }

    fn input_of(&mut self, l: &Layer, i: usize) -> Result<String, ParseError> {
        let name = l
            .inputs
            .get(i)
            .ok_or_else(|| l.error(&format!("needs input {}", i + 1)))?;
        let blob = self.blob(name);
        self.consumed.insert(blob.clone());
        Ok(blob)
    }

    fn output_of(l: &Layer) -> Result<String, ParseError> {
        match l.outputs.as_slice() {
            [one] => Ok(one.clone()),
            _ => Err(l.error("must have exactly one output")),
        }
    }

    fn push(
        &mut self,
        l: &Layer,
        op: &str,
        inputs: Vec<String>,
        out: &str,
        a: Vec<AttributeProto>,
    ) {
        self.produced.push(out.to_owned());
        self.nodes.push(NodeProto {
            input: inputs,
            output: vec![out.to_owned()],
            name: format!("{}_{}", l.name, self.nodes.len()),
            op_type: op.to_owned(),
            attribute: a,
            ..Default::default()
        });
    }

    fn constant(&mut self, name: String, dims: Vec<i64>, values: Vec<f32>) -> String {
        self.initializers.push(TensorProto {
            dims,
            data_type: DataType::Float as i32,
            float_data: values,
            name: name.clone(),
            ..Default::default()
        });
        name
    }

    fn layer(&mut self, l: &Layer, w: &mut Weights<'_>) -> Result<(), ParseError> {
        match l.kind.as_str() {
            "Input" => self.inputs.extend(l.outputs.iter().cloned()),
            "Split" => {
                let src = self.input_of(l, 0)?;
                for out in &l.outputs {
                    self.alias.insert(out.clone(), src.clone());
                }
            }
            "Convolution" => self.convolution(l, w)?,
            "PReLU" => {
                let x = self.input_of(l, 0)?;
                let n = l.size(0, 1)?;
                let slopes = w.raw(n, &l.name)?;
                let dims = if n == 1 { vec![1] } else { vec![dim(n)?, 1, 1] };
                let s = self.constant(format!("{}_slope", l.name), dims, slopes);
                self.push(l, "PRelu", vec![x, s], &Self::output_of(l)?, vec![]);
            }
            "ReLU" => {
                let x = self.input_of(l, 0)?;
                let slope = l.float(0, 0.0)?;
                let out = Self::output_of(l)?;
                if slope == 0.0 {
                    self.push(l, "Relu", vec![x], &out, vec![]);
                } else {
                    let a = vec![float_attr("alpha", slope)];
                    self.push(l, "LeakyRelu", vec![x], &out, a);
                }
            }
            "PixelShuffle" => {
                let x = self.input_of(l, 0)?;
                let r = l.size(0, 1)?;
                let mode = match l.int(1, 0)? {
                    0 => "CRD",
                    1 => "DCR",
                    m => return Err(l.error(&format!("pixel shuffle mode {m} is unknown"))),
                };
                let a = vec![int_attr("blocksize", dim(r)?), str_attr("mode", mode)];
                self.push(l, "DepthToSpace", vec![x], &Self::output_of(l)?, a);
            }
            "Interp" => self.interp(l)?,
            "BinaryOp" => self.binary(l)?,
            other => return Err(l.error(&format!("layer type {other} is not supported"))),
        }
        Ok(())
    }

    fn convolution(&mut self, l: &Layer, w: &mut Weights<'_>) -> Result<(), ParseError> {
        let x = self.input_of(l, 0)?;
        let out_c = l.size(0, 0)?;
        let kw = l.size(1, 0)?;
        let kh = l.size(11, kw)?;
        let dw = l.size(2, 1)?;
        let sw = l.size(3, 1)?;
        let left = l.int(4, 0)?;
        let pads = [
            l.int(14, left)?,
            left,
            l.int(16, l.int(14, left)?)?,
            l.int(15, left)?,
        ];
        if pads.iter().any(|&p| p < 0) {
            return Err(l.error("automatic (SAME) padding is not supported"));
        }
        if l.int(8, 0)? != 0 {
            return Err(l.error("int8 convolutions are not supported"));
        }
        let relu = match l.int(9, 0)? {
            0 => false,
            1 => true,
            a => return Err(l.error(&format!("activation {a} is not supported"))),
        };
        let size = l.size(6, 0)?;
        let per_input = out_c * kh * kw;
        if per_input == 0 || size % per_input != 0 {
            return Err(l.error("the weight count does not fit the kernel and outputs"));
        }
        let in_c = size / per_input;
        let weights = w.flagged(size, &l.name)?;
        let wd = vec![dim(out_c)?, dim(in_c)?, dim(kh)?, dim(kw)?];
        let mut inputs = vec![x, self.constant(format!("{}_w", l.name), wd, weights)];
        if l.int(5, 0)? != 0 {
            let bias = w.raw(out_c, &l.name)?;
            inputs.push(self.constant(format!("{}_b", l.name), vec![dim(out_c)?], bias));
        }
        let a = vec![
            ints_attr("kernel_shape", vec![dim(kh)?, dim(kw)?]),
            ints_attr("pads", pads.to_vec()),
            ints_attr("strides", vec![dim(l.size(13, sw)?)?, dim(sw)?]),
            ints_attr("dilations", vec![dim(l.size(12, dw)?)?, dim(dw)?]),
        ];
        let out = Self::output_of(l)?;
        if relu {
            let pre = format!("{out}_pre_relu");
            self.push(l, "Conv", inputs, &pre, a);
            self.consumed.insert(pre.clone());
            self.push(l, "Relu", vec![pre], &out, vec![]);
        } else {
            self.push(l, "Conv", inputs, &out, a);
        }
        Ok(())
    }

    fn interp(&mut self, l: &Layer) -> Result<(), ParseError> {
        let x = self.input_of(l, 0)?;
        if l.int(0, 0)? != 1 {
            return Err(l.error("only nearest-neighbour interpolation (0=1) is supported"));
        }
        let (hs, ws) = (l.float(1, 1.0)?, l.float(2, 1.0)?);
        if l.int(3, 0)? != 0 || l.int(4, 0)? != 0 || hs <= 0.0 || ws <= 0.0 {
            return Err(l.error("only resizing by positive scales (1=, 2=) is supported"));
        }
        let scales = self.constant(
            format!("{}_scales", l.name),
            vec![4],
            vec![1.0, 1.0, hs, ws],
        );
        let a = vec![
            str_attr("mode", "nearest"),
            str_attr("coordinate_transformation_mode", "asymmetric"),
            str_attr("nearest_mode", "floor"),
        ];
        let inputs = vec![x, String::new(), scales];
        self.push(l, "Resize", inputs, &Self::output_of(l)?, a);
        Ok(())
    }

    fn binary(&mut self, l: &Layer) -> Result<(), ParseError> {
        let op = match l.int(0, 0)? {
            0 => "Add",
            1 => "Sub",
            2 => "Mul",
            3 => "Div",
            o => return Err(l.error(&format!("binary operation {o} is not supported"))),
        };
        let a = self.input_of(l, 0)?;
        let b = if l.int(1, 0)? != 0 {
            let value = l.float(2, 0.0)?;
            self.constant(format!("{}_scalar", l.name), vec![], vec![value])
        } else {
            self.input_of(l, 1)?
        };
        self.push(l, op, vec![a, b], &Self::output_of(l)?, vec![]);
        Ok(())
    }

    fn finish(self) -> Result<ModelProto, ParseError> {
        let outputs: Vec<&String> = self
            .produced
            .iter()
            .filter(|b| !self.consumed.contains(*b))
            .collect();
        if self.inputs.is_empty() || outputs.is_empty() {
            return Err("the model has no Input layer or no output".into());
        }
        let graph = GraphProto {
            node: self.nodes,
            name: "ncnn".into(),
            initializer: self.initializers,
            input: self.inputs.iter().map(|n| value_info(n)).collect(),
            output: outputs.into_iter().map(|n| value_info(n)).collect(),
            ..Default::default()
        };
        Ok(ModelProto {
            ir_version: 7,
            opset_import: vec![OperatorSetIdProto {
                domain: String::new(),
                version: 13,
            }],
            producer_name: "aivg-models ncnn reader".into(),
            graph: Some(graph),
            ..Default::default()
        })
    }
}

fn dim(n: usize) -> Result<i64, ParseError> {
    i64::try_from(n).map_err(|_| format!("{n} is too large"))
}

fn value_info(name: &str) -> ValueInfoProto {
    ValueInfoProto {
        name: name.to_owned(),
        r#type: Some(TypeProto {
            value: Some(type_proto::Value::TensorType(type_proto::Tensor {
                elem_type: DataType::Float as i32,
                shape: None,
            })),
            ..Default::default()
        }),
        ..Default::default()
    }
}

fn int_attr(name: &str, i: i64) -> AttributeProto {
    AttributeProto {
        name: name.to_owned(),
        r#type: AttributeType::Int as i32,
        i,
        ..Default::default()
    }
}

fn ints_attr(name: &str, ints: Vec<i64>) -> AttributeProto {
    AttributeProto {
        name: name.to_owned(),
        r#type: AttributeType::Ints as i32,
        ints,
        ..Default::default()
    }
}

fn float_attr(name: &str, f: f32) -> AttributeProto {
    AttributeProto {
        name: name.to_owned(),
        r#type: AttributeType::Float as i32,
        f,
        ..Default::default()
    }
}

fn str_attr(name: &str, s: &str) -> AttributeProto {
    AttributeProto {
        name: name.to_owned(),
        r#type: AttributeType::String as i32,
        s: s.as_bytes().to_vec(),
        ..Default::default()
    }
}

#[cfg(test)]
mod tests;
