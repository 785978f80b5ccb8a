//! This app's versions of the payload revivers Nuxt registers (`revive-payload.client`),
//! for a client without Vue:
//!
//! - `Ref`, `Reactive`, `ShallowRef`, `ShallowReactive`: the wrapped value itself (no
//!   reactivity; shared references stay shared).
//! - `EmptyRef`, `EmptyShallowRef` (a falsy ref stored as text): `"_"` is `undefined`, `"0n"` is
//!   `0n`, else the text read like `destr` does: the words true/false/null/undefined/NaN/
//!   Infinity/-Infinity in any letter case, else JSON (dropping `__proto__` keys), else the text
//!   itself. A value that is not a string is returned as is.
//! - `NuxtError`: an error-like value (`Node::NuxtError`): message from `message` (or
//!   `statusMessage`) when a string, else ""; own properties statusCode (a number, default
//!   500), statusMessage (a string, else undefined), fatal and unhandled (default false) and
//!   data (default undefined), like h3's `createError` without its status sanitising. A string
//!   argument is the message.
//! - `Island`: a plain object `{ key, params, result }` taken from the value (Nuxt's client
//!   would also start fetching the island; that belongs to the app, not the decoder).
//!
//! Properties are read when the reviver runs, as in JavaScript.

use super::error::PayloadError;
use super::hydrate::{Const, Engine};
use super::json::scan;
use super::model::{Node, NodeId, Span, StrId};
use super::strings::Content;

impl Engine<'_, '_> {
    fn node_at(&self, id: NodeId) -> Node {
        self.nodes
            .get(id as usize)
            .copied()
            .unwrap_or(Node::Undefined)
    }

    /// `value[key]` for a plain or null-prototype object (None when absent or not an object).
    fn prop(&mut self, value: NodeId, key: &str) -> Option<NodeId> {
        let entries = match self.node_at(value) {
            Node::Object { entries } | Node::NullProtoObject { entries } => entries,
            _ => return None,
        };
        let k = self.strs.intern(self.input, key);
        self.edges
            .get(entries.range())
            .unwrap_or(&[])
            .chunks_exact(2)
            .find(|p| p.first() == Some(&k))
            .and_then(|p| p.get(1).copied())
    }

    fn string_of(&self, id: NodeId) -> Option<StrId> {
        match self.node_at(id) {
            Node::String { str } => Some(str),
            _ => None,
        }
    }

    pub(crate) fn nuxt_empty_ref(&mut self, value: NodeId) -> NodeId {
        let Some(s) = self.string_of(value) else {
            return value;
        };
        let text = match self.strs.content(self.input, s) {
            Content::Str(t) => t.to_string(),
            Content::Wide(_) => return value,
        };
        match text.as_str() {
            "_" => return self.konst(Const::Undefined),
            "0n" => {
                let zero = self.strs.intern(self.input, "0");
                return self.push_node(Node::BigInt { str: zero });
            }
            _ => {}
        }
        let word = match text.to_ascii_lowercase().as_str() {
            "true" => Some(Const::True),
            "false" => Some(Const::False),
            "null" => Some(Const::Null),
            "undefined" => Some(Const::Undefined),
            "nan" => Some(Const::NaN),
            "infinity" => Some(Const::Inf),
            "-infinity" => Some(Const::NegInf),
            _ => None,
        };
        if let Some(c) = word {
            return self.konst(c);
        }
        match scan(&text) {
            Ok(doc) => self.json_to_nodes(&doc, &text),
            Err(_) => value,
        }
    }

    pub(crate) fn nuxt_error(&mut self, value: NodeId) -> NodeId {
        let undefined = self.konst(Const::Undefined);
        let (mut message, mut status_code, mut status_message) = (None, None, undefined);
        let (mut fatal, mut unhandled, mut data) = (None, None, undefined);
        match self.node_at(value) {
            Node::String { str } => message = Some(str),
            Node::Object { .. } | Node::NullProtoObject { .. } => {
                let msg = self.prop(value, "message").and_then(|n| self.string_of(n));
                let sm = self.prop(value, "statusMessage");
                message = msg.or_else(|| sm.and_then(|n| self.string_of(n)));
                if let Some(n) = sm.filter(|n| self.string_of(*n).is_some()) {
                    status_message = n;
                }
                status_code = self
                    .prop(value, "statusCode")
                    .filter(|n| matches!(self.node_at(*n), Node::Number { .. }));
                let present = |e: &Self, n: Option<NodeId>| {
                    n.filter(|n| !matches!(e.node_at(*n), Node::Undefined))
                };
                let f = self.prop(value, "fatal");
                fatal = present(self, f);
                let u = self.prop(value, "unhandled");
                unhandled = present(self, u);
                let d = self.prop(value, "data");
                data = d.unwrap_or(undefined);
            }
            _ => {}
        }
        let message = match message {
            Some(m) => m,
            None => self.strs.intern(self.input, ""),
        };
        let status_code = match status_code {
            Some(n) => n,
            None => self.push_node(Node::Number { value: 500.0 }),
        };
        let no = self.konst(Const::False);
        let props = [
            ("statusCode", status_code),
            ("statusMessage", status_message),
            ("fatal", fatal.unwrap_or(no)),
            ("unhandled", unhandled.unwrap_or(no)),
            ("data", data),
        ];
        let start = self.edges.len() as u32;
        for (k, n) in props {
            let key = self.strs.intern(self.input, k);
            self.edges.push(key);
            self.edges.push(n);
        }
        self.push_node(Node::NuxtError {
            message,
            props: Span { start, len: 10 },
        })
    }

    pub(crate) fn nuxt_island(&mut self, value: NodeId) -> Result<NodeId, PayloadError> {
        match self.node_at(value) {
            Node::Undefined => {
                return Err(PayloadError::Reviver(
                    "Cannot destructure property 'key' of 'undefined' as it is undefined.".into(),
                ));
            }
            Node::Null => {
                return Err(PayloadError::Reviver(
                    "Cannot destructure property 'key' of 'object null' as it is null.".into(),
                ));
            }
            _ => {}
        }
        let undefined = self.konst(Const::Undefined);
        let mut pairs = Vec::with_capacity(6);
        for k in ["key", "params", "result"] {
            let n = self.prop(value, k).unwrap_or(undefined);
            pairs.push(self.strs.intern(self.input, k));
            pairs.push(n);
        }
        let start = self.edges.len() as u32;
        self.edges.extend_from_slice(&pairs);
        Ok(self.push_node(Node::Object {
            entries: Span { start, len: 6 },
        }))
    }
}
