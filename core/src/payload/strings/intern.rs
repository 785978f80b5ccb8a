//! The key interner's table: open addressing on a fast hash of the key's first 16 bytes.

use super::*;

pub(super) fn place(slots: &mut [Slot], hash: u64, slot: Slot) {
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
pub(super) struct Slot {
    pub(super) tag: u32,
    pub(super) id1: u32,
    pub(super) len: u32,
    pub(super) words: [u64; 2],
}

impl Slot {
    pub(super) fn new(hash: u64, id1: u32, content: Content<'_>) -> Slot {
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
pub(super) fn load(b: &[u8]) -> u64 {
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
pub(super) fn words(b: &[u8]) -> [u64; 2] {
    [load(b), load(b.get(8..).unwrap_or(&[]))]
}

/// The interner's hash of a text: from its length and first 16 bytes when that is all of it.
pub(super) fn str_hash(s: &str) -> u64 {
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
pub(super) struct Interner {
    pub(super) slots: Vec<Slot>,
    pub(super) len: usize,
    pub(super) index_keys: std::collections::HashMap<u32, u32>,
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

pub(super) fn hash_wide(units: &[u16]) -> u64 {
    let bytes: Vec<u8> = units.iter().flat_map(|u| u.to_le_bytes()).collect();
    hash_bytes(&bytes, 0x9e37_79b9)
}
