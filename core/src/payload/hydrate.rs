//! devalue's `unflatten`, iterative: an explicit stack of frames replaces `hydrate`'s
//! recursion, so a payload whose references nest a million deep decodes without touching
//! the call stack. Frames visit children in exactly devalue's order, so every error is the
//! one devalue reaches first and every cache entry (`hydrated[index]`) is set at the moment
//! devalue sets it; that is what keeps shared references, cycles and reviver re-entry exact.
//!
//! Where devalue 5.9 and 6.0 differ (only on malformed input: a boxed value or a typed array
//! pointing at something that is not a primitive / an `ArrayBuffer`), this follows 6.0, which
//! rejects with "Invalid input" where 5.9 throws a TypeError or builds a nonsensical object.

use super::bigint::{bigint_from_number, is_normal_bigint, parse_bigint_text};
use super::binary::{IndexArg, check_view, decode_base64};
use super::date::{DateText, parse_date_text, time_clip};
use super::error::PayloadError;
use super::json::{INLINE_INT, Raw, RawDoc, RawRef, RawVal, SENTINEL, Tok, UNDEF, scan};
use super::model::{HOLE, Node, NodeId, Payload, Span, StrId, TemporalKind, ViewKind};
use super::number::js_number_to_string;
use super::regexp::flags_ok;
use super::strings::{Content, StrStore};
use super::url::url_ok;

const NONE: u32 = u32::MAX;
/// `MAX_ARRAY_LEN` of devalue: the largest JavaScript array length.
const MAX_ARRAY_LEN: f64 = 4_294_967_295.0;

/// Which revivers exist, by type name (devalue checks them before its built-in types).
#[derive(Debug, Clone, Copy)]
pub(crate) struct ReviverSet<'r> {
    /// Names the JavaScript caller revives itself.
    pub custom: &'r [&'r str],
    /// Whether this app's versions of Nuxt's revivers apply (custom names win).
    pub nuxt: bool,
}

/// What reviving a type does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reviver {
    /// The caller's JavaScript function: a `Custom` node.
    Js,
    /// Nuxt's Ref / Reactive / ShallowRef / ShallowReactive: the value itself.
    Unwrap,
    /// Nuxt's EmptyRef / EmptyShallowRef.
    EmptyRef,
    /// Nuxt's NuxtError.
    NuxtError,
    /// Nuxt's Island.
    Island,
}

impl ReviverSet<'_> {
    fn find(&self, name: &str) -> Option<Reviver> {
        if self.custom.contains(&name) {
            return Some(Reviver::Js);
        }
        if !self.nuxt {
            return None;
        }
        match name {
            "Ref" | "Reactive" | "ShallowRef" | "ShallowReactive" => Some(Reviver::Unwrap),
            "EmptyRef" | "EmptyShallowRef" => Some(Reviver::EmptyRef),
            "NuxtError" => Some(Reviver::NuxtError),
            "Island" => Some(Reviver::Island),
            _ => None,
        }
    }
}

/// What resolving a reference gave: a finished node, or a new frame on the stack whose
/// node will be handed to the frame below when it finishes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Done(NodeId),
    Pushed,
}

#[derive(Debug, Clone, Copy)]
enum Frame {
    /// A plain array: raw elements `start..start+len`, next is `pos`.
    Dense {
        node: NodeId,
        start: u32,
        len: u32,
        pos: u32,
        base: u32,
    },
    /// `[-7, length, index, value, ...]`.
    Sparse {
        node: NodeId,
        start: u32,
        len: u32,
        pos: u32,
        base: u32,
        length: u32,
    },
    /// A plain object; its entries, in JavaScript key order, are at `order[ob..ob + 2 * count]`.
    Object {
        node: NodeId,
        ob: u32,
        count: u32,
        pos: u32,
        base: u32,
    },
    /// `["null", key, value, ...]`.
    NullProto {
        node: NodeId,
        start: u32,
        len: u32,
        pos: u32,
        base: u32,
    },
    /// `["Set", value, ...]`.
    Set {
        node: NodeId,
        start: u32,
        len: u32,
        pos: u32,
        base: u32,
    },
    /// `["Map", key, value, ...]`.
    Map {
        node: NodeId,
        start: u32,
        len: u32,
        pos: u32,
        base: u32,
    },
    /// `["Object", index]`: resolves `v1` (when not yet `started`), then boxes it.
    Box {
        index: u32,
        v1: RawRef,
        counted: bool,
        started: bool,
    },
    /// `["Uint8Array", buffer, byteOffset, length]`: resolves the buffer `v1`, then checks.
    View {
        index: u32,
        kind: ViewKind,
        v1: RawRef,
        offset: RawRef,
        length: RawRef,
        counted: bool,
        started: bool,
    },
    /// A revived type: resolves its value `v1`, then calls the reviver; `hold` is the index in
    /// devalue's `hydrating` set; `inline` says the value was appended to `values` at `hold`.
    Revive {
        index: u32,
        name: StrId,
        reviver: Reviver,
        v1: RawRef,
        hold: u32,
        counted: bool,
        inline: bool,
        started: bool,
    },
}

/// What advancing a frame did.
enum Adv {
    Waiting,
    Finished(NodeId),
}

/// The decoding state (devalue's `values`, `hydrated`, `hydrating`) plus the output.
pub(crate) struct Engine<'a, 'r> {
    pub input: &'a str,
    pub doc: RawDoc,
    revivers: ReviverSet<'r>,
    values: Vec<RawRef>,
    hydrated: Vec<u32>,
    hydrating: Vec<bool>,
    stack: Vec<Frame>,
    scratch: Vec<u32>,
    order: Vec<u32>,
    consts: [u32; 8],
    /// How many cache entries were created through index references: the measure of progress
    /// that tells a long but finite re-entry from an endless one.
    progress: u64,
    /// Per custom index revived with an inline value: (copies in progress, progress when the
    /// last copy started, consecutive copies started without progress).
    inline: std::collections::HashMap<u32, (u32, u64, u8)>,
    /// Per key string id, the object check that last saw it (see `needs_reorder`).
    key_stamp: Vec<u32>,
    stamp: u32,
    pub proto_key: StrId,
    pub nodes: Vec<Node>,
    pub edges: Vec<u32>,
    pub strs: StrStore,
    pub bytes: Vec<u8>,
    pub fill_order: Vec<NodeId>,
}

/// Indices of [`Engine::consts`].
#[derive(Debug, Clone, Copy)]
pub(crate) enum Const {
    Undefined = 0,
    Null = 1,
    False = 2,
    True = 3,
    NaN = 4,
    Inf = 5,
    NegInf = 6,
    NegZero = 7,
}

fn is_valid_index(x: f64) -> bool {
    x >= 0.0 && x.fract() == 0.0 && x < MAX_ARRAY_LEN
}

/// Decodes `text`. See [`crate::payload::decode`].
pub(crate) fn decode_text<'a>(
    text: &'a str,
    revivers: ReviverSet<'_>,
) -> Result<Payload<'a>, PayloadError> {
    if text.len() >= 0x8000_0000 {
        return Err(PayloadError::TooLarge);
    }
    let doc = scan(text).map_err(PayloadError::Json)?;
    let mut e = Engine::new(text, doc, revivers);
    let root = match e.doc.get(e.doc.root) {
        // A bare number: devalue's `hydrate(parsed, true)` accepts only the value sentinels.
        RawVal::Num(x) => match e.sentinel(x) {
            Some(n) => n,
            None => return Err(PayloadError::InvalidInput),
        },
        RawVal::Arr { start, len } if len > 0 => {
            e.values = e
                .doc
                .edges
                .get(start as usize..(start + len) as usize)
                .unwrap_or(&[])
                .to_vec();
            e.hydrated = vec![NONE; e.values.len()];
            e.hydrating = vec![false; e.values.len()];
            // Room for every node and edge a typical payload makes, so they never grow (copy).
            e.nodes.reserve(e.values.len() + 16);
            e.edges.reserve(e.doc.edges.len());
            e.fill_order.reserve(e.values.len() / 2);
            e.run()?
        }
        _ => return Err(PayloadError::InvalidInput),
    };
    Ok(Payload {
        input: text,
        nodes: e.nodes,
        edges: e.edges,
        strs: e.strs,
        bytes: e.bytes,
        fill_order: e.fill_order,
        root,
    })
}

impl<'a, 'r> Engine<'a, 'r> {
    fn new(input: &'a str, mut doc: RawDoc, revivers: ReviverSet<'r>) -> Self {
        let blob = std::mem::take(&mut doc.blob);
        let mut strs = StrStore::with_blob(blob, doc.blob_u16);
        let proto_key = strs.intern(input, "__proto__");
        Engine {
            input,
            doc,
            revivers,
            values: Vec::new(),
            hydrated: Vec::new(),
            hydrating: Vec::new(),
            stack: Vec::new(),
            scratch: Vec::new(),
            order: Vec::new(),
            consts: [NONE; 8],
            progress: 0,
            inline: std::collections::HashMap::new(),
            key_stamp: Vec::new(),
            stamp: 0,
            proto_key,
            nodes: Vec::with_capacity(16),
            edges: Vec::new(),
            strs,
            bytes: Vec::new(),
            fill_order: Vec::new(),
        }
    }

    pub fn push_node(&mut self, node: Node) -> NodeId {
        let id = self.nodes.len() as NodeId;
        if node.has_children() {
            self.fill_order.push(id);
        }
        self.nodes.push(node);
        id
    }

    /// A container created now and filled (and put in `fill_order`) when it finishes.
    fn push_container(&mut self, node: Node) -> NodeId {
        let id = self.nodes.len() as NodeId;
        self.nodes.push(node);
        id
    }

    pub fn konst(&mut self, c: Const) -> NodeId {
        let slot = c as usize;
        let existing = self.consts.get(slot).copied().unwrap_or(NONE);
        if existing != NONE {
            return existing;
        }
        let node = match c {
            Const::Undefined => Node::Undefined,
            Const::Null => Node::Null,
            Const::False => Node::Bool { value: false },
            Const::True => Node::Bool { value: true },
            Const::NaN => Node::Number { value: f64::NAN },
            Const::Inf => Node::Number {
                value: f64::INFINITY,
            },
            Const::NegInf => Node::Number {
                value: f64::NEG_INFINITY,
            },
            Const::NegZero => Node::Number { value: -0.0 },
        };
        let id = self.push_node(node);
        if let Some(s) = self.consts.get_mut(slot) {
            *s = id;
        }
        id
    }

    /// devalue's value sentinels (-1 undefined, -3 NaN, -4 Infinity, -5 -Infinity, -6 -0).
    fn sentinel(&mut self, x: f64) -> Option<NodeId> {
        let c = match x {
            -1.0 => Const::Undefined,
            -3.0 => Const::NaN,
            -4.0 => Const::Inf,
            -5.0 => Const::NegInf,
            -6.0 => Const::NegZero,
            _ => return None,
        };
        Some(self.konst(c))
    }

    fn run(&mut self) -> Result<NodeId, PayloadError> {
        let mut ret = match self.hydrate_num(0.0)? {
            Step::Done(n) => return Ok(n),
            Step::Pushed => None,
        };
        while let Some(&frame) = self.stack.last() {
            let at = self.stack.len() - 1;
            match self.advance(frame, at, ret.take())? {
                Adv::Waiting => {}
                Adv::Finished(node) => {
                    self.stack.truncate(at);
                    ret = Some(node);
                }
            }
        }
        ret.ok_or(PayloadError::InvalidInput)
    }

    /// `hydrate(index)` where the index is a raw JSON value.
    fn resolve(&mut self, r: RawRef) -> Result<Step, PayloadError> {
        // Fast path: an inline small integer is a plain index.
        if (INLINE_INT..SENTINEL).contains(&r) {
            let i = (r - INLINE_INT) as usize;
            return match self.hydrated.get(i) {
                Some(&cached) if cached != NONE => Ok(Step::Done(cached)),
                Some(_) => self.enter(i, true),
                None => Err(PayloadError::InvalidInput),
            };
        }
        match self.doc.get(r) {
            RawVal::Num(x) => self.hydrate_num(x),
            _ => Err(PayloadError::InvalidInput),
        }
    }

    /// `hydrate(index)` for a number.
    fn hydrate_num(&mut self, x: f64) -> Result<Step, PayloadError> {
        if let Some(n) = self.sentinel(x) {
            return Ok(Step::Done(n));
        }
        if x >= self.values.len() as f64 {
            return Err(PayloadError::InvalidInput);
        }
        if x >= 0.0 && x.fract() == 0.0 {
            let i = x as usize;
            let cached = self.hydrated.get(i).copied().unwrap_or(NONE);
            if cached != NONE {
                return Ok(Step::Done(cached));
            }
            return self.enter(i, true);
        }
        // A negative or fractional index reads a missing array property: `undefined`.
        Ok(Step::Done(self.konst(Const::Undefined)))
    }

    /// Caches `hydrated[i]`; `counted` says `i` was reached through an index reference (not
    /// as the inline value a reviver appended), which is what counts as progress.
    fn set_hydrated(&mut self, i: usize, node: NodeId, counted: bool) {
        if let Some(slot) = self.hydrated.get_mut(i) {
            if *slot == NONE && counted {
                self.progress += 1;
            }
            *slot = node;
        }
    }

    fn tok(&self, t: u32) -> Tok {
        self.doc.toks.get(t as usize).copied().unwrap_or(Tok {
            start: 0,
            end: 0,
            u16_start: 0,
            u16_end: 0,
            esc: 0,
        })
    }

    /// The text of a string token (unescaped; None when it holds a lone surrogate).
    pub fn tok_text(&self, t: u32) -> Option<std::borrow::Cow<'a, str>> {
        let tok = self.tok(t);
        if !tok.escaped() {
            let raw = self
                .input
                .get(tok.start as usize..tok.end as usize)
                .unwrap_or("");
            return Some(std::borrow::Cow::Borrowed(raw));
        }
        let e = self
            .doc
            .escs
            .get(tok.esc as usize - 1)
            .filter(|e| e.start != super::json::LONE)?;
        self.strs
            .unescaped
            .get(e.start as usize..e.end as usize)
            .map(|s| std::borrow::Cow::Owned(s.to_string()))
    }

    fn string_node(&mut self, t: u32) -> NodeId {
        let tok = self.tok(t);
        let s = self.strs.add_token(self.input, tok, &self.doc.escs);
        self.push_node(Node::String { str: s })
    }

    /// Creates the value of `values[i]` (devalue's body of `hydrate` after the cache check).
    fn enter(&mut self, i: usize, counted: bool) -> Result<Step, PayloadError> {
        let r = self.values.get(i).copied().unwrap_or(UNDEF);
        let node = match self.doc.get(r) {
            RawVal::Undefined => self.konst(Const::Undefined),
            RawVal::Null => self.konst(Const::Null),
            RawVal::Bool(false) => self.konst(Const::False),
            RawVal::Bool(true) => self.konst(Const::True),
            RawVal::Num(x) => self.push_node(Node::Number { value: x }),
            RawVal::Str(t) => self.string_node(t),
            RawVal::Arr { start, len } => return self.enter_array(i, start, len, counted),
            RawVal::Obj { start, len } => {
                let node = self.push_container(Node::Object {
                    entries: Span::default(),
                });
                self.set_hydrated(i, node, counted);
                let ob = self.order.len() as u32;
                self.order_entries(start, len);
                let count = (self.order.len() as u32 - ob) / 2;
                let base = self.scratch.len() as u32;
                self.stack.push(Frame::Object {
                    node,
                    ob,
                    count,
                    pos: 0,
                    base,
                });
                return Ok(Step::Pushed);
            }
        };
        self.set_hydrated(i, node, counted);
        Ok(Step::Done(node))
    }

    fn elem(&self, start: u32, len: u32, k: u32) -> RawRef {
        self.doc.elem(start, len, k)
    }

    fn enter_array(
        &mut self,
        i: usize,
        start: u32,
        len: u32,
        counted: bool,
    ) -> Result<Step, PayloadError> {
        let first = self.elem(start, len, 0);
        let base = self.scratch.len() as u32;
        let index = i as u32;
        match self.doc.get(first) {
            RawVal::Str(t) => {
                let Some(name) = self.tok_text(t) else {
                    let lossy = String::from_utf16_lossy(&self.wide_tok(t));
                    return Err(PayloadError::UnknownType(lossy));
                };
                if let Some(reviver) = self.revivers.find(&name) {
                    let name_id = self.strs.intern(self.input, &name);
                    return self.revive(index, name_id, reviver, self.elem(start, len, 1), counted);
                }
                self.builtin(index, &name, start, len, counted)
            }
            RawVal::Num(-7.0) => {
                let length = match self.doc.get(self.elem(start, len, 1)) {
                    RawVal::Num(l) if l >= 0.0 && l.fract() == 0.0 && l <= MAX_ARRAY_LEN => {
                        l as u32
                    }
                    _ => return Err(PayloadError::InvalidInput),
                };
                let node = self.push_container(Node::SparseArray {
                    len: length,
                    entries: Span::default(),
                });
                self.set_hydrated(i, node, counted);
                self.stack.push(Frame::Sparse {
                    node,
                    start,
                    len,
                    pos: 2,
                    base,
                    length,
                });
                Ok(Step::Pushed)
            }
            _ => {
                let node = self.push_container(Node::Array {
                    items: Span::default(),
                });
                self.set_hydrated(i, node, counted);
                self.stack.push(Frame::Dense {
                    node,
                    start,
                    len,
                    pos: 0,
                    base,
                });
                Ok(Step::Pushed)
            }
        }
    }

    fn wide_tok(&self, t: u32) -> Vec<u16> {
        let tok = self.tok(t);
        let mut w = Vec::new();
        super::strings::unescape_wide(
            self.input
                .get(tok.start as usize..tok.end as usize)
                .unwrap_or(""),
            &mut w,
        );
        w
    }

    /// The reviver branch of devalue's `hydrate`.
    fn revive(
        &mut self,
        index: u32,
        name: StrId,
        reviver: Reviver,
        v1: RawRef,
        counted: bool,
    ) -> Result<Step, PayloadError> {
        let inline = !matches!(self.doc.get(v1), RawVal::Num(_));
        let hold = match self.doc.get(v1) {
            RawVal::Num(x) => {
                let mut hold = NONE;
                if x >= 0.0 && x.fract() == 0.0 && x < self.values.len() as f64 {
                    let xi = x as usize;
                    let cached = self.hydrated.get(xi).copied().unwrap_or(NONE);
                    if cached != NONE {
                        return self
                            .apply(index, name, reviver, cached, counted)
                            .map(Step::Done);
                    }
                    if self.hydrating.get(xi).copied().unwrap_or(false) {
                        return Err(PayloadError::CircularReference);
                    }
                    hold = xi as u32;
                }
                hold
            }
            _ => {
                // Not an index: devalue appends the inline value to `values` and revives that.
                // Entering the same custom index again while a copy is in progress appends a
                // new copy; two copies in a row started without any progress repeat forever
                // (devalue overflows its stack), so stop.
                let state = self.inline.entry(index).or_insert((0, 0, 0));
                if state.0 > 0 {
                    state.2 = if state.1 == self.progress {
                        state.2 + 1
                    } else {
                        0
                    };
                    if state.2 >= 2 {
                        return Err(PayloadError::EndlessReference);
                    }
                } else {
                    state.2 = 0;
                }
                state.0 += 1;
                state.1 = self.progress;
                self.values.push(v1);
                self.hydrated.push(NONE);
                self.hydrating.push(false);
                (self.values.len() - 1) as u32
            }
        };
        if let Some(h) = self.hydrating.get_mut(hold as usize) {
            *h = true;
        }
        self.stack.push(Frame::Revive {
            index,
            name,
            reviver,
            v1,
            hold,
            counted,
            inline,
            started: false,
        });
        Ok(Step::Pushed)
    }

    #[allow(clippy::too_many_arguments)]
    fn finish_revive(
        &mut self,
        index: u32,
        name: StrId,
        reviver: Reviver,
        hold: u32,
        value: NodeId,
        counted: bool,
        inline: bool,
    ) -> Result<NodeId, PayloadError> {
        if let Some(h) = self.hydrating.get_mut(hold as usize) {
            *h = false;
        }
        if inline && let Some(state) = self.inline.get_mut(&index) {
            state.0 = state.0.saturating_sub(1);
        }
        self.apply(index, name, reviver, value, counted)
    }

    /// Calls a reviver and caches its result as devalue does (`hydrated[index] = reviver(v)`).
    fn apply(
        &mut self,
        index: u32,
        name: StrId,
        reviver: Reviver,
        value: NodeId,
        counted: bool,
    ) -> Result<NodeId, PayloadError> {
        let node = match reviver {
            Reviver::Js => self.push_node(Node::Custom { name, value }),
            Reviver::Unwrap => value,
            Reviver::EmptyRef => self.nuxt_empty_ref(value),
            Reviver::NuxtError => self.nuxt_error(value),
            Reviver::Island => self.nuxt_island(value)?,
        };
        self.set_hydrated(index as usize, node, counted);
        Ok(node)
    }

    /// `get_raw` of devalue 6: the raw entry at an index that must exist.
    fn get_raw(&self, r: RawRef) -> Result<RawRef, PayloadError> {
        match self.doc.get(r) {
            RawVal::Num(x) if is_valid_index(x) && x < self.values.len() as f64 => {
                Ok(self.values.get(x as usize).copied().unwrap_or(UNDEF))
            }
            _ => Err(PayloadError::InvalidInput),
        }
    }

    /// Whether a raw value is an array whose first element is the string `tag`.
    fn is_tagged(&self, r: RawRef, tag: &str) -> bool {
        match self.doc.get(r) {
            RawVal::Arr { start, len } => match self.doc.get(self.elem(start, len, 0)) {
                RawVal::Str(t) => self.tok_text(t).is_some_and(|s| s == tag),
                _ => false,
            },
            _ => false,
        }
    }

    /// The built-in types of devalue's `switch (type)`.
    fn builtin(
        &mut self,
        index: u32,
        name: &str,
        start: u32,
        len: u32,
        counted: bool,
    ) -> Result<Step, PayloadError> {
        let i = index as usize;
        let v1 = self.elem(start, len, 1);
        let base = self.scratch.len() as u32;
        let leaf = match name {
            "Date" => self.date(v1)?,
            "Set" => {
                let node = self.push_container(Node::Set {
                    items: Span::default(),
                });
                self.set_hydrated(i, node, counted);
                self.stack.push(Frame::Set {
                    node,
                    start,
                    len,
                    pos: 1,
                    base,
                });
                return Ok(Step::Pushed);
            }
            "Map" => {
                let node = self.push_container(Node::Map {
                    entries: Span::default(),
                });
                self.set_hydrated(i, node, counted);
                self.stack.push(Frame::Map {
                    node,
                    start,
                    len,
                    pos: 1,
                    base,
                });
                return Ok(Step::Pushed);
            }
            "RegExp" => self.regexp(v1, self.elem(start, len, 2))?,
            "Object" => {
                let boxable = matches!(self.doc.get(v1), RawVal::Num(x) if matches!(x, -3.0 | -4.0 | -5.0 | -6.0));
                if !boxable {
                    let wrapped = self.get_raw(v1)?;
                    let bigint = self.is_tagged(wrapped, "BigInt");
                    let object = matches!(
                        self.doc.get(wrapped),
                        RawVal::Undefined | RawVal::Null | RawVal::Arr { .. } | RawVal::Obj { .. }
                    );
                    if object && !bigint {
                        return Err(PayloadError::InvalidInput);
                    }
                }
                self.stack.push(Frame::Box {
                    index,
                    v1,
                    counted,
                    started: false,
                });
                return Ok(Step::Pushed);
            }
            "BigInt" => self.bigint(v1)?,
            "null" => {
                let node = self.push_container(Node::NullProtoObject {
                    entries: Span::default(),
                });
                self.set_hydrated(i, node, counted);
                self.stack.push(Frame::NullProto {
                    node,
                    start,
                    len,
                    pos: 1,
                    base,
                });
                return Ok(Step::Pushed);
            }
            "ArrayBuffer" => {
                let RawVal::Str(t) = self.doc.get(v1) else {
                    return Err(PayloadError::ArrayBufferEncoding);
                };
                let text = self.tok_text(t).ok_or(PayloadError::ArrayBufferEncoding)?;
                let from = self.bytes.len();
                if !decode_base64(&text, &mut self.bytes) {
                    self.bytes.truncate(from);
                    return Err(PayloadError::ArrayBufferEncoding);
                }
                let bytes = Span {
                    start: from as u32,
                    len: (self.bytes.len() - from) as u32,
                };
                self.push_node(Node::ArrayBuffer { bytes })
            }
            "URL" => {
                let s = self.text_arg(v1, "a URL given as an array")?;
                if !url_ok(&self.strs_text(s)) {
                    return Err(PayloadError::Url);
                }
                self.push_node(Node::Url { str: s })
            }
            "URLSearchParams" => {
                let s = match self.doc.get(v1) {
                    RawVal::Undefined => self.strs.intern(self.input, ""),
                    RawVal::Obj { .. } => {
                        return Err(PayloadError::Unsupported(
                            "URLSearchParams given as an object",
                        ));
                    }
                    _ => self.text_arg(v1, "URLSearchParams given as an array")?,
                };
                self.push_node(Node::UrlSearchParams { str: s })
            }
            _ => {
                if let Some(kind) = ViewKind::from_name(name) {
                    let raw = self.get_raw(v1)?;
                    if !self.is_tagged(raw, "ArrayBuffer") {
                        return Err(PayloadError::InvalidInput);
                    }
                    let (offset, length) = (self.elem(start, len, 2), self.elem(start, len, 3));
                    self.stack.push(Frame::View {
                        index,
                        kind,
                        v1,
                        offset,
                        length,
                        counted,
                        started: false,
                    });
                    return Ok(Step::Pushed);
                }
                if let Some(temporal) = TemporalKind::from_tag(name) {
                    let Some(t) = self.doc.tok_of(v1) else {
                        return Err(PayloadError::Unsupported(
                            "a Temporal value given as a non-string",
                        ));
                    };
                    let s = self.strs.add_token(self.input, t, &self.doc.escs);
                    self.push_node(Node::Temporal { temporal, str: s })
                } else {
                    return Err(PayloadError::UnknownType(name.to_string()));
                }
            }
        };
        self.set_hydrated(i, leaf, counted);
        Ok(Step::Done(leaf))
    }

    fn strs_text(&self, s: StrId) -> String {
        match self.strs.content(self.input, s) {
            Content::Str(t) => t.to_string(),
            Content::Wide(w) => String::from_utf16_lossy(w),
        }
    }

    /// `String(value)` for a constructor argument given as JSON (arrays unsupported).
    fn text_arg(&mut self, r: RawRef, array_msg: &'static str) -> Result<StrId, PayloadError> {
        let s = match self.doc.get(r) {
            RawVal::Str(t) => {
                return Ok(self.strs.add_token(self.input, self.tok(t), &self.doc.escs));
            }
            RawVal::Undefined => "undefined".to_string(),
            RawVal::Null => "null".to_string(),
            RawVal::Bool(b) => b.to_string(),
            RawVal::Num(x) => js_number_to_string(x),
            RawVal::Obj { .. } => "[object Object]".to_string(),
            RawVal::Arr { .. } => return Err(PayloadError::Unsupported(array_msg)),
        };
        Ok(self.strs.intern(self.input, &s))
    }

    fn date(&mut self, v: RawRef) -> Result<NodeId, PayloadError> {
        let time = match self.doc.get(v) {
            RawVal::Str(t) => match self.tok_text(t).map(|s| parse_date_text(&s)) {
                Some(DateText::Time(t)) => t,
                _ => {
                    let s = self.strs.add_token(self.input, self.tok(t), &self.doc.escs);
                    return Ok(self.push_node(Node::DateText { str: s }));
                }
            },
            RawVal::Num(x) => time_clip(x),
            RawVal::Null | RawVal::Bool(false) => 0.0,
            RawVal::Bool(true) => 1.0,
            RawVal::Undefined | RawVal::Obj { .. } => f64::NAN,
            RawVal::Arr { .. } => {
                return Err(PayloadError::Unsupported("a Date given as an array"));
            }
        };
        Ok(self.push_node(Node::Date { time }))
    }

    fn regexp(&mut self, source: RawRef, flags: RawRef) -> Result<NodeId, PayloadError> {
        let source = match self.doc.get(source) {
            RawVal::Undefined => self.strs.intern(self.input, ""),
            _ => self.text_arg(source, "a RegExp source given as an array")?,
        };
        let flags = match self.doc.get(flags) {
            RawVal::Undefined => self.strs.intern(self.input, ""),
            _ => self.text_arg(flags, "RegExp flags given as an array")?,
        };
        let text = self.strs_text(flags);
        if !flags_ok(&text) {
            return Err(PayloadError::RegExpFlags(text));
        }
        Ok(self.push_node(Node::RegExp { source, flags }))
    }

    fn bigint(&mut self, v: RawRef) -> Result<NodeId, PayloadError> {
        let text = match self.doc.get(v) {
            RawVal::Str(t) => {
                let tok = self.tok(t);
                let content = self.tok_text(t).map(|c| c.into_owned());
                let Some(content) = content else {
                    let lossy = String::from_utf16_lossy(&self.wide_tok(t));
                    return Err(PayloadError::BigInt(format!(
                        "Cannot convert {lossy} to a BigInt"
                    )));
                };
                match parse_bigint_text(&content) {
                    None => {
                        return Err(PayloadError::BigInt(format!(
                            "Cannot convert {content} to a BigInt"
                        )));
                    }
                    Some(_) if !tok.escaped() && is_normal_bigint(&content) => {
                        let s = self.strs.add_token(self.input, tok, &self.doc.escs);
                        return Ok(self.push_node(Node::BigInt { str: s }));
                    }
                    Some(n) => n,
                }
            }
            RawVal::Num(x) => bigint_from_number(x).map_err(PayloadError::BigInt)?,
            RawVal::Bool(b) => if b { "1" } else { "0" }.to_string(),
            RawVal::Null => {
                return Err(PayloadError::BigInt(
                    "Cannot convert null to a BigInt".into(),
                ));
            }
            RawVal::Undefined => {
                return Err(PayloadError::BigInt(
                    "Cannot convert undefined to a BigInt".into(),
                ));
            }
            RawVal::Obj { .. } => {
                return Err(PayloadError::BigInt(
                    "Cannot convert [object Object] to a BigInt".into(),
                ));
            }
            RawVal::Arr { .. } => {
                return Err(PayloadError::Unsupported("a BigInt given as an array"));
            }
        };
        let s = self.strs.owned(&text);
        Ok(self.push_node(Node::BigInt { str: s }))
    }

    fn finish_box(&mut self, index: u32, value: NodeId, counted: bool) -> NodeId {
        let node = self.push_node(Node::Boxed { value });
        self.set_hydrated(index as usize, node, counted);
        node
    }

    fn index_arg(&self, r: RawRef) -> Result<IndexArg, PayloadError> {
        Ok(match self.doc.get(r) {
            RawVal::Undefined => IndexArg::Absent,
            RawVal::Num(x) => IndexArg::Num(x),
            RawVal::Null | RawVal::Bool(false) => IndexArg::Num(0.0),
            RawVal::Bool(true) => IndexArg::Num(1.0),
            _ => {
                return Err(PayloadError::Unsupported(
                    "a typed array offset or length that is not a number",
                ));
            }
        })
    }

    #[allow(clippy::too_many_arguments)]
    fn finish_view(
        &mut self,
        index: u32,
        kind: ViewKind,
        offset: RawRef,
        length: RawRef,
        buffer: NodeId,
        counted: bool,
    ) -> Result<NodeId, PayloadError> {
        let Node::ArrayBuffer { bytes } = self
            .nodes
            .get(buffer as usize)
            .copied()
            .unwrap_or(Node::Undefined)
        else {
            return Err(PayloadError::Unsupported(
                "a typed array over a revived ArrayBuffer",
            ));
        };
        let offset_arg = self.index_arg(offset)?;
        // `new C(buffer)` when the offset is absent: the length is then ignored.
        let length_arg = if offset_arg == IndexArg::Absent {
            IndexArg::Absent
        } else {
            self.index_arg(length)?
        };
        let (byte_offset, length) =
            check_view(kind, bytes.len, offset_arg, length_arg).map_err(PayloadError::View)?;
        let node = self.push_node(Node::View {
            view: kind,
            buffer,
            byte_offset,
            length,
        });
        self.set_hydrated(index as usize, node, counted);
        Ok(node)
    }

    /// Advances the frame at `at` (a copy in `f`), delivering the node its last child gave.
    fn advance(
        &mut self,
        mut f: Frame,
        at: usize,
        received: Option<NodeId>,
    ) -> Result<Adv, PayloadError> {
        // Frames waiting for one value: start resolving it, or finish with it.
        let single = match &mut f {
            Frame::Box { v1, started, .. } | Frame::View { v1, started, .. } => {
                Some((*v1, None, started))
            }
            Frame::Revive {
                v1,
                hold,
                inline,
                started,
                ..
            } => Some((*v1, inline.then_some(*hold), started)),
            _ => None,
        };
        if let Some((v1, inline_at, started)) = single {
            let value = match received {
                Some(n) => n,
                None if !*started => {
                    *started = true;
                    let step = match inline_at {
                        Some(at_index) => self.enter(at_index as usize, false)?,
                        None => self.resolve(v1)?,
                    };
                    match step {
                        Step::Done(n) => n,
                        Step::Pushed => {
                            if let Some(slot) = self.stack.get_mut(at) {
                                *slot = f;
                            }
                            return Ok(Adv::Waiting);
                        }
                    }
                }
                None => return Err(PayloadError::InvalidInput),
            };
            return match f {
                Frame::Box { index, counted, .. } => {
                    Ok(Adv::Finished(self.finish_box(index, value, counted)))
                }
                Frame::View {
                    index,
                    kind,
                    offset,
                    length,
                    counted,
                    ..
                } => self
                    .finish_view(index, kind, offset, length, value, counted)
                    .map(Adv::Finished),
                Frame::Revive {
                    index,
                    name,
                    reviver,
                    hold,
                    counted,
                    inline,
                    ..
                } => self
                    .finish_revive(index, name, reviver, hold, value, counted, inline)
                    .map(Adv::Finished),
                _ => Err(PayloadError::InvalidInput),
            };
        }
        if let Some(n) = received {
            self.scratch.push(n);
        }
        loop {
            // The next child reference of this frame, or finish.
            let child: RawRef = match &mut f {
                Frame::Dense {
                    node,
                    start,
                    len,
                    pos,
                    base,
                } => {
                    if *pos >= *len {
                        let items = self.take_scratch(*base);
                        return Ok(Adv::Finished(self.finish(*node, Node::Array { items })));
                    }
                    let r = self.doc.elem(*start, *len, *pos);
                    *pos += 1;
                    if matches!(self.doc.get(r), RawVal::Num(x) if x == -2.0) {
                        self.scratch.push(HOLE);
                        continue;
                    }
                    r
                }
                Frame::Set {
                    node,
                    start,
                    len,
                    pos,
                    base,
                } => {
                    if *pos >= *len {
                        let items = self.take_scratch(*base);
                        return Ok(Adv::Finished(self.finish(*node, Node::Set { items })));
                    }
                    *pos += 1;
                    self.doc.elem(*start, *len, *pos - 1)
                }
                Frame::Map {
                    node,
                    start,
                    len,
                    pos,
                    base,
                } => {
                    // Keys sit at odd positions; a key without a value reads `undefined`.
                    if *pos % 2 == 1 && *pos >= *len {
                        let entries = self.take_scratch(*base);
                        return Ok(Adv::Finished(self.finish(*node, Node::Map { entries })));
                    }
                    *pos += 1;
                    self.doc.elem(*start, *len, *pos - 1)
                }
                Frame::NullProto {
                    node,
                    start,
                    len,
                    pos,
                    base,
                } => {
                    if *pos >= *len {
                        let node = *node;
                        let entries = self.take_scratch(*base);
                        let entries = super::order::normalize_entries(self, entries);
                        return Ok(Adv::Finished(
                            self.finish(node, Node::NullProtoObject { entries }),
                        ));
                    }
                    let k = self.doc.elem(*start, *len, *pos);
                    let Some(tok) = self.doc.tok_of(k) else {
                        return Err(PayloadError::NonStringKey);
                    };
                    let key = self.strs.key_from_token(self.input, tok, &self.doc.escs);
                    if key == self.proto_key {
                        return Err(PayloadError::ProtoKey);
                    }
                    self.scratch.push(key);
                    *pos += 2;
                    self.doc.elem(*start, *len, *pos - 1)
                }
                Frame::Sparse {
                    node,
                    start,
                    len,
                    pos,
                    base,
                    length,
                } => {
                    if *pos >= *len {
                        let node = *node;
                        let length = *length;
                        let entries = self.take_scratch(*base);
                        let entries = super::order::normalize_sparse(&mut self.edges, entries);
                        return Ok(Adv::Finished(self.finish(
                            node,
                            Node::SparseArray {
                                len: length,
                                entries,
                            },
                        )));
                    }
                    let idx = match self.doc.get(self.doc.elem(*start, *len, *pos)) {
                        RawVal::Num(x) if is_valid_index(x) && x < f64::from(*length) => x as u32,
                        _ => return Err(PayloadError::InvalidInput),
                    };
                    self.scratch.push(idx);
                    *pos += 2;
                    self.doc.elem(*start, *len, *pos - 1)
                }
                Frame::Object {
                    node,
                    ob,
                    count,
                    pos,
                    base,
                } => {
                    if *pos >= *count {
                        let node = *node;
                        let entries = self.take_scratch(*base);
                        self.order.truncate(*ob as usize);
                        return Ok(Adv::Finished(self.finish(node, Node::Object { entries })));
                    }
                    let at_entry = (*ob + 2 * *pos) as usize;
                    let key = self.order.get(at_entry).copied().unwrap_or(NONE);
                    let r = self.order.get(at_entry + 1).copied().unwrap_or(UNDEF);
                    if key == self.proto_key {
                        return Err(PayloadError::ProtoKey);
                    }
                    self.scratch.push(key);
                    *pos += 1;
                    r
                }
                Frame::Box { .. } | Frame::View { .. } | Frame::Revive { .. } => {
                    return Err(PayloadError::InvalidInput);
                }
            };
            match self.resolve(child)? {
                Step::Done(n) => self.scratch.push(n),
                Step::Pushed => {
                    if let Some(slot) = self.stack.get_mut(at) {
                        *slot = f;
                    }
                    return Ok(Adv::Waiting);
                }
            }
        }
    }

    /// Moves the children collected since `base` to the edge array.
    fn take_scratch(&mut self, base: u32) -> Span {
        let start = self.edges.len() as u32;
        let items = self.scratch.get(base as usize..).unwrap_or(&[]);
        self.edges.extend_from_slice(items);
        let len = self.edges.len() as u32 - start;
        self.scratch.truncate(base as usize);
        Span { start, len }
    }

    /// Completes a container created earlier.
    fn finish(&mut self, id: NodeId, node: Node) -> NodeId {
        if let Some(slot) = self.nodes.get_mut(id as usize) {
            *slot = node;
        }
        self.fill_order.push(id);
        id
    }

    /// Pushes a raw object's entries to `order` in JavaScript key order (array-index keys
    /// ascending, then the rest in first-appearance order; a repeated key keeps its first place
    /// and its last value, as `JSON.parse` leaves it).
    fn order_entries(&mut self, start: u32, len: u32) {
        let from = self.order.len();
        for k in 0..len {
            let at = (start as usize) + 2 * (k as usize);
            let t = self.doc.edges.get(at).copied().unwrap_or(0);
            let r = self.doc.edges.get(at + 1).copied().unwrap_or(UNDEF);
            let key = self
                .strs
                .key_from_token(self.input, self.tok(t), &self.doc.escs);
            self.order.push(key);
            self.order.push(r);
        }
        super::order::normalize_order(self, from);
    }

    pub fn order_len(&self) -> usize {
        self.order.len()
    }

    /// Whether the (key, value) pairs at `start..end` of `order` (or of `edges`) need
    /// reordering: a repeated key or an array-index key. Repeats are found with one stamp per
    /// key id, so the check is linear and allocates nothing once warm.
    pub fn needs_reorder(&mut self, in_order: bool, start: usize, end: usize) -> bool {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.key_stamp.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        let list: &Vec<u32> = if in_order { &self.order } else { &self.edges };
        let mut i = start;
        while i < end {
            let k = list.get(i).copied().unwrap_or(0);
            i += 2;
            if self.strs.index_of_key(k).is_some() {
                return true;
            }
            let slot = k as usize;
            if slot >= self.key_stamp.len() {
                let want = (slot + 1).max(self.strs.spans.len());
                self.key_stamp.resize(want, 0);
            }
            match self.key_stamp.get_mut(slot) {
                Some(seen) if *seen == self.stamp => return true,
                Some(seen) => *seen = self.stamp,
                None => return true,
            }
        }
        false
    }

    pub fn order_split_off(&mut self, from: usize) -> Vec<u32> {
        self.order.split_off(from.min(self.order.len()))
    }

    pub fn order_extend(&mut self, pairs: &[u32]) {
        self.order.extend_from_slice(pairs);
    }

    fn foreign_str(&mut self, doc: &RawDoc, text: &str, t: u32, key: bool) -> StrId {
        let tok = doc.toks.get(t as usize).copied();
        let raw = tok
            .and_then(|k| text.get(k.start as usize..k.end as usize))
            .unwrap_or("");
        let escaped = tok.is_some_and(|k| k.escaped());
        self.strs.add_foreign(self.input, raw, escaped, key)
    }

    /// Raw documents other than the payload (Nuxt's EmptyRef text) as plain JSON values.
    pub fn json_to_nodes(&mut self, doc: &RawDoc, text: &str) -> NodeId {
        let mut map: Vec<NodeId> = Vec::with_capacity(doc.raws.len());
        let node_of = |e: &mut Self, map: &[NodeId], r: RawRef| -> NodeId {
            match doc.get(r) {
                RawVal::Num(x) if r >= super::json::INLINE_INT => {
                    e.push_node(Node::Number { value: x })
                }
                RawVal::Undefined => e.konst(Const::Undefined),
                _ => map.get(r as usize).copied().unwrap_or(NONE),
            }
        };
        for raw in &doc.raws {
            let node = match *raw {
                Raw::Null => self.konst(Const::Null),
                Raw::False => self.konst(Const::False),
                Raw::True => self.konst(Const::True),
                Raw::Num(x) => self.push_node(Node::Number { value: x }),
                Raw::Str(t) => {
                    let s = self.foreign_str(doc, text, t, false);
                    self.push_node(Node::String { str: s })
                }
                Raw::Arr { start, len } => {
                    let from = self.edges.len() as u32;
                    for k in 0..len {
                        let n = node_of(self, &map, doc.elem(start, len, k));
                        self.edges.push(n);
                    }
                    self.push_node(Node::Array {
                        items: Span { start: from, len },
                    })
                }
                Raw::Obj { start, len } => {
                    let from = self.order.len();
                    for k in 0..len {
                        let at = (start as usize) + 2 * (k as usize);
                        let t = doc.edges.get(at).copied().unwrap_or(0);
                        let r = doc.edges.get(at + 1).copied().unwrap_or(UNDEF);
                        let key = self.foreign_str(doc, text, t, true);
                        self.order.push(key);
                        self.order.push(r);
                    }
                    super::order::normalize_order(self, from);
                    let pairs: Vec<u32> = self.order.drain(from..).collect();
                    let start_e = self.edges.len() as u32;
                    for pair in pairs.chunks_exact(2) {
                        let (key, r) = (
                            pair.first().copied().unwrap_or(0),
                            pair.get(1).copied().unwrap_or(UNDEF),
                        );
                        // destr / Nuxt drop `__proto__` keys instead of failing.
                        if key == self.proto_key {
                            continue;
                        }
                        let n = node_of(self, &map, r);
                        self.edges.push(key);
                        self.edges.push(n);
                    }
                    let len_e = self.edges.len() as u32 - start_e;
                    self.push_node(Node::Object {
                        entries: Span {
                            start: start_e,
                            len: len_e,
                        },
                    })
                }
            };
            map.push(node);
        }
        node_of(self, &map, doc.root)
    }
}
