//! One-pass, iterative JSON scanner producing a flat table of raw values.
//!
//! devalue's `parse` starts with `JSON.parse`, so this accepts exactly what `JSON.parse`
//! accepts and, on failure, produces the message V8 (Node 20+) gives, position included.
//! Strings are recorded as byte ranges (plus their UTF-16 range, so the JavaScript side can
//! slice its own copy of the text); the few with escapes are also unescaped, on the same pass,
//! into one shared buffer. Numbers are converted here; nothing else is. Small non-negative
//! integers and
//! devalue's negative sentinels, which make up most of a payload, are stored inline in the
//! reference itself rather than as table rows.
//!
//! Parts: this file holds the value table and the scanner's loop; [`string`] scans and unescapes
//! strings, [`number`] numbers, [`messages`] writes V8's error messages.

mod messages;
mod number;
mod string;
#[cfg(test)]
mod tests;

use super::strings::utf16_len;
use messages::message;
// The string scanner's byte tests, shared with the plain path (`payload::plain`).
pub(crate) use string::{HIGH, skip_plain};

/// A reference to a raw value: a row of [`RawDoc::raws`], an inline small integer, a devalue
/// sentinel, or JavaScript `undefined` (an absent array slot).
pub(crate) type RawRef = u32;

/// `INLINE_INT + n` is the integer `n` (`n < 2^30`).
pub(crate) const INLINE_INT: u32 = 0x8000_0000;
/// `SENTINEL + k` is the integer `-k` for `k` in 1..=7 (devalue's negative indices).
pub(crate) const SENTINEL: u32 = 0xC000_0000;
/// JavaScript `undefined`: what reading past the end of a JSON array gives.
pub(crate) const UNDEF: RawRef = 0xFFFF_FFFF;

/// One raw JSON value. Arrays list their element refs in `edges[start..start + len]`;
/// objects list `len` (token, ref) pairs in `edges[start..start + 2 * len]`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Raw {
    Null,
    False,
    True,
    Num(f64),
    Str(u32),
    Arr { start: u32, len: u32 },
    Obj { start: u32, len: u32 },
}

/// A string token: byte range of its content (without quotes) in the scanned text, the
/// same range in UTF-16 code units, and `esc`: 0 when it has no backslash escape, else 1 + the
/// index of its unescaped form in [`RawDoc::escs`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Tok {
    pub start: u32,
    pub end: u32,
    pub u16_start: u32,
    pub u16_end: u32,
    pub esc: u32,
}

impl Tok {
    /// Whether the token has escapes.
    pub fn escaped(&self) -> bool {
        self.esc != 0
    }
}

/// Where an escaped token's unescaped text lives in [`RawDoc::blob`] (bytes and UTF-16 units);
/// `start == LONE` when it holds a lone surrogate (then it is decoded on demand).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct EscTok {
    pub start: u32,
    pub end: u32,
    pub u16_start: u32,
    pub u16_end: u32,
}

/// [`EscTok::start`] of a token whose text is not valid Unicode.
pub(crate) const LONE: u32 = u32::MAX;

/// What a raw ref stands for, resolved.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum RawVal {
    Undefined,
    Null,
    Bool(bool),
    Num(f64),
    Str(u32),
    Arr { start: u32, len: u32 },
    Obj { start: u32, len: u32 },
}

/// The scanned document.
#[derive(Debug, Default)]
pub(crate) struct RawDoc {
    pub raws: Vec<Raw>,
    pub toks: Vec<Tok>,
    pub escs: Vec<EscTok>,
    /// The unescaped text of every escaped token, one after the other.
    pub blob: String,
    /// Length of `blob` in UTF-16 code units.
    pub blob_u16: u32,
    pub edges: Vec<u32>,
    pub root: RawRef,
}

impl RawDoc {
    /// Resolves a ref; rows that do not exist read as `undefined` (never happens for refs
    /// produced by the scanner).
    pub fn get(&self, r: RawRef) -> RawVal {
        if r == UNDEF {
            RawVal::Undefined
        } else if r >= SENTINEL {
            RawVal::Num(-f64::from(r - SENTINEL))
        } else if r >= INLINE_INT {
            RawVal::Num(f64::from(r - INLINE_INT))
        } else {
            match self.raws.get(r as usize) {
                None => RawVal::Undefined,
                Some(Raw::Null) => RawVal::Null,
                Some(Raw::False) => RawVal::Bool(false),
                Some(Raw::True) => RawVal::Bool(true),
                Some(Raw::Num(n)) => RawVal::Num(*n),
                Some(Raw::Str(t)) => RawVal::Str(*t),
                Some(Raw::Arr { start, len }) => RawVal::Arr {
                    start: *start,
                    len: *len,
                },
                Some(Raw::Obj { start, len }) => RawVal::Obj {
                    start: *start,
                    len: *len,
                },
            }
        }
    }

    /// Element `i` of an array (or `undefined` past its end, as in JavaScript).
    pub fn elem(&self, start: u32, len: u32, i: u32) -> RawRef {
        if i >= len {
            return UNDEF;
        }
        self.edges
            .get((start as usize) + (i as usize))
            .copied()
            .unwrap_or(UNDEF)
    }

    /// The token of a string ref, if it is one.
    pub fn tok_of(&self, r: RawRef) -> Option<Tok> {
        match self.get(r) {
            RawVal::Str(t) => self.toks.get(t as usize).copied(),
            _ => None,
        }
    }
}

/// Why scanning failed, with the byte offset V8 would report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fail {
    /// V8's default report for the token at `pos` (or end of input).
    Token(usize),
    ExpectedPropNameOrRBrace(usize),
    ExpectedDoubleQuotedPropName(usize),
    ExpectedColon(usize),
    ExpectedCommaOrRBrace(usize),
    ExpectedCommaOrRBrack(usize),
    UnterminatedString(usize),
    BadControl(usize),
    BadEscape(usize),
    BadUnicodeEscape(usize),
    NoNumberAfterMinus(usize),
    UnterminatedFraction(usize),
    ExponentMissing(usize),
    NonWhitespaceAfter(usize),
}

enum Ctx {
    Arr { base: usize },
    Obj { base: usize },
}

/// Scans `text` as `JSON.parse` would. The error is V8's message.
pub(crate) fn scan(text: &str) -> Result<RawDoc, String> {
    // Capacity for a typical payload up front: growing these would copy them repeatedly, and
    // untouched capacity costs nothing.
    let doc = RawDoc {
        raws: Vec::with_capacity(text.len() / 12),
        toks: Vec::with_capacity(text.len() / 24),
        edges: Vec::with_capacity(text.len() / 3),
        ..RawDoc::default()
    };
    let mut s = Scanner {
        text,
        b: text.as_bytes(),
        pos: 0,
        u16_adjust: 0,
        doc,
    };
    match s.run() {
        Ok(()) => Ok(s.doc),
        Err(f) => Err(message(text, f)),
    }
}

struct Scanner<'a> {
    text: &'a str,
    b: &'a [u8],
    pos: usize,
    /// Bytes minus UTF-16 units seen so far (non-ASCII only occurs inside strings).
    u16_adjust: usize,
    doc: RawDoc,
}

fn is_ws(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r')
}

impl Scanner<'_> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while let Some(c) = self.peek() {
            if !is_ws(c) {
                break;
            }
            self.pos += 1;
        }
    }

    fn push_raw(&mut self, raw: Raw) -> RawRef {
        let id = self.doc.raws.len() as u32;
        self.doc.raws.push(raw);
        id
    }

    fn run(&mut self) -> Result<(), Fail> {
        let mut stack: Vec<Ctx> = Vec::new();
        let mut scratch: Vec<u32> = Vec::new();
        'value: loop {
            // Produce one value (or open a container and loop for its first element).
            self.skip_ws();
            let mut value: RawRef = match self.peek() {
                None => return Err(Fail::Token(self.pos)),
                Some(b'"') => {
                    let t = self.string()?;
                    self.push_raw(Raw::Str(t))
                }
                Some(b'-' | b'0'..=b'9') => self.number()?,
                Some(b'[') => {
                    self.pos += 1;
                    self.skip_ws();
                    if self.peek() == Some(b']') {
                        self.pos += 1;
                        self.push_raw(Raw::Arr { start: 0, len: 0 })
                    } else {
                        stack.push(Ctx::Arr {
                            base: scratch.len(),
                        });
                        continue 'value;
                    }
                }
                Some(b'{') => {
                    self.pos += 1;
                    self.skip_ws();
                    match self.peek() {
                        Some(b'}') => {
                            self.pos += 1;
                            self.push_raw(Raw::Obj { start: 0, len: 0 })
                        }
                        Some(b'"') => {
                            let base = scratch.len();
                            let key = self.string()?;
                            scratch.push(key);
                            self.colon()?;
                            stack.push(Ctx::Obj { base });
                            continue 'value;
                        }
                        _ => return Err(Fail::ExpectedPropNameOrRBrace(self.pos)),
                    }
                }
                Some(b't') => self.literal(b"true", Raw::True)?,
                Some(b'f') => self.literal(b"false", Raw::False)?,
                Some(b'n') => self.literal(b"null", Raw::Null)?,
                Some(_) => return Err(Fail::Token(self.pos)),
            };
            // Hand the value to its container, closing containers as they end.
            loop {
                let Some(ctx) = stack.last() else {
                    self.doc.root = value;
                    self.skip_ws();
                    if self.pos < self.b.len() {
                        return Err(Fail::NonWhitespaceAfter(self.pos));
                    }
                    return Ok(());
                };
                scratch.push(value);
                self.skip_ws();
                match (ctx, self.peek()) {
                    (_, Some(b',')) => {
                        self.pos += 1;
                        if matches!(ctx, Ctx::Obj { .. }) {
                            self.skip_ws();
                            if self.peek() != Some(b'"') {
                                return Err(Fail::ExpectedDoubleQuotedPropName(self.pos));
                            }
                            let key = self.string()?;
                            scratch.push(key);
                            self.colon()?;
                        }
                        continue 'value;
                    }
                    (Ctx::Arr { base }, Some(b']')) => {
                        self.pos += 1;
                        let base = *base;
                        value = self.close(&mut scratch, base, false);
                        stack.pop();
                    }
                    (Ctx::Obj { base }, Some(b'}')) => {
                        self.pos += 1;
                        let base = *base;
                        value = self.close(&mut scratch, base, true);
                        stack.pop();
                    }
                    (Ctx::Arr { .. }, _) => return Err(Fail::ExpectedCommaOrRBrack(self.pos)),
                    (Ctx::Obj { .. }, _) => return Err(Fail::ExpectedCommaOrRBrace(self.pos)),
                }
            }
        }
    }

    /// Moves a finished container's children from the scratch stack to `edges`.
    fn close(&mut self, scratch: &mut Vec<u32>, base: usize, object: bool) -> RawRef {
        let start = self.doc.edges.len() as u32;
        let items = scratch.get(base..).unwrap_or(&[]);
        let n = items.len() as u32;
        self.doc.edges.extend_from_slice(items);
        scratch.truncate(base);
        if object {
            self.push_raw(Raw::Obj { start, len: n / 2 })
        } else {
            self.push_raw(Raw::Arr { start, len: n })
        }
    }

    fn colon(&mut self) -> Result<(), Fail> {
        self.skip_ws();
        if self.peek() != Some(b':') {
            return Err(Fail::ExpectedColon(self.pos));
        }
        self.pos += 1;
        Ok(())
    }

    fn literal(&mut self, word: &[u8], raw: Raw) -> Result<RawRef, Fail> {
        for &w in word {
            match self.peek() {
                Some(c) if c == w => self.pos += 1,
                _ => return Err(Fail::Token(self.pos)),
            }
        }
        Ok(self.push_raw(raw))
    }

    fn digits(&mut self) -> usize {
        let from = self.pos;
        let mut p = from;
        while self.b.get(p).is_some_and(u8::is_ascii_digit) {
            p += 1;
        }
        self.pos = p;
        p - from
    }
}
