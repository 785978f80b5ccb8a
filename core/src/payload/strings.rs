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

fn place(slots: &mut [Slot], hash: u64, slot: Slot) {
    let mask = slots.len().wrapping_sub(1);
    let mut i = (hash as usize) & mask;
    while let Some(s) = slots.get_mut(i) {
        if s.id1 == 0 {
            *s = slot;
            return;
        }
        i = (i + 1) & mask;
    }
}

/// One interned string: upper hash bits, `id + 1` (0 is empty), byte length and the first 16
/// bytes (so short keys, nearly all of them, compare without a memory compare).
#[derive(Debug, Default, Clone, Copy, PartialEq)]
struct Slot {
    tag: u32,
    id1: u32,
    len: u32,
    words: [u64; 2],
}

impl Slot {
    fn new(hash: u64, id1: u32, content: Content<'_>) -> Slot {
        let (len, words) = match content {
            Content::Str(s) => (s.len() as u32, words(s.as_bytes())),
            // Wide strings never share a length marker with text ones.
            Content::Wide(w) => (u32::MAX - w.len().min(1 << 30) as u32, [0, 0]),
        };
        Slot {
            tag: (hash >> 32) as u32,
            id1,
            len,
            words,
        }
    }
}

/// Up to 8 bytes as a little-endian word (zero-padded).
fn load(b: &[u8]) -> u64 {
    if let Some(eight) = b.get(..8) {
        let mut a = [0u8; 8];
        a.copy_from_slice(eight);
        return u64::from_le_bytes(a);
    }
    b.iter()
        .enumerate()
        .fold(0u64, |x, (i, c)| x | (u64::from(*c) << (8 * i)))
}

/// The first 16 bytes as two words.
fn words(b: &[u8]) -> [u64; 2] {
    [load(b), load(b.get(8..).unwrap_or(&[]))]
}

/// The interner's hash of a text: from its length and first 16 bytes when that is all of it.
fn str_hash(s: &str) -> u64 {
    let b = s.as_bytes();
    if b.len() > 16 {
        return hash_bytes(b, 0);
    }
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let [a, c] = words(b);
    let h = ((b.len() as u64).wrapping_mul(K).rotate_left(5) ^ a).wrapping_mul(K);
    let h = (h.rotate_left(5) ^ c).wrapping_mul(K);
    h ^ (h >> 29)
}

/// Open-addressing set of interned strings, plus which interned keys are array indices
/// (JavaScript orders those first).
#[derive(Debug, Default, Clone, PartialEq)]
struct Interner {
    slots: Vec<Slot>,
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
                            let cp =
                                0x10000 + ((u32::from(u) - 0xD800) << 10) + (u32::from(l) - 0xDC00);
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
        let t1 = Tok {
            start: 2,
            end: 3,
            u16_start: 2,
            u16_end: 3,
            esc: 0,
        };
        let t2 = Tok {
            start: 6,
            end: 12,
            u16_start: 6,
            u16_end: 12,
            esc: 1,
        };
        let lone = [EscTok {
            start: LONE,
            end: LONE,
            u16_start: 0,
            u16_end: 0,
        }];
        let a = st.key_from_token(input, t1, &[]);
        let b = st.key_from_token(input, t2, &lone);
        assert_eq!(a, b);
        assert_eq!(utf16_len("é😀"), 3);
        for i in 0..500 {
            st.intern(input, &format!("k{i}"));
        }
        assert_eq!(st.intern(input, "k7"), st.intern(input, "k7"));
    }
}
