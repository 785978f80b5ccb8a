//! Decoding and encoding JPEG, PNG and WebP with the `image` crate (pure Rust, builds for wasm32).

use super::limits::{MAX_DECODE_ALLOC, check_rgba, check_size};
use super::{Image, ImagingError, MAX_SIDE};
use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::PngEncoder;
use image::codecs::webp::WebPEncoder;
use image::metadata::Orientation;
use image::{DynamicImage, ExtendedColorType, ImageDecoder, ImageEncoder, ImageReader};
use std::borrow::Cow;
use std::io::Cursor;

/// An encoded file format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ImageFormat {
    /// JPEG (lossy; no alpha).
    Jpeg,
    /// PNG (lossless).
    Png,
    /// WebP (lossless: the pure-Rust encoder has no lossy mode).
    Webp,
}

/// Decodes a JPEG, PNG or WebP file into RGBA8 pixels.
///
/// - Limits, before any pixel buffer is allocated: each side ≤ [`MAX_SIDE`] (through
///   `image::Limits`, read from the header), `width × height ≤` [`super::MAX_PIXELS`], and the
///   decoder's own buffer ≤ [`MAX_DECODE_ALLOC`]; beyond them [`ImagingError::TooLarge`].
/// - The EXIF orientation (JPEG, WebP, PNG eXIf) is applied, so the pixels are upright as browsers
///   show the file (CSS `image-orientation: from-image` is the default).
/// - Other formats (GIF, BMP, …) or unknown bytes: [`ImagingError::UnsupportedFormat`]; a damaged
///   file: [`ImagingError::DecodeFailed`].
pub fn decode_image(bytes: &[u8]) -> Result<Image<'static>, ImagingError> {
    let mut reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| ImagingError::DecodeFailed {
            reason: e.to_string(),
        })?;
    if !matches!(
        reader.format(),
        Some(image::ImageFormat::Jpeg | image::ImageFormat::Png | image::ImageFormat::WebP)
    ) {
        return Err(ImagingError::UnsupportedFormat);
    }
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODE_ALLOC);
    reader.limits(limits);

    let mut decoder = reader.into_decoder().map_err(|e| decode_error(e, bytes))?;
    let (width, height) = decoder.dimensions();
    check_size(u64::from(width), u64::from(height))?;
    if decoder.total_bytes() > MAX_DECODE_ALLOC {
        return Err(too_large(width, height));
    }
    // A broken EXIF block must not lose the picture: fall back to "as stored".
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let mut img = DynamicImage::from_decoder(decoder).map_err(|e| decode_error(e, bytes))?;
    img.apply_orientation(orientation);
    // `into_rgba8` reuses the buffer when the file was already RGBA8.
    let rgba = img.into_rgba8();
    let (width, height) = rgba.dimensions();
    Ok(Image {
        pixels: Cow::Owned(rgba.into_raw()),
        width,
        height,
    })
}

/// Encodes RGBA8 pixels as a JPEG, PNG or WebP file.
///
/// `quality` (1-100, else [`ImagingError::InvalidQuality`] whatever the format) is the JPEG quality;
/// PNG and WebP are lossless and ignore it. JPEG has no alpha: pixels are composited over white
/// (what a transparent area looks like on the site's light pages) rather than dropping alpha,
/// which would reveal whatever colour transparent pixels happen to hold.
pub fn encode_image(
    pixels: &[u8],
    width: u32,
    height: u32,
    format: ImageFormat,
    quality: u32,
) -> Result<Vec<u8>, ImagingError> {
    if !(1..=100).contains(&quality) {
        return Err(ImagingError::InvalidQuality { quality });
    }
    check_rgba(pixels, width, height)?;
    let mut out = Vec::new();
    let result = match format {
        ImageFormat::Jpeg => {
            let rgb = flatten_on_white(pixels);
            let q = u8::try_from(quality).unwrap_or(100);
            JpegEncoder::new_with_quality(&mut out, q).write_image(
                &rgb,
                width,
                height,
                ExtendedColorType::Rgb8,
            )
        }
        ImageFormat::Png => {
            PngEncoder::new(&mut out).write_image(pixels, width, height, ExtendedColorType::Rgba8)
        }
        ImageFormat::Webp => WebPEncoder::new_lossless(&mut out).write_image(
            pixels,
            width,
            height,
            ExtendedColorType::Rgba8,
        ),
    };
    result.map_err(|e| ImagingError::EncodeFailed {
        reason: e.to_string(),
    })?;
    Ok(out)
}

/// RGBA8 → RGB8 composited over white: `c·a/255 + 255·(1 − a/255)`, rounded.
fn flatten_on_white(pixels: &[u8]) -> Vec<u8> {
    let mut rgb = Vec::with_capacity(pixels.len() / 4 * 3);
    for px in pixels.chunks_exact(4) {
        if let &[r, g, b, a] = px {
            let a = u32::from(a);
            for c in [r, g, b] {
                let v = (u32::from(c) * a + 255 * (255 - a) + 127) / 255;
                rgb.push(u8::try_from(v).unwrap_or(u8::MAX));
            }
        }
    }
    rgb
}

/// Maps an `image` error to ours; a limits error reports the header's size when it can be read.
fn decode_error(e: image::ImageError, bytes: &[u8]) -> ImagingError {
    match e {
        image::ImageError::Limits(_) => {
            let dims = ImageReader::new(Cursor::new(bytes))
                .with_guessed_format()
                .ok()
                .and_then(|r| r.into_dimensions().ok())
                .unwrap_or((0, 0));
            too_large(dims.0, dims.1)
        }
        image::ImageError::Unsupported(_) => ImagingError::UnsupportedFormat,
        other => ImagingError::DecodeFailed {
            reason: other.to_string(),
        },
    }
}

fn too_large(width: u32, height: u32) -> ImagingError {
    ImagingError::TooLarge {
        width: u64::from(width),
        height: u64::from(height),
        max_side: MAX_SIDE,
        max_pixels: super::MAX_PIXELS,
    }
}
