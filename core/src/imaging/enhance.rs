//! The image enhancer's pixel step: a 2× Lanczos3 upscale followed by a mild unsharp mask.

use super::limits::{check_rgba, check_size};
use super::resize::resize_lanczos3;
use super::sharpen::unsharp_mask;
use super::{Image, ImagingError};
use std::borrow::Cow;

pub use super::sharpen::{SHARPEN_AMOUNT, SHARPEN_KERNEL, SHARPEN_THRESHOLD};

/// The enhancer doubles both sides.
pub const UPSCALE_FACTOR: u32 = 2;

/// Enhances an RGBA8 image for the server's image enhancer: upscales 2× with Lanczos3
/// (alpha premultiplied unless the image is fully opaque, as in [`super::downscale_rgba`]), then
/// sharpens with an unsharp mask: blur [`SHARPEN_KERNEL`] (1-4-6-4-1, σ ≈ 1 output pixel), amount
/// [`SHARPEN_AMOUNT`] (0.5), threshold [`SHARPEN_THRESHOLD`] (2 levels); alpha is not sharpened.
///
/// The output (`2·width × 2·height`) must itself be within [`super::MAX_SIDE`] and
/// [`super::MAX_PIXELS`], so inputs up to 8192 per side and 16 Mi pixels are accepted; larger ones
/// get [`ImagingError::TooLarge`] (with the output size) before anything is allocated.
pub fn enhance_rgba(
    pixels: &[u8],
    width: u32,
    height: u32,
) -> Result<Image<'static>, ImagingError> {
    // Sizes first (input, then output), so a huge request is refused whatever the buffer holds.
    check_size(u64::from(width), u64::from(height))?;
    let factor = u64::from(UPSCALE_FACTOR);
    let (out_w, out_h) = (u64::from(width) * factor, u64::from(height) * factor);
    check_size(out_w, out_h)?;
    check_rgba(pixels, width, height)?;
    let too_large = || ImagingError::TooLarge {
        width: out_w,
        height: out_h,
        max_side: super::MAX_SIDE,
        max_pixels: super::MAX_PIXELS,
    };
    let out_w = u32::try_from(out_w).map_err(|_| too_large())?;
    let out_h = u32::try_from(out_h).map_err(|_| too_large())?;
    let mut out = resize_lanczos3(pixels, width, height, out_w, out_h)?;
    unsharp_mask(&mut out, out_w as usize, out_h as usize);
    Ok(Image {
        pixels: Cow::Owned(out),
        width: out_w,
        height: out_h,
    })
}
