//! JavaScript exports of aivg_core::crop: presets within model bounds, aspect-ratio options, the
//! downscale rule, zoom steps, the crop box, the view behind it and the source rectangle
//! (docs/behaviour/uploads.md#image-crop).
//!
//! Ratios are width / height. The crop box and view offsets are display (CSS) pixels, `scale` is
//! display pixels per image pixel, a `CropRect` is image pixels. Image sizes are whole numbers.

use aivg_core::crop::{self, BoxSize, CropView};
use serde::Serialize;
use tsify::Tsify;
use wasm_bindgen::prelude::*;

use crate::convert::{from_js, int_arg, to_js_value, u32_arg};
use crate::error::{bad_argument, to_js};

/// Reads the zoom-button step count: a whole number within the range of an `i32`.
fn steps_arg(value: f64) -> Result<i32, JsValue> {
    i32::try_from(int_arg("steps", value)?).map_err(|_| {
        bad_argument(
            "steps",
            format!("expected a small whole number, got {value}"),
        )
    })
}

/// Reads the crop box argument.
fn box_arg(value: JsValue) -> Result<BoxSize, JsValue> {
    from_js("cropBox", value)
}

/// Reads the view argument.
fn view_arg(value: JsValue) -> Result<CropView, JsValue> {
    from_js("view", value)
}

/// The crop presets whose ratio lies within the model's bounds (null: unbounded), in spec order.
/// ```js
/// cropPresets(0.5625, 0.5625) // [{ label: "9:16", width: 9, height: 16, ratio: 0.5625 }]
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = cropPresets, unchecked_return_type = "CropPreset[]")]
pub fn crop_presets(
    #[wasm_bindgen(js_name = minRatio)] min_ratio: Option<f64>,
    #[wasm_bindgen(js_name = maxRatio)] max_ratio: Option<f64>,
) -> Result<JsValue, JsValue> {
    to_js_value(&crop::crop_presets(min_ratio, max_ratio).map_err(to_js)?)
}

/// Whether a crop's ratio (width / height) stays within the model's bounds.
/// ```js
/// cropRatioOk(1600, 900, 1, 2) // true
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = cropRatioOk)]
pub fn crop_ratio_ok(
    width: f64,
    height: f64,
    #[wasm_bindgen(js_name = minRatio)] min_ratio: Option<f64>,
    #[wasm_bindgen(js_name = maxRatio)] max_ratio: Option<f64>,
) -> Result<bool, JsValue> {
    crop::crop_ratio_ok(width, height, min_ratio, max_ratio).map_err(to_js)
}

/// The two-image check: (h1 / w1) / (h2 / w2) within the model's [lower, upper].
/// ```js
/// imagesRatioOk(1000, 1000, 800, 800, 0.5, 2) // true
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = imagesRatioOk)]
pub fn images_ratio_ok(
    #[wasm_bindgen(js_name = firstWidth)] first_width: f64,
    #[wasm_bindgen(js_name = firstHeight)] first_height: f64,
    #[wasm_bindgen(js_name = secondWidth)] second_width: f64,
    #[wasm_bindgen(js_name = secondHeight)] second_height: f64,
    lower: f64,
    upper: f64,
) -> Result<bool, JsValue> {
    crop::images_ratio_ok(
        u32_arg("firstWidth", first_width)?,
        u32_arg("firstHeight", first_height)?,
        u32_arg("secondWidth", second_width)?,
        u32_arg("secondHeight", second_height)?,
        lower,
        upper,
    )
    .map_err(to_js)
}

/// The crop bounds (width / height) for the other image of a two-image pair, given the one already
/// chosen, so that the pair keeps the model's [lower, upper] (docs/behaviour/uploads.md#image-crop);
/// pass them to cropPresets.
/// ```js
/// pairCropBounds(1600, 900, true, 0.5, 2) // { minRatio: 0.888…, maxRatio: 3.555… }
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = pairCropBounds, unchecked_return_type = "CropBounds")]
pub fn pair_crop_bounds(
    #[wasm_bindgen(js_name = knownWidth)] known_width: f64,
    #[wasm_bindgen(js_name = knownHeight)] known_height: f64,
    #[wasm_bindgen(js_name = knownIsFirst)] known_is_first: bool,
    lower: f64,
    upper: f64,
) -> Result<JsValue, JsValue> {
    let b = crop::pair_crop_bounds(
        u32_arg("knownWidth", known_width)?,
        u32_arg("knownHeight", known_height)?,
        known_is_first,
        lower,
        upper,
    )
    .map_err(to_js)?;
    to_js_value(&b)
}

/// All generation aspect-ratio options with their pixel sizes, in spec order.
/// ```js
/// aspectRatioOptions()[0] // { label: "9:16", width: 576, height: 1024 }
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = aspectRatioOptions, unchecked_return_type = "AspectRatioOption[]")]
pub fn aspect_ratio_options() -> Result<JsValue, JsValue> {
    to_js_value(&crop::aspect_ratio_options())
}

/// The pixel size of an aspect-ratio option by its label; throws `unknown_aspect_ratio`.
/// ```js
/// aspectRatioSize("16:9") // { width: 1024, height: 576 }
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = aspectRatioSize, unchecked_return_type = "PixelSize")]
pub fn aspect_ratio_size(label: &str) -> Result<JsValue, JsValue> {
    to_js_value(&crop::aspect_ratio_size(label).map_err(to_js)?)
}

/// The size an upload should have before cropping: long side at most min(maxValue, 2000).
/// ```js
/// downscaleTarget(4000, 3000, null) // { width: 2000, height: 1500, downscaled: true }
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = downscaleTarget, unchecked_return_type = "DownscaleTarget")]
pub fn downscale_target(
    width: f64,
    height: f64,
    #[wasm_bindgen(js_name = maxValue)] max_value: Option<f64>,
) -> Result<JsValue, JsValue> {
    let max_value = max_value.map(|v| u32_arg("maxValue", v)).transpose()?;
    let target = crop::downscale_target(
        u32_arg("width", width)?,
        u32_arg("height", height)?,
        max_value,
    )
    .map_err(to_js)?;
    to_js_value(&target)
}

/// The zoom range of an image in a crop box: base (cover) scale, min, max = 5 × base, one step.
/// ```js
/// cropZoomRange(1000, 500, { width: 412, height: 412 }).baseScale // 0.824
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = cropZoomRange, unchecked_return_type = "ZoomRange")]
pub fn crop_zoom_range(
    #[wasm_bindgen(js_name = imageWidth)] image_width: f64,
    #[wasm_bindgen(js_name = imageHeight)] image_height: f64,
    #[wasm_bindgen(js_name = cropBox, unchecked_param_type = "BoxSize")] crop_box: JsValue,
) -> Result<JsValue, JsValue> {
    let range = crop::crop_zoom_range(
        u32_arg("imageWidth", image_width)?,
        u32_arg("imageHeight", image_height)?,
        box_arg(crop_box)?,
    )
    .map_err(to_js)?;
    to_js_value(&range)
}

/// The 11 stops of the 10 zoom steps from min to max scale, both included.
/// ```js
/// cropZoomSteps(1, 5).length // 11
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = cropZoomSteps, unchecked_return_type = "number[]")]
pub fn crop_zoom_steps(
    #[wasm_bindgen(js_name = minScale)] min_scale: f64,
    #[wasm_bindgen(js_name = maxScale)] max_scale: f64,
) -> Result<JsValue, JsValue> {
    to_js_value(&crop::crop_zoom_steps(min_scale, max_scale).map_err(to_js)?)
}

/// The scale after `steps` clicks of the zoom buttons (+1 in, -1 out), clamped to [min, max].
/// ```js
/// cropZoomStep(1, 1, 5, 1) // 1.4
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = cropZoomStep)]
pub fn crop_zoom_step(
    scale: f64,
    #[wasm_bindgen(js_name = minScale)] min_scale: f64,
    #[wasm_bindgen(js_name = maxScale)] max_scale: f64,
    steps: f64,
) -> Result<f64, JsValue> {
    let steps = steps_arg(steps)?;
    crop::crop_zoom_step(scale, min_scale, max_scale, steps).map_err(to_js)
}

/// The scale for a zoom slider position (0 is min, 100 is max).
/// ```js
/// cropSliderToScale(50, 1, 5) // 3
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = cropSliderToScale)]
pub fn crop_slider_to_scale(
    slider: f64,
    #[wasm_bindgen(js_name = minScale)] min_scale: f64,
    #[wasm_bindgen(js_name = maxScale)] max_scale: f64,
) -> Result<f64, JsValue> {
    crop::crop_slider_to_scale(slider, min_scale, max_scale).map_err(to_js)
}

/// The zoom slider position (0-100, not rounded) for a scale.
/// ```js
/// cropScaleToSlider(3, 1, 5) // 50
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = cropScaleToSlider)]
pub fn crop_scale_to_slider(
    scale: f64,
    #[wasm_bindgen(js_name = minScale)] min_scale: f64,
    #[wasm_bindgen(js_name = maxScale)] max_scale: f64,
) -> Result<f64, JsValue> {
    crop::crop_scale_to_slider(scale, min_scale, max_scale).map_err(to_js)
}

/// The scale after one wheel event: wheel up × 1.2, wheel down ÷ 1.2, clamped to [min, max].
/// ```js
/// cropWheelZoom(1, event.deltaY, 1, 5) // 1.2 when deltaY < 0
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = cropWheelZoom)]
pub fn crop_wheel_zoom(
    scale: f64,
    #[wasm_bindgen(js_name = deltaY)] delta_y: f64,
    #[wasm_bindgen(js_name = minScale)] min_scale: f64,
    #[wasm_bindgen(js_name = maxScale)] max_scale: f64,
) -> Result<f64, JsValue> {
    crop::crop_wheel_zoom(scale, delta_y, min_scale, max_scale).map_err(to_js)
}

/// The initial crop box for a ratio: the largest box of that ratio inside 412 × 412 (null: free).
/// ```js
/// cropBoxSize(16 / 9) // { width: 412, height: 231.75 }
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = cropBoxSize, unchecked_return_type = "BoxSize")]
pub fn crop_box_size(ratio: Option<f64>) -> Result<JsValue, JsValue> {
    to_js_value(&crop::crop_box_size(ratio).map_err(to_js)?)
}

/// The box the dialog starts with: a preset's box, or for the free ratio (null) the picture's own
/// shape inside 412 × 412, so an untouched free crop keeps the whole picture.
/// ```js
/// cropStartBox(null, 1366, 850) // { width: 412, height: 256.36… }
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = cropStartBox, unchecked_return_type = "BoxSize")]
pub fn crop_start_box(
    ratio: Option<f64>,
    #[wasm_bindgen(js_name = imageWidth)] image_width: f64,
    #[wasm_bindgen(js_name = imageHeight)] image_height: f64,
) -> Result<JsValue, JsValue> {
    let start = crop::crop_start_box(
        ratio,
        u32_arg("imageWidth", image_width)?,
        u32_arg("imageHeight", image_height)?,
    )
    .map_err(to_js)?;
    to_js_value(&start)
}

/// The crop box after the user drags its edge: width at least 40, inside the bounds, ratio kept.
/// ```js
/// cropBoxResize(300, 999, 16 / 9, { width: 412, height: 412 }) // { width: 300, height: 168.75 }
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = cropBoxResize, unchecked_return_type = "BoxSize")]
pub fn crop_box_resize(
    width: f64,
    height: f64,
    ratio: Option<f64>,
    #[wasm_bindgen(unchecked_param_type = "BoxSize")] bounds: JsValue,
) -> Result<JsValue, JsValue> {
    let bounds: BoxSize = from_js("bounds", bounds)?;
    to_js_value(&crop::crop_box_resize(width, height, ratio, bounds).map_err(to_js)?)
}

/// The restored view: base scale with the image centred on the box (also the initial view).
/// ```js
/// cropRestore(1000, 500, { width: 412, height: 412 }) // { scale: 0.824, offsetX: -206, offsetY: 0 }
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = cropRestore, unchecked_return_type = "CropView")]
pub fn crop_restore(
    #[wasm_bindgen(js_name = imageWidth)] image_width: f64,
    #[wasm_bindgen(js_name = imageHeight)] image_height: f64,
    #[wasm_bindgen(js_name = cropBox, unchecked_param_type = "BoxSize")] crop_box: JsValue,
) -> Result<JsValue, JsValue> {
    let view = crop::crop_restore(
        u32_arg("imageWidth", image_width)?,
        u32_arg("imageHeight", image_height)?,
        box_arg(crop_box)?,
    )
    .map_err(to_js)?;
    to_js_value(&view)
}

/// Brings a view back inside the rules (scale within range, image covering the box); call after every drag.
/// ```js
/// cropClampView(1000, 500, box, { scale: 0.824, offsetX: 10, offsetY: 0 }).offsetX // 0
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = cropClampView, unchecked_return_type = "CropView")]
pub fn crop_clamp_view(
    #[wasm_bindgen(js_name = imageWidth)] image_width: f64,
    #[wasm_bindgen(js_name = imageHeight)] image_height: f64,
    #[wasm_bindgen(js_name = cropBox, unchecked_param_type = "BoxSize")] crop_box: JsValue,
    #[wasm_bindgen(unchecked_param_type = "CropView")] view: JsValue,
) -> Result<JsValue, JsValue> {
    let view = crop::crop_clamp_view(
        u32_arg("imageWidth", image_width)?,
        u32_arg("imageHeight", image_height)?,
        box_arg(crop_box)?,
        view_arg(view)?,
    )
    .map_err(to_js)?;
    to_js_value(&view)
}

/// The view after zooming to a scale around the centre of the crop box, then clamped.
/// ```js
/// cropZoomTo(1000, 500, box, view, view.scale * 2)
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = cropZoomTo, unchecked_return_type = "CropView")]
pub fn crop_zoom_to(
    #[wasm_bindgen(js_name = imageWidth)] image_width: f64,
    #[wasm_bindgen(js_name = imageHeight)] image_height: f64,
    #[wasm_bindgen(js_name = cropBox, unchecked_param_type = "BoxSize")] crop_box: JsValue,
    #[wasm_bindgen(unchecked_param_type = "CropView")] view: JsValue,
    scale: f64,
) -> Result<JsValue, JsValue> {
    let view = crop::crop_zoom_to(
        u32_arg("imageWidth", image_width)?,
        u32_arg("imageHeight", image_height)?,
        box_arg(crop_box)?,
        view_arg(view)?,
        scale,
    )
    .map_err(to_js)?;
    to_js_value(&view)
}

/// The source rectangle, in image pixels, that the crop box shows for a view.
/// ```js
/// cropRect(1000, 500, { width: 412, height: 412 }, { scale: 0.824, offsetX: -206, offsetY: 0 }) // { x: 250, y: 0, w: 500, h: 500 }
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = cropRect, unchecked_return_type = "CropRect")]
pub fn crop_rect(
    #[wasm_bindgen(js_name = imageWidth)] image_width: f64,
    #[wasm_bindgen(js_name = imageHeight)] image_height: f64,
    #[wasm_bindgen(js_name = cropBox, unchecked_param_type = "BoxSize")] crop_box: JsValue,
    #[wasm_bindgen(unchecked_param_type = "CropView")] view: JsValue,
) -> Result<JsValue, JsValue> {
    let rect = crop::crop_rect(
        u32_arg("imageWidth", image_width)?,
        u32_arg("imageHeight", image_height)?,
        box_arg(crop_box)?,
        view_arg(view)?,
    )
    .map_err(to_js)?;
    to_js_value(&rect)
}

/// The fixed numbers of the crop dialog, as one object.
#[derive(Debug, Serialize, Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct CropConstants {
    default_crop_box: f64,
    min_crop_width: f64,
    max_image_side: u32,
    max_scale_factor: f64,
    zoom_steps: u32,
    slider_max: f64,
    wheel_zoom_step: f64,
}

/// The fixed numbers of the crop dialog (docs/behaviour/uploads.md#image-crop: box 412, min width 40, side 2000, zoom 5×, 10 steps, slider 100, wheel 0.2).
/// ```js
/// cropConstants().defaultCropBox // 412
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = cropConstants, unchecked_return_type = "CropConstants")]
pub fn crop_constants() -> Result<JsValue, JsValue> {
    to_js_value(&CropConstants {
        default_crop_box: crop::DEFAULT_CROP_BOX,
        min_crop_width: crop::MIN_CROP_WIDTH,
        max_image_side: crop::MAX_IMAGE_SIDE,
        max_scale_factor: crop::MAX_SCALE_FACTOR,
        zoom_steps: crop::ZOOM_STEPS,
        slider_max: crop::SLIDER_MAX,
        wheel_zoom_step: crop::WHEEL_ZOOM_STEP,
    })
}
