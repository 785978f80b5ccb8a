//! Image preview: zoom steps and the viewport (docs/behaviour/uploads.md#image-preview).
//!
//! Zoom is computed in integer hundredths (25..=400, step 20) so repeated steps never drift:
//! 1 → 1.2 → 1.4 gives exactly the `f64` nearest 1.4, not 1.4000000000000001.

use serde::{Deserialize, Serialize};

/// Smallest zoom (docs/behaviour/uploads.md#image-preview).
pub const PREVIEW_MIN_SCALE: f64 = 0.25;
/// Largest zoom (docs/behaviour/uploads.md#image-preview).
pub const PREVIEW_MAX_SCALE: f64 = 4.0;
/// Zoom step (docs/behaviour/uploads.md#image-preview).
pub const PREVIEW_SCALE_STEP: f64 = 0.2;
/// Viewport width: 90% of the window (docs/behaviour/uploads.md#image-preview).
pub const PREVIEW_VIEWPORT_WIDTH_PERCENT: u32 = 90;
/// Viewport height: 94% of the window... (docs/behaviour/uploads.md#image-preview)
pub const PREVIEW_VIEWPORT_HEIGHT_PERCENT: u32 = 94;
/// ...minus 32 px (docs/behaviour/uploads.md#image-preview; read as applying to the height).
pub const PREVIEW_VIEWPORT_HEIGHT_MARGIN_PX: u32 = 32;

const MIN_H: i64 = 25;
const MAX_H: i64 = 400;
const STEP_H: i64 = 20;
const DEFAULT_H: i64 = 100;

/// A width and height in CSS px.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PreviewSize {
    /// Width.
    pub width: f64,
    /// Height.
    pub height: f64,
}

/// Scale to hundredths, clamped; NaN is the default scale 1.
fn hundredths(scale: f64) -> i64 {
    if scale.is_nan() {
        DEFAULT_H
    } else if scale <= PREVIEW_MIN_SCALE {
        MIN_H
    } else if scale >= PREVIEW_MAX_SCALE {
        MAX_H
    } else {
        // 0.25 < scale < 4: the product is small.
        ((scale * 100.0).round() as i64).clamp(MIN_H, MAX_H)
    }
}

fn scale_of(h: i64) -> f64 {
    h as f64 / 100.0
}

/// A zoom clamped to 0.25..=4 and rounded to hundredths; NaN gives 1 (unzoomed).
pub fn preview_zoom_clamp(scale: f64) -> f64 {
    scale_of(hundredths(scale))
}

/// One step in: +0.2, at most 4 (docs/behaviour/uploads.md#image-preview). The input is clamped
/// first.
pub fn preview_zoom_in(scale: f64) -> f64 {
    scale_of((hundredths(scale) + STEP_H).min(MAX_H))
}

/// One step out: −0.2, at least 0.25 (docs/behaviour/uploads.md#image-preview). The input is
/// clamped first.
pub fn preview_zoom_out(scale: f64) -> f64 {
    scale_of((hundredths(scale) - STEP_H).max(MIN_H))
}

fn non_negative(x: f64) -> f64 {
    if x.is_nan() || x < 0.0 { 0.0 } else { x }
}

/// The area the previewed image may fill (docs/behaviour/uploads.md#image-preview): 90% of the
/// window width by 94% of the window height minus 32 px. Negative results and NaN give 0;
/// infinities pass through.
pub fn preview_viewport(window_width: f64, window_height: f64) -> PreviewSize {
    let w = non_negative(window_width);
    let h = non_negative(window_height);
    // Multiplying by the integer percent first keeps integer widths exact (0.9 is not).
    PreviewSize {
        width: w * f64::from(PREVIEW_VIEWPORT_WIDTH_PERCENT) / 100.0,
        height: non_negative(
            h * f64::from(PREVIEW_VIEWPORT_HEIGHT_PERCENT) / 100.0
                - f64::from(PREVIEW_VIEWPORT_HEIGHT_MARGIN_PX),
        ),
    }
}

/// Display size of an image at zoom 1: scaled down (never up) to fit the viewport of the
/// window, keeping its aspect ratio. Decided: an image without a positive finite size, or a
/// window without room, gives 0 × 0.
pub fn preview_fit(
    image_width: f64,
    image_height: f64,
    window_width: f64,
    window_height: f64,
) -> PreviewSize {
    let zero = PreviewSize {
        width: 0.0,
        height: 0.0,
    };
    let valid = |x: f64| x.is_finite() && x > 0.0;
    if !valid(image_width) || !valid(image_height) {
        return zero;
    }
    let view = preview_viewport(window_width, window_height);
    if view.width <= 0.0 || view.height <= 0.0 {
        return zero;
    }
    let ratio = (view.width / image_width)
        .min(view.height / image_height)
        .min(1.0);
    PreviewSize {
        width: image_width * ratio,
        height: image_height * ratio,
    }
}
