//! Aspect-ratio presets of the crop dialog, the generation aspect-ratio options, and the ratio checks
//! (docs/behaviour/uploads.md#aspect-ratios, #image-crop).

use super::{CropError, positive};

/// A crop preset: a named width:height ratio.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
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

/// The crop presets in the order the spec lists them: 16:9, 9:16, 1:1, 4:3, 3:4
/// (docs/behaviour/uploads.md#image-crop, #aspect-ratios).
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
/// (docs/behaviour/uploads.md#aspect-ratios: "only presets within bounds are offered").
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
/// bounds, inclusive (docs/behaviour/uploads.md#aspect-ratios "crop aspect ratio must stay within
/// the model's min and max"). `None` bounds are open. Sides must be positive finite numbers.
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

/// The two-image check of docs/behaviour/uploads.md#aspect-ratios: the quotient `(h1 / w1) / (h2 /
/// w2)` of the two images' height/width ratios must lie within the model-given `[lower, upper]`,
/// inclusive.
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

/// The crop ratio bounds (width / height, as [`crop_presets`] takes them) that keep a pair of
/// images within the two-image rule of docs/behaviour/uploads.md#aspect-ratios, given the image
/// already chosen: its size and whether it is the first of the pair (the numerator of
/// [`images_ratio_ok`]'s quotient).
///
/// With `r = h / w` of the known image and the quotient `q = r_first / r_second` in `[lower,
/// upper]`, the other image's width/height must lie in `[lower·w/h, upper·w/h]` when the known one
/// is first, and in `[w/(h·upper), w/(h·lower)]` when it is second. Decision: the crop dialog of
/// the other image offers only presets within these (docs/behaviour/uploads.md#aspect-ratios "only
/// presets within bounds are offered"), so a pair outside the rule cannot be made there.
pub fn pair_crop_bounds(
    known_width: u32,
    known_height: u32,
    known_is_first: bool,
    lower: f64,
    upper: f64,
) -> Result<CropBounds, CropError> {
    super::check_image(known_width, known_height)?;
    check_bounds(Some(lower), Some(upper))?;
    let wh = f64::from(known_width) / f64::from(known_height);
    Ok(if known_is_first {
        CropBounds {
            min_ratio: lower * wh,
            max_ratio: upper * wh,
        }
    } else {
        CropBounds {
            min_ratio: wh / upper,
            max_ratio: wh / lower,
        }
    })
}

/// Width / height bounds of a crop, both inclusive.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CropBounds {
    /// Smallest width / height.
    pub min_ratio: f64,
    /// Largest width / height.
    pub max_ratio: f64,
}

/// A width × height in pixels.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PixelSize {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

/// One generation aspect-ratio option with its pixel size.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
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

/// The aspect-ratio options with pixel sizes, in spec order
/// (docs/behaviour/uploads.md#aspect-ratios). 3:2 and 2:3 are 1024x688 / 688x1024, not the
/// spec's 1023x682: every side is a multiple of `crate::tasks::sizes::IMAGE_SIZE_MULTIPLE`, so the
/// size shown is the size the model makes.
pub const ASPECT_RATIO_OPTIONS: [(&str, u32, u32); 7] = [
    ("9:16", 576, 1024),
    ("16:9", 1024, 576),
    ("1:1", 1024, 1024),
    ("4:3", 1024, 768),
    ("3:4", 768, 1024),
    ("3:2", 1024, 688),
    ("2:3", 688, 1024),
];

/// All aspect-ratio options in spec order (docs/behaviour/uploads.md#aspect-ratios).
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

#[cfg(test)]
mod pair_tests {
    use super::*;

    /// Every preset the bounds admit makes a pair the two-image rule accepts, and every other
    /// preset one it refuses, whichever image is known.
    #[test]
    fn pair_bounds_agree_with_the_two_image_rule() {
        for &(_, kw, kh) in &CROP_PRESETS {
            let (kw, kh) = (kw * 100, kh * 100);
            for known_is_first in [true, false] {
                let b = pair_crop_bounds(kw, kh, known_is_first, 0.5, 2.0).unwrap();
                let offered: Vec<_> = crop_presets(Some(b.min_ratio), Some(b.max_ratio))
                    .unwrap()
                    .into_iter()
                    .map(|p| p.label)
                    .collect();
                for &(label, w, h) in &CROP_PRESETS {
                    let (w, h) = (w * 100, h * 100);
                    let ok = if known_is_first {
                        images_ratio_ok(kw, kh, w, h, 0.5, 2.0)
                    } else {
                        images_ratio_ok(w, h, kw, kh, 0.5, 2.0)
                    }
                    .unwrap();
                    assert_eq!(
                        offered.iter().any(|l| l == label),
                        ok,
                        "{kw}x{kh} first={known_is_first} {label}"
                    );
                }
            }
        }
    }

    #[test]
    fn sixteen_nine_first_leaves_the_landscape_and_square_presets() {
        let b = pair_crop_bounds(1600, 900, true, 0.5, 2.0).unwrap();
        let labels: Vec<_> = crop_presets(Some(b.min_ratio), Some(b.max_ratio))
            .unwrap()
            .into_iter()
            .map(|p| p.label)
            .collect();
        assert_eq!(labels, ["16:9", "1:1", "4:3"]);
    }

    #[test]
    fn bad_input_is_refused() {
        assert!(matches!(
            pair_crop_bounds(0, 10, true, 0.5, 2.0),
            Err(CropError::InvalidImageSize { .. })
        ));
        assert!(matches!(
            pair_crop_bounds(10, 10, true, 2.0, 0.5),
            Err(CropError::InvalidRatio { .. })
        ));
        assert!(matches!(
            pair_crop_bounds(10, 10, false, f64::NAN, 2.0),
            Err(CropError::InvalidRatio { .. })
        ));
    }
}
