//! Lanczos3 resizing with `fast_image_resize` (SIMD on x86, ARM and WebAssembly SIMD128).

use super::limits::{check_rgba, check_size, fit_long_side};
use super::{Image, ImagingError};
use fast_image_resize::images::{TypedImage, TypedImageRef};
use fast_image_resize::pixels::U8x4;
use fast_image_resize::{FilterType, ResizeAlg, ResizeOptions, Resizer};
use std::borrow::Cow;

/// Downscales an RGBA8 image so its long side is `max_side`, keeping the aspect ratio (the short
/// side as in [`fit_long_side`]: rounded, halves up). When no side exceeds `max_side` the input is
/// returned as is: same size, the caller's buffer borrowed, not copied.
///
/// Lanczos3 via `fast_image_resize`. Colours are premultiplied by alpha for the filter and divided
/// back after, so fully transparent pixels (whose colour is often black) do not bleed dark fringes
/// into visible edges. Premultiplying costs about a quarter of the time and changes nothing on a
/// fully opaque image, so the alpha channel is scanned first and it is skipped when every alpha is
/// 255 (docs/behaviour/uploads.md#image-crop downscale rule; DESIGN.md measurements).
/// Premultiplying in 8 bits can move the colour of partly transparent pixels by a level (more at
/// very low alpha, where the colour is barely visible); opaque pixels are exact.
///
/// Errors: `max_side` 0, an empty or oversized image, a buffer that is not `width × height × 4`.
pub fn downscale_rgba(
    pixels: &[u8],
    width: u32,
    height: u32,
    max_side: u32,
) -> Result<Image<'_>, ImagingError> {
    if max_side == 0 {
        return Err(ImagingError::InvalidMaxSide);
    }
    check_rgba(pixels, width, height)?;
    let (target_w, target_h) = fit_long_side(width, height, max_side);
    if (target_w, target_h) == (width, height) {
        return Ok(Image {
            pixels: Cow::Borrowed(pixels),
            width,
            height,
        });
    }
    let out = resize_lanczos3(pixels, width, height, target_w, target_h)?;
    Ok(Image {
        pixels: Cow::Owned(out),
        width: target_w,
        height: target_h,
    })
}

/// Whether every alpha byte of an RGBA8 buffer is 255 (a trailing partial pixel is ignored).
///
/// Scans in blocks with an AND-reduction the compiler vectorises, stopping at the first block
/// that holds a non-opaque pixel.
pub fn is_opaque(pixels: &[u8]) -> bool {
    const BLOCK: usize = 256; // 64 pixels
    let mut blocks = pixels.chunks_exact(BLOCK);
    let block_alpha = |block: &[u8]| {
        block
            .chunks_exact(4)
            .fold(0xFF_u8, |acc, px| acc & px.get(3).copied().unwrap_or(0))
    };
    for block in &mut blocks {
        if block_alpha(block) != 0xFF {
            return false;
        }
    }
    block_alpha(blocks.remainder()) == 0xFF
}

/// Resizes a checked RGBA8 buffer to `target_w` × `target_h` with Lanczos3, premultiplying alpha
/// only when the image is not fully opaque. The target size is checked against the limits first.
pub(crate) fn resize_lanczos3(
    pixels: &[u8],
    width: u32,
    height: u32,
    target_w: u32,
    target_h: u32,
) -> Result<Vec<u8>, ImagingError> {
    check_size(u64::from(target_w), u64::from(target_h))?;
    let failed = |e: &dyn std::fmt::Display| ImagingError::ResizeFailed {
        reason: e.to_string(),
    };
    // Borrow the input: no copy of the source.
    // Typed RGBA views: `resize_typed` compiles the convolution for this one pixel type only,
    // where `resize` dispatches over all eleven (about 250 KB less WebAssembly).
    let src = TypedImageRef::<U8x4>::from_buffer(width, height, pixels).map_err(|e| failed(&e))?;
    let len = (target_w as usize)
        .checked_mul(target_h as usize)
        .and_then(|n| n.checked_mul(4))
        .ok_or(ImagingError::ResizeFailed {
            reason: "target size overflows".into(),
        })?;
    let mut out = vec![0u8; len];
    let mut dst =
        TypedImage::<U8x4>::from_buffer(target_w, target_h, &mut out).map_err(|e| failed(&e))?;
    let options = ResizeOptions::new()
        .resize_alg(ResizeAlg::Convolution(FilterType::Lanczos3))
        .use_alpha(!is_opaque(pixels));
    Resizer::new()
        .resize_typed(&src, &mut dst, &options)
        .map_err(|e| failed(&e))?;
    Ok(out)
}
