//! When and to what size an uploaded image is downscaled before cropping
//! (docs/behaviour/uploads.md#image-crop).

use super::{CropError, check_image};
use crate::imaging::fit_long_side;

/// Max image side 2000 (docs/behaviour/uploads.md#image-crop).
pub const MAX_IMAGE_SIDE: u32 = 2000;

/// The size an image should have before cropping.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DownscaleTarget {
    /// Target width, pixels.
    pub width: u32,
    /// Target height, pixels.
    pub height: u32,
    /// Whether the target differs from the input (a downscale is needed).
    pub downscaled: bool,
}

/// The downscale rule of docs/behaviour/uploads.md#image-crop: the image is downscaled when a side
/// exceeds `limit = min(maxValue, 2000)`; the long side then becomes `limit` and the short side
/// keeps the aspect ratio, `round(short × limit / long)` with halves rounded up (exact integer
/// arithmetic), at least 1. A side equal to the limit is not "exceeding": no downscale.
///
/// `max_value` is the model's maximum side; `None` means the model gives none (limit 2000), `0` is
/// [`CropError::InvalidMaxValue`]. `imaging::downscale_rgba` with `max_side = limit` produces exactly
/// this size.
pub fn downscale_target(
    width: u32,
    height: u32,
    max_value: Option<u32>,
) -> Result<DownscaleTarget, CropError> {
    check_image(width, height)?;
    let limit = match max_value {
        Some(0) => return Err(CropError::InvalidMaxValue),
        Some(v) => v.min(MAX_IMAGE_SIDE),
        None => MAX_IMAGE_SIDE,
    };
    let (w, h) = fit_long_side(width, height, limit);
    Ok(DownscaleTarget {
        width: w,
        height: h,
        downscaled: (w, h) != (width, height),
    })
}
