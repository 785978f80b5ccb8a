//! `ArrayBuffer` contents (base64) and the bounds checks of typed arrays and DataViews.

use super::model::ViewKind;
use super::number::js_number_to_string;

fn sextet(c: u8) -> Option<u32> {
    match c {
        b'A'..=b'Z' => Some(u32::from(c - b'A')),
        b'a'..=b'z' => Some(u32::from(c - b'a') + 26),
        b'0'..=b'9' => Some(u32::from(c - b'0') + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

fn is_b64_space(c: u8) -> bool {
    matches!(c, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}

/// Decodes base64 into `out` as `Uint8Array.fromBase64(text)` does (devalue's decoder on
/// current browsers): standard alphabet, ASCII whitespace ignored, padding optional but
/// correct when present. Returns false when it would throw.
pub(crate) fn decode_base64(text: &str, out: &mut Vec<u8>) -> bool {
    let mut acc = 0u32;
    let mut n = 0; // sextets in the current chunk
    let mut bytes = text.bytes();
    while let Some(c) = bytes.next() {
        if is_b64_space(c) {
            continue;
        }
        if c == b'=' {
            // Padding: a chunk of 2 needs "==", a chunk of 3 needs "=".
            match n {
                2 => {
                    if bytes.by_ref().find(|c| !is_b64_space(*c)) != Some(b'=') {
                        return false;
                    }
                    out.push((acc >> 4) as u8);
                }
                3 => {
                    out.push((acc >> 10) as u8);
                    out.push((acc >> 2) as u8);
                }
                _ => return false,
            }
            return bytes.all(is_b64_space);
        }
        let Some(v) = sextet(c) else { return false };
        acc = (acc << 6) | v;
        n += 1;
        if n == 4 {
            out.push((acc >> 16) as u8);
            out.push((acc >> 8) as u8);
            out.push(acc as u8);
            acc = 0;
            n = 0;
        }
    }
    match n {
        0 => true,
        2 => {
            out.push((acc >> 4) as u8);
            true
        }
        3 => {
            out.push((acc >> 10) as u8);
            out.push((acc >> 2) as u8);
            true
        }
        _ => false,
    }
}

/// Standard padded base64 (what devalue's `stringify` writes).
pub(crate) fn encode_base64(bytes: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let ch = |i: u32| char::from(A.get((i & 63) as usize).copied().unwrap_or(b'A'));
    let mut s = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = |i: usize| u32::from(chunk.get(i).copied().unwrap_or(0));
        let v = (b(0) << 16) | (b(1) << 8) | b(2);
        s.push(ch(v >> 18));
        s.push(ch(v >> 12));
        s.push(if chunk.len() > 1 { ch(v >> 6) } else { '=' });
        s.push(if chunk.len() > 2 { ch(v) } else { '=' });
    }
    s
}

/// A view argument after JavaScript's `ToIndex` input: absent, or a number.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum IndexArg {
    Absent,
    Num(f64),
}

/// `ToIntegerOrInfinity`.
fn to_integer(x: f64) -> f64 {
    if x.is_nan() { 0.0 } else { x.trunc() + 0.0 }
}

/// Checks `new Kind(buffer, byteOffset, length)` (or `new Kind(buffer)` when the offset is
/// absent) for a buffer of `buffer_len` bytes, returning (byte offset, length in elements,
/// or bytes for a DataView) or V8's RangeError message.
pub(crate) fn check_view(
    kind: ViewKind,
    buffer_len: u32,
    offset: IndexArg,
    length: IndexArg,
) -> Result<(u32, u32), String> {
    let size = kind.element_size();
    let name = kind.name();
    let blen = f64::from(buffer_len);
    let raw_off = match offset {
        IndexArg::Absent => 0.0,
        IndexArg::Num(x) => x,
    };
    let off = to_integer(raw_off);
    // V8 names the argument as given for typed arrays, truncated for a DataView.
    let dv = kind == ViewKind::DataView;
    let shown = |raw: f64, int: f64| js_number_to_string(if dv { int } else { raw });
    let outside = || {
        format!(
            "Start offset {} is outside the bounds of the buffer",
            shown(raw_off, off)
        )
    };
    if !(0.0..=9_007_199_254_740_991.0).contains(&off) {
        return Err(outside());
    }
    if dv {
        if off > blen {
            return Err(outside());
        }
        let len = match length {
            IndexArg::Absent => blen - off,
            IndexArg::Num(x) => {
                let l = to_integer(x);
                if !(0.0..=9_007_199_254_740_991.0).contains(&l) || off + l > blen {
                    return Err(format!("Invalid DataView length {}", shown(x, l)));
                }
                l
            }
        };
        return Ok((off as u32, len as u32));
    }
    if off % f64::from(size) != 0.0 {
        return Err(format!(
            "start offset of {name} should be a multiple of {size}"
        ));
    }
    match length {
        IndexArg::Absent => {
            if !buffer_len.is_multiple_of(size) {
                return Err(format!(
                    "byte length of {name} should be a multiple of {size}"
                ));
            }
            if off > blen {
                return Err(outside());
            }
            Ok((off as u32, ((blen - off) / f64::from(size)) as u32))
        }
        IndexArg::Num(x) => {
            let l = to_integer(x);
            if !(0.0..=9_007_199_254_740_991.0).contains(&l) || off + l * f64::from(size) > blen {
                return Err(format!("Invalid typed array length: {}", shown(x, l)));
            }
            Ok((off as u32, l as u32))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dec(s: &str) -> Option<Vec<u8>> {
        let mut v = Vec::new();
        decode_base64(s, &mut v).then_some(v)
    }

    #[test]
    fn base64_like_from_base64() {
        assert_eq!(dec("AQID").unwrap_or_default(), vec![1, 2, 3]);
        assert_eq!(dec("AQI=").unwrap_or_default(), vec![1, 2]);
        assert_eq!(dec("AQI").unwrap_or_default(), vec![1, 2]);
        assert_eq!(dec("AQ==").unwrap_or_default(), vec![1]);
        assert_eq!(dec(" A Q = = ").unwrap_or_default(), vec![1]);
        assert_eq!(dec(""), Some(vec![]));
        assert_eq!(dec("A"), None);
        assert_eq!(dec("AQ="), None);
        assert_eq!(dec("AQ==A"), None);
        assert_eq!(dec("!!!"), None);
        assert_eq!(encode_base64(&[1, 2]), "AQI=");
    }

    #[test]
    fn view_bounds_like_v8() {
        let n = IndexArg::Num;
        assert_eq!(
            check_view(ViewKind::Int16Array, 3, IndexArg::Absent, IndexArg::Absent).unwrap_err(),
            "byte length of Int16Array should be a multiple of 2"
        );
        assert_eq!(
            check_view(ViewKind::Uint8Array, 3, n(5.0), IndexArg::Absent).unwrap_err(),
            "Start offset 5 is outside the bounds of the buffer"
        );
        assert_eq!(
            check_view(ViewKind::Uint8Array, 3, n(1.0), n(10.0)).unwrap_err(),
            "Invalid typed array length: 10"
        );
        assert_eq!(
            check_view(ViewKind::DataView, 3, n(0.0), n(10.0)).unwrap_err(),
            "Invalid DataView length 10"
        );
        assert_eq!(
            check_view(ViewKind::Int32Array, 8, n(4.0), IndexArg::Absent),
            Ok((4, 1))
        );
    }
}
