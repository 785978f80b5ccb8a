//! SameValueZero over decoded nodes: the equality `Set#add` and `Map#set` use, so the canonical
//! description (`canonical.rs`) keeps a set member or a map key once, as JavaScript does.

use std::collections::HashMap;

use super::bigint::to_decimal;
use super::model::{Node, NodeId, Payload};
use super::strings::{Content, hash_bytes};

impl Payload<'_> {
    /// What `Object(x)` returns for node `n`: the node itself unless it boxes an object.
    pub(super) fn identity(&self, n: NodeId) -> NodeId {
        match self.node(n) {
            Node::Boxed { value }
                if self.node(value).has_children() || is_object_leaf(self.node(value)) =>
            {
                value
            }
            _ => n,
        }
    }

    /// SameValueZero of two nodes (what `Set#add` / `Map#set` compare with).
    fn same_value_zero(&self, a: NodeId, b: NodeId) -> bool {
        let (a, b) = (self.identity(a), self.identity(b));
        if a == b {
            return true;
        }
        match (self.node(a), self.node(b)) {
            (Node::Undefined, Node::Undefined) | (Node::Null, Node::Null) => true,
            (Node::Bool { value: x }, Node::Bool { value: y }) => x == y,
            (Node::Number { value: x }, Node::Number { value: y }) => {
                x == y || x.is_nan() && y.is_nan()
            }
            (Node::String { str: x }, Node::String { str: y }) => {
                self.content(x) == self.content(y)
            }
            (Node::BigInt { str: x }, Node::BigInt { str: y }) => {
                to_decimal(&self.text(x)).is_some_and(|d| Some(d) == to_decimal(&self.text(y)))
            }
            _ => false,
        }
    }

    fn svz_hash(&self, n: NodeId) -> u64 {
        let n = self.identity(n);
        match self.node(n) {
            Node::Undefined => 1,
            Node::Null => 2,
            Node::Bool { value } => 3 + u64::from(value),
            Node::Number { value } if value.is_nan() => 5,
            Node::Number { value } => (value + 0.0).to_bits(),
            Node::String { str } => match self.content(str) {
                Content::Str(s) => hash_bytes(s.as_bytes(), 7),
                Content::Wide(w) => hash_bytes(
                    &w.iter().flat_map(|u| u.to_le_bytes()).collect::<Vec<u8>>(),
                    8,
                ),
            },
            Node::BigInt { str } => hash_bytes(
                to_decimal(&self.text(str)).unwrap_or_default().as_bytes(),
                9,
            ),
            _ => u64::from(n) ^ 0xABCD_0000_0000,
        }
    }

    /// The distinct values of `items` (SameValueZero), each with the positions of its first
    /// and last occurrence.
    pub(super) fn distinct(
        &self,
        items: impl Iterator<Item = NodeId>,
    ) -> Vec<(NodeId, usize, usize)> {
        let mut kept: Vec<(NodeId, usize, usize)> = Vec::new();
        let mut buckets: HashMap<u64, Vec<usize>> = HashMap::new();
        for (i, n) in items.enumerate() {
            let bucket = buckets.entry(self.svz_hash(n)).or_default();
            let found = bucket.iter().copied().find(|k| {
                kept.get(*k)
                    .is_some_and(|(m, _, _)| self.same_value_zero(*m, n))
            });
            match found {
                Some(k) => {
                    if let Some(entry) = kept.get_mut(k) {
                        entry.2 = i;
                    }
                }
                None => {
                    bucket.push(kept.len());
                    kept.push((n, i, i));
                }
            }
        }
        kept
    }
}

/// Objects without child nodes: `Object(x)` of a boxed one is that object itself.
fn is_object_leaf(n: Node) -> bool {
    matches!(
        n,
        Node::Date { .. }
            | Node::DateText { .. }
            | Node::RegExp { .. }
            | Node::Url { .. }
            | Node::UrlSearchParams { .. }
            | Node::ArrayBuffer { .. }
            | Node::Temporal { .. }
    )
}
