//! Cutting a rectangle out of an RGBA8 buffer (the pixel half of the crop result,
//! docs/behaviour/uploads.md#image-crop).

use super::limits::check_rgba;
use super::{Image, ImagingError};
use crate::crop::CropRect;
use std::borrow::Cow;

/// The pixels of `rect` (image pixels, e.g. from `crop::crop_rect`) cut out of an RGBA8 image.
///
/// The rectangle must be at least 1 × 1 and lie inside the image (it is not clamped here:
/// `crop_rect` already clamps, so a rectangle that does not fit is a caller bug worth reporting).
/// A rectangle covering the whole image returns the input borrowed, without a copy; otherwise the
/// rows are copied once into a new buffer of exactly `w × h × 4` bytes.
pub fn crop_rgba(
    pixels: &[u8],
    width: u32,
    height: u32,
    rect: CropRect,
) -> Result<Image<'_>, ImagingError> {
    check_rgba(pixels, width, height)?;
    let fits = |start: u32, len: u32, side: u32| {
        len >= 1 && start.checked_add(len).is_some_and(|end| end <= side)
    };
    if !(fits(rect.x, rect.w, width) && fits(rect.y, rect.h, height)) {
        return Err(ImagingError::InvalidCropRect {
            x: rect.x,
            y: rect.y,
            w: rect.w,
            h: rect.h,
            width,
            height,
        });
    }
    if (rect.x, rect.y, rect.w, rect.h) == (0, 0, width, height) {
        return Ok(Image {
            pixels: Cow::Borrowed(pixels),
            width,
            height,
        });
    }
    // Sizes are within MAX_PIXELS (checked above), so these products fit in usize even on wasm32.
    let stride = width as usize * 4;
    let row_len = rect.w as usize * 4;
    let left = rect.x as usize * 4;
    let mut out = Vec::with_capacity(row_len * rect.h as usize);
    for row in pixels
        .chunks_exact(stride)
        .skip(rect.y as usize)
        .take(rect.h as usize)
    {
        let part = row
            .get(left..left + row_len)
            .ok_or(ImagingError::InvalidCropRect {
                x: rect.x,
                y: rect.y,
                w: rect.w,
                h: rect.h,
                width,
                height,
            })?;
        out.extend_from_slice(part);
    }
    Ok(Image {
        pixels: Cow::Owned(out),
        width: rect.w,
        height: rect.h,
    })
}
