//! The crop box, the view of the image behind it (scale and offset), restore, and the source
//! rectangle in image pixels (docs/behaviour/uploads.md#image-crop "Crop result", #image-crop
//! "Image crop", #image-crop).

use super::zoom::{check_scale, crop_zoom_range};
use super::{CropError, check_box, check_image, finite, positive};

/// Default crop box side, display pixels (docs/behaviour/uploads.md#image-crop "default box 412").
pub const DEFAULT_CROP_BOX: f64 = 412.0;
/// Minimum crop box width, display pixels (docs/behaviour/uploads.md#image-crop "min 40").
pub const MIN_CROP_WIDTH: f64 = 40.0;

/// A crop box size in display pixels.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BoxSize {
    /// Width, display pixels.
    pub width: f64,
    /// Height, display pixels.
    pub height: f64,
}

/// How the image sits behind the crop box: the restorable state of the dialog, and the geometric
/// part of the crop result's `cropRecord` (docs/behaviour/uploads.md#image-crop).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CropView {
    /// Display pixels per image pixel.
    pub scale: f64,
    /// Image left edge minus box left edge, display pixels (≤ 0 while the image covers the box).
    pub offset_x: f64,
    /// Image top edge minus box top edge, display pixels (≤ 0 while the image covers the box).
    pub offset_y: f64,
}

/// The source rectangle of a crop, in image pixels (the `x, y, w, h` of the crop result,
/// docs/behaviour/uploads.md#image-crop). Also the argument of `imaging::crop_rgba`.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CropRect {
    /// Left, image pixels.
    pub x: u32,
    /// Top, image pixels.
    pub y: u32,
    /// Width, image pixels (≥ 1).
    pub w: u32,
    /// Height, image pixels (≥ 1).
    pub h: u32,
}

/// The initial crop box for an aspect ratio (width/height): the largest box of that ratio inside the
/// default 412 × 412 square (docs/behaviour/uploads.md#image-crop "crop box default 412"). `None`
/// (free ratio) gives 412 × 412; 16:9 gives 412 × 231.75, 9:16 gives 231.75 × 412.
pub fn crop_box_size(ratio: Option<f64>) -> Result<BoxSize, CropError> {
    let Some(r) = ratio else {
        return Ok(BoxSize {
            width: DEFAULT_CROP_BOX,
            height: DEFAULT_CROP_BOX,
        });
    };
    if !positive(r) {
        return Err(CropError::InvalidRatio {
            reason: "the ratio must be a positive finite number",
        });
    }
    Ok(if r >= 1.0 {
        BoxSize {
            width: DEFAULT_CROP_BOX,
            height: DEFAULT_CROP_BOX / r,
        }
    } else {
        BoxSize {
            width: DEFAULT_CROP_BOX * r,
            height: DEFAULT_CROP_BOX,
        }
    })
}

/// The crop box the dialog starts with (and shows again when a ratio is picked): a preset's box as
/// [`crop_box_size`] gives it, or, for the free ratio (`None`), the largest box of the picture's own
/// shape inside 412 × 412, so that the restored view shows the whole picture and an untouched free
/// crop keeps it whole (1366 × 850 stays 1366 × 850). A decision of ours: the spec names only the
/// default box (docs/behaviour/uploads.md#image-crop).
pub fn crop_start_box(
    ratio: Option<f64>,
    image_width: u32,
    image_height: u32,
) -> Result<BoxSize, CropError> {
    if ratio.is_some() {
        return crop_box_size(ratio);
    }
    check_image(image_width, image_height)?;
    crop_box_size(Some(f64::from(image_width) / f64::from(image_height)))
}

/// The crop box after the user drags its edge to `width` × `height` inside `bounds` (the visible
/// image area), display pixels.
///
/// With a `ratio` the width decides and the height follows (`height = width / ratio`); the width is
/// kept at least 40 (docs/behaviour/uploads.md#image-crop "crop minimum width 40") and at most what
/// fits in `bounds`. Without a ratio each side is clamped on its own to `[40, bound]` (we also keep
/// the free height ≥ 40 so the box cannot collapse; the spec only names the width). When the bounds
/// are themselves smaller than 40, the bounds win: the box never leaves the image.
pub fn crop_box_resize(
    width: f64,
    height: f64,
    ratio: Option<f64>,
    bounds: BoxSize,
) -> Result<BoxSize, CropError> {
    let width = finite(width, "the box width")?;
    let height = finite(height, "the box height")?;
    check_box(&bounds)?;
    match ratio {
        Some(r) if positive(r) => {
            let max_w = bounds.width.min(bounds.height * r);
            let w = width.max(MIN_CROP_WIDTH).min(max_w);
            Ok(BoxSize {
                width: w,
                height: w / r,
            })
        }
        Some(_) => Err(CropError::InvalidRatio {
            reason: "the ratio must be a positive finite number",
        }),
        None => Ok(BoxSize {
            width: width.max(MIN_CROP_WIDTH).min(bounds.width),
            height: height.max(MIN_CROP_WIDTH).min(bounds.height),
        }),
    }
}

/// The restored (reset) view: base scale (the image just covers the box) and the image centred on
/// the box (docs/behaviour/uploads.md#image-crop "restore resets"). Also the initial view when the
/// dialog opens.
pub fn crop_restore(
    image_width: u32,
    image_height: u32,
    crop_box: BoxSize,
) -> Result<CropView, CropError> {
    let range = crop_zoom_range(image_width, image_height, crop_box)?;
    // Clamped too: at the base scale one side fits exactly, and rounding could leave a
    // one-ulp positive offset.
    let view = centred(image_width, image_height, crop_box, range.base_scale);
    Ok(clamp_offsets(image_width, image_height, crop_box, view))
}

/// Brings any view back inside the rules: scale clamped to `[base, 5 × base]` and offsets clamped so
/// the image still covers the box (call after every drag).
pub fn crop_clamp_view(
    image_width: u32,
    image_height: u32,
    crop_box: BoxSize,
    view: CropView,
) -> Result<CropView, CropError> {
    let range = crop_zoom_range(image_width, image_height, crop_box)?;
    let scale = check_scale(view.scale)?.clamp(range.min_scale, range.max_scale);
    let offset_x = finite(view.offset_x, "the horizontal offset")?;
    let offset_y = finite(view.offset_y, "the vertical offset")?;
    Ok(clamp_offsets(
        image_width,
        image_height,
        crop_box,
        CropView {
            scale,
            offset_x,
            offset_y,
        },
    ))
}

/// The view after zooming to `scale` (from a button, the slider or the wheel) around the centre of
/// the crop box: the image point under the box centre stays there, then the view is clamped as in
/// [`crop_clamp_view`].
pub fn crop_zoom_to(
    image_width: u32,
    image_height: u32,
    crop_box: BoxSize,
    view: CropView,
    scale: f64,
) -> Result<CropView, CropError> {
    let range = crop_zoom_range(image_width, image_height, crop_box)?;
    let old = check_scale(view.scale)?;
    let new = check_scale(scale)?.clamp(range.min_scale, range.max_scale);
    let offset_x = finite(view.offset_x, "the horizontal offset")?;
    let offset_y = finite(view.offset_y, "the vertical offset")?;
    let (cx, cy) = (crop_box.width / 2.0, crop_box.height / 2.0);
    // Image point (image pixels) under the box centre, kept fixed.
    let (ix, iy) = ((cx - offset_x) / old, (cy - offset_y) / old);
    Ok(clamp_offsets(
        image_width,
        image_height,
        crop_box,
        CropView {
            scale: new,
            offset_x: cx - ix * new,
            offset_y: cy - iy * new,
        },
    ))
}

/// The source rectangle, in image pixels, that the crop box shows for a view (the geometric part of
/// the crop result, docs/behaviour/uploads.md#image-crop).
///
/// Exact values: `x = -offsetX / scale`, `w = boxWidth / scale` (same for y, h). Rounding, decided
/// here: `w` and `h` are rounded to the nearest pixel (halves up) on their own, so panning never
/// changes the size, and kept within `[1, image side]`; then `x` and `y` are rounded and shifted so
/// the rectangle lies inside the image. A view that shows area outside the image (which
/// [`crop_clamp_view`] prevents) therefore yields the nearest rectangle inside it, never an empty one.
pub fn crop_rect(
    image_width: u32,
    image_height: u32,
    crop_box: BoxSize,
    view: CropView,
) -> Result<CropRect, CropError> {
    check_image(image_width, image_height)?;
    check_box(&crop_box)?;
    let scale = check_scale(view.scale)?;
    let offset_x = finite(view.offset_x, "the horizontal offset")?;
    let offset_y = finite(view.offset_y, "the vertical offset")?;
    let (x, w) = span(-offset_x / scale, crop_box.width / scale, image_width);
    let (y, h) = span(-offset_y / scale, crop_box.height / scale, image_height);
    Ok(CropRect { x, y, w, h })
}

/// Rounds and clamps one axis of the source rectangle: (start, length) inside `[0, side]`.
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
fn span(start: f64, length: f64, side: u32) -> (u32, u32) {
    let side_f = f64::from(side);
    // `as` saturates (NaN → 0); inputs are finite here anyway.
    let len = length.round().clamp(1.0, side_f) as u32;
    let max_start = side.saturating_sub(len);
    let at = start.round().clamp(0.0, f64::from(max_start)) as u32;
    (at, len)
}

/// The view at `scale` with the image centred on the box.
fn centred(image_width: u32, image_height: u32, crop_box: BoxSize, scale: f64) -> CropView {
    CropView {
        scale,
        offset_x: (crop_box.width - f64::from(image_width) * scale) / 2.0,
        offset_y: (crop_box.height - f64::from(image_height) * scale) / 2.0,
    }
}

/// Clamps offsets so the image (at the view's scale, assumed ≥ base) covers the box.
fn clamp_offsets(image_width: u32, image_height: u32, crop_box: BoxSize, v: CropView) -> CropView {
    let min_x = (crop_box.width - f64::from(image_width) * v.scale).min(0.0);
    let min_y = (crop_box.height - f64::from(image_height) * v.scale).min(0.0);
    CropView {
        scale: v.scale,
        // `+ 0.0` turns -0 into 0, which JavaScript's deep equality tells apart.
        offset_x: v.offset_x.clamp(min_x, 0.0) + 0.0,
        offset_y: v.offset_y.clamp(min_y, 0.0) + 0.0,
    }
}
