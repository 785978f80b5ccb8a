//! Aspect-ratio presets of the crop dialog, the generation aspect-ratio options, and the ratio checks
//! (spec 01 §3, §5, §9; spec 02 §3, §5).

use super::{CropError, positive};

/// A crop preset: a named width:height ratio.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CropPreset {
    /// Label shown on the button, e.g. `"16:9"`.
    pub label: String,
    /// Width term of the ratio (16 for 16:9).
    pub width: u32,
    /// Height term of the ratio (9 for 16:9).
    pub height: u32,
    /// `width / height`.
    pub ratio: f64,
}

/// The crop presets in the order the spec lists them: 16:9, 9:16, 1:1, 4:3, 3:4 (spec 01 §9, spec 02 §5).
pub const CROP_PRESETS: [(&str, u32, u32); 5] = [
    ("16:9", 16, 9),
    ("9:16", 9, 16),
    ("1:1", 1, 1),
    ("4:3", 4, 3),
    ("3:4", 3, 4),
];

/// Relative tolerance of the bound checks of [`crop_presets`] and [`crop_ratio_ok`]: a model bound
/// written with four decimals (1.7777 for 16:9, 0.5625 for 9:16) still admits the preset it means.
const RATIO_TOLERANCE: f64 = 1e-4;

/// Relative tolerance of [`images_ratio_ok`]: only absorbs floating-point rounding.
const QUOTIENT_TOLERANCE: f64 = 1e-9;

/// The presets whose ratio (width/height) lies within the model's bounds, inclusive, in spec order
/// (spec 01 §5: "only presets within bounds are offered").
///
/// A missing bound (`None`) means unbounded on that side. Bounds must be positive finite numbers
/// with `min <= max`, else [`CropError::InvalidRatio`]. The result may be empty (a model whose
/// bounds admit none of the five presets): the dialog then offers free cropping within bounds only.
pub fn crop_presets(
    min_ratio: Option<f64>,
    max_ratio: Option<f64>,
) -> Result<Vec<CropPreset>, CropError> {
    check_bounds(min_ratio, max_ratio)?;
    Ok(CROP_PRESETS
        .iter()
        .map(|&(label, width, height)| CropPreset {
            label: label.to_string(),
            width,
            height,
            ratio: f64::from(width) / f64::from(height),
        })
        .filter(|p| within(p.ratio, min_ratio, max_ratio, RATIO_TOLERANCE))
        .collect())
}

/// Whether a crop of `width` × `height` (any unit) keeps its ratio width/height within the model's
/// bounds, inclusive (spec 01 §5 "crop aspect ratio must stay within the model's min and max").
/// `None` bounds are open. Sides must be positive finite numbers.
pub fn crop_ratio_ok(
    width: f64,
    height: f64,
    min_ratio: Option<f64>,
    max_ratio: Option<f64>,
) -> Result<bool, CropError> {
    if !(positive(width) && positive(height)) {
        return Err(CropError::InvalidBox { width, height });
    }
    check_bounds(min_ratio, max_ratio)?;
    Ok(within(
        width / height,
        min_ratio,
        max_ratio,
        RATIO_TOLERANCE,
    ))
}

/// The two-image check of spec 02 §5: the quotient `(h1 / w1) / (h2 / w2)` of the two images'
/// height/width ratios must lie within the model-given `[lower, upper]`, inclusive.
///
/// The first image is the numerator (the spec does not say which; we take upload order). Sides must
/// be ≥ 1 and the bounds positive finite with `lower <= upper`.
pub fn images_ratio_ok(
    first_width: u32,
    first_height: u32,
    second_width: u32,
    second_height: u32,
    lower: f64,
    upper: f64,
) -> Result<bool, CropError> {
    super::check_image(first_width, first_height)?;
    super::check_image(second_width, second_height)?;
    check_bounds(Some(lower), Some(upper))?;
    // (h1 / w1) / (h2 / w2) = (h1 * w2) / (w1 * h2); products of u32 are exact in f64 up to 2^53.
    let num = f64::from(first_height) * f64::from(second_width);
    let den = f64::from(first_width) * f64::from(second_height);
    Ok(within(
        num / den,
        Some(lower),
        Some(upper),
        QUOTIENT_TOLERANCE,
    ))
}

/// A width × height in pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PixelSize {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

/// One generation aspect-ratio option with its pixel size.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AspectRatioOption {
    /// Label, e.g. `"9:16"`.
    pub label: String,
    /// Output width in pixels.
    pub width: u32,
    /// Output height in pixels.
    pub height: u32,
}

/// The aspect-ratio options with pixel sizes, in spec order (spec 01 §3, spec 02 §3). Note 3:2 and
/// 2:3 are 1023x682 / 682x1023 as the spec writes them (not 1024).
pub const ASPECT_RATIO_OPTIONS: [(&str, u32, u32); 7] = [
    ("9:16", 576, 1024),
    ("16:9", 1024, 576),
    ("1:1", 1024, 1024),
    ("4:3", 1024, 768),
    ("3:4", 768, 1024),
    ("3:2", 1023, 682),
    ("2:3", 682, 1023),
];

/// All aspect-ratio options in spec order (spec 02 §3).
pub fn aspect_ratio_options() -> Vec<AspectRatioOption> {
    ASPECT_RATIO_OPTIONS
        .iter()
        .map(|&(label, width, height)| AspectRatioOption {
            label: label.to_string(),
            width,
            height,
        })
        .collect()
}

/// The pixel size of an aspect-ratio option by its label (`"16:9"` → 1024x576). Surrounding
/// whitespace is ignored; anything else unknown is [`CropError::UnknownAspectRatio`].
pub fn aspect_ratio_size(label: &str) -> Result<PixelSize, CropError> {
    let wanted = label.trim();
    ASPECT_RATIO_OPTIONS
        .iter()
        .find(|(l, _, _)| *l == wanted)
        .map(|&(_, width, height)| PixelSize { width, height })
        .ok_or_else(|| CropError::UnknownAspectRatio {
            label: label.to_string(),
        })
}

/// Validates optional ratio bounds: positive finite, min <= max.
fn check_bounds(min: Option<f64>, max: Option<f64>) -> Result<(), CropError> {
    if min.is_some_and(|v| !positive(v)) {
        return Err(CropError::InvalidRatio {
            reason: "the minimum must be a positive finite number",
        });
    }
    if max.is_some_and(|v| !positive(v)) {
        return Err(CropError::InvalidRatio {
            reason: "the maximum must be a positive finite number",
        });
    }
    if let (Some(lo), Some(hi)) = (min, max)
        && lo > hi
    {
        return Err(CropError::InvalidRatio {
            reason: "the minimum is greater than the maximum",
        });
    }
    Ok(())
}

/// `value` within `[min, max]` with a relative tolerance on each bound.
fn within(value: f64, min: Option<f64>, max: Option<f64>, tolerance: f64) -> bool {
    min.is_none_or(|lo| value >= lo * (1.0 - tolerance))
        && max.is_none_or(|hi| value <= hi * (1.0 + tolerance))
}
