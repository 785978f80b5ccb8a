//! The plain path of [`super::decode`]: one pass over the text straight to a tape, for the
//! payloads pages send (objects, arrays, strings, numbers, booleans, null, devalue's constants,
//! holes and ISO dates), without the raw table and the hydration walk of the general decoder.
//!
//! A plain payload needs no walk: the value at index `i` of devalue's array is the same whoever
//! reaches it first, so node `i` is built from entry `i` alone, and objects and arrays get their
//! children afterwards (shared references and cycles stay shared). Object keys go through a tree
//! of shapes (key sequences, as JavaScript engines' hidden classes): an object whose keys follow
//! the shape seen last costs one byte comparison per key, and JavaScript builds the objects of a
//! shape with one function made for that shape.
//!
//! It decodes only what it is sure of and gives up (`None`) on anything else: any other type,
//! `Date` when the caller revives it, a sparse array, a nested value where devalue expects an
//! index, an index out of range or written as a fraction or exponent, an object key that is
//! `__proto__`, starts with a digit (JavaScript would reorder it), has an escape or repeats,
//! whitespace, a date text only the engine can read, and every malformed input. The general
//! decoder then takes the text, so it stays the one owner of every error and of every other
//! rule; giving up costs only the time of this pass.
//!
//! The tape (mirrored by `wasm-bindings/js/payload-plain.mjs`), node ids being devalue's
//! indices plus [`PLAIN_CONSTANTS`] (ids below it are the constants, see [`PlainPayload::edges`]):
//! - `ops`, one record per node in index order: `0` null, `1` false, `2` true, `3 n` integer
//!   below 2^30, `4` number (next of `nums`), `5 a b` string: UTF-16 range `a..b` of the text,
//!   `6 a b` string: range of `unescaped`, `7` Date (time value: next of `nums`), `8 len` array,
//!   `9 shape` object;
//! - `fill`, one record per array or object with children, in index order: node id, `0` (array)
//!   or `1 + shape`, start and length of its children in `edges`.

mod scan;
mod shapes;
#[cfg(test)]
mod tests;

/// Node ids below this are devalue's constants: 0 `undefined` (-1), 1 `NaN` (-3), 2 `Infinity`
/// (-4), 3 `-Infinity` (-5), 4 `-0` (-6).
pub const PLAIN_CONSTANTS: u32 = 5;

/// An array slot devalue leaves empty (-2).
pub const PLAIN_HOLE: u32 = u32::MAX;

/// A plain payload as a tape (see the module docs).
#[derive(Debug, Default, Clone, PartialEq)]
pub struct PlainPayload {
    /// One record per node.
    pub ops: Vec<u32>,
    /// The numbers and Date time values, in node order.
    pub nums: Vec<f64>,
    /// One record per container with children.
    pub fill: Vec<u32>,
    /// Children: node ids (constants below [`PLAIN_CONSTANTS`]) or [`PLAIN_HOLE`].
    pub edges: Vec<u32>,
    /// Three numbers per shape: its parent shape and the UTF-16 range of its last key in the
    /// text. Shape 0 is the empty object (its record is unused).
    pub shapes: Vec<u32>,
    /// The strings that had escapes, unescaped, as UTF-16 units (lone surrogates kept).
    pub unescaped: Vec<u16>,
    /// Number of devalue indices (nodes after the constants).
    pub count: u32,
}

/// Decodes `text` when it is a plain payload (see the module docs), exactly as [`super::decode`]
/// with the same `revivers` would; `None` when it is not, or when it is malformed.
///
/// ```
/// use aivg_core::payload::decode_plain;
/// assert!(decode_plain(r#"[{"a":1},2]"#, &[] as &[&str]).is_some());
/// assert!(decode_plain(r#"[["Set",1],2]"#, &[] as &[&str]).is_none());
/// ```
pub fn decode_plain<S: AsRef<str>>(text: &str, revivers: &[S]) -> Option<PlainPayload> {
    let dates = !revivers.iter().any(|r| r.as_ref() == "Date");
    scan::scan(text, dates)
}
