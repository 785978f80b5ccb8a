//! The tape `js/payload.mjs` materialises a decoded payload from (the codes are mirrored there).
//!
//! - `ops`: one record per node, in id order: a code, then its operands (step 1: every value
//!   that has no children gets built, every container gets created empty):
//!   `0` undefined, `1` null, `2` false, `3` true, `4` number (next `nums`), `5 s` string,
//!   `6 s` BigInt, `7 len` array, `8 len` sparse array, `9` object, `10` null-prototype object,
//!   `11` Set, `12` Map, `13` Date (time value: next `nums`), `14 s` Date from text,
//!   `15 s f` RegExp, `16 s` URL, `17 s` URLSearchParams, `18 start len` ArrayBuffer (of
//!   `bytes`), `19 k s` Temporal (k: [`TemporalKind::ALL`] index), `20` built in step 2.
//! - `fill`: one record per node with children, in [`Payload::fill_order`] (step 2): a code, the
//!   node id, then operands; `start len` is a range of the payload's edges:
//!   `0 id start len` array (edges: node ids, `u32::MAX` a hole), `1 id start len` sparse array
//!   (index, node pairs), `2 id start len` object of either kind (key string, node pairs),
//!   `3 id start len` Set, `4 id start len` Map (key, value pairs), `5 id v` boxed value,
//!   `6 id k buffer offset length` typed array or DataView (k: [`ViewKind::ALL`] index),
//!   `7 id name v` custom type, `8 id message start len` NuxtError (key string, node pairs).
//! - `spans`: three numbers per string id: where (`0` the caller's text, `1` the unescaped
//!   buffer, `2` the UTF-16 buffer), then the start and end in UTF-16 code units.
//! - `nums`: the numbers and Date time values, in node order.

use aivg_core::payload::{Node, Payload, Span, StrSpan, TemporalKind, ViewKind};

/// The tape of one payload (the edges, unescaped text, UTF-16 units and bytes are the payload's own).
#[derive(Debug, Default)]
pub(super) struct Tape {
    pub ops: Vec<u32>,
    pub fill: Vec<u32>,
    pub spans: Vec<u32>,
    pub nums: Vec<f64>,
    /// Number of nodes.
    pub count: u32,
}

fn view_index(kind: ViewKind) -> u32 {
    ViewKind::ALL.iter().position(|k| *k == kind).unwrap_or(0) as u32
}

fn temporal_index(kind: TemporalKind) -> u32 {
    TemporalKind::ALL
        .iter()
        .position(|k| *k == kind)
        .unwrap_or(0) as u32
}

impl Tape {
    pub fn new(p: &Payload<'_>) -> Tape {
        let nodes = p.nodes();
        let mut t = Tape {
            ops: Vec::with_capacity(nodes.len() * 2),
            fill: Vec::with_capacity(p.fill_order().len() * 4),
            spans: Vec::with_capacity(p.strings().len() * 3),
            nums: Vec::new(),
            count: nodes.len() as u32,
        };
        for node in nodes {
            t.op(*node);
        }
        for &id in p.fill_order() {
            t.fill_op(id, p.node(id));
        }
        for span in p.strings() {
            let (w, a, b) = match *span {
                StrSpan::Input {
                    u16_start, u16_end, ..
                } => (0, u16_start, u16_end),
                StrSpan::Unescaped {
                    u16_start, u16_end, ..
                } => (1, u16_start, u16_end),
                StrSpan::Utf16 { start, end } => (2, start, end),
            };
            t.spans.extend_from_slice(&[w, a, b]);
        }
        t
    }

    fn op(&mut self, node: Node) {
        let ops = &mut self.ops;
        match node {
            Node::Undefined => ops.push(0),
            Node::Null => ops.push(1),
            Node::Bool { value } => ops.push(if value { 3 } else { 2 }),
            Node::Number { value } => {
                ops.push(4);
                self.nums.push(value);
            }
            Node::String { str } => ops.extend_from_slice(&[5, str]),
            Node::BigInt { str } => ops.extend_from_slice(&[6, str]),
            Node::Array { items } => ops.extend_from_slice(&[7, items.len]),
            Node::SparseArray { len, .. } => ops.extend_from_slice(&[8, len]),
            Node::Object { .. } => ops.push(9),
            Node::NullProtoObject { .. } => ops.push(10),
            Node::Set { .. } => ops.push(11),
            Node::Map { .. } => ops.push(12),
            Node::Date { time } => {
                ops.push(13);
                self.nums.push(time);
            }
            Node::DateText { str } => ops.extend_from_slice(&[14, str]),
            Node::RegExp { source, flags } => ops.extend_from_slice(&[15, source, flags]),
            Node::Url { str } => ops.extend_from_slice(&[16, str]),
            Node::UrlSearchParams { str } => ops.extend_from_slice(&[17, str]),
            Node::ArrayBuffer { bytes } => ops.extend_from_slice(&[18, bytes.start, bytes.len]),
            Node::Temporal { temporal, str } => {
                ops.extend_from_slice(&[19, temporal_index(temporal), str])
            }
            Node::Boxed { .. }
            | Node::View { .. }
            | Node::Custom { .. }
            | Node::NuxtError { .. } => ops.push(20),
        }
    }

    fn fill_op(&mut self, id: u32, node: Node) {
        let span = |code: u32, s: Span| [code, id, s.start, s.len];
        match node {
            Node::Array { items } => self.fill.extend_from_slice(&span(0, items)),
            Node::SparseArray { entries, .. } => self.fill.extend_from_slice(&span(1, entries)),
            Node::Object { entries } | Node::NullProtoObject { entries } => {
                self.fill.extend_from_slice(&span(2, entries));
            }
            Node::Set { items } => self.fill.extend_from_slice(&span(3, items)),
            Node::Map { entries } => self.fill.extend_from_slice(&span(4, entries)),
            Node::Boxed { value } => self.fill.extend_from_slice(&[5, id, value]),
            Node::View {
                view,
                buffer,
                byte_offset,
                length,
            } => {
                self.fill.extend_from_slice(&[
                    6,
                    id,
                    view_index(view),
                    buffer,
                    byte_offset,
                    length,
                ]);
            }
            Node::Custom { name, value } => self.fill.extend_from_slice(&[7, id, name, value]),
            Node::NuxtError { message, props } => {
                self.fill
                    .extend_from_slice(&[8, id, message, props.start, props.len]);
            }
            // Nothing else has children (fill_order lists only nodes with children).
            _ => {}
        }
    }
}

/// `s` as UTF-16 code units. The unescaped strings cross as UTF-16 because JavaScript engines
/// build a string from UTF-16 several times faster than from UTF-8 when it is not ASCII (Node
/// 20: 0.8 ms instead of 7 ms for the ~0.8 MB of the bench's string payload).
pub(super) fn utf16_of(s: &str) -> Vec<u16> {
    let b = s.as_bytes();
    // Never more units than bytes.
    let mut out = vec![0u16; b.len()];
    let (mut i, mut o) = (0usize, 0usize);
    let byte = |k: usize| u32::from(b.get(k).copied().unwrap_or(0));
    while i < b.len() {
        // ASCII, eight bytes at a time.
        if let (Some(src), Some(dst)) = (b.get(i..i + 8), out.get_mut(o..o + 8)) {
            let mut w = [0u8; 8];
            w.copy_from_slice(src);
            if u64::from_le_bytes(w) & 0x8080_8080_8080_8080 == 0 {
                for (d, c) in dst.iter_mut().zip(w) {
                    *d = u16::from(c);
                }
                i += 8;
                o += 8;
                continue;
            }
        }
        // One character (`s` is valid UTF-8).
        let x = byte(i);
        let (code, len) = match x {
            0x00..=0x7F => (x, 1),
            0x80..=0xDF => (((x & 0x1F) << 6) | (byte(i + 1) & 0x3F), 2),
            0xE0..=0xEF => (
                ((x & 0x0F) << 12) | ((byte(i + 1) & 0x3F) << 6) | (byte(i + 2) & 0x3F),
                3,
            ),
            _ => (
                ((x & 0x07) << 18)
                    | ((byte(i + 1) & 0x3F) << 12)
                    | ((byte(i + 2) & 0x3F) << 6)
                    | (byte(i + 3) & 0x3F),
                4,
            ),
        };
        if code < 0x1_0000 {
            if let Some(d) = out.get_mut(o) {
                *d = code as u16;
            }
            o += 1;
        } else {
            let c = code - 0x1_0000;
            if let Some(d) = out.get_mut(o..o + 2) {
                d.copy_from_slice(&[0xD800 | (c >> 10) as u16, 0xDC00 | (c & 0x3FF) as u16]);
            }
            o += 2;
        }
        i += len;
    }
    out.truncate(o);
    out
}

#[cfg(test)]
mod tests {
    use super::utf16_of;

    #[test]
    fn utf16_matches_std() {
        for s in [
            "",
            "a",
            "plain ascii text longer than sixteen bytes",
            "é日本😀x",
            "ab\u{7f}\u{80}\u{7ff}\u{800}\u{ffff}\u{10000}\u{10ffff}zz",
            "0123456789abcdefé0123456789abcdef😀",
        ] {
            let want: Vec<u16> = s.encode_utf16().collect();
            assert_eq!(utf16_of(s), want, "{s}");
        }
    }
}
