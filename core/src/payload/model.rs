//! The decoded payload: a flat, compact graph a JavaScript side materialises in two loops.
//!
//! Every value devalue's `parse` would create is one [`Node`] (ids are positions in
//! [`Payload::nodes`], in creation order; primitives repeated by reference share one node).
//! Children are ranges of one shared edge array. Identity follows devalue exactly: one node
//! per object devalue creates, so shared references and cycles stay shared.
//!
//! ## Materialising (what `decodePayload` does in JavaScript)
//! 1. For each node in id order: primitives and leaf objects (`Date`, `RegExp`, `URL`,
//!    `URLSearchParams`, `ArrayBuffer`, `Temporal.*`) get their value; containers (`Array`,
//!    `SparseArray`, `Object`, `NullProtoObject`, `Set`, `Map`) get a new empty one.
//! 2. For each id in [`Payload::fill_order`] (every node with children, in the order devalue
//!    finishes them): fill the container, or build the `Boxed` / `View` / `NuxtError` value,
//!    or call the caller's reviver for a `Custom` node with its value's materialised value.
//!
//! Step 2 runs in completion order, so a reviver always receives a finished value, and every
//! reference points at a value that already exists (containers referenced from inside
//! themselves were created in step 1). Sets and maps keep devalue's raw entry list: adding them
//! in order with `Set#add` / `Map#set` gives exactly devalue's (deduplicated) result.

use serde::{Deserialize, Serialize};

use super::strings::{Content, StrSpan, StrStore};

/// Index of a node in [`Payload::nodes`].
pub type NodeId = u32;
/// Index of a string in [`Payload::strings`].
pub type StrId = u32;
/// Edge value of an `Array` slot that is a hole (devalue's `-2`).
pub const HOLE: u32 = u32::MAX;

/// A range of [`Payload::edges`] (or of [`Payload::bytes`] for an `ArrayBuffer`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Span {
    /// First element.
    pub start: u32,
    /// Number of `u32` edges (or bytes).
    pub len: u32,
}

impl Span {
    /// As a `usize` range.
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..(self.start as usize).saturating_add(self.len as usize)
    }
}

/// The typed-array and DataView constructors devalue 5/6 revive, with their element size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ViewKind {
    Int8Array,
    Uint8Array,
    Uint8ClampedArray,
    Int16Array,
    Uint16Array,
    Float16Array,
    Int32Array,
    Uint32Array,
    Float32Array,
    Float64Array,
    BigInt64Array,
    BigUint64Array,
    DataView,
}

impl ViewKind {
    /// All kinds, in devalue's order.
    pub const ALL: [ViewKind; 13] = [
        ViewKind::Int8Array,
        ViewKind::Uint8Array,
        ViewKind::Uint8ClampedArray,
        ViewKind::Int16Array,
        ViewKind::Uint16Array,
        ViewKind::Float16Array,
        ViewKind::Int32Array,
        ViewKind::Uint32Array,
        ViewKind::Float32Array,
        ViewKind::Float64Array,
        ViewKind::BigInt64Array,
        ViewKind::BigUint64Array,
        ViewKind::DataView,
    ];

    /// The JavaScript constructor name (also devalue's type tag).
    pub fn name(self) -> &'static str {
        match self {
            ViewKind::Int8Array => "Int8Array",
            ViewKind::Uint8Array => "Uint8Array",
            ViewKind::Uint8ClampedArray => "Uint8ClampedArray",
            ViewKind::Int16Array => "Int16Array",
            ViewKind::Uint16Array => "Uint16Array",
            ViewKind::Float16Array => "Float16Array",
            ViewKind::Int32Array => "Int32Array",
            ViewKind::Uint32Array => "Uint32Array",
            ViewKind::Float32Array => "Float32Array",
            ViewKind::Float64Array => "Float64Array",
            ViewKind::BigInt64Array => "BigInt64Array",
            ViewKind::BigUint64Array => "BigUint64Array",
            ViewKind::DataView => "DataView",
        }
    }

    /// Bytes per element (1 for DataView, whose length is in bytes).
    pub fn element_size(self) -> u32 {
        match self {
            ViewKind::Int8Array
            | ViewKind::Uint8Array
            | ViewKind::Uint8ClampedArray
            | ViewKind::DataView => 1,
            ViewKind::Int16Array | ViewKind::Uint16Array | ViewKind::Float16Array => 2,
            ViewKind::Int32Array | ViewKind::Uint32Array | ViewKind::Float32Array => 4,
            ViewKind::Float64Array | ViewKind::BigInt64Array | ViewKind::BigUint64Array => 8,
        }
    }

    /// The kind named by a devalue tag.
    pub fn from_name(name: &str) -> Option<ViewKind> {
        ViewKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// The `Temporal` types devalue 5.9+/6 revive with `Temporal.X.from(text)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TemporalKind {
    Duration,
    Instant,
    PlainDate,
    PlainTime,
    PlainDateTime,
    PlainMonthDay,
    PlainYearMonth,
    ZonedDateTime,
}

impl TemporalKind {
    /// All kinds.
    pub const ALL: [TemporalKind; 8] = [
        TemporalKind::Duration,
        TemporalKind::Instant,
        TemporalKind::PlainDate,
        TemporalKind::PlainTime,
        TemporalKind::PlainDateTime,
        TemporalKind::PlainMonthDay,
        TemporalKind::PlainYearMonth,
        TemporalKind::ZonedDateTime,
    ];

    /// devalue's tag, e.g. `"Temporal.PlainDate"`.
    pub fn tag(self) -> &'static str {
        match self {
            TemporalKind::Duration => "Temporal.Duration",
            TemporalKind::Instant => "Temporal.Instant",
            TemporalKind::PlainDate => "Temporal.PlainDate",
            TemporalKind::PlainTime => "Temporal.PlainTime",
            TemporalKind::PlainDateTime => "Temporal.PlainDateTime",
            TemporalKind::PlainMonthDay => "Temporal.PlainMonthDay",
            TemporalKind::PlainYearMonth => "Temporal.PlainYearMonth",
            TemporalKind::ZonedDateTime => "Temporal.ZonedDateTime",
        }
    }

    /// The kind named by a devalue tag.
    pub fn from_tag(tag: &str) -> Option<TemporalKind> {
        TemporalKind::ALL.into_iter().find(|k| k.tag() == tag)
    }
}

/// One value of the decoded graph. Ranges are into [`Payload::edges`] unless said otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Node {
    /// `undefined`.
    Undefined,
    /// `null`.
    Null,
    /// A boolean.
    Bool { value: bool },
    /// A number, including NaN, ±Infinity and -0.
    Number { value: f64 },
    /// A string.
    String { str: StrId },
    /// A BigInt; `str` is text `BigInt(text)` accepts: decimal with optional `-`, or
    /// `0x` / `0o` / `0b` digits, without leading zeros.
    BigInt { str: StrId },
    /// A dense array of `len` slots: each edge a node id or [`HOLE`].
    Array { items: Span },
    /// An array of length `len` whose own elements are (index, node id) edge pairs, sorted by
    /// index without repeats (devalue 6's `-7` encoding; nothing is allocated per slot).
    SparseArray { len: u32, entries: Span },
    /// A plain object: (key string id, node id) edge pairs in JavaScript property order.
    Object { entries: Span },
    /// An `Object.create(null)` object, entries as for `Object`.
    NullProtoObject { entries: Span },
    /// A `Set`: node ids in devalue's order (may repeat; `Set#add` drops repeats).
    Set { items: Span },
    /// A `Map`: (key node id, value node id) edge pairs in devalue's order (a repeated key keeps
    /// its first place and takes the last value, as `Map#set` does).
    Map { entries: Span },
    /// A `Date` with its time value (NaN for an invalid date).
    Date { time: f64 },
    /// A `Date` from text this decoder does not interpret (a local-time or legacy format):
    /// JavaScript builds it with `new Date(text)`, devalue's own call.
    DateText { str: StrId },
    /// A `RegExp`: `new RegExp(source, flags)`. The flags are checked here; the pattern is
    /// checked by the JavaScript engine when it is built.
    RegExp { source: StrId, flags: StrId },
    /// `Object(value)`: a boxed number, string, boolean or BigInt.
    Boxed { value: NodeId },
    /// `new URL(text)`.
    Url { str: StrId },
    /// `new URLSearchParams(text)`.
    UrlSearchParams { str: StrId },
    /// An `ArrayBuffer` whose bytes are the range of [`Payload::bytes`].
    ArrayBuffer { bytes: Span },
    /// A typed array or DataView on the `ArrayBuffer` node `buffer`: `length` elements (bytes
    /// for a DataView) from `byte_offset`, already checked against the buffer.
    View {
        view: ViewKind,
        buffer: NodeId,
        byte_offset: u32,
        length: u32,
    },
    /// `Temporal.X.from(text)`.
    Temporal { temporal: TemporalKind, str: StrId },
    /// A custom type the caller revives: `revivers[name](value)`.
    Custom { name: StrId, value: NodeId },
    /// Nuxt's `NuxtError`, as this app revives it: an `Error` with message `message` and the
    /// own properties `props` (key string id, node id pairs): statusCode, statusMessage, fatal,
    /// unhandled, data.
    NuxtError { message: StrId, props: Span },
}

impl Node {
    /// Whether JavaScript fills or builds this node in the second loop (it has children).
    pub fn has_children(&self) -> bool {
        matches!(
            self,
            Node::Array { .. }
                | Node::SparseArray { .. }
                | Node::Object { .. }
                | Node::NullProtoObject { .. }
                | Node::Set { .. }
                | Node::Map { .. }
                | Node::Boxed { .. }
                | Node::View { .. }
                | Node::Custom { .. }
                | Node::NuxtError { .. }
        )
    }
}

/// A decoded payload, borrowing the text it was decoded from.
#[derive(Debug, Clone, PartialEq)]
pub struct Payload<'a> {
    pub(crate) input: &'a str,
    pub(crate) nodes: Vec<Node>,
    pub(crate) edges: Vec<u32>,
    pub(crate) strs: StrStore,
    pub(crate) bytes: Vec<u8>,
    pub(crate) fill_order: Vec<NodeId>,
    pub(crate) root: NodeId,
}

impl<'a> Payload<'a> {
    /// The text this payload was decoded from (`StrSpan::Input` ranges point into it).
    pub fn input(&self) -> &'a str {
        self.input
    }

    /// The node of the decoded value.
    pub fn root(&self) -> NodeId {
        self.root
    }

    /// Every node, in creation order.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// One node (`Undefined` for an id that does not exist).
    pub fn node(&self, id: NodeId) -> Node {
        self.nodes
            .get(id as usize)
            .copied()
            .unwrap_or(Node::Undefined)
    }

    /// The shared edge array the nodes' spans point into.
    pub fn edges(&self) -> &[u32] {
        &self.edges
    }

    /// The edges of a span (empty when out of range).
    pub fn span(&self, span: Span) -> &[u32] {
        self.edges.get(span.range()).unwrap_or(&[])
    }

    /// The nodes with children, in the order JavaScript must build them (module docs).
    pub fn fill_order(&self) -> &[NodeId] {
        &self.fill_order
    }

    /// Where every string lives.
    pub fn strings(&self) -> &[StrSpan] {
        &self.strs.spans
    }

    /// The buffer of unescaped strings (`StrSpan::Unescaped`).
    pub fn unescaped(&self) -> &str {
        &self.strs.unescaped
    }

    /// The buffer of strings with lone surrogates (`StrSpan::Utf16`).
    pub fn utf16(&self) -> &[u16] {
        &self.strs.utf16
    }

    /// The bytes of every `ArrayBuffer`.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// A string's text; a lone surrogate becomes U+FFFD.
    pub fn text(&self, id: StrId) -> std::borrow::Cow<'_, str> {
        match self.strs.content(self.input, id) {
            Content::Str(s) => std::borrow::Cow::Borrowed(s),
            Content::Wide(w) => std::borrow::Cow::Owned(String::from_utf16_lossy(w)),
        }
    }

    /// A string's UTF-16 code units (exact, lone surrogates included).
    pub fn utf16_units(&self, id: StrId) -> Vec<u16> {
        match self.strs.content(self.input, id) {
            Content::Str(s) => s.encode_utf16().collect(),
            Content::Wide(w) => w.to_vec(),
        }
    }

    pub(crate) fn content(&self, id: StrId) -> Content<'_> {
        self.strs.content(self.input, id)
    }
}
