//! devalue's `unflatten`, iterative: an explicit stack of frames replaces `hydrate`'s
//! recursion, so a payload whose references nest a million deep decodes without touching
//! the call stack. Frames visit children in exactly devalue's order, so every error is the
//! one devalue reaches first and every cache entry (`hydrated[index]`) is set at the moment
//! devalue sets it; that is what keeps shared references, cycles and reviver re-entry exact.
//!
//! Where devalue 5.9 and 6.0 differ (only on malformed input: a boxed value or a typed array
//! pointing at something that is not a primitive / an `ArrayBuffer`), this follows 6.0, which
//! rejects with "Invalid input" where 5.9 throws a TypeError or builds a nonsensical object.
//!
//! The engine's parts: [`frames`] (the stack's frames), [`enter`] (entering a value),
//! [`advance`] (one step of the walk), [`revive`] (the caller's revivers), [`builtin`] (devalue's
//! built-in types). This file holds the engine's state and its loop.

mod advance;
mod builtin;
mod enter;
mod frames;
mod revive;

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
use frames::{Adv, Frame, Step};

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
}
