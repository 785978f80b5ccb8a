//! JavaScript's own-property order for the objects and sparse arrays a payload builds:
//! array-index keys first in ascending order, then the other keys in the order they were
//! first set; setting a key again keeps its place and replaces its value.

use super::hydrate::Engine;
use super::model::Span;

/// The index a canonical array-index key stands for ("0" to "4294967294", no leading zero).
pub(crate) fn array_index(s: &str) -> Option<u32> {
    let b = s.as_bytes();
    let first = *b.first()?;
    if !first.is_ascii_digit() || b.len() > 10 || (first == b'0' && b.len() > 1) {
        return None;
    }
    if !b.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let n: u64 = s.parse().ok()?;
    (n < 4_294_967_295).then_some(n as u32)
}

/// Reorders (key, value) pairs in place: repeats merged, index keys first.
fn normalize_pairs(pairs: &mut Vec<u32>, index_of: impl Fn(u32) -> Option<u32>) {
    let mut merged: Vec<(u32, u32, Option<u32>)> = Vec::with_capacity(pairs.len() / 2);
    let mut seen: std::collections::HashMap<u32, usize> = std::collections::HashMap::new();
    for pair in pairs.chunks_exact(2) {
        let (k, v) = (
            pair.first().copied().unwrap_or(0),
            pair.get(1).copied().unwrap_or(0),
        );
        match seen.get(&k) {
            Some(&at) => {
                if let Some(m) = merged.get_mut(at) {
                    m.1 = v;
                }
            }
            None => {
                seen.insert(k, merged.len());
                merged.push((k, v, index_of(k)));
            }
        }
    }
    // Stable: index keys by value, then the others in insertion order.
    merged.sort_by_key(|m| match m.2 {
        Some(ix) => (0u8, ix),
        None => (1u8, 0),
    });
    pairs.clear();
    for (k, v, _) in merged {
        pairs.push(k);
        pairs.push(v);
    }
}

/// Orders the (key string id, raw ref) pairs of `engine.order[from..]`.
pub(crate) fn normalize_order(engine: &mut Engine<'_, '_>, from: usize) {
    let end = engine.order_len();
    if end <= from + 2 || !engine.needs_reorder(true, from, end) {
        return;
    }
    let mut pairs = engine.order_split_off(from);
    normalize_pairs(&mut pairs, |k| engine.strs.index_of_key(k));
    engine.order_extend(&pairs);
}

/// Orders the (key string id, node id) pairs of a span at the end of `engine.edges`.
pub(crate) fn normalize_entries(engine: &mut Engine<'_, '_>, span: Span) -> Span {
    let range = span.range();
    if span.len <= 2 || !engine.needs_reorder(false, range.start, range.end) {
        return span;
    }
    let mut pairs = engine.edges.split_off(span.start as usize);
    normalize_pairs(&mut pairs, |k| engine.strs.index_of_key(k));
    engine.edges.extend_from_slice(&pairs);
    Span {
        start: span.start,
        len: pairs.len() as u32,
    }
}

/// Sorts the (index, node id) pairs of a span at the end of `edges`; a repeated index keeps
/// the value set last.
pub(crate) fn normalize_sparse(edges: &mut Vec<u32>, span: Span) -> Span {
    let pairs = edges.get(span.range()).unwrap_or(&[]);
    let increasing = pairs
        .chunks_exact(2)
        .map(|p| p.first().copied().unwrap_or(0))
        .collect::<Vec<_>>();
    if increasing.windows(2).all(|w| w.first() < w.get(1)) {
        return span;
    }
    let mut list: Vec<(u32, u32)> = pairs
        .chunks_exact(2)
        .map(|p| {
            (
                p.first().copied().unwrap_or(0),
                p.get(1).copied().unwrap_or(0),
            )
        })
        .collect();
    list.sort_by_key(|p| p.0);
    let mut out: Vec<(u32, u32)> = Vec::with_capacity(list.len());
    for p in list {
        match out.last_mut() {
            Some(last) if last.0 == p.0 => last.1 = p.1,
            _ => out.push(p),
        }
    }
    edges.truncate(span.start as usize);
    for (i, v) in &out {
        edges.push(*i);
        edges.push(*v);
    }
    Span {
        start: span.start,
        len: (out.len() * 2) as u32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_keys() {
        assert_eq!(array_index("0"), Some(0));
        assert_eq!(array_index("4294967294"), Some(4_294_967_294));
        assert_eq!(array_index("4294967295"), None);
        assert_eq!(array_index("01"), None);
        assert_eq!(array_index("-1"), None);
        assert_eq!(array_index("1.0"), None);
        assert_eq!(array_index(""), None);
    }

    #[test]
    fn pairs_like_javascript() {
        // keys 10 "b", 11 "2", 12 "a", 13 "1"; "b" set twice.
        let mut p = vec![10, 1, 11, 2, 12, 3, 13, 4, 10, 5];
        normalize_pairs(&mut p, |k| match k {
            11 => Some(2),
            13 => Some(1),
            _ => None,
        });
        assert_eq!(p, vec![13, 4, 11, 2, 10, 5, 12, 3]);
        let mut e = vec![7, 7, 3, 1, 1, 2, 3, 9];
        let s = normalize_sparse(&mut e, Span { start: 2, len: 6 });
        assert_eq!((s.len, &e[..]), (4, &[7, 7, 1, 2, 3, 9][..]));
    }
}
