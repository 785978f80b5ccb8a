//! String storage of a decoded payload.
//!
//! A string is a [`StrSpan`]: a slice of the input text when it had no escapes (most
//! strings), else a slice of one shared buffer of unescaped text, else (only when it holds a
//! lone surrogate, which Rust's `str` cannot) a slice of a buffer of UTF-16 code units. Every
//! span also gives its UTF-16 range, so the JavaScript side can cut strings out of its own
//! copy of the input (`text.slice(a, b)`) or out of the unescaped buffer decoded once,
//! without decoding each string separately. Object keys are interned, so each distinct key
//! crosses to JavaScript once.
//!
//! Parts: this file holds the store; [`intern`] the key table, [`unescape`] JSON's escapes.

mod intern;
#[cfg(test)]
mod tests;
mod unescape;

pub(crate) use intern::hash_bytes;
use intern::*;
use serde::{Deserialize, Serialize};
pub(crate) use unescape::{unescape_into, unescape_wide};

use super::json::{EscTok, LONE, Tok};

/// The unescaped form of a token, if it has escapes.
fn esc_of(tok: Tok, escs: &[EscTok]) -> Option<EscTok> {
    if tok.esc == 0 {
        return None;
    }
    escs.get(tok.esc as usize - 1).copied().or(Some(EscTok {
        start: LONE,
        end: LONE,
        u16_start: 0,
        u16_end: 0,
    }))
}

/// Where a string's content lives (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "in")]
pub enum StrSpan {
    /// A slice of the input: bytes `start..end`, UTF-16 code units `u16_start..u16_end`.
    #[serde(rename_all = "camelCase")]
    Input {
        start: u32,
        end: u32,
        u16_start: u32,
        u16_end: u32,
    },
    /// A slice of [`crate::payload::Payload::unescaped`], in bytes and in UTF-16 code units.
    #[serde(rename_all = "camelCase")]
    Unescaped {
        start: u32,
        end: u32,
        u16_start: u32,
        u16_end: u32,
    },
    /// A slice of [`crate::payload::Payload::utf16`]: a string with a lone surrogate.
    Utf16 { start: u32, end: u32 },
}

/// The buffers strings point into while a payload is being built.
#[derive(Debug, Default, Clone, PartialEq)]
pub(crate) struct StrStore {
    pub spans: Vec<StrSpan>,
    pub unescaped: String,
    unescaped_u16: u32,
    pub utf16: Vec<u16>,
    interner: Interner,
    /// Scratch for unescaping.
    buf: String,
    wide: Vec<u16>,
}

/// Content of a string, borrowed from wherever it lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Content<'a> {
    Str(&'a str),
    Wide(&'a [u16]),
}

const HIGH: u64 = 0x8080_8080_8080_8080;

/// Bytes minus UTF-16 units contributed by the bytes of `w`: one per continuation byte, minus
/// one per 4-byte lead (whose character takes two units). Wraps when a sequence is cut.
pub(crate) fn utf16_excess(w: u64) -> usize {
    if w & HIGH == 0 {
        return 0;
    }
    // Count marked bytes with one multiply (each byte 0 or 1, the top byte gets the sum):
    // cheaper than a popcount where the CPU baseline lacks one.
    let count = |m: u64| ((m >> 7).wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize;
    let continuation = w & !(w << 1) & HIGH;
    let four = w & (w << 1) & (w << 2) & (w << 3) & HIGH;
    count(continuation).wrapping_sub(count(four))
}

/// Length of a string in UTF-16 code units.
pub(crate) fn utf16_len(s: &str) -> u32 {
    let b = s.as_bytes();
    let mut chunks = b.chunks_exact(8);
    let mut excess = 0usize;
    for c in &mut chunks {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        excess = excess.wrapping_add(utf16_excess(u64::from_le_bytes(w)));
    }
    let mut w = [0u8; 8];
    let rest = chunks.remainder();
    if let Some(dst) = w.get_mut(..rest.len()) {
        dst.copy_from_slice(rest);
    }
    excess = excess.wrapping_add(utf16_excess(u64::from_le_bytes(w)));
    b.len().wrapping_sub(excess) as u32
}

/// What an escaped token decodes to.
enum Decoded {
    Str,
    Wide,
}

impl StrStore {
    /// Content of a span; `input` is the text the payload was decoded from.
    pub fn content<'a>(&'a self, input: &'a str, id: u32) -> Content<'a> {
        match self.spans.get(id as usize) {
            Some(StrSpan::Input { start, end, .. }) => {
                Content::Str(input.get(*start as usize..*end as usize).unwrap_or(""))
            }
            Some(StrSpan::Unescaped { start, end, .. }) => Content::Str(
                self.unescaped
                    .get(*start as usize..*end as usize)
                    .unwrap_or(""),
            ),
            Some(StrSpan::Utf16 { start, end }) => Content::Wide(
                self.utf16
                    .get(*start as usize..*end as usize)
                    .unwrap_or(&[]),
            ),
            None => Content::Str(""),
        }
    }

    fn push_span(&mut self, span: StrSpan) -> u32 {
        let id = self.spans.len() as u32;
        self.spans.push(span);
        id
    }

    /// Appends text to the unescaped buffer and returns its span.
    fn append(&mut self, s: &str) -> StrSpan {
        let start = self.unescaped.len() as u32;
        let u16_start = self.unescaped_u16;
        self.unescaped.push_str(s);
        self.unescaped_u16 += utf16_len(s);
        StrSpan::Unescaped {
            start,
            end: self.unescaped.len() as u32,
            u16_start,
            u16_end: self.unescaped_u16,
        }
    }

    fn append_wide(&mut self, units: &[u16]) -> StrSpan {
        let start = self.utf16.len() as u32;
        self.utf16.extend_from_slice(units);
        StrSpan::Utf16 {
            start,
            end: self.utf16.len() as u32,
        }
    }

    /// A new string holding `s` (copied).
    pub fn owned(&mut self, s: &str) -> u32 {
        let span = self.append(s);
        self.push_span(span)
    }

    /// Decodes the escapes of `raw` (the content of a JSON string token) into `self.buf`,
    /// or into `self.wide` when a lone surrogate makes it not valid Unicode.
    fn decode(&mut self, raw: &str) -> Decoded {
        self.buf.clear();
        if unescape_into(raw, &mut self.buf) {
            return Decoded::Str;
        }
        self.wide.clear();
        unescape_wide(raw, &mut self.wide);
        Decoded::Wide
    }

    /// Takes over the scanner's buffer of unescaped strings (escaped tokens point into it).
    pub fn with_blob(blob: String, blob_u16: u32) -> Self {
        StrStore {
            unescaped: blob,
            unescaped_u16: blob_u16,
            ..StrStore::default()
        }
    }

    fn input_span(tok: Tok) -> StrSpan {
        StrSpan::Input {
            start: tok.start,
            end: tok.end,
            u16_start: tok.u16_start,
            u16_end: tok.u16_end,
        }
    }

    /// The string of a token of the payload text: a slice of `input`, or of the unescaped
    /// buffer when it had escapes (no copy either way).
    pub fn add_token(&mut self, input: &str, tok: Tok, escs: &[EscTok]) -> u32 {
        match esc_of(tok, escs) {
            None => self.push_span(Self::input_span(tok)),
            Some(e) if e.start != LONE => self.push_span(StrSpan::Unescaped {
                start: e.start,
                end: e.end,
                u16_start: e.u16_start,
                u16_end: e.u16_end,
            }),
            Some(_) => {
                let raw = input
                    .get(tok.start as usize..tok.end as usize)
                    .unwrap_or("");
                self.add_foreign(input, raw, true, false)
            }
        }
    }

    /// The interned string of a key token of the payload text: equal contents, equal ids.
    pub fn key_from_token(&mut self, input: &str, tok: Tok, escs: &[EscTok]) -> u32 {
        let (span, content) = match esc_of(tok, escs) {
            None => (
                Self::input_span(tok),
                input
                    .get(tok.start as usize..tok.end as usize)
                    .unwrap_or(""),
            ),
            Some(e) if e.start != LONE => (
                StrSpan::Unescaped {
                    start: e.start,
                    end: e.end,
                    u16_start: e.u16_start,
                    u16_end: e.u16_end,
                },
                self.unescaped
                    .get(e.start as usize..e.end as usize)
                    .unwrap_or(""),
            ),
            Some(_) => {
                let raw = input
                    .get(tok.start as usize..tok.end as usize)
                    .unwrap_or("");
                return self.add_foreign(input, raw, true, true);
            }
        };
        // A raw U+FFFD here may stand for any lone surrogate of the caller's UTF-16 text (the
        // text reached WebAssembly as UTF-8, where each lone surrogate became U+FFFD): keys that
        // read the same here can differ there, so such a key is not interned and its span keeps
        // its own range of the caller's text.
        if matches!(span, StrSpan::Input { .. }) && content.contains('\u{FFFD}') {
            return self.push_span(span);
        }
        let hash = str_hash(content);
        if let Some(id) = self.lookup(input, hash, Content::Str(content)) {
            return id;
        }
        let id = self.push_span(span);
        self.insert(input, hash, id);
        id
    }

    /// A string whose JSON-escaped content `raw` comes from some other text (copied);
    /// interned when `key`. `input` is the payload text the existing spans point into.
    pub fn add_foreign(&mut self, input: &str, raw: &str, escaped: bool, key: bool) -> u32 {
        if !escaped {
            return if key {
                self.intern(input, raw)
            } else {
                self.owned(raw)
            };
        }
        match self.decode(raw) {
            Decoded::Str => {
                let s = std::mem::take(&mut self.buf);
                let id = if key {
                    self.intern(input, &s)
                } else {
                    self.owned(&s)
                };
                self.buf = s;
                id
            }
            Decoded::Wide => {
                let w = std::mem::take(&mut self.wide);
                let hash = hash_wide(&w);
                let found = if key {
                    self.lookup(input, hash, Content::Wide(&w))
                } else {
                    None
                };
                let id = match found {
                    Some(id) => id,
                    None => {
                        let span = self.append_wide(&w);
                        let id = self.push_span(span);
                        if key {
                            self.insert(input, hash, id);
                        }
                        id
                    }
                };
                self.wide = w;
                id
            }
        }
    }

    /// The interned string with content `s`.
    pub fn intern(&mut self, input: &str, s: &str) -> u32 {
        let hash = str_hash(s);
        if let Some(id) = self.lookup(input, hash, Content::Str(s)) {
            return id;
        }
        let id = self.owned(s);
        self.insert(input, hash, id);
        id
    }

    fn lookup(&self, input: &str, hash: u64, want: Content<'_>) -> Option<u32> {
        let slots = &self.interner.slots;
        if slots.is_empty() {
            return None;
        }
        let mask = slots.len() - 1;
        let probe = Slot::new(hash, 0, want);
        let mut i = (hash as usize) & mask;
        loop {
            let slot = slots.get(i).copied().unwrap_or_default();
            if slot.id1 == 0 {
                return None;
            }
            // Short keys are compared by their inline bytes, longer ones by content.
            if slot.tag == probe.tag
                && slot.len == probe.len
                && slot.words == probe.words
                && (probe.len <= 16 || self.content(input, slot.id1 - 1) == want)
            {
                return Some(slot.id1 - 1);
            }
            i = (i + 1) & mask;
        }
    }

    fn insert(&mut self, input: &str, hash: u64, id: u32) {
        if (self.interner.len + 1) * 2 > self.interner.slots.len() {
            self.grow(input);
        }
        let slot = Slot::new(hash, id + 1, self.content(input, id));
        place(&mut self.interner.slots, hash, slot);
        self.interner.len += 1;
        if let Content::Str(s) = self.content(input, id)
            && let Some(ix) = super::order::array_index(s)
        {
            self.interner.index_keys.insert(id, ix);
        }
    }

    fn grow(&mut self, input: &str) {
        let cap = (self.interner.slots.len() * 2).max(64);
        let old = std::mem::replace(&mut self.interner.slots, vec![Slot::default(); cap]);
        for slot in old.into_iter().filter(|s| s.id1 != 0) {
            let hash = match self.content(input, slot.id1 - 1) {
                Content::Str(s) => str_hash(s),
                Content::Wide(w) => hash_wide(w),
            };
            place(&mut self.interner.slots, hash, slot);
        }
    }

    /// The array index an interned key stands for, if it is one ("0".."4294967294").
    pub fn index_of_key(&self, id: u32) -> Option<u32> {
        if self.interner.index_keys.is_empty() {
            return None;
        }
        self.interner.index_keys.get(&id).copied()
    }
}
