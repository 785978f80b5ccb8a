//! JavaScript exports of aivg_core::imaging: downscale, crop and enhance RGBA8 pixels
//! (docs/behaviour/uploads.md#image-crop).
//!
//! Core's JPEG/PNG/WebP codecs (`decode_image`, `encode_image`, used by the server) are left out
//! of the package: browsers decode files natively and faster (`createImageBitmap`, a canvas's
//! `getImageData`) and encode them (`canvas.toBlob`), and the codecs would add about 550 KB of
//! WebAssembly.
//!
//! Pixels never go through serde: they come in as a `Uint8Array` (or the `Uint8ClampedArray` of
//! an `ImageData`), which wasm-bindgen copies once into WebAssembly memory, and go out as a new
//! `Uint8Array` copied once out of it. An image result is a plain object `{ pixels, width,
//! height }`. Sizes are checked by core before anything is allocated, so a 20000 × 20000 request
//! is refused at once with `image_too_large`.

use aivg_core::crop::{CropRect, PixelSize};
use aivg_core::imaging::{self, Image};
use serde::Serialize;
use tsify::Tsify;
use wasm_bindgen::prelude::*;

use crate::convert::{from_js, to_js_value, u32_arg};
use crate::error::to_js;

// Hand-written: the object is built with js_sys around a `Uint8Array` (pixels never cross via
// serde, which would make them a number array); see `image_object`.
#[wasm_bindgen(typescript_custom_section)]
const TS_IMAGING: &str = r#"
/** An RGBA8 image: row-major, no padding, straight alpha; `pixels.length === width * height * 4`. */
export interface RgbaImage {
  pixels: Uint8Array;
  width: number;
  height: number;
}
"#;

/// The image as `{ pixels, width, height }`, its pixels copied once out of WebAssembly memory.
fn image_object(image: &Image<'_>) -> Result<JsValue, JsValue> {
    let object = js_sys::Object::new();
    let pixels = js_sys::Uint8Array::from(image.pixels.as_ref());
    js_sys::Reflect::set(&object, &JsValue::from_str("pixels"), &pixels)?;
    js_sys::Reflect::set(
        &object,
        &JsValue::from_str("width"),
        &JsValue::from(image.width),
    )?;
    js_sys::Reflect::set(
        &object,
        &JsValue::from_str("height"),
        &JsValue::from(image.height),
    )?;
    Ok(object.into())
}

/// Downscales RGBA8 pixels so the long side is `maxSide` (Lanczos3); the same size when no side exceeds it.
/// ```js
/// const { pixels, width, height } = downscaleRgba(image.pixels, 4000, 3000, 2000) // width 2000, height 1500
/// ```
#[wasm_bindgen(js_name = downscaleRgba, unchecked_return_type = "RgbaImage")]
pub fn downscale_rgba(
    #[wasm_bindgen(unchecked_param_type = "Uint8Array | Uint8ClampedArray")] pixels: &[u8],
    width: f64,
    height: f64,
    #[wasm_bindgen(js_name = maxSide)] max_side: f64,
) -> Result<JsValue, JsValue> {
    let image = imaging::downscale_rgba(
        pixels,
        u32_arg("width", width)?,
        u32_arg("height", height)?,
        u32_arg("maxSide", max_side)?,
    )
    .map_err(to_js)?;
    image_object(&image)
}

/// Cuts a rectangle (image pixels, e.g. from `cropRect`) out of RGBA8 pixels; it must lie inside.
/// ```js
/// cropRgba(image.pixels, image.width, image.height, { x: 10, y: 20, w: 300, h: 200 }).width // 300
/// ```
#[wasm_bindgen(js_name = cropRgba, unchecked_return_type = "RgbaImage")]
pub fn crop_rgba(
    #[wasm_bindgen(unchecked_param_type = "Uint8Array | Uint8ClampedArray")] pixels: &[u8],
    width: f64,
    height: f64,
    #[wasm_bindgen(unchecked_param_type = "CropRect")] rect: JsValue,
) -> Result<JsValue, JsValue> {
    let rect: CropRect = from_js("rect", rect)?;
    let image = imaging::crop_rgba(
        pixels,
        u32_arg("width", width)?,
        u32_arg("height", height)?,
        rect,
    )
    .map_err(to_js)?;
    image_object(&image)
}

/// The enhancer's pixel step: 2× Lanczos3 upscale, then a mild unsharp mask.
/// ```js
/// enhanceRgba(image.pixels, 640, 480).width // 1280
/// ```
#[wasm_bindgen(js_name = enhanceRgba, unchecked_return_type = "RgbaImage")]
pub fn enhance_rgba(
    #[wasm_bindgen(unchecked_param_type = "Uint8Array | Uint8ClampedArray")] pixels: &[u8],
    width: f64,
    height: f64,
) -> Result<JsValue, JsValue> {
    let image = imaging::enhance_rgba(pixels, u32_arg("width", width)?, u32_arg("height", height)?)
        .map_err(to_js)?;
    image_object(&image)
}

/// Whether every alpha byte of RGBA8 pixels is 255 (a trailing partial pixel is ignored).
/// ```js
/// isOpaque(new Uint8Array([1, 2, 3, 255])) // true
/// ```
#[wasm_bindgen(js_name = isOpaque)]
pub fn is_opaque(
    #[wasm_bindgen(unchecked_param_type = "Uint8Array | Uint8ClampedArray")] pixels: &[u8],
) -> bool {
    imaging::is_opaque(pixels)
}

/// The size of an image fitted so its long side is at most `maxSide` (short side rounded, halves up).
/// ```js
/// fitLongSide(4000, 3000, 2000) // { width: 2000, height: 1500 }
/// ```
#[wasm_bindgen(js_name = fitLongSide, unchecked_return_type = "PixelSize")]
pub fn fit_long_side(
    width: f64,
    height: f64,
    #[wasm_bindgen(js_name = maxSide)] max_side: f64,
) -> Result<JsValue, JsValue> {
    let (width, height) = imaging::fit_long_side(
        u32_arg("width", width)?,
        u32_arg("height", height)?,
        u32_arg("maxSide", max_side)?,
    );
    to_js_value(&PixelSize { width, height })
}

/// The limits and fixed numbers of the pixel functions, as one object.
#[derive(Debug, Serialize, Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct ImagingConstants {
    max_side: u32,
    max_pixels: u64,
    max_decode_alloc: u64,
    upscale_factor: u32,
    sharpen_amount: f32,
    sharpen_threshold: f32,
    sharpen_kernel: [u32; 5],
}

/// The limits of the pixel functions (16384 per side, 64 Mi pixels) and the enhancer's numbers.
/// ```js
/// imagingConstants().maxSide // 16384
/// ```
#[wasm_bindgen(js_name = imagingConstants, unchecked_return_type = "ImagingConstants")]
pub fn imaging_constants() -> Result<JsValue, JsValue> {
    to_js_value(&ImagingConstants {
        max_side: imaging::MAX_SIDE,
        max_pixels: imaging::MAX_PIXELS,
        max_decode_alloc: imaging::MAX_DECODE_ALLOC,
        upscale_factor: imaging::UPSCALE_FACTOR,
        sharpen_amount: imaging::SHARPEN_AMOUNT,
        sharpen_threshold: imaging::SHARPEN_THRESHOLD,
        sharpen_kernel: imaging::SHARPEN_KERNEL,
    })
}
