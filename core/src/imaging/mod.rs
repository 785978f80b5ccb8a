//! Pixel work on RGBA8 buffers: downscale (Lanczos3, premultiplied alpha), crop, enhance, decode and
//! encode (docs/behaviour/uploads.md#image-crop).
//!
//! Pixels are always RGBA8, row-major, no row padding, straight (not premultiplied) alpha: a buffer
//! of exactly `width × height × 4` bytes. Every function checks its sizes before allocating, so a
//! request for a huge image is refused without touching memory: see [`MAX_SIDE`] and [`MAX_PIXELS`].

#[cfg(feature = "codecs")]
mod codec;
mod crop_pixels;
mod enhance;
mod limits;
mod resize;
mod sharpen;

#[cfg(feature = "codecs")]
pub use codec::{ImageFormat, decode_image, encode_image};
pub use crop_pixels::crop_rgba;
pub use enhance::{
    SHARPEN_AMOUNT, SHARPEN_KERNEL, SHARPEN_THRESHOLD, UPSCALE_FACTOR, enhance_rgba,
};
pub use limits::{
    MAX_DECODE_ALLOC, MAX_PIXELS, MAX_SIDE, check_image_size, check_image_size_within, check_rgba,
    fit_long_side,
};
pub use resize::{downscale_rgba, is_opaque};

use crate::Coded;
use std::borrow::Cow;

/// An RGBA8 image: `pixels.len() == width × height × 4`.
///
/// `pixels` is a `Cow` so that a pass-through (e.g. [`downscale_rgba`] on an image already small
/// enough) hands back the caller's own buffer without copying it; decoded or resized images own
/// theirs.
#[derive(Clone, PartialEq, Eq)]
pub struct Image<'a> {
    /// RGBA8 bytes, row-major, straight alpha.
    pub pixels: Cow<'a, [u8]>,
    /// Width, pixels.
    pub width: u32,
    /// Height, pixels.
    pub height: u32,
}

impl Image<'_> {
    /// The pixels as an owned vector (copies only when they were borrowed).
    pub fn into_pixels(self) -> Vec<u8> {
        self.pixels.into_owned()
    }

    /// Whether the pixels are the caller's input buffer, unchanged and not copied.
    pub fn is_borrowed(&self) -> bool {
        matches!(self.pixels, Cow::Borrowed(_))
    }
}

impl std::fmt::Debug for Image<'_> {
    /// Sizes only: printing megabytes of pixels helps nobody.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Image")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("bytes", &self.pixels.len())
            .field("borrowed", &self.is_borrowed())
            .finish()
    }
}

/// Why an imaging call was refused. Every message says what to change.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImagingError {
    /// Width or height is 0.
    #[error("The image is {width}x{height}: both sides must be at least 1 pixel.")]
    EmptyImage {
        /// Width as given.
        width: u32,
        /// Height as given.
        height: u32,
    },
    /// Over [`MAX_SIDE`] per side or [`MAX_PIXELS`] in all (checked before any allocation).
    #[error(
        "An image of {width}x{height} pixels is too large to process: the limit is {max_side} pixels per side and {max_pixels} pixels in all. Use a smaller image."
    )]
    TooLarge {
        /// Width as given (for the enhancer: of its output).
        width: u64,
        /// Height as given (for the enhancer: of its output).
        height: u64,
        /// The per-side limit.
        max_side: u32,
        /// The pixel-count limit.
        max_pixels: u64,
    },
    /// The pixel buffer length is not `width × height × 4`.
    #[error(
        "The pixel buffer has {actual} bytes but a {width}x{height} RGBA image needs {expected} (width × height × 4)."
    )]
    BufferSize {
        /// Width as given.
        width: u32,
        /// Height as given.
        height: u32,
        /// `width × height × 4`.
        expected: u64,
        /// The buffer's length.
        actual: usize,
    },
    /// A `max_side` of 0.
    #[error("The maximum side must be at least 1 pixel.")]
    InvalidMaxSide,
    /// A crop rectangle that is empty or leaves the image.
    #[error(
        "The crop rectangle x={x} y={y} w={w} h={h} does not fit in the {width}x{height} image: it must be at least 1x1 and lie inside."
    )]
    InvalidCropRect {
        /// Rectangle left.
        x: u32,
        /// Rectangle top.
        y: u32,
        /// Rectangle width.
        w: u32,
        /// Rectangle height.
        h: u32,
        /// Image width.
        width: u32,
        /// Image height.
        height: u32,
    },
    /// Bytes that are not a JPEG, PNG or WebP file.
    #[error("The file is not a JPEG, PNG or WebP image.")]
    UnsupportedFormat,
    /// A JPEG, PNG or WebP file that could not be read (truncated or corrupt).
    #[error("The image file could not be read; it may be damaged or incomplete ({reason}).")]
    DecodeFailed {
        /// The decoder's own words.
        reason: String,
    },
    /// The encoder failed.
    #[error("The image could not be encoded ({reason}).")]
    EncodeFailed {
        /// The encoder's own words.
        reason: String,
    },
    /// A quality outside 1-100.
    #[error("The quality {quality} is not valid: use a whole number from 1 to 100.")]
    InvalidQuality {
        /// Quality as given.
        quality: u32,
    },
    /// The resizer failed (not expected once sizes are checked; kept so no path panics).
    #[error("The image could not be resized ({reason}).")]
    ResizeFailed {
        /// The resizer's own words.
        reason: String,
    },
}

impl Coded for ImagingError {
    fn code(&self) -> &'static str {
        match self {
            Self::EmptyImage { .. } => "empty_image",
            Self::TooLarge { .. } => "image_too_large",
            Self::BufferSize { .. } => "buffer_size_mismatch",
            Self::InvalidMaxSide => "invalid_max_side",
            Self::InvalidCropRect { .. } => "invalid_crop_rect",
            Self::UnsupportedFormat => "unsupported_format",
            Self::DecodeFailed { .. } => "decode_failed",
            Self::EncodeFailed { .. } => "encode_failed",
            Self::InvalidQuality { .. } => "invalid_quality",
            Self::ResizeFailed { .. } => "resize_failed",
        }
    }
}
