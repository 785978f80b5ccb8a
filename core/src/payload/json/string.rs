//! Strings: their byte and UTF-16 ranges, and the few with escapes unescaped into the blob.

use super::*;

impl Scanner<'_> {
    /// Scans a string starting at its opening quote; returns its token id. Escaped strings are
    /// unescaped into the blob on the way.
    pub(super) fn string(&mut self) -> Result<u32, Fail> {
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
            pos = skip_plain(b, pos, &mut high);
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

pub(crate) const LOW: u64 = 0x0101_0101_0101_0101;
pub(crate) const HIGH: u64 = 0x8080_8080_8080_8080;

/// Advances from `pos` over the bytes of a string that need no attention (no quote, backslash or
/// control character), eight at a time, OR-ing them into `high` (its [`HIGH`] bits then say
/// whether any was non-ASCII). Stops at the first special byte, or where fewer than eight bytes
/// are left; answers the position reached.
#[inline]
pub(crate) fn skip_plain(b: &[u8], mut pos: usize, high: &mut u64) -> usize {
    while let Some(chunk) = b.get(pos..pos + 8) {
        let mut w = [0u8; 8];
        w.copy_from_slice(chunk);
        let w = u64::from_le_bytes(w);
        let m = special_mask(w);
        if m == 0 {
            *high |= w;
            pos += 8;
            continue;
        }
        let k = (m.trailing_zeros() / 8) as usize;
        if k > 0 {
            *high |= w & ((1u64 << (8 * k)) - 1);
            pos += k;
        }
        break;
    }
    pos
}

/// High bits marking bytes that are `"`, `\\` or below 0x20; the lowest mark is exact (marks
/// above a true one may be spurious), which is all the scanner uses.
pub(crate) fn special_mask(w: u64) -> u64 {
    let zero = |x: u64| x.wrapping_sub(LOW) & !x & HIGH;
    let control = w.wrapping_sub(LOW * 0x20) & !w & HIGH;
    control | zero(w ^ (LOW * u64::from(b'"'))) | zero(w ^ (LOW * u64::from(b'\\')))
}
