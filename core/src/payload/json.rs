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

use super::strings::utf16_len;

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

    fn number(&mut self) -> Result<RawRef, Fail> {
        let start = self.pos;
        let negative = self.peek() == Some(b'-');
        if negative {
            self.pos += 1;
        }
        let int_start = self.pos;
        match self.peek() {
            Some(b'0') => {
                self.pos += 1;
                if matches!(self.peek(), Some(b'0'..=b'9')) {
                    return Err(Fail::Token(self.pos));
                }
            }
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return Err(Fail::NoNumberAfterMinus(self.pos)),
        }
        let int_end = self.pos;
        let mut plain = true;
        if self.peek() == Some(b'.') {
            plain = false;
            self.pos += 1;
            if self.digits() == 0 {
                return Err(Fail::UnterminatedFraction(self.pos));
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            plain = false;
            self.pos += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            if self.digits() == 0 {
                return Err(Fail::ExponentMissing(self.pos));
            }
        }
        let digits = self.b.get(int_start..int_end).unwrap_or(&[]);
        if plain && digits.len() <= 9 {
            let n = digits
                .iter()
                .fold(0u32, |acc, d| acc * 10 + u32::from(d - b'0'));
            if !negative && n < (1 << 30) {
                return Ok(INLINE_INT + n);
            }
            if negative && (1..=7).contains(&n) {
                return Ok(SENTINEL + n);
            }
            let v = f64::from(n);
            return Ok(self.push_raw(Raw::Num(if negative { -v } else { v })));
        }
        let text = self.b.get(start..self.pos).unwrap_or(&[]);
        // The grammar above is a subset of what Rust's float parser accepts, and it is
        // correctly rounded like JSON.parse.
        let v = std::str::from_utf8(text)
            .ok()
            .and_then(|t| t.parse::<f64>().ok())
            .unwrap_or(f64::NAN);
        Ok(self.push_raw(Raw::Num(v)))
    }

    /// Scans a string starting at its opening quote; returns its token id. Escaped strings are
    /// unescaped into the blob on the way.
    fn string(&mut self) -> Result<u32, Fail> {
        let b = self.b;
        let mut pos = self.pos + 1; // after the opening quote
        let start = pos;
        // Bytes minus UTF-16 units before this string.
        let mut adjust = self.u16_adjust;
        let u16_start = start - adjust;
        let mut esc: Option<Unescape> = None;
        // Any byte >= 0x80 seen in the fast loop: then the UTF-16 length is counted at the end.
        let mut high = 0u64;
        loop {
            // Eight bytes at a time up to the first quote, backslash or control character;
            // non-ASCII bytes only adjust the UTF-16 offset.
            // Sixteen bytes per step while nothing special is in sight.
            while let Some(chunk) = b.get(pos..pos + 16) {
                let mut w = [0u8; 16];
                w.copy_from_slice(chunk);
                let (lo, hi) = w.split_at(8);
                let (mut a, mut c) = ([0u8; 8], [0u8; 8]);
                a.copy_from_slice(lo);
                c.copy_from_slice(hi);
                let (a, c) = (u64::from_le_bytes(a), u64::from_le_bytes(c));
                if special_mask(a) | special_mask(c) != 0 {
                    break;
                }
                high |= a | c;
                pos += 16;
            }
            while let Some(chunk) = b.get(pos..pos + 8) {
                let mut w = [0u8; 8];
                w.copy_from_slice(chunk);
                let w = u64::from_le_bytes(w);
                let m = special_mask(w);
                if m == 0 {
                    high |= w;
                    pos += 8;
                    continue;
                }
                let k = (m.trailing_zeros() / 8) as usize;
                if k > 0 {
                    high |= w & ((1u64 << (8 * k)) - 1);
                    pos += k;
                }
                break;
            }
            let Some(&c) = b.get(pos) else {
                return Err(Fail::UnterminatedString(pos));
            };
            match c {
                b'"' => break,
                b'\\' => {
                    if self.doc.blob.capacity() == 0 {
                        // One reservation for all escaped strings (at most the rest of the text).
                        self.doc.blob.reserve(b.len() - start);
                    }
                    let e = esc.get_or_insert(Unescape {
                        blob_start: self.doc.blob.len(),
                        from: start,
                        overhead: 0,
                        high: None,
                        lone: false,
                    });
                    e.copy_plain(self.text, pos, &mut self.doc.blob);
                    pos += 1;
                    let decoded = match b.get(pos) {
                        None => return Err(Fail::Token(pos)),
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => {
                            let mut u = 0u32;
                            for _ in 0..4 {
                                pos += 1;
                                match b.get(pos).and_then(|h| char::from(*h).to_digit(16)) {
                                    Some(d) => u = (u << 4) | d,
                                    None => return Err(Fail::BadUnicodeEscape(pos)),
                                }
                            }
                            pos += 1;
                            e.overhead += 5;
                            e.unit(u, &mut self.doc.blob);
                            e.from = pos;
                            continue;
                        }
                        Some(_) => return Err(Fail::BadEscape(pos)),
                    };
                    pos += 1;
                    e.overhead += 1;
                    e.push(decoded, &mut self.doc.blob);
                    e.from = pos;
                }
                0x00..=0x1F => return Err(Fail::BadControl(pos)),
                _ => {
                    // A byte near the end of the text, outside the fast loop.
                    high |= u64::from(c) << 56;
                    pos += 1;
                }
            }
        }
        let end = pos;
        if high & HIGH != 0 {
            // Non-ASCII: continuation bytes take no UTF-16 unit, 4-byte characters take two.
            let content = self.text.get(start..end).unwrap_or("");
            adjust = adjust.wrapping_add(content.len() - utf16_len(content) as usize);
        }
        let u16_end = end - adjust;
        self.pos = pos + 1; // after the closing quote
        self.u16_adjust = adjust;
        let esc_id = match esc {
            None => 0,
            Some(mut e) => {
                e.copy_plain(self.text, end, &mut self.doc.blob);
                e.end_string();
                let tok = if e.lone {
                    self.doc.blob.truncate(e.blob_start);
                    EscTok {
                        start: LONE,
                        end: LONE,
                        u16_start: 0,
                        u16_end: 0,
                    }
                } else {
                    let units = (u16_end.wrapping_sub(u16_start)).saturating_sub(e.overhead) as u32;
                    let t = EscTok {
                        start: e.blob_start as u32,
                        end: self.doc.blob.len() as u32,
                        u16_start: self.doc.blob_u16,
                        u16_end: self.doc.blob_u16 + units,
                    };
                    self.doc.blob_u16 += units;
                    t
                };
                self.doc.escs.push(tok);
                self.doc.escs.len() as u32
            }
        };
        let id = self.doc.toks.len() as u32;
        self.doc.toks.push(Tok {
            start: start as u32,
            end: end as u32,
            u16_start: u16_start as u32,
            u16_end: u16_end as u32,
            esc: esc_id,
        });
        Ok(id)
    }
}

/// Unescaping state of one string.
#[derive(Debug, Clone, Copy)]
struct Unescape {
    blob_start: usize,
    /// Start of the plain text not yet copied.
    from: usize,
    /// UTF-16 units the escapes take beyond what they decode to.
    overhead: usize,
    /// A `\\u` high surrogate waiting for its low half.
    high: Option<u32>,
    /// The string holds a lone surrogate: nothing more is written.
    lone: bool,
}

impl Unescape {
    fn unpaired(&mut self) {
        if self.high.take().is_some() {
            self.lone = true;
        }
    }

    fn copy_plain(&mut self, text: &str, to: usize, blob: &mut String) {
        if to > self.from {
            self.unpaired();
            if !self.lone {
                blob.push_str(text.get(self.from..to).unwrap_or(""));
            }
        }
    }

    fn push(&mut self, c: char, blob: &mut String) {
        self.unpaired();
        if !self.lone {
            blob.push(c);
        }
    }

    /// A `\\uXXXX` code unit.
    fn unit(&mut self, u: u32, blob: &mut String) {
        match (self.high.take(), u) {
            (Some(h), 0xDC00..=0xDFFF) => {
                let cp = 0x10000 + ((h - 0xD800) << 10) + (u - 0xDC00);
                if !self.lone {
                    blob.push(char::from_u32(cp).unwrap_or('\u{FFFD}'));
                }
            }
            (pending, _) => {
                if pending.is_some() {
                    self.lone = true;
                }
                match u {
                    0xD800..=0xDBFF => self.high = Some(u),
                    0xDC00..=0xDFFF => self.lone = true,
                    _ => {
                        if !self.lone {
                            blob.push(char::from_u32(u).unwrap_or('\u{FFFD}'));
                        }
                    }
                }
            }
        }
    }

    fn end_string(&mut self) {
        self.unpaired();
    }
}

const LOW: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// High bits marking bytes that are `"`, `\\` or below 0x20; the lowest mark is exact (marks
/// above a true one may be spurious), which is all the scanner uses.
fn special_mask(w: u64) -> u64 {
    let zero = |x: u64| x.wrapping_sub(LOW) & !x & HIGH;
    let control = w.wrapping_sub(LOW * 0x20) & !w & HIGH;
    control | zero(w ^ (LOW * u64::from(b'"'))) | zero(w ^ (LOW * u64::from(b'\\')))
}

/// V8 reports positions in UTF-16 code units.
fn utf16_pos(text: &str, byte: usize) -> usize {
    let mut cut = byte.min(text.len());
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    text.get(..cut).map_or(0, |t| t.encode_utf16().count())
}

/// The message V8's `JSON.parse` throws for this failure.
fn message(text: &str, fail: Fail) -> String {
    let at = |what: &str, p: usize| format!("{what} in JSON at position {}", utf16_pos(text, p));
    match fail {
        Fail::Token(p) => token_message(text, p),
        Fail::ExpectedPropNameOrRBrace(p) => at("Expected property name or '}'", p),
        Fail::ExpectedDoubleQuotedPropName(p) => at("Expected double-quoted property name", p),
        Fail::ExpectedColon(p) => at("Expected ':' after property name", p),
        Fail::ExpectedCommaOrRBrace(p) => at("Expected ',' or '}' after property value", p),
        Fail::ExpectedCommaOrRBrack(p) => at("Expected ',' or ']' after array element", p),
        Fail::UnterminatedString(p) => at("Unterminated string", p),
        Fail::BadControl(p) => at("Bad control character in string literal", p),
        Fail::BadEscape(p) => at("Bad escaped character", p),
        Fail::BadUnicodeEscape(p) => at("Bad Unicode escape", p),
        Fail::NoNumberAfterMinus(p) => at("No number after minus sign", p),
        Fail::UnterminatedFraction(p) => at("Unterminated fractional number", p),
        Fail::ExponentMissing(p) => at("Exponent part is missing a number", p),
        Fail::NonWhitespaceAfter(p) => {
            format!(
                "Unexpected non-whitespace character after JSON at position {}",
                utf16_pos(text, p)
            )
        }
    }
}

/// V8's `LookUpErrorMessageForJsonToken`: by the class of the character at `p`.
fn token_message(text: &str, p: usize) -> String {
    let Some(&c) = text.as_bytes().get(p) else {
        return "Unexpected end of JSON input".to_string();
    };
    let pos = utf16_pos(text, p);
    match c {
        b'"' => return format!("Unexpected string in JSON at position {pos}"),
        b'-' | b'0'..=b'9' => return format!("Unexpected number in JSON at position {pos}"),
        _ => {}
    }
    if matches!(text, "NaN" | "Infinity" | "undefined" | "[object Object]") {
        return format!("\"{text}\" is not valid JSON");
    }
    // Context: the whole source when short, else ten code units either side.
    const CONTEXT: usize = 10;
    let units: Vec<u16> = text.encode_utf16().collect();
    let n = units.len();
    let ch = String::from_utf16_lossy(units.get(pos..pos + 1).unwrap_or(&[]));
    let slice =
        |a: usize, b: usize| String::from_utf16_lossy(units.get(a..b.min(n)).unwrap_or(&[]));
    let context = if n <= CONTEXT * 2 {
        format!("\"{text}\"")
    } else if pos < CONTEXT {
        format!("\"{}\"...", slice(0, pos + CONTEXT))
    } else if pos < n - CONTEXT {
        format!("...\"{}\"...", slice(pos - CONTEXT, pos + CONTEXT))
    } else {
        format!("...\"{}\"", slice(pos - CONTEXT, n))
    };
    format!("Unexpected token '{ch}', {context} is not valid JSON")
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)]
    use super::*;

    #[test]
    fn scans_nested_values() {
        let d = scan(r#"[{"a":1,"b":[true,null]},-1,"x\n",1.5,-0]"#).unwrap();
        let RawVal::Arr { start, len } = d.get(d.root) else {
            panic!()
        };
        assert_eq!(len, 5);
        assert_eq!(d.get(d.elem(start, len, 1)), RawVal::Num(-1.0));
        assert!(matches!(d.get(d.elem(start, len, 3)), RawVal::Num(x) if x == 1.5));
        let RawVal::Num(z) = d.get(d.elem(start, len, 4)) else {
            panic!()
        };
        assert!(z == 0.0 && z.is_sign_negative());
        assert_eq!(d.elem(start, len, 9), UNDEF);
    }

    #[test]
    fn messages_match_v8() {
        let m = |t: &str| scan(t).unwrap_err();
        assert_eq!(m(""), "Unexpected end of JSON input");
        assert_eq!(
            m("[1,]"),
            "Unexpected token ']', \"[1,]\" is not valid JSON"
        );
        assert_eq!(m("[01]"), "Unexpected number in JSON at position 2");
        assert_eq!(
            m("{\"a\" 1}"),
            "Expected ':' after property name in JSON at position 5"
        );
        assert_eq!(m("NaN"), "\"NaN\" is not valid JSON");
        assert_eq!(
            m("[1,2,3,4,5,6,7,8,9,10,11,x]"),
            "Unexpected token 'x', ...\"8,9,10,11,x]\" is not valid JSON"
        );
    }
}
