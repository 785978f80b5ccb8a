//! The geometry of a run: the network's answer size within core's image limits, the input
//! brought down to the maximum side, and the overlapping windows a picture runs in.

use crate::ModelError;
use crate::pixels::resize_rgba;
use fast_image_resize::FilterType;

/// The size of the network's answer, refused beyond core's image limits.
pub(super) fn network_size(w: u32, h: u32) -> Result<(u32, u32), ModelError> {
    use aivg_core::imaging::{ImagingError, MAX_PIXELS, MAX_SIDE};
    let (bw, bh) = (u64::from(w) * 4, u64::from(h) * 4);
    let too_large = ImagingError::TooLarge {
        width: bw,
        height: bh,
        max_side: MAX_SIDE,
        max_pixels: MAX_PIXELS,
    };
    if bw > u64::from(MAX_SIDE) || bh > u64::from(MAX_SIDE) || bw * bh > MAX_PIXELS {
        return Err(too_large.into());
    }
    match (u32::try_from(bw), u32::try_from(bh)) {
        (Ok(bw), Ok(bh)) => Ok((bw, bh)),
        _ => Err(too_large.into()),
    }
}

/// The picture brought down to a long side of `max_side` (Lanczos3) when above it: its size and
/// the new pixels (`None`: as it was).
#[allow(clippy::type_complexity)]
pub(super) fn fit(
    px: &[u8],
    w: u32,
    h: u32,
    max_side: u32,
) -> Result<(u32, u32, Option<Vec<u8>>), ModelError> {
    let long = w.max(h);
    if long <= max_side {
        return Ok((w, h, None));
    }
    let side = |s: u32| {
        let v = (u64::from(s) * u64::from(max_side) + u64::from(long) / 2) / u64::from(long);
        u32::try_from(v).unwrap_or(max_side).clamp(1, max_side)
    };
    let (sw, sh) = (side(w), side(h));
    Ok((
        sw,
        sh,
        Some(resize_rgba(px, w, h, sw, sh, FilterType::Lanczos3)?),
    ))
}

#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
pub(super) fn to_byte(v: f32) -> u8 {
    (v * 255.0).round().clamp(0.0, 255.0) as u8
}

/// One window along a side: it reads `[start, start + len)` and keeps `[core_start, core_end)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Span {
    pub(super) start: usize,
    pub(super) core_start: usize,
    pub(super) core_end: usize,
}

/// Windows of `tile` (or `n` when shorter) covering `n`: their kept parts partition `0..n`, and
/// each kept part is at least `pad` inside its window except at the picture's edges.
/// `tile` must exceed `2 · pad`.
pub(super) fn spans(n: usize, tile: usize, pad: usize) -> Vec<Span> {
    if n <= tile {
        return vec![Span {
            start: 0,
            core_start: 0,
            core_end: n,
        }];
    }
    let mut out = Vec::new();
    let mut c = 0;
    while c < n {
        let start = c.saturating_sub(pad).min(n - tile);
        let end = start + tile;
        let core_end = if end == n { n } else { (end - pad).max(c + 1) };
        out.push(Span {
            start,
            core_start: c,
            core_end,
        });
        c = core_end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::{DEFAULT_TILE, PAD};
    use super::*;

    #[test]
    fn windows_partition_the_side_and_keep_away_from_their_edges() {
        for (n, tile, pad) in [
            (10, 192, 18),
            (192, 192, 18),
            (193, 192, 18),
            (1000, 192, 18),
            (77, 37, 18),
        ] {
            let s = spans(n, tile, pad);
            let mut next = 0;
            for sp in &s {
                assert_eq!(sp.core_start, next, "{n} {s:?}");
                assert!(sp.core_end > sp.core_start);
                let end = sp.start + tile.min(n);
                assert!(end <= n, "{n} {sp:?}");
                assert!(
                    sp.core_start == 0 || sp.core_start - sp.start >= pad,
                    "{n} {sp:?}"
                );
                assert!(sp.core_end == n || end - sp.core_end >= pad, "{n} {sp:?}");
                next = sp.core_end;
            }
            assert_eq!(next, n);
        }
        assert_eq!(spans(1000, 288, 18).len(), 4);
        assert_eq!(spans(512, DEFAULT_TILE as usize, PAD as usize).len(), 2);
    }

    #[test]
    fn the_answer_stays_within_the_image_limits() {
        assert_eq!(network_size(2048, 2048).unwrap(), (8192, 8192));
        let e = network_size(4096, 4096).unwrap_err();
        assert!(e.to_string().contains("16384x16384"), "{e}");
        assert!(network_size(8193, 1).is_err(), "one side too long");
    }

    #[test]
    fn large_pictures_come_down_to_the_maximum_side() {
        let px = [9u8, 9, 9, 255].repeat(300 * 100);
        let (w, h, small) = fit(&px, 300, 100, 150).unwrap();
        assert_eq!((w, h), (150, 50));
        assert_eq!(small.unwrap().len(), 150 * 50 * 4);
        assert!(fit(&px, 300, 100, 300).unwrap().2.is_none());
    }
}
