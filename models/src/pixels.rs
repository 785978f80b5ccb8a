//! Pixel preparation shared by the models: exact-size resizes (the models take a fixed input, so
//! any picture is brought down to it before anything else) and the letterbox of the detector.

use crate::ModelError;
use aivg_core::imaging::ImagingError;
use fast_image_resize::images::{TypedImage, TypedImageRef};
use fast_image_resize::pixels::{U8, U8x4};
use fast_image_resize::{FilterType, ResizeAlg, ResizeOptions, Resizer};

fn resize_failed(e: &dyn std::fmt::Display) -> ModelError {
    ModelError::Image(ImagingError::ResizeFailed {
        reason: e.to_string(),
    })
}

fn options(filter: FilterType) -> ResizeOptions {
    ResizeOptions::new().resize_alg(ResizeAlg::Convolution(filter))
}

fn buffer(w: u32, h: u32, channels: usize) -> Result<Vec<u8>, ModelError> {
    (w as usize)
        .checked_mul(h as usize)
        .and_then(|n| n.checked_mul(channels))
        .map(|n| vec![0u8; n])
        .ok_or_else(|| resize_failed(&"the target size overflows"))
}

/// Resizes RGBA8 pixels to exactly `tw` × `th` (the aspect ratio is not kept). Alpha is ignored
/// for the filter: the models read colour only.
pub(crate) fn resize_rgba(
    px: &[u8],
    w: u32,
    h: u32,
    tw: u32,
    th: u32,
    filter: FilterType,
) -> Result<Vec<u8>, ModelError> {
    aivg_core::imaging::check_rgba(px, w, h)?;
    if (w, h) == (tw, th) {
        return Ok(px.to_vec());
    }
    let src = TypedImageRef::<U8x4>::from_buffer(w, h, px).map_err(|e| resize_failed(&e))?;
    let mut out = buffer(tw, th, 4)?;
    let mut dst =
        TypedImage::<U8x4>::from_buffer(tw, th, &mut out).map_err(|e| resize_failed(&e))?;
    Resizer::new()
        .resize_typed(&src, &mut dst, &options(filter).use_alpha(false))
        .map_err(|e| resize_failed(&e))?;
    Ok(out)
}

/// Resizes a one-channel 8-bit plane (a mask) to exactly `tw` × `th`.
pub(crate) fn resize_plane(
    plane: &[u8],
    w: u32,
    h: u32,
    tw: u32,
    th: u32,
) -> Result<Vec<u8>, ModelError> {
    if (w, h) == (tw, th) {
        return Ok(plane.to_vec());
    }
    let src = TypedImageRef::<U8>::from_buffer(w, h, plane).map_err(|e| resize_failed(&e))?;
    let mut out = buffer(tw, th, 1)?;
    let mut dst = TypedImage::<U8>::from_buffer(tw, th, &mut out).map_err(|e| resize_failed(&e))?;
    Resizer::new()
        .resize_typed(&src, &mut dst, &options(FilterType::Lanczos3))
        .map_err(|e| resize_failed(&e))?;
    Ok(out)
}

/// A picture fitted into a square of `side`: scaled (down or up) so its long side is
/// `side`, placed at the top left, the rest black. `scale` maps square coordinates back:
/// `original = square / scale`.
#[derive(Debug, Clone)]
pub(crate) struct Letterbox {
    pub rgba: Vec<u8>,
    pub scale: f32,
}

/// Fits RGBA8 pixels into a square of `side` (see [`Letterbox`]).
pub(crate) fn letterbox(px: &[u8], w: u32, h: u32, side: u32) -> Result<Letterbox, ModelError> {
    aivg_core::imaging::check_rgba(px, w, h)?;
    let long = w.max(h);
    #[allow(clippy::cast_precision_loss)]
    let scale = side as f32 / long as f32;
    let fit = |s: u32| {
        let v = (u64::from(s) * u64::from(side) + u64::from(long) / 2) / u64::from(long);
        u32::try_from(v).unwrap_or(side).clamp(1, side)
    };
    let (sw, sh) = (fit(w), fit(h));
    let scaled = resize_rgba(px, w, h, sw, sh, FilterType::Bilinear)?;
    let mut rgba = buffer(side, side, 4)?;
    let row = sw as usize * 4;
    for (y, src) in scaled.chunks_exact(row).enumerate() {
        let start = y * side as usize * 4;
        if let Some(dst) = rgba.get_mut(start..start + row) {
            dst.copy_from_slice(src);
        }
    }
    Ok(Letterbox { rgba, scale })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letterbox_keeps_the_shape_at_the_top_left() {
        // 40 × 20 red: 64 × 32 red in the top half of a 64 square, black below.
        let px: Vec<u8> = [255, 0, 0, 255].repeat(40 * 20);
        let lb = letterbox(&px, 40, 20, 64).unwrap();
        assert_eq!(lb.rgba.len(), 64 * 64 * 4);
        assert!((lb.scale - 1.6).abs() < 1e-6);
        assert_eq!(&lb.rgba[0..4], &[255, 0, 0, 255]);
        let last_red = (31 * 64 + 63) * 4;
        assert_eq!(&lb.rgba[last_red..last_red + 4], &[255, 0, 0, 255]);
        let first_black = 32 * 64 * 4;
        assert_eq!(&lb.rgba[first_black..first_black + 4], &[0, 0, 0, 0]);
    }

    #[test]
    fn plane_resize_keeps_a_flat_value() {
        let plane = vec![200u8; 8 * 8];
        let out = resize_plane(&plane, 8, 8, 20, 12).unwrap();
        assert_eq!(out.len(), 240);
        assert!(out.iter().all(|&v| v == 200));
    }
}
