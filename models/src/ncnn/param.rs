//! Reading ncnn's two model files: the `.param` text (one layer a line) and the `.bin` weights
//! (ncnn's `ModelBin` layout), as ncnn's `Net::load_param` / `ModelBinFromDataReader` do.
//!
//! - `.param`: the magic `7767517`; a line `layer_count blob_count`; then per layer `Type name
//!   n_in n_out in… out… key=value…` (values are integers or floats; a negative key is an array,
//!   which no layer read here uses).
//! - `.bin`: each layer's arrays in layer order. A "flagged" array (convolution weights) starts
//!   with a 4-byte tag: `0x01306B47` half floats (padded to 4 bytes), `0` or `0x0002C056` plain
//!   f32; a "raw" array (biases, PReLU slopes) is plain f32.

use std::collections::BTreeMap;

/// One layer of a `.param` file.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Layer {
    pub kind: String,
    pub name: String,
    pub inputs: Vec<String>,
    pub outputs: Vec<String>,
    /// `key=value` pairs, values as written.
    params: BTreeMap<u32, String>,
    /// The line in the file (1-based), for messages.
    pub line: usize,
}

/// Why a file could not be read.
pub(crate) type ParseError = String;

impl Layer {
    /// An integer parameter (`default` when absent).
    pub fn int(&self, key: u32, default: i64) -> Result<i64, ParseError> {
        match self.params.get(&key) {
            None => Ok(default),
            Some(v) => v
                .parse()
                .map_err(|_| self.error(&format!("parameter {key}={v} is not an integer"))),
        }
    }

    /// A non-negative integer parameter as a size.
    pub fn size(&self, key: u32, default: usize) -> Result<usize, ParseError> {
        let v = self.int(key, i64::try_from(default).unwrap_or(i64::MAX))?;
        usize::try_from(v).map_err(|_| self.error(&format!("parameter {key}={v} is negative")))
    }

    /// A float parameter (`default` when absent).
    pub fn float(&self, key: u32, default: f32) -> Result<f32, ParseError> {
        match self.params.get(&key) {
            None => Ok(default),
            Some(v) => v
                .parse()
                .map_err(|_| self.error(&format!("parameter {key}={v} is not a number"))),
        }
    }

    /// An error about this layer.
    pub fn error(&self, what: &str) -> ParseError {
        format!("line {} ({} {}): {what}", self.line, self.kind, self.name)
    }
}

/// The layers of a `.param` text, in order.
pub(crate) fn parse_param(text: &str) -> Result<Vec<Layer>, ParseError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty());
    match lines.next() {
        Some((_, "7767517")) => {}
        _ => return Err("not an ncnn .param file (no 7767517 magic on its first line)".into()),
    }
    let (count_line, counts) = lines
        .next()
        .ok_or("the layer and blob counts are missing")?;
    let layer_count: usize = counts
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| format!("line {count_line}: {counts:?} is not `layers blobs`"))?;
    let layers = lines
        .map(|(n, l)| parse_layer(n, l))
        .collect::<Result<Vec<_>, _>>()?;
    if layers.len() != layer_count {
        return Err(format!(
            "the file announces {layer_count} layers and has {}",
            layers.len()
        ));
    }
    Ok(layers)
}

fn parse_layer(line: usize, text: &str) -> Result<Layer, ParseError> {
    let mut words = text.split_whitespace();
    let mut next = |what: &str| {
        words
            .next()
            .map(str::to_owned)
            .ok_or_else(|| format!("line {line}: the layer's {what} is missing"))
    };
    let kind = next("type")?;
    let name = next("name")?;
    let count = |s: String| {
        s.parse::<usize>()
            .map_err(|_| format!("line {line}: {s:?} is not a count of blobs"))
    };
    let n_in = count(next("input count")?)?;
    let n_out = count(next("output count")?)?;
    let inputs = (0..n_in)
        .map(|_| next("input"))
        .collect::<Result<Vec<_>, _>>()?;
    let outputs = (0..n_out)
        .map(|_| next("output"))
        .collect::<Result<Vec<_>, _>>()?;
    let mut params = BTreeMap::new();
    for pair in words {
        let (key, value) = pair
            .split_once('=')
            .ok_or_else(|| format!("line {line}: {pair:?} is not key=value"))?;
        let key: i64 = key
            .parse()
            .map_err(|_| format!("line {line}: {key:?} is not a parameter number"))?;
        let key = u32::try_from(key).map_err(|_| {
            format!("line {line}: array parameters ({pair}) are not supported by this reader")
        })?;
        params.insert(key, value.to_owned());
    }
    Ok(Layer {
        kind,
        name,
        inputs,
        outputs,
        params,
        line,
    })
}

const TAG_F16: u32 = 0x0130_6B47;
const TAG_F32: u32 = 0x0002_C056;

/// A reader over a `.bin` file.
#[derive(Debug)]
pub(crate) struct Weights<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Weights<'a> {
    pub fn new(bytes: &'a [u8]) -> Self {
        Self { bytes, at: 0 }
    }

    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8], ParseError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let Some(end) = end else {
            return Err(format!(
                "the weights end at byte {} while {what} needs {n} bytes from byte {}: \
                 the .bin does not belong to this .param",
                self.bytes.len(),
                self.at
            ));
        };
        let slice = self.bytes.get(self.at..end).unwrap_or_default();
        self.at = end;
        Ok(slice)
    }

    /// `n` plain f32 values (little-endian).
    pub fn raw(&mut self, n: usize, what: &str) -> Result<Vec<f32>, ParseError> {
        let len = n.checked_mul(4).ok_or("array size overflows")?;
        let data = self.take(len, what)?;
        Ok(data
            .chunks_exact(4)
            .map(|b| b.try_into().map_or(0.0, f32::from_le_bytes))
            .collect())
    }

    /// `n` values after a 4-byte tag saying how they are stored.
    pub fn flagged(&mut self, n: usize, what: &str) -> Result<Vec<f32>, ParseError> {
        let tag = self.take(4, what)?;
        let tag = tag.try_into().map_or(u32::MAX, u32::from_le_bytes);
        match tag {
            TAG_F16 => {
                let len = n.checked_mul(2).ok_or("array size overflows")?;
                let data = self.take(len.next_multiple_of(4), what)?;
                Ok(data
                    .chunks_exact(2)
                    .take(n)
                    .map(|b| half_to_f32(b.try_into().map_or(0, u16::from_le_bytes)))
                    .collect())
            }
            0 | TAG_F32 => self.raw(n, what),
            other => Err(format!(
                "{what}: weights stored as {other:#010x} (quantized) are not supported"
            )),
        }
    }

    /// Bytes not read yet.
    pub fn left(&self) -> usize {
        self.bytes.len().saturating_sub(self.at)
    }
}

/// An IEEE half float's value.
fn half_to_f32(h: u16) -> f32 {
    tract_onnx::prelude::f16::from_bits(h).to_f32()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PARAM: &str = "7767517\n3 3\nInput  in 0 1 data\n\
        Convolution conv 1 1 data c 0=2 1=3 4=1 5=1 6=18\n\
        Interp up 1 1 c out 0=1 1=4.000000e+00 2=4.0\n";

    #[test]
    fn layers_and_parameters_are_read() {
        let layers = parse_param(PARAM).unwrap();
        assert_eq!(layers.len(), 3);
        let conv = &layers[1];
        assert_eq!(conv.kind, "Convolution");
        assert_eq!(
            (conv.inputs.clone(), conv.outputs.clone()),
            (vec!["data".to_owned()], vec!["c".to_owned()])
        );
        assert_eq!(conv.int(0, 0).unwrap(), 2);
        assert_eq!(conv.int(11, 7).unwrap(), 7, "absent: the default");
        assert_eq!(layers[2].float(1, 0.0).unwrap(), 4.0);
        assert_eq!(layers[2].line, 5);
    }

    #[test]
    fn broken_files_say_where() {
        assert!(parse_param("7767518\n").unwrap_err().contains("magic"));
        let short = "7767517\n2 2\nInput in 0 1 data\n";
        assert!(
            parse_param(short)
                .unwrap_err()
                .contains("announces 2 layers")
        );
        let array = "7767517\n1 1\nReshape r 1 1 a b -23300=2,1,2\n";
        assert!(parse_param(array).unwrap_err().contains("array parameters"));
        let bad = "7767517\n1 1\nConvolution c 1 1 a b 0=x\n";
        let layer = &parse_param(bad).unwrap()[0];
        assert!(layer.int(0, 0).unwrap_err().contains("line 3"));
    }

    #[test]
    fn weights_in_half_and_full_floats() {
        let mut bin = TAG_F16.to_le_bytes().to_vec();
        // 1.0, -2.0, 0.5 as halves, padded to 8 bytes.
        for h in [0x3C00u16, 0xC000, 0x3800, 0] {
            bin.extend_from_slice(&h.to_le_bytes());
        }
        bin.extend_from_slice(&0u32.to_le_bytes());
        bin.extend_from_slice(&1.5f32.to_le_bytes());
        bin.extend_from_slice(&(-3.25f32).to_le_bytes());
        let mut w = Weights::new(&bin);
        assert_eq!(w.flagged(3, "w").unwrap(), [1.0, -2.0, 0.5]);
        assert_eq!(w.flagged(1, "w").unwrap(), [1.5]);
        assert_eq!(w.raw(1, "b").unwrap(), [-3.25]);
        assert_eq!(w.left(), 0);
        assert!(w.raw(1, "bias").unwrap_err().contains("does not belong"));
        let mut q = Weights::new(&[1, 2, 3, 4, 0, 0, 0, 0]);
        assert!(q.flagged(1, "w").unwrap_err().contains("quantized"));
    }
}
