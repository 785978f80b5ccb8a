//! `new Date(value)` for the values devalue passes it, and `Date#toISOString`.
//!
//! Text in the ECMAScript date-time format with `Z` or an offset, or date-only (both UTC),
//! is decided here exactly as V8 does; text in any other form (local time without an offset,
//! or a legacy format V8 also accepts) is left to the JavaScript side's own `new Date(text)`,
//! because its meaning depends on the browser's time zone and engine.

/// The outcome of reading a date text.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum DateText {
    /// The time value (NaN for an invalid date).
    Time(f64),
    /// Only the JavaScript engine can say (see the module docs).
    Undecided,
}

/// ECMAScript `TimeClip`: NaN outside ±8.64e15 ms, else truncated to an integer.
pub(crate) fn time_clip(t: f64) -> f64 {
    if !t.is_finite() || t.abs() > 8.64e15 {
        f64::NAN
    } else {
        t.trunc() + 0.0
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (day may overflow its month).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = if y >= 0 { y } else { y - 399 } / 400;
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = if z >= 0 { z } else { z - 146_096 } / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { y + 1 } else { y }, m, d)
}

struct Cursor<'a> {
    b: &'a [u8],
    i: usize,
}

impl Cursor<'_> {
    fn digits(&mut self, n: usize) -> Option<i64> {
        let part = self.b.get(self.i..self.i + n)?;
        if !part.iter().all(u8::is_ascii_digit) {
            return None;
        }
        self.i += n;
        Some(part.iter().fold(0i64, |a, d| a * 10 + i64::from(d - b'0')))
    }

    fn eat(&mut self, c: u8) -> bool {
        if self.b.get(self.i) == Some(&c) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn done(&self) -> bool {
        self.i >= self.b.len()
    }
}

/// `new Date(text)` (see the module docs for what is left undecided).
pub(crate) fn parse_date_text(s: &str) -> DateText {
    if s.is_empty() {
        return DateText::Time(f64::NAN);
    }
    if let Some(t) = parse_iso_fast(s.as_bytes()) {
        return DateText::Time(t);
    }
    match parse_iso(s) {
        Some(Some(t)) => DateText::Time(t),
        Some(None) => DateText::Time(f64::NAN),
        None => DateText::Undecided,
    }
}

/// `YYYY-MM-DDTHH:mm:ss.sssZ`, what `toISOString` writes for years 0 to 9999 (nearly every
/// date of a payload), without the general parser; None for anything else.
fn parse_iso_fast(b: &[u8]) -> Option<f64> {
    if b.len() != 24 {
        return None;
    }
    let sep = |i: usize, c: u8| b.get(i) == Some(&c);
    if !(sep(4, b'-')
        && sep(7, b'-')
        && sep(10, b'T')
        && sep(13, b':')
        && sep(16, b':')
        && sep(19, b'.')
        && sep(23, b'Z'))
    {
        return None;
    }
    let num = |from: usize, n: usize| -> Option<i64> {
        b.get(from..from + n)?.iter().try_fold(0i64, |a, d| {
            d.is_ascii_digit().then(|| a * 10 + i64::from(d - b'0'))
        })
    };
    let (y, mo, d) = (num(0, 4)?, num(5, 2)?, num(8, 2)?);
    let (h, mi, sec, ms) = (num(11, 2)?, num(14, 2)?, num(17, 2)?, num(20, 3)?);
    if !(1..=12).contains(&mo) || !(1..=31).contains(&d) || h > 23 || mi > 59 || sec > 59 {
        return None; // the general parser decides (24:00, invalid dates)
    }
    let days = days_from_civil(y, mo, d);
    Some(days as f64 * 86_400_000.0 + (((h * 60 + mi) * 60 + sec) * 1000 + ms) as f64)
}

/// None: not the strict format (or local time); Some(None): the format, out of range.
#[allow(clippy::option_option)]
fn parse_iso(s: &str) -> Option<Option<f64>> {
    let mut c = Cursor {
        b: s.as_bytes(),
        i: 0,
    };
    let year = if c.eat(b'+') {
        c.digits(6)?
    } else if c.eat(b'-') {
        let y = c.digits(6)?;
        if y == 0 {
            return Some(None);
        }
        -y
    } else {
        c.digits(4)?
    };
    let (mut month, mut day) = (1, 1);
    let (mut h, mut mi, mut sec, mut ms, mut offset) = (0, 0, 0, 0, 0);
    if !c.done() {
        if !c.eat(b'-') {
            return None;
        }
        month = c.digits(2)?;
        if !c.done() {
            if !c.eat(b'-') {
                return None;
            }
            day = c.digits(2)?;
        }
    }
    if !c.done() {
        if !c.eat(b'T') {
            return None;
        }
        h = c.digits(2)?;
        if !c.eat(b':') {
            return None;
        }
        mi = c.digits(2)?;
        if c.eat(b':') {
            sec = c.digits(2)?;
            if c.eat(b'.') {
                let from = c.i;
                while c.b.get(c.i).is_some_and(u8::is_ascii_digit) {
                    c.i += 1;
                }
                let frac = c.b.get(from..c.i)?;
                if frac.is_empty() {
                    return None;
                }
                ms = (0..3).fold(0i64, |a, k| {
                    a * 10 + frac.get(k).map_or(0, |d| i64::from(d - b'0'))
                });
            }
        }
        if c.eat(b'Z') {
        } else if c.b.get(c.i).is_some_and(|x| *x == b'+' || *x == b'-') {
            let negative = c.eat(b'-');
            if !negative {
                c.eat(b'+');
            }
            let oh = c.digits(2)?;
            if !c.eat(b':') {
                return None;
            }
            let om = c.digits(2)?;
            if oh > 23 || om > 59 {
                return Some(None);
            }
            offset = (oh * 60 + om) * 60_000 * if negative { -1 } else { 1 };
        } else {
            return None; // local time: the engine's time zone decides
        }
        if !c.done() {
            return None;
        }
    }
    let in_range = (1..=12).contains(&month)
        && (1..=31).contains(&day)
        && (h < 24 && mi < 60 && sec < 60 || h == 24 && mi == 0 && sec == 0 && ms == 0);
    if !in_range {
        return Some(None);
    }
    let days = days_from_civil(year, month, day);
    let t = days as f64 * 86_400_000.0 + ((h * 60 + mi) * 60 + sec) as f64 * 1000.0 + ms as f64
        - offset as f64;
    let t = time_clip(t);
    Some(if t.is_nan() { None } else { Some(t) })
}

/// `Date#toISOString` for a valid time value (None for NaN).
pub(crate) fn to_iso(t: f64) -> Option<String> {
    if !t.is_finite() {
        return None;
    }
    let t = t as i64;
    let days = t.div_euclid(86_400_000);
    let ms_of_day = t.rem_euclid(86_400_000);
    let (y, m, d) = civil_from_days(days);
    let year = if (0..=9999).contains(&y) {
        format!("{y:04}")
    } else if y < 0 {
        format!("-{:06}", -y)
    } else {
        format!("+{y:06}")
    };
    Some(format!(
        "{year}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{:03}Z",
        ms_of_day / 3_600_000,
        ms_of_day / 60_000 % 60,
        ms_of_day / 1000 % 60,
        ms_of_day % 1000
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iso(s: &str) -> Option<String> {
        match parse_date_text(s) {
            DateText::Time(t) => to_iso(t),
            DateText::Undecided => Some("undecided".into()),
        }
    }

    #[test]
    fn reads_iso_like_v8() {
        assert_eq!(
            iso("2021-02-30").as_deref(),
            Some("2021-03-02T00:00:00.000Z")
        );
        assert_eq!(iso("2020-13-01"), None);
        assert_eq!(
            iso("2020-01-01T24:00:00Z").as_deref(),
            Some("2020-01-02T00:00:00.000Z")
        );
        assert_eq!(
            iso("2020-01-01T00:00:00.123456Z").as_deref(),
            Some("2020-01-01T00:00:00.123Z")
        );
        assert_eq!(
            iso("2020-01-01T00:00:00+05:30").as_deref(),
            Some("2019-12-31T18:30:00.000Z")
        );
        assert_eq!(
            iso("+275760-09-13T00:00:00.000Z").as_deref(),
            Some("+275760-09-13T00:00:00.000Z")
        );
        assert_eq!(iso("+275760-09-13T00:00:00.001Z"), None);
        assert_eq!(
            iso("-271821-04-20T00:00:00.000Z").as_deref(),
            Some("-271821-04-20T00:00:00.000Z")
        );
        assert_eq!(
            iso("-000001-01-01T00:00:00Z").as_deref(),
            Some("-000001-01-01T00:00:00.000Z")
        );
        assert_eq!(iso("-000000-01-01T00:00:00Z"), None);
        assert_eq!(iso("2020-01-01T00:00:00").as_deref(), Some("undecided"));
        assert_eq!(iso(""), None);
        assert_eq!(time_clip(-1.7), -1.0);
    }
}
