//! Numbers: JSON's number grammar, converted as `JSON.parse` converts them.

use super::*;

impl Scanner<'_> {
    pub(super) fn number(&mut self) -> Result<RawRef, Fail> {
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
}
