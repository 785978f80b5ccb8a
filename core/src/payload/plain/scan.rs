//! The plain path's single pass: devalue's top-level array, entry by entry, into the tape.
//!
//! It accepts a subset of JSON's grammar (no whitespace, no nesting below an entry) and gives up
//! on anything else, so it never has to produce an error of its own.

use super::shapes::{Key, Shapes};
use super::{PLAIN_CONSTANTS, PLAIN_HOLE, PlainPayload};
use crate::payload::date::{DateText, parse_date_text};
use crate::payload::json::{HIGH, skip_plain};
use crate::payload::strings::utf16_len;

/// A string in the text: byte and UTF-16 ranges of its content.
#[derive(Debug, Clone, Copy)]
struct Str {
    start: usize,
    end: usize,
    u16_start: usize,
    u16_end: usize,
    escaped: bool,
}

struct Scan<'a> {
    text: &'a str,
    b: &'a [u8],
    pos: usize,
    /// Bytes minus UTF-16 units before `pos` (only strings hold non-ASCII text).
    adjust: usize,
    shapes: Shapes<'a>,
    out: PlainPayload,
    /// The largest node id referenced (checked against the count at the end).
    max_ref: u32,
    /// Whether `["Date", text]` is decoded here (no reviver for `Date`).
    dates: bool,
}

pub(super) fn scan(text: &str, dates: bool) -> Option<PlainPayload> {
    let b = text.as_bytes();
    if b.first() != Some(&b'[') || b.len() >= 0x8000_0000 {
        return None;
    }
    // Room for a typical object-heavy payload, so the vectors rarely grow (copy).
    let out = PlainPayload {
        ops: Vec::with_capacity(b.len() / 12),
        fill: Vec::with_capacity(b.len() / 24),
        edges: Vec::with_capacity(b.len() / 6),
        nums: Vec::with_capacity(b.len() / 64),
        ..PlainPayload::default()
    };
    let mut s = Scan {
        text,
        b,
        pos: 1,
        adjust: 0,
        shapes: Shapes::new(b),
        out,
        max_ref: 0,
        dates,
    };
    let mut id = PLAIN_CONSTANTS;
    loop {
        s.entry(id)?;
        id = id.checked_add(1)?;
        match s.byte()? {
            b',' => s.pos += 1,
            b']' => break,
            _ => return None,
        }
    }
    if s.pos + 1 != b.len() || s.max_ref >= id {
        return None;
    }
    s.out.count = id - PLAIN_CONSTANTS;
    s.out.shapes = s.shapes.table();
    Some(s.out)
}

impl Scan<'_> {
    fn byte(&self) -> Option<u8> {
        self.b.get(self.pos).copied()
    }

    fn entry(&mut self, id: u32) -> Option<()> {
        match self.byte()? {
            b'{' => self.object(id),
            b'[' => self.array(id),
            b'"' => {
                let s = self.string()?;
                if s.escaped {
                    let from = self.out.unescaped.len() as u32;
                    unescape(self.text.get(s.start..s.end)?, &mut self.out.unescaped)?;
                    let to = self.out.unescaped.len() as u32;
                    self.out.ops.extend_from_slice(&[6, from, to]);
                } else {
                    self.out
                        .ops
                        .extend_from_slice(&[5, s.u16_start as u32, s.u16_end as u32]);
                }
                Some(())
            }
            b'n' => self.word(b"null", 0),
            b'f' => self.word(b"false", 1),
            b't' => self.word(b"true", 2),
            b'-' | b'0'..=b'9' => self.number(),
            _ => None,
        }
    }

    fn word(&mut self, word: &[u8], op: u32) -> Option<()> {
        if self.b.get(self.pos..self.pos + word.len()) != Some(word) {
            return None;
        }
        self.pos += word.len();
        self.out.ops.push(op);
        Some(())
    }

    /// An object of index references.
    fn object(&mut self, id: u32) -> Option<()> {
        self.pos += 1;
        if self.byte()? == b'}' {
            self.pos += 1;
            self.out.ops.extend_from_slice(&[9, 0]);
            return Some(());
        }
        let start = self.out.edges.len();
        let mut shape = 0;
        loop {
            if self.byte()? != b'"' {
                return None;
            }
            shape = self.key(shape)?;
            if self.byte()? != b':' {
                return None;
            }
            self.pos += 1;
            let r = self.reference(false)?;
            self.out.edges.push(r);
            match self.byte()? {
                b',' => self.pos += 1,
                b'}' => break,
                _ => return None,
            }
        }
        self.pos += 1;
        let len = self.out.edges.len() - start;
        self.out.ops.extend_from_slice(&[9, shape]);
        self.out
            .fill
            .extend_from_slice(&[id, 1 + shape, start as u32, len as u32]);
        Some(())
    }

    /// The key at `pos` (its opening quote) after the keys of `shape`: the shape it leads to.
    fn key(&mut self, shape: u32) -> Option<u32> {
        // Most objects repeat the keys of the one before: compare with the usual next key.
        if let Some((child, key, excess)) = self.shapes.usual(shape) {
            let at = self.pos + 1;
            let end = at + key.len();
            if self.b.get(at..end) == Some(key) && self.b.get(end) == Some(&b'"') {
                self.pos = end + 1;
                self.adjust += excess;
                return Some(child);
            }
        }
        let s = self.string()?;
        if s.escaped {
            return None;
        }
        let key = Key {
            start: s.start,
            end: s.end,
            u16_start: s.u16_start,
            u16_end: s.u16_end,
        };
        self.shapes.child(shape, key)
    }

    /// An array of index references, or a `["Date", text]`.
    fn array(&mut self, id: u32) -> Option<()> {
        self.pos += 1;
        match self.byte()? {
            b']' => {
                self.pos += 1;
                self.out.ops.extend_from_slice(&[8, 0]);
                return Some(());
            }
            b'"' => return self.date(),
            _ => {}
        }
        let start = self.out.edges.len();
        loop {
            let r = self.reference(true)?;
            self.out.edges.push(r);
            match self.byte()? {
                b',' => self.pos += 1,
                b']' => break,
                _ => return None,
            }
        }
        self.pos += 1;
        let len = (self.out.edges.len() - start) as u32;
        self.out.ops.extend_from_slice(&[8, len]);
        self.out.fill.extend_from_slice(&[id, 0, start as u32, len]);
        Some(())
    }

    /// `["Date", text]` with a text this crate reads (`parse_date_text`, as the general decoder).
    fn date(&mut self) -> Option<()> {
        if !self.dates {
            return None;
        }
        let name = self.string()?;
        if name.escaped || self.b.get(name.start..name.end) != Some(b"Date") {
            return None;
        }
        if self.b.get(self.pos..self.pos + 2) != Some(b",\"") {
            return None;
        }
        self.pos += 1;
        let s = self.string()?;
        if s.escaped || self.byte()? != b']' {
            return None;
        }
        self.pos += 1;
        let DateText::Time(time) = parse_date_text(self.text.get(s.start..s.end)?) else {
            return None;
        };
        self.out.ops.push(7);
        self.out.nums.push(time);
        Some(())
    }

    /// An index (a node id after the constants) or one of devalue's constants; -2, a hole, only
    /// where `hole` allows. Anything else (a fraction, an exponent, 10 or more digits) gives up.
    fn reference(&mut self, hole: bool) -> Option<u32> {
        let b = self.b;
        let id = match *b.get(self.pos)? {
            b'-' => {
                self.pos += 2;
                match b.get(self.pos - 1)? {
                    b'1' => 0,
                    b'3' => 1,
                    b'4' => 2,
                    b'5' => 3,
                    b'6' => 4,
                    b'2' if hole => PLAIN_HOLE,
                    _ => return None,
                }
            }
            b'0' => {
                self.pos += 1;
                PLAIN_CONSTANTS
            }
            c @ b'1'..=b'9' => {
                let mut n = u32::from(c - b'0');
                let mut p = self.pos + 1;
                while let Some(&d) = b.get(p).filter(|d| d.is_ascii_digit()) {
                    if p - self.pos >= 9 {
                        return None;
                    }
                    n = n * 10 + u32::from(d - b'0');
                    p += 1;
                }
                self.pos = p;
                n + PLAIN_CONSTANTS
            }
            _ => return None,
        };
        // More digits, a fraction or an exponent: another number, or not JSON.
        if matches!(b.get(self.pos), Some(b'.' | b'e' | b'E' | b'0'..=b'9')) {
            return None;
        }
        if id != PLAIN_HOLE && id > self.max_ref {
            self.max_ref = id;
        }
        Some(id)
    }

    /// A number entry, with JSON's grammar, converted as `JSON.parse` converts it.
    fn number(&mut self) -> Option<()> {
        let b = self.b;
        let digits = |mut p: usize| {
            while b.get(p).is_some_and(u8::is_ascii_digit) {
                p += 1;
            }
            p
        };
        let start = self.pos;
        let negative = b.get(start) == Some(&b'-');
        let int_start = start + usize::from(negative);
        let mut p = match b.get(int_start)? {
            b'0' => int_start + 1,
            b'1'..=b'9' => digits(int_start + 1),
            _ => return None,
        };
        let int_end = p;
        let mut plain = !negative;
        if b.get(p) == Some(&b'.') {
            plain = false;
            let from = p + 1;
            p = digits(from);
            if p == from {
                return None;
            }
        }
        if matches!(b.get(p), Some(b'e' | b'E')) {
            plain = false;
            p += 1;
            if matches!(b.get(p), Some(b'+' | b'-')) {
                p += 1;
            }
            let from = p;
            p = digits(from);
            if p == from {
                return None;
            }
        }
        self.pos = p;
        if plain && int_end - int_start <= 9 {
            let n = b
                .get(int_start..int_end)?
                .iter()
                .fold(0u32, |acc, d| acc * 10 + u32::from(d - b'0'));
            if n < (1 << 30) {
                self.out.ops.extend_from_slice(&[3, n]);
                return Some(());
            }
        }
        // The grammar above is a subset of what Rust's float parser accepts, and it rounds
        // correctly, as JSON.parse does.
        let value: f64 = self.text.get(start..p)?.parse().ok()?;
        self.out.ops.push(4);
        self.out.nums.push(value);
        Some(())
    }

    /// The string whose opening quote is at `pos`; leaves `pos` after its closing quote. Escapes
    /// are only skipped here (checked when unescaping); a control character gives up.
    fn string(&mut self) -> Option<Str> {
        let b = self.b;
        let start = self.pos + 1;
        let mut pos = start;
        let mut high = 0u64;
        let mut escaped = false;
        loop {
            // Eight bytes at a time up to the first quote, backslash or control character.
            pos = skip_plain(b, pos, &mut high);
            match *b.get(pos)? {
                b'"' => break,
                b'\\' => {
                    escaped = true;
                    pos += 2;
                }
                0x00..=0x1F => return None,
                c => {
                    high |= u64::from(c) << 56;
                    pos += 1;
                }
            }
        }
        let end = pos;
        self.pos = end + 1;
        let u16_start = start - self.adjust;
        if high & HIGH != 0 {
            let content = self.text.get(start..end)?;
            self.adjust += content.len() - utf16_len(content) as usize;
        }
        Some(Str {
            start,
            end,
            u16_start,
            u16_end: end - self.adjust,
            escaped,
        })
    }
}

/// Appends the UTF-16 units of the JSON string content `s` (escapes decoded, a lone surrogate
/// kept as it is, as in JavaScript); `None` on an invalid escape.
fn unescape(s: &str, out: &mut Vec<u16>) -> Option<()> {
    let b = s.as_bytes();
    let mut plain = 0;
    let mut i = 0;
    while i < b.len() {
        if b.get(i) != Some(&b'\\') {
            i += 1;
            continue;
        }
        out.extend(s.get(plain..i)?.encode_utf16());
        let unit = match b.get(i + 1)? {
            b'"' => 0x22,
            b'\\' => 0x5C,
            b'/' => 0x2F,
            b'b' => 0x08,
            b'f' => 0x0C,
            b'n' => 0x0A,
            b'r' => 0x0D,
            b't' => 0x09,
            b'u' => {
                let mut u = 0u16;
                for h in b.get(i + 2..i + 6)? {
                    u = (u << 4) | char::from(*h).to_digit(16)? as u16;
                }
                i += 4;
                u
            }
            _ => return None,
        };
        out.push(unit);
        i += 2;
        plain = i;
    }
    out.extend(s.get(plain..)?.encode_utf16());
    Some(())
}
