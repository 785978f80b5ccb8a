//! The canonical JSON description of a decoded value, shared with the fixture generator
//! (`fixtures/payload/generate.mjs` exports the same `canonicalize` for JavaScript values).
//!
//! - `undefined` → `{"t":"undefined"}`; null, booleans, finite numbers and strings as JSON,
//!   except NaN / Infinity / -Infinity / -0 → `{"t":"number","v":"NaN"}` (etc.), a string
//!   with a lone surrogate → `{"t":"string","utf16":[units]}`, a BigInt →
//!   `{"t":"bigint","v":"<decimal>"}`.
//! - Every object gets `"id"`: a counter in depth-first order of first visit; a later visit
//!   is `{"ref":id}`, so sharing and cycles are part of the description.
//! - `{"id","t":"array","v":[...]}` without holes, else `{"id","t":"array","length":n,
//!   "entries":[[index,value],...]}`; `{"id","t":"object"|"nullproto","v":[[key,value],...]}`
//!   in property order; `{"id","t":"set","v":[...]}`; `{"id","t":"map","v":[[k,v],...]}`;
//!   `{"id","t":"date","v":ISO or null}`; `{"id","t":"regexp","source","flags"}`;
//!   `{"id","t":"boxed","v":primitive}`; `{"id","t":"url","v":href}`;
//!   `{"id","t":"urlsearchparams","v":[[name,value],...]}`; `{"id","t":"arraybuffer","v":base64}`;
//!   `{"id","t":"<TypedArray>","buffer","byteOffset","length"}` /
//!   `{"id","t":"DataView","buffer","byteOffset","byteLength"}`; `{"id","t":"Temporal.X","v":text}`;
//!   `{"id","t":"error","message","v":[[key,value],...]}` for a NuxtError.
//! - A custom type is described as the fixtures' test reviver returns it:
//!   `{"id","t":"revived","type":name,"v":value}`.
//!
//! A date this decoder leaves to the engine has no JavaScript counterpart:
//! `{"id","t":"date","text":...}`.
//!
//! Set members and map keys are kept once per SameValueZero (`same_value.rs`), as JavaScript
//! keeps them.

use super::bigint::to_decimal;
use super::binary::encode_base64;
use super::date::to_iso;
use super::model::{HOLE, Node, NodeId, Payload, Span, StrId, ViewKind};
use super::number::js_number_to_string;
use super::regexp::{canonical_flags, canonical_source};
use super::strings::Content;
use super::url::search_params;

const NONE: u32 = u32::MAX;

enum Task {
    Node(NodeId),
    /// A `Set` member or `Map` key, which JavaScript stores with -0 turned into +0.
    Member(NodeId),
    Raw(&'static str),
    Str(StrId),
    Text(String),
}

fn push_json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    push_json_string(&mut out, s);
    out
}

impl Payload<'_> {
    /// The canonical JSON description of the decoded value (module docs of `canonical.rs`).
    pub fn to_canonical_json(&self) -> String {
        Writer {
            p: self,
            out: String::new(),
            ids: vec![NONE; self.nodes.len()],
            next: 0,
            tasks: Vec::new(),
        }
        .run()
    }
}

struct Writer<'p, 'a> {
    p: &'p Payload<'a>,
    out: String,
    ids: Vec<u32>,
    next: u32,
    tasks: Vec<Task>,
}

impl Writer<'_, '_> {
    fn run(mut self) -> String {
        self.tasks.push(Task::Node(self.p.root()));
        while let Some(t) = self.tasks.pop() {
            match t {
                Task::Raw(s) => self.out.push_str(s),
                Task::Text(s) => self.out.push_str(&s),
                Task::Str(s) => self.string(s),
                Task::Node(n) => self.node(n),
                Task::Member(n) => match self.p.node(n) {
                    Node::Number { value: 0.0 } => self.out.push('0'),
                    _ => self.node(n),
                },
            }
        }
        self.out
    }

    fn string(&mut self, s: StrId) {
        match self.p.content(s) {
            Content::Str(t) => push_json_string(&mut self.out, t),
            Content::Wide(w) => {
                let units: Vec<String> = w.iter().map(u16::to_string).collect();
                self.out.push_str(&format!(
                    "{{\"t\":\"string\",\"utf16\":[{}]}}",
                    units.join(",")
                ));
            }
        }
    }

    /// Queues `parts` so they are written in the given order.
    fn queue(&mut self, parts: Vec<Task>) {
        self.tasks.extend(parts.into_iter().rev());
    }

    fn list(&mut self, open: String, items: Vec<Vec<Task>>, close: &'static str) {
        let mut parts = vec![Task::Text(open)];
        for (i, item) in items.into_iter().enumerate() {
            if i > 0 {
                parts.push(Task::Raw(","));
            }
            parts.extend(item);
        }
        parts.push(Task::Raw(close));
        self.queue(parts);
    }

    fn pairs(&self, span: Span) -> Vec<(u32, u32)> {
        self.p
            .span(span)
            .chunks_exact(2)
            .map(|c| {
                (
                    c.first().copied().unwrap_or(0),
                    c.get(1).copied().unwrap_or(0),
                )
            })
            .collect()
    }

    fn node(&mut self, n: NodeId) {
        let node = self.p.node(n);
        match node {
            Node::Undefined => return self.out.push_str("{\"t\":\"undefined\"}"),
            Node::Null => return self.out.push_str("null"),
            Node::Bool { value } => return self.out.push_str(if value { "true" } else { "false" }),
            Node::Number { value } => {
                let special = if value.is_nan() {
                    "NaN"
                } else if value == f64::INFINITY {
                    "Infinity"
                } else if value == f64::NEG_INFINITY {
                    "-Infinity"
                } else if value == 0.0 && value.is_sign_negative() {
                    "-0"
                } else {
                    return self.out.push_str(&js_number_to_string(value));
                };
                return self
                    .out
                    .push_str(&format!("{{\"t\":\"number\",\"v\":\"{special}\"}}"));
            }
            Node::String { str } => return self.string(str),
            Node::BigInt { str } => {
                let text = self.p.text(str);
                let v = to_decimal(&text).unwrap_or_else(|| text.into_owned());
                return self
                    .out
                    .push_str(&format!("{{\"t\":\"bigint\",\"v\":{}}}", json_string(&v)));
            }
            Node::Boxed { value } if self.p.identity(n) != n => {
                return self.tasks.push(Task::Node(value));
            }
            _ => {}
        }
        let seen = self.ids.get(n as usize).copied().unwrap_or(NONE);
        if seen != NONE {
            return self.out.push_str(&format!("{{\"ref\":{seen}}}"));
        }
        let id = self.next;
        self.next += 1;
        if let Some(slot) = self.ids.get_mut(n as usize) {
            *slot = id;
        }
        let head = |t: &str| format!("{{\"id\":{id},\"t\":{}", json_string(t));
        match node {
            Node::Array { items } => {
                let edges = self.p.span(items);
                if !edges.contains(&HOLE) {
                    let items = edges.iter().map(|e| vec![Task::Node(*e)]).collect();
                    self.list(format!("{},\"v\":[", head("array")), items, "]}");
                } else {
                    let items = edges
                        .iter()
                        .enumerate()
                        .filter(|(_, e)| **e != HOLE)
                        .map(|(i, e)| {
                            vec![Task::Text(format!("[{i},")), Task::Node(*e), Task::Raw("]")]
                        })
                        .collect();
                    self.list(
                        format!("{},\"length\":{},\"entries\":[", head("array"), edges.len()),
                        items,
                        "]}",
                    );
                }
            }
            Node::SparseArray { len, entries } => {
                let pairs = self.pairs(entries);
                if pairs.len() as u64 == u64::from(len) {
                    let items = pairs.iter().map(|(_, v)| vec![Task::Node(*v)]).collect();
                    self.list(format!("{},\"v\":[", head("array")), items, "]}");
                } else {
                    let items = pairs
                        .iter()
                        .map(|(i, v)| {
                            vec![Task::Text(format!("[{i},")), Task::Node(*v), Task::Raw("]")]
                        })
                        .collect();
                    self.list(
                        format!("{},\"length\":{len},\"entries\":[", head("array")),
                        items,
                        "]}",
                    );
                }
            }
            Node::Object { entries } | Node::NullProtoObject { entries } => {
                let t = if matches!(node, Node::Object { .. }) {
                    "object"
                } else {
                    "nullproto"
                };
                let items = self.keyed(entries);
                self.list(format!("{},\"v\":[", head(t)), items, "]}");
            }
            Node::NuxtError { message, props } => {
                let items = self.keyed(props);
                let msg = match self.p.content(message) {
                    Content::Str(s) => json_string(s),
                    Content::Wide(w) => json_string(&String::from_utf16_lossy(w)),
                };
                self.list(
                    format!("{},\"message\":{msg},\"v\":[", head("error")),
                    items,
                    "]}",
                );
            }
            Node::Set { items } => {
                let kept = self.p.distinct(self.p.span(items).iter().copied());
                let items = kept
                    .into_iter()
                    .map(|(n, _, _)| vec![Task::Member(n)])
                    .collect();
                self.list(format!("{},\"v\":[", head("set")), items, "]}");
            }
            Node::Map { entries } => {
                let pairs = self.pairs(entries);
                let kept = self.p.distinct(pairs.iter().map(|(k, _)| *k));
                let items = kept
                    .into_iter()
                    .map(|(k, _, last)| {
                        // A repeated key keeps its first place and the value set last.
                        let v = pairs.get(last).map_or(k, |(_, v)| *v);
                        vec![
                            Task::Raw("["),
                            Task::Member(k),
                            Task::Raw(","),
                            Task::Node(v),
                            Task::Raw("]"),
                        ]
                    })
                    .collect();
                self.list(format!("{},\"v\":[", head("map")), items, "]}");
            }
            Node::Date { time } => {
                let v = to_iso(time).map_or("null".to_string(), |s| json_string(&s));
                self.out.push_str(&format!("{},\"v\":{v}}}", head("date")));
            }
            Node::DateText { str } => {
                let v = json_string(&self.p.text(str));
                self.out
                    .push_str(&format!("{},\"text\":{v}}}", head("date")));
            }
            Node::RegExp { source, flags } => {
                let s = json_string(&canonical_source(&self.p.text(source)));
                let f = json_string(&canonical_flags(&self.p.text(flags)));
                self.out.push_str(&format!(
                    "{},\"source\":{s},\"flags\":{f}}}",
                    head("regexp")
                ));
            }
            Node::Boxed { value } => {
                self.queue(vec![
                    Task::Text(format!("{},\"v\":", head("boxed"))),
                    Task::Node(value),
                    Task::Raw("}"),
                ]);
            }
            Node::Url { str } => {
                let v = json_string(&self.p.text(str));
                self.out.push_str(&format!("{},\"v\":{v}}}", head("url")));
            }
            Node::UrlSearchParams { str } => {
                let pairs: Vec<String> = search_params(&self.p.text(str))
                    .iter()
                    .map(|(k, v)| format!("[{},{}]", json_string(k), json_string(v)))
                    .collect();
                self.out.push_str(&format!(
                    "{},\"v\":[{}]}}",
                    head("urlsearchparams"),
                    pairs.join(",")
                ));
            }
            Node::ArrayBuffer { bytes } => {
                let b = self.p.bytes().get(bytes.range()).unwrap_or(&[]);
                self.out.push_str(&format!(
                    "{},\"v\":\"{}\"}}",
                    head("arraybuffer"),
                    encode_base64(b)
                ));
            }
            Node::View {
                view,
                buffer,
                byte_offset,
                length,
            } => {
                let len_key = if view == ViewKind::DataView {
                    "byteLength"
                } else {
                    "length"
                };
                self.queue(vec![
                    Task::Text(format!("{},\"buffer\":", head(view.name()))),
                    Task::Node(buffer),
                    Task::Text(format!(
                        ",\"byteOffset\":{byte_offset},\"{len_key}\":{length}}}"
                    )),
                ]);
            }
            Node::Temporal { temporal, str } => {
                let v = json_string(&self.p.text(str));
                self.out
                    .push_str(&format!("{},\"v\":{v}}}", head(temporal.tag())));
            }
            Node::Custom { name, value } => {
                let t = json_string(&self.p.text(name));
                self.queue(vec![
                    Task::Text(format!("{},\"type\":{t},\"v\":", head("revived"))),
                    Task::Node(value),
                    Task::Raw("}"),
                ]);
            }
            Node::Undefined
            | Node::Null
            | Node::Bool { .. }
            | Node::Number { .. }
            | Node::String { .. }
            | Node::BigInt { .. } => {}
        }
    }

    fn keyed(&self, span: Span) -> Vec<Vec<Task>> {
        self.pairs(span)
            .into_iter()
            .map(|(k, v)| {
                vec![
                    Task::Raw("["),
                    Task::Str(k),
                    Task::Raw(","),
                    Task::Node(v),
                    Task::Raw("]"),
                ]
            })
            .collect()
    }
}
