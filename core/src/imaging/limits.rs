//! Size limits and the long-side fitting rule shared by every pixel function.

use super::ImagingError;

/// Largest accepted side, pixels. Decided here (the spec only caps uploads at 2000 after
/// downscaling): 16384 admits every camera photo (8000 × 6000 and beyond) and is the largest canvas
/// side browsers reliably support, while 20000 × 20000 style requests are refused up front.
pub const MAX_SIDE: u32 = 16_384;

/// Largest accepted pixel count: 64 Mi pixels (8192 × 8192), i.e. 256 MiB of RGBA. Admits
/// 8000 × 6000 (48 M pixels); keeps a request, its output and the resizer's buffers well inside a
/// 32-bit WebAssembly memory.
pub const MAX_PIXELS: u64 = 64 * 1024 * 1024;

/// Checks sizes against the limits, before anything is allocated: both sides ≥ 1, each side ≤
/// [`MAX_SIDE`], `width × height ≤` [`MAX_PIXELS`].
pub(crate) fn check_size(width: u64, height: u64) -> Result<(), ImagingError> {
    check_size_within(width, height, MAX_PIXELS)
}

/// [`check_size`] with a pixel count of at most `max_pixels` (never more than [`MAX_PIXELS`]).
fn check_size_within(width: u64, height: u64, max_pixels: u64) -> Result<(), ImagingError> {
    let max_pixels = max_pixels.min(MAX_PIXELS);
    if width == 0 || height == 0 {
        return Err(ImagingError::EmptyImage {
            width: u32::try_from(width).unwrap_or(u32::MAX),
            height: u32::try_from(height).unwrap_or(u32::MAX),
        });
    }
    let max_side = u64::from(MAX_SIDE);
    if width > max_side || height > max_side || width.saturating_mul(height) > max_pixels {
        return Err(ImagingError::TooLarge {
            width,
            height,
            max_side: MAX_SIDE,
            max_pixels,
        });
    }
    Ok(())
}

/// Checks the size an image's header claims against the limits, before anything is read or
/// allocated: a task's input picture is refused when it is created, not when its run fails.
pub fn check_image_size(width: u32, height: u32) -> Result<(), ImagingError> {
    check_size(u64::from(width), u64::from(height))
}

/// [`check_image_size`] under an operator's tighter pixel limit (`max_pixels`, capped at
/// [`MAX_PIXELS`]): the server's one limit for every picture it decodes.
pub fn check_image_size_within(
    width: u32,
    height: u32,
    max_pixels: u64,
) -> Result<(), ImagingError> {
    check_size_within(u64::from(width), u64::from(height), max_pixels)
}

/// Validates an RGBA8 buffer: sizes within the limits (checked first, so a huge `width × height` is
/// refused whatever the buffer), then `pixels.len() == width × height × 4`.
pub fn check_rgba(pixels: &[u8], width: u32, height: u32) -> Result<(), ImagingError> {
    check_size(u64::from(width), u64::from(height))?;
    let expected = u64::from(width) * u64::from(height) * 4;
    if u64::try_from(pixels.len()).ok() != Some(expected) {
        return Err(ImagingError::BufferSize {
            width,
            height,
            expected,
            actual: pixels.len(),
        });
    }
    Ok(())
}

/// The size of a `width` × `height` image fitted so its long side is at most `max_side`, keeping
/// the aspect ratio. Unchanged when no side exceeds `max_side` (and when `max_side` is 0, which
/// callers refuse). Otherwise the long side becomes `max_side` and the short side
/// `round(short × max_side / long)`, halves rounded up, computed exactly in integers, at least 1.
///
/// Used by `crop::downscale_target` and [`super::downscale_rgba`], so the rule and the pixels agree.
pub fn fit_long_side(width: u32, height: u32, max_side: u32) -> (u32, u32) {
    let long = width.max(height);
    if max_side == 0 || long <= max_side {
        return (width, height);
    }
    let short = u64::from(width.min(height));
    let (long64, max64) = (u64::from(long), u64::from(max_side));
    // round(short * max / long) = floor((2 * short * max + long) / (2 * long)); no overflow in u64.
    let scaled = (2 * short * max64 + long64) / (2 * long64);
    let scaled = u32::try_from(scaled).unwrap_or(max_side).clamp(1, max_side);
    if width >= height {
        (max_side, scaled)
    } else {
        (scaled, max_side)
    }
}

/// Most bytes a decoder may allocate for the decoded image in its own pixel format (512 MiB: a
/// 64 Mi-pixel image at 8 bytes per pixel, i.e. 16-bit RGBA PNG). Passed to `image::Limits` and
/// checked against the header before decoding.
pub const MAX_DECODE_ALLOC: u64 = 512 * 1024 * 1024;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_operator_limit_tightens_but_never_widens() {
        assert!(check_image_size_within(4096, 4096, 4096 * 4096).is_ok());
        let e = check_image_size_within(4097, 4096, 4096 * 4096).unwrap_err();
        assert!(
            matches!(e, ImagingError::TooLarge { max_pixels, .. } if max_pixels == 4096 * 4096)
        );
        assert!(
            check_image_size_within(8193, 8192, u64::MAX).is_err(),
            "core's limit stays"
        );
    }

    #[test]
    fn fit_rounds_half_up_and_keeps_small_images() {
        assert_eq!(fit_long_side(4000, 3000, 2000), (2000, 1500));
        assert_eq!(fit_long_side(3000, 4000, 2000), (1500, 2000));
        assert_eq!(fit_long_side(2000, 1000, 2000), (2000, 1000));
        // 3 * 2 / 4 = 1.5 -> 2 (half up)
        assert_eq!(fit_long_side(4, 3, 2), (2, 2));
        assert_eq!(fit_long_side(10_000, 1, 100), (100, 1));
        assert_eq!(fit_long_side(u32::MAX, u32::MAX - 1, 1), (1, 1));
    }

    #[test]
    fn limits_admit_8000x6000_and_refuse_20000() {
        assert!(check_size(8000, 6000).is_ok());
        assert!(check_size(16_384, 4096).is_ok());
        assert!(matches!(
            check_size(20_000, 20_000),
            Err(ImagingError::TooLarge { .. })
        ));
        assert!(matches!(
            check_size(16_384, 16_384),
            Err(ImagingError::TooLarge { .. })
        ));
        assert!(matches!(
            check_size(0, 5),
            Err(ImagingError::EmptyImage { .. })
        ));
    }
}
