//! Zoom of the crop dialog: the scale range, its 10 steps, the 0-100 slider and the mouse wheel
//! (docs/behaviour/uploads.md#image-crop "Image crop", #image-crop;
//! docs/behaviour/uploads.md#image-crop).

use super::{BoxSize, CropError, check_box, check_image, finite, positive};

/// Max scale is 5 times the base scale (docs/behaviour/uploads.md#image-crop).
pub const MAX_SCALE_FACTOR: f64 = 5.0;
/// Zoom between min and max scale in 10 steps (docs/behaviour/uploads.md#image-crop).
pub const ZOOM_STEPS: u32 = 10;
/// The zoom slider runs from 0 to this value (docs/behaviour/uploads.md#image-crop "slider 0-100").
pub const SLIDER_MAX: f64 = 100.0;
/// Wheel zoom step 0.2 (docs/behaviour/uploads.md#image-crop): each wheel event multiplies the
/// scale by 1.2 (zoom in) or divides it by 1.2 (zoom out), as cropperjs does with `wheelZoomRatio`
/// 0.2.
pub const WHEEL_ZOOM_STEP: f64 = 0.2;

/// The zoom range of an image in a crop box.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ZoomRange {
    /// The smallest scale at which the image covers the box: `max(boxW / imageW, boxH / imageH)`.
    pub base_scale: f64,
    /// Lowest allowed scale; equals the base scale, so the box never shows empty area.
    pub min_scale: f64,
    /// Highest allowed scale: 5 × base (docs/behaviour/uploads.md#image-crop).
    pub max_scale: f64,
    /// One zoom step: `(max - min) / 10` (docs/behaviour/uploads.md#image-crop).
    pub step: f64,
}

/// The zoom range of an `image_width` × `image_height` image (image pixels) in a crop box (display
/// pixels). Base = cover scale (see the module doc), min = base, max = 5 × base.
pub fn crop_zoom_range(
    image_width: u32,
    image_height: u32,
    crop_box: BoxSize,
) -> Result<ZoomRange, CropError> {
    check_image(image_width, image_height)?;
    check_box(&crop_box)?;
    let base =
        (crop_box.width / f64::from(image_width)).max(crop_box.height / f64::from(image_height));
    let max = base * MAX_SCALE_FACTOR;
    if !(positive(base) && positive(max)) {
        // Only reachable with a box so large or small that f64 over/underflows.
        return Err(CropError::InvalidScale {
            reason: "the crop box and image sizes give no usable scale",
        });
    }
    Ok(ZoomRange {
        base_scale: base,
        min_scale: base,
        max_scale: max,
        step: (max - base) / f64::from(ZOOM_STEPS),
    })
}

/// The 11 stops of the 10 zoom steps from `min_scale` to `max_scale`, both included
/// (docs/behaviour/uploads.md#image-crop). The last stop is exactly `max_scale`.
pub fn crop_zoom_steps(min_scale: f64, max_scale: f64) -> Result<Vec<f64>, CropError> {
    check_range(min_scale, max_scale)?;
    let step = (max_scale - min_scale) / f64::from(ZOOM_STEPS);
    Ok((0..=ZOOM_STEPS)
        .map(|i| {
            if i == ZOOM_STEPS {
                max_scale
            } else {
                min_scale + step * f64::from(i)
            }
        })
        .collect())
}

/// The scale after `steps` clicks of the zoom buttons (+1 zoom in, -1 zoom out): each click adds
/// one tenth of `max - min`; the result is clamped to `[min, max]`. A `scale` outside the range is
/// clamped first.
pub fn crop_zoom_step(
    scale: f64,
    min_scale: f64,
    max_scale: f64,
    steps: i32,
) -> Result<f64, CropError> {
    check_range(min_scale, max_scale)?;
    let scale = check_scale(scale)?.clamp(min_scale, max_scale);
    let step = (max_scale - min_scale) / f64::from(ZOOM_STEPS);
    Ok((scale + step * f64::from(steps)).clamp(min_scale, max_scale))
}

/// The scale for a slider position: linear, 0 → min, 100 → max
/// (docs/behaviour/uploads.md#image-crop "slider 0-100"). Positions outside 0-100 are clamped.
pub fn crop_slider_to_scale(slider: f64, min_scale: f64, max_scale: f64) -> Result<f64, CropError> {
    check_range(min_scale, max_scale)?;
    let t = finite(slider, "the slider position")?.clamp(0.0, SLIDER_MAX) / SLIDER_MAX;
    Ok((min_scale + (max_scale - min_scale) * t).clamp(min_scale, max_scale))
}

/// The slider position (0-100, not rounded) for a scale; the inverse of [`crop_slider_to_scale`].
/// Scales outside the range are clamped; when `min == max` the slider is at 0.
pub fn crop_scale_to_slider(scale: f64, min_scale: f64, max_scale: f64) -> Result<f64, CropError> {
    check_range(min_scale, max_scale)?;
    let scale = check_scale(scale)?.clamp(min_scale, max_scale);
    let span = max_scale - min_scale;
    if span <= 0.0 {
        return Ok(0.0);
    }
    Ok(((scale - min_scale) / span * SLIDER_MAX).clamp(0.0, SLIDER_MAX))
}

/// The scale after one wheel event: `delta_y < 0` (wheel up) zooms in by × (1 + 0.2), `delta_y > 0`
/// zooms out by ÷ (1 + 0.2), 0 leaves it; clamped to `[min, max]`
/// (docs/behaviour/uploads.md#image-crop "wheel zoom step 0.2"). Only the sign of `delta_y` counts,
/// so mice and touchpads zoom alike per event.
pub fn crop_wheel_zoom(
    scale: f64,
    delta_y: f64,
    min_scale: f64,
    max_scale: f64,
) -> Result<f64, CropError> {
    check_range(min_scale, max_scale)?;
    let scale = check_scale(scale)?;
    let delta = finite(delta_y, "the wheel delta")?;
    let factor = 1.0 + WHEEL_ZOOM_STEP;
    let next = if delta < 0.0 {
        scale * factor
    } else if delta > 0.0 {
        scale / factor
    } else {
        scale
    };
    Ok(next.clamp(min_scale, max_scale))
}

/// Validates a scale range: positive finite, min <= max.
pub(super) fn check_range(min_scale: f64, max_scale: f64) -> Result<(), CropError> {
    if !(positive(min_scale) && positive(max_scale)) {
        return Err(CropError::InvalidScale {
            reason: "the minimum and maximum scale must be positive finite numbers",
        });
    }
    if min_scale > max_scale {
        return Err(CropError::InvalidScale {
            reason: "the minimum scale is greater than the maximum",
        });
    }
    Ok(())
}

/// Validates one scale: positive finite.
pub(super) fn check_scale(scale: f64) -> Result<f64, CropError> {
    if positive(scale) {
        Ok(scale)
    } else {
        Err(CropError::InvalidScale {
            reason: "the scale must be a positive finite number",
        })
    }
}
