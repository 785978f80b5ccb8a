//! String storage of a decoded payload.
//!
//! A string is a [`StrSpan`]: a slice of the input text when it had no escapes (most
//! strings), else a slice of one shared buffer of unescaped text, else (only when it holds a
//! lone surrogate, which Rust's `str` cannot) a slice of a buffer of UTF-16 code units. Every
//! span also gives its UTF-16 range, so the JavaScript side can cut strings out of its own
//! copy of the input (`text.slice(a, b)`) or out of the unescaped buffer decoded once,
//! without decoding each string separately. Object keys are interned, so each distinct key
//! crosses to JavaScript once.

use serde::{Deserialize, Serialize};

/// Where a string's content lives (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "in")]
pub enum StrSpan {
    /// A slice of the input: bytes `start..end`, UTF-16 code units `u16_start..u16_end`.
    #[serde(rename_all = "camelCase")]
    Input { start: u32, end: u32, u16_start: u32, u16_end: u32 },
    /// A slice of [`crate::payload::Payload::unescaped`], in bytes and in UTF-16 code units.
    #[serde(rename_all = "camelCase")]
    Unescaped { start: u32, end: u32, u16_start: u32, u16_end: u32 },
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
    let continuation = w & !(w << 1) & HIGH;
    let four = w & (w << 1) & (w << 2) & (w << 3) & HIGH;
    (continuation.count_ones() as usize).wrapping_sub(four.count_ones() as usize)
}

/// Length of a string in UTF-16 code units.
fn utf16_len(s: &str) -> u32 {
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
            Some(StrSpan::Unescaped { start, end, .. }) => {
                Content::Str(self.unescaped.get(*start as usize..*end as usize).unwrap_or(""))
            }
            Some(StrSpan::Utf16 { start, end }) => {
                Content::Wide(self.utf16.get(*start as usize..*end as usize).unwrap_or(&[]))
            }
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
        StrSpan::Utf16 { start, end: self.utf16.len() as u32 }
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

    /// The string of a token of the payload text: a slice of `input` when it has no escapes.
    pub fn from_token(&mut self, input: &str, tok: super::json::Tok) -> u32 {
        if !tok.escaped {
            return self.push_span(StrSpan::Input {
                start: tok.start,
                end: tok.end,
                u16_start: tok.u16_start,
                u16_end: tok.u16_end,
            });
        }
        let raw = input.get(tok.start as usize..tok.end as usize).unwrap_or("");
        self.from_foreign(input, raw, true, false)
    }

    /// The interned string of a key token of the payload text: equal contents, equal ids.
    pub fn key_from_token(&mut self, input: &str, tok: super::json::Tok) -> u32 {
        let raw = input.get(tok.start as usize..tok.end as usize).unwrap_or("");
        if tok.escaped {
            return self.from_foreign(input, raw, true, true);
        }
        let hash = hash_bytes(raw.as_bytes(), 0);
        if let Some(id) = self.lookup(input, hash, Content::Str(raw)) {
            return id;
        }
        let id = self.push_span(StrSpan::Input {
            start: tok.start,
            end: tok.end,
            u16_start: tok.u16_start,
            u16_end: tok.u16_end,
        });
        self.insert(input, hash, id);
        id
    }

    /// A string whose JSON-escaped content `raw` comes from some other text (copied);
    /// interned when `key`. `input` is the payload text the existing spans point into.
    pub fn from_foreign(&mut self, input: &str, raw: &str, escaped: bool, key: bool) -> u32 {
        if !escaped {
            return if key { self.intern(input, raw) } else { self.owned(raw) };
        }
        match self.decode(raw) {
            Decoded::Str => {
                let s = std::mem::take(&mut self.buf);
                let id = if key { self.intern(input, &s) } else { self.owned(&s) };
                self.buf = s;
                id
            }
            Decoded::Wide => {
                let w = std::mem::take(&mut self.wide);
                let hash = hash_wide(&w);
                let found = if key { self.lookup(input, hash, Content::Wide(&w)) } else { None };
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
        let hash = hash_bytes(s.as_bytes(), 0);
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
        let tag = (hash >> 32) as u32;
        let mut i = (hash as usize) & mask;
        loop {
            match slots.get(i).copied().unwrap_or((0, 0)) {
                (_, 0) => return None,
                (t, slot) => {
                    if t == tag && self.content(input, slot - 1) == want {
                        return Some(slot - 1);
                    }
                }
            }
            i = (i + 1) & mask;
        }
    }

    fn insert(&mut self, input: &str, hash: u64, id: u32) {
        if (self.interner.len + 1) * 2 > self.interner.slots.len() {
            self.grow(input);
        }
        place(&mut self.interner.slots, hash, id);
        self.interner.len += 1;
        if let Content::Str(s) = self.content(input, id) {
            if let Some(ix) = super::order::array_index(s) {
                self.interner.index_keys.insert(id, ix);
            }
        }
    }

    fn grow(&mut self, input: &str) {
        let cap = (self.interner.slots.len() * 2).max(64);
        let old = std::mem::replace(&mut self.interner.slots, vec![(0, 0); cap]);
        for (_, slot) in old.into_iter().filter(|s| s.1 != 0) {
            let hash = match self.content(input, slot - 1) {
                Content::Str(s) => hash_bytes(s.as_bytes(), 0),
                Content::Wide(w) => hash_wide(w),
            };
            place(&mut self.interner.slots, hash, slot - 1);
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

fn place(slots: &mut [(u32, u32)], hash: u64, id: u32) {
    let mask = slots.len().wrapping_sub(1);
    let mut i = (hash as usize) & mask;
    while let Some(slot) = slots.get_mut(i) {
        if slot.1 == 0 {
            *slot = ((hash >> 32) as u32, id + 1);
            return;
        }
        i = (i + 1) & mask;
    }
}

/// Open-addressing set of interned string ids: (upper hash bits, `id + 1`; 0 is empty), plus
/// which interned keys are array indices (JavaScript orders those first).
#[derive(Debug, Default, Clone, PartialEq)]
struct Interner {
    slots: Vec<(u32, u32)>,
    len: usize,
    index_keys: std::collections::HashMap<u32, u32>,
}

/// FxHash-style word-at-a-time hash; keys are short and not adversarial-sensitive
/// beyond a slower probe.
pub(crate) fn hash_bytes(bytes: &[u8], seed: u64) -> u64 {
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let mut h = seed ^ (bytes.len() as u64).wrapping_mul(K);
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        h = (h.rotate_left(5) ^ u64::from_le_bytes(w)).wrapping_mul(K);
    }
    let mut w = [0u8; 8];
    let rest = chunks.remainder();
    if let Some(dst) = w.get_mut(..rest.len()) {
        dst.copy_from_slice(rest);
    }
    h = (h.rotate_left(5) ^ u64::from_le_bytes(w)).wrapping_mul(K);
    h ^ (h >> 29)
}

fn hash_wide(units: &[u16]) -> u64 {
    let bytes: Vec<u8> = units.iter().flat_map(|u| u.to_le_bytes()).collect();
    hash_bytes(&bytes, 0x9e37_79b9)
}

fn hex4(b: &[u8]) -> Option<u16> {
    let mut v = 0u16;
    for &c in b.get(..4)? {
        v = (v << 4) | u16::try_from(char::from(c).to_digit(16)?).ok()?;
    }
    Some(v)
}

/// Unescapes a JSON string body (already validated by the scanner) into `out`. Returns
/// false, leaving `out` partial, when it contains a lone surrogate.
pub(crate) fn unescape_into(raw: &str, out: &mut String) -> bool {
    let b = raw.as_bytes();
    let mut i = 0;
    let mut plain_from = 0;
    out.reserve(raw.len());
    while i < b.len() {
        match raw.get(i..).and_then(|rest| rest.find('\\')) {
            Some(k) => i += k,
            None => break,
        }
        out.push_str(raw.get(plain_from..i).unwrap_or(""));
        let e = b.get(i + 1).copied().unwrap_or(b'\\');
        i += 2;
        match e {
            b'b' => out.push('\u{8}'),
            b'f' => out.push('\u{c}'),
            b'n' => out.push('\n'),
            b'r' => out.push('\r'),
            b't' => out.push('\t'),
            b'u' => {
                let u = hex4(b.get(i..).unwrap_or(&[])).unwrap_or(0xFFFD);
                i += 4;
                if (0xD800..0xDC00).contains(&u) {
                    let low = if b.get(i) == Some(&b'\\') && b.get(i + 1) == Some(&b'u') {
                        hex4(b.get(i + 2..).unwrap_or(&[]))
                    } else {
                        None
                    };
                    match low {
                        Some(l) if (0xDC00..0xE000).contains(&l) => {
                            let cp = 0x10000 + ((u32::from(u) - 0xD800) << 10) + (u32::from(l) - 0xDC00);
                            out.push(char::from_u32(cp).unwrap_or('\u{FFFD}'));
                            i += 6;
                        }
                        _ => return false,
                    }
                } else if (0xDC00..0xE000).contains(&u) {
                    return false;
                } else {
                    out.push(char::from_u32(u32::from(u)).unwrap_or('\u{FFFD}'));
                }
            }
            other => out.push(char::from(other)),
        }
        plain_from = i;
    }
    out.push_str(raw.get(plain_from..).unwrap_or(""));
    true
}

/// Unescapes a JSON string body into UTF-16 code units, keeping lone surrogates.
pub(crate) fn unescape_wide(raw: &str, out: &mut Vec<u16>) {
    let b = raw.as_bytes();
    let mut i = 0;
    let mut plain_from = 0;
    while let Some(&c) = b.get(i) {
        if c != b'\\' {
            i += 1;
            continue;
        }
        out.extend(raw.get(plain_from..i).unwrap_or("").encode_utf16());
        let e = b.get(i + 1).copied().unwrap_or(b'\\');
        i += 2;
        let unit = match e {
            b'b' => 8,
            b'f' => 12,
            b'n' => 10,
            b'r' => 13,
            b't' => 9,
            b'u' => {
                let u = hex4(b.get(i..).unwrap_or(&[])).unwrap_or(0xFFFD);
                i += 4;
                u
            }
            other => u16::from(other),
        };
        out.push(unit);
        plain_from = i;
    }
    out.extend(raw.get(plain_from..).unwrap_or("").encode_utf16());
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn unescapes_pairs_and_flags_lone_surrogates() {
        let mut s = String::new();
        assert!(unescape_into(r#"a\n\u00e9\ud83d\ude00\"\/"#, &mut s));
        assert_eq!(s, "a\né😀\"/");
        let mut s = String::new();
        assert!(!unescape_into(r"x\ud800y", &mut s));
        let mut w = Vec::new();
        unescape_wide(r"x\ud800y", &mut w);
        assert_eq!(w, vec![0x78, 0xD800, 0x79]);
    }

    #[test]
    fn interns_by_content() {
        let input = r#"["a","\u0061"]"#;
        let mut st = StrStore::default();
        let t1 = super::super::json::Tok { start: 2, end: 3, u16_start: 2, u16_end: 3, escaped: false };
        let t2 = super::super::json::Tok { start: 6, end: 12, u16_start: 6, u16_end: 12, escaped: true };
        let a = st.key_from_token(input, t1);
        let b = st.key_from_token(input, t2);
        assert_eq!(a, b);
        assert_eq!(utf16_len("é😀"), 3);
        for i in 0..500 {
            st.intern(input, &format!("k{i}"));
        }
        assert_eq!(st.intern(input, "k7"), st.intern(input, "k7"));
    }
}
