//! Crop geometry: presets within model bounds, zoom steps, crop box and result
//! (docs/behaviour/uploads.md#image-crop).
//!
//! Conventions used throughout this module (the spec is silent on them, so they are decided here):
//!
//! - **Aspect ratio is width / height** (16:9 is 1.777…, 9:16 is 0.5625). Model bounds
//!   (`minRatio`, `maxRatio`) are read the same way. The one exception is the two-image check of
//!   docs/behaviour/uploads.md#aspect-ratios, which the spec itself words as a quotient of
//!   height/width ratios: see [`images_ratio_ok`].
//! - **Display pixels vs image pixels.** The crop box (`BoxSize`) and the view offsets live in
//!   display (CSS) pixels; `scale` is display pixels per image pixel. A [`CropRect`] is in image
//!   pixels.
//! - **Base scale = cover.** The base scale is the smallest scale at which the image *covers* the
//!   crop box (no empty area inside the box), so every crop lies inside the image. The zoom range is
//!   `[base, 5 × base]` (docs/behaviour/uploads.md#image-crop "max scale 5 times base").
//! - **Offsets** are the position of the image's top-left corner relative to the crop box's
//!   top-left corner, in display pixels (so they are ≤ 0 while the image covers the box).

mod downscale;
mod geometry;
mod presets;
mod zoom;

pub use downscale::{DownscaleTarget, MAX_IMAGE_SIDE, downscale_target};
pub use geometry::{
    BoxSize, CropRect, CropView, DEFAULT_CROP_BOX, MIN_CROP_WIDTH, crop_box_resize, crop_box_size,
    crop_clamp_view, crop_rect, crop_restore, crop_start_box, crop_zoom_to,
};
pub use presets::{
    ASPECT_RATIO_OPTIONS, AspectRatioOption, CROP_PRESETS, CropBounds, CropPreset, PixelSize,
    aspect_ratio_options, aspect_ratio_size, crop_presets, crop_ratio_ok, images_ratio_ok,
    pair_crop_bounds,
};
pub use zoom::{
    MAX_SCALE_FACTOR, SLIDER_MAX, WHEEL_ZOOM_STEP, ZOOM_STEPS, ZoomRange, crop_scale_to_slider,
    crop_slider_to_scale, crop_wheel_zoom, crop_zoom_range, crop_zoom_step, crop_zoom_steps,
};

use crate::Coded;

/// Why a crop computation was refused. Every variant names the argument to fix.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CropError {
    /// An image side is zero.
    #[error("The image size {width}x{height} is not valid: both sides must be at least 1 pixel.")]
    InvalidImageSize {
        /// Width as given.
        width: u32,
        /// Height as given.
        height: u32,
    },
    /// A crop box side is zero, negative, NaN or infinite.
    #[error(
        "The crop box {width}x{height} is not valid: both sides must be positive finite numbers."
    )]
    InvalidBox {
        /// Width as given.
        width: f64,
        /// Height as given.
        height: f64,
    },
    /// An aspect ratio (or ratio bound) is zero, negative, NaN or infinite, or min > max.
    #[error("The aspect ratio bounds are not valid: {reason}.")]
    InvalidRatio {
        /// What is wrong, in words.
        reason: &'static str,
    },
    /// A scale (or scale bound) is zero, negative, NaN or infinite, or min > max.
    #[error("The zoom scale is not valid: {reason}.")]
    InvalidScale {
        /// What is wrong, in words.
        reason: &'static str,
    },
    /// An offset, slider position, wheel delta or step count is NaN or infinite.
    #[error("The value of {what} is not a finite number.")]
    NotFinite {
        /// Which argument.
        what: &'static str,
    },
    /// An aspect-ratio label outside the list of docs/behaviour/uploads.md#aspect-ratios.
    #[error("Unknown aspect ratio \"{label}\": use one of 9:16, 16:9, 1:1, 4:3, 3:4, 3:2, 2:3.")]
    UnknownAspectRatio {
        /// The label as given.
        label: String,
    },
    /// A model max side of 0.
    #[error("The model's maximum image side must be at least 1 pixel.")]
    InvalidMaxValue,
}

impl Coded for CropError {
    fn code(&self) -> &'static str {
        match self {
            Self::InvalidImageSize { .. } => "invalid_image_size",
            Self::InvalidBox { .. } => "invalid_box",
            Self::InvalidRatio { .. } => "invalid_ratio",
            Self::InvalidScale { .. } => "invalid_scale",
            Self::NotFinite { .. } => "not_finite",
            Self::UnknownAspectRatio { .. } => "unknown_aspect_ratio",
            Self::InvalidMaxValue => "invalid_max_value",
        }
    }
}

/// Checks that an image has both sides ≥ 1.
fn check_image(width: u32, height: u32) -> Result<(), CropError> {
    if width == 0 || height == 0 {
        return Err(CropError::InvalidImageSize { width, height });
    }
    Ok(())
}

/// Checks that a crop box has positive finite sides.
fn check_box(b: &BoxSize) -> Result<(), CropError> {
    if !(positive(b.width) && positive(b.height)) {
        return Err(CropError::InvalidBox {
            width: b.width,
            height: b.height,
        });
    }
    Ok(())
}

/// True for finite numbers > 0.
fn positive(v: f64) -> bool {
    v.is_finite() && v > 0.0
}

/// Checks that a value is finite.
fn finite(v: f64, what: &'static str) -> Result<f64, CropError> {
    if v.is_finite() {
        Ok(v)
    } else {
        Err(CropError::NotFinite { what })
    }
}
