//! Unsharp mask on RGBA8, alpha-aware, streaming over rows (used by [`super::enhance_rgba`]).

/// Blur kernel of the mask, applied horizontally then vertically: binomial 1-4-6-4-1 (sum 16), a
/// Gaussian of σ ≈ 1 pixel.
pub const SHARPEN_KERNEL: [u32; 5] = [1, 4, 6, 4, 1];
/// How much of the difference to the blurred image is added back: `out = c + 0.5 × (c − blur)`.
pub const SHARPEN_AMOUNT: f32 = 0.5;
/// Differences below this many levels (of 255) are left alone, so flat areas and noise are not
/// amplified.
pub const SHARPEN_THRESHOLD: f32 = 2.0;

/// Sharpens the colour channels of an RGBA8 buffer in place; alpha is unchanged.
///
/// The blur is weighted by alpha (a premultiplied blur divided back), so transparent neighbours do
/// not count and leave no dark or light halo at transparent edges; on opaque images this is the
/// plain blur. Fully transparent pixels are left as they are. Memory: five rows of sums, not a
/// second image. A buffer whose length is not `width × height × 4` is left untouched.
pub(crate) fn unsharp_mask(pixels: &mut [u8], width: usize, height: usize) {
    let stride = width.saturating_mul(4);
    if width == 0 || height == 0 || Some(pixels.len()) != stride.checked_mul(height) {
        return;
    }
    let taps = SHARPEN_KERNEL.len();
    let half = taps / 2;
    let mut ring: Vec<Vec<u32>> = (0..taps).map(|_| vec![0_u32; stride]).collect();
    // Rows [0, blurred) have their horizontal sums in `ring[row % taps]`. Row y + 2 is summed before
    // row y is rewritten, and rows below y are never rewritten before they are summed, so the sums
    // always come from the original pixels.
    let mut blurred = 0;
    for y in 0..height {
        let need = (y + half).min(height - 1);
        while blurred <= need {
            let start = blurred * stride;
            if let (Some(src), Some(slot)) = (
                pixels.get(start..start + stride),
                ring.get_mut(blurred % taps),
            ) {
                horizontal_sums(src, slot, width);
            }
            blurred += 1;
        }
        let rows: Vec<&[u32]> = (0..taps)
            .map(|k| {
                let r = (y + k).saturating_sub(half).min(height - 1);
                ring.get(r % taps).map_or(&[][..], Vec::as_slice)
            })
            .collect();
        let start = y * stride;
        if let Some(row) = pixels.get_mut(start..start + stride) {
            sharpen_row(row, &rows);
        }
    }
}

/// Per pixel: the kernel-weighted sums of `r·a, g·a, b·a, a` over the horizontal neighbours
/// (edges repeat the border pixel).
fn horizontal_sums(src: &[u8], dst: &mut [u32], width: usize) {
    let half = SHARPEN_KERNEL.len() / 2;
    for (x, out) in dst.chunks_exact_mut(4).enumerate() {
        let mut acc = [0_u32; 4];
        for (k, weight) in SHARPEN_KERNEL.iter().enumerate() {
            let xi = (x + k).saturating_sub(half).min(width - 1) * 4;
            if let Some(&[r, g, b, a]) = src.get(xi..xi + 4) {
                let wa = u32::from(a) * weight;
                acc[0] += u32::from(r) * wa;
                acc[1] += u32::from(g) * wa;
                acc[2] += u32::from(b) * wa;
                acc[3] += wa;
            }
        }
        out.copy_from_slice(&acc);
    }
}

/// Vertical pass over the five rows of sums, then the unsharp step on one pixel row.
fn sharpen_row(row: &mut [u8], rows: &[&[u32]]) {
    for (x, px) in row.chunks_exact_mut(4).enumerate() {
        let mut sum = [0_u32; 4];
        for (weight, sums) in SHARPEN_KERNEL.iter().zip(rows) {
            if let Some(&[r, g, b, a]) = sums.get(x * 4..x * 4 + 4) {
                sum[0] += r * weight;
                sum[1] += g * weight;
                sum[2] += b * weight;
                sum[3] += a * weight;
            }
        }
        let [r, g, b, a] = px else { continue };
        if *a == 0 || sum[3] == 0 {
            continue;
        }
        // Precision: sums reach 255 · 255 · 256 < 2^24, exact in f32.
        let total = sum[3] as f32;
        for (c, s) in [r, g, b].into_iter().zip(sum) {
            let value = f32::from(*c);
            let diff = value - s as f32 / total;
            if diff.abs() >= SHARPEN_THRESHOLD {
                // Clamped to 0..=255 before the cast, so it cannot wrap.
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                let sharpened = (value + SHARPEN_AMOUNT * diff).round().clamp(0.0, 255.0) as u8;
                *c = sharpened;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flat_image_is_unchanged_and_edges_gain_contrast() {
        let mut flat = [90_u8, 120, 200, 255].repeat(6 * 5);
        let before = flat.clone();
        unsharp_mask(&mut flat, 6, 5);
        assert_eq!(flat, before);

        // A vertical edge: dark left half, light right half.
        let mut edge = Vec::new();
        for _y in 0..4 {
            for x in 0..8 {
                let v = if x < 4 { 60 } else { 180 };
                edge.extend_from_slice(&[v, v, v, 255]);
            }
        }
        unsharp_mask(&mut edge, 8, 4);
        let px = |x: usize| edge.get(32 + x * 4 + 1).copied().unwrap_or(0); // row 1, green
        assert!(px(3) < 60, "dark side gets darker at the edge: {}", px(3));
        assert!(
            px(4) > 180,
            "light side gets lighter at the edge: {}",
            px(4)
        );
        assert_eq!(px(0), 60);
        assert_eq!(px(7), 180);
    }

    #[test]
    fn transparent_neighbours_do_not_darken() {
        // Opaque red next to transparent black: the red must stay pure red.
        let mut img = Vec::new();
        for _y in 0..3 {
            for x in 0..6 {
                img.extend_from_slice(if x < 3 {
                    &[255, 0, 0, 255]
                } else {
                    &[0, 0, 0, 0]
                });
            }
        }
        let before = img.clone();
        unsharp_mask(&mut img, 6, 3);
        assert_eq!(img, before);
    }
}
