//! Loading an ONNX graph with tract at a fixed input shape, and running it.

use crate::{ModelError, ModelId};
use std::io::Cursor;
use std::sync::Arc;
use tract_onnx::prelude::*;

/// An optimised, runnable graph (thread-safe: runs may overlap).
pub(crate) struct Graph {
    id: ModelId,
    plan: Arc<TypedRunnableModel>,
    names: Vec<String>,
}

impl std::fmt::Debug for Graph {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Graph").field("id", &self.id).finish()
    }
}

/// One output of a run: its shape and values.
#[derive(Debug, Clone)]
pub(crate) struct Output {
    /// The graph's name of the output (`cls_8`).
    pub name: String,
    pub shape: Vec<usize>,
    pub values: Vec<f32>,
}

fn runtime(id: ModelId) -> impl Fn(TractError) -> ModelError {
    move |e| ModelError::Runtime {
        id,
        reason: format!("{e:#}"),
    }
}

impl Graph {
    /// Parses `bytes` (a checked ONNX file) with its first input fixed to `shape` (f32), then
    /// optimises it for that shape.
    pub fn load(id: ModelId, bytes: &[u8], shape: &[usize]) -> Result<Self, ModelError> {
        let plan = tract_onnx::onnx()
            .model_for_read(&mut Cursor::new(bytes))
            .and_then(|m| m.with_input_fact(0, f32::fact(shape).into()))
            .and_then(|m| m.into_optimized())
            .and_then(|m| m.into_runnable())
            .map_err(runtime(id))?;
        let model = plan.model();
        let names = model
            .output_outlets()
            .map_err(runtime(id))?
            .iter()
            .map(|&o| {
                model
                    .outlet_label(o)
                    .map_or_else(|| model.node(o.node).name.clone(), str::to_owned)
            })
            .collect();
        Ok(Self { id, plan, names })
    }

    /// Runs the graph on one f32 input of the load-time shape; every output as f32.
    pub fn run(&self, shape: &[usize], input: &[f32]) -> Result<Vec<Output>, ModelError> {
        let tensor = Tensor::from_shape(shape, input).map_err(runtime(self.id))?;
        let outputs = self
            .plan
            .run(tvec!(tensor.into_tvalue()))
            .map_err(runtime(self.id))?;
        outputs
            .iter()
            .zip(
                self.names
                    .iter()
                    .map(String::as_str)
                    .chain(std::iter::repeat("")),
            )
            .map(|(t, name)| {
                let view = t.try_as_plain_ram().map_err(runtime(self.id))?;
                let values = view.as_slice::<f32>().map_err(runtime(self.id))?;
                Ok(Output {
                    name: name.to_owned(),
                    shape: t.shape().to_vec(),
                    values: values.to_vec(),
                })
            })
            .collect()
    }

    /// The error of an answer that does not have the expected shape.
    pub fn unexpected(&self, what: &str, outputs: &[Output]) -> ModelError {
        let shapes: Vec<&[usize]> = outputs.iter().map(|o| o.shape.as_slice()).collect();
        ModelError::Runtime {
            id: self.id,
            reason: format!("unexpected output: {what} (shapes {shapes:?})"),
        }
    }
}
