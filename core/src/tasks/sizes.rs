//! The pixel sizes a generation model is asked for (docs/behaviour/tasks-and-queue.md#sizes):
//! every side a multiple of what the model's latents take, so the size shown before a task is
//! the size made.

use crate::crop::PixelSize;

/// Image sides are multiples of 16: Z-Image, Flux and Qwen-Image encode 8×8 pixels per latent
/// and patch 2×2 latents (docs/behaviour/tasks-and-queue.md#sizes). The ratio sizes
/// (`crate::crop::ASPECT_RATIO_OPTIONS`) are all multiples of it.
pub const IMAGE_SIZE_MULTIPLE: u32 = 16;

/// Text and picture to video sides are multiples of 32: Wan 2.2 TI2V-5B encodes 16×16 pixels per
/// latent and patches 2×2 latents (docs/behaviour/tasks-and-queue.md#sizes).
pub const VIDEO_SIZE_MULTIPLE: u32 = 32;

/// `v` rounded down to a multiple of `multiple` (never above the pixel budget), at least one.
pub fn snap_down(v: f64, multiple: u32) -> u32 {
    let m = multiple.max(1);
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let n = ((v / f64::from(m)).floor().max(1.0)) as u32;
    n.saturating_mul(m)
}

/// A video's size for a picture or ratio of `width`×`height`: the same shape with the long side
/// `long_side`, each side a multiple of [`VIDEO_SIZE_MULTIPLE`].
pub fn video_size(width: u32, height: u32, long_side: u32) -> PixelSize {
    let scale = f64::from(long_side) / f64::from(width.max(height).max(1));
    PixelSize {
        width: snap_down(f64::from(width) * scale, VIDEO_SIZE_MULTIPLE),
        height: snap_down(f64::from(height) * scale, VIDEO_SIZE_MULTIPLE),
    }
}

/// The pixels Wan 2.1 VACE (video restyle and erase) runs at: the 720 × 720 of Comfy-Org's VACE
/// templates, in the input video's shape (docs/behaviour/tasks-and-queue.md#sizes).
pub const VACE_PIXELS: u32 = 720 * 720;

/// Wan 2.1 VACE's sides are multiples of 16 (8×8 pixels per latent, 2×2 patches).
pub const VACE_SIZE_MULTIPLE: u32 = 16;

/// The size Wan 2.1 VACE makes a `width`×`height` input video at: its shape at
/// [`VACE_PIXELS`], each side the nearest multiple of [`VACE_SIZE_MULTIPLE`] (so its centre
/// crop cuts at most a few pixels).
pub fn vace_size(width: u32, height: u32) -> PixelSize {
    let (w, h) = (f64::from(width.max(1)), f64::from(height.max(1)));
    let scale = (f64::from(VACE_PIXELS) / (w * h)).sqrt();
    let m = f64::from(VACE_SIZE_MULTIPLE);
    PixelSize {
        width: snap_down(w * scale + m / 2.0, VACE_SIZE_MULTIPLE),
        height: snap_down(h * scale + m / 2.0, VACE_SIZE_MULTIPLE),
    }
}

/// How many times Real-ESRGAN x4plus, the image enhancer's ComfyUI model, enlarges a picture.
pub const UPSCALE_FACTOR: u32 = 4;

/// The largest side of an image enhancer's input: its ×[`UPSCALE_FACTOR`] result stays within
/// the imaging limits' [`crate::imaging::MAX_SIDE`] (docs/behaviour/tasks-and-queue.md#sizes).
pub const UPSCALE_MAX_SIDE: u32 = crate::imaging::MAX_SIDE / UPSCALE_FACTOR;

/// The most pixels of an image enhancer's input: its result stays within
/// [`crate::imaging::MAX_PIXELS`] (4 Mi pixels, 2048 × 2048; docs/behaviour/tasks-and-queue.md#sizes).
pub const UPSCALE_MAX_PIXELS: u64 =
    crate::imaging::MAX_PIXELS / (UPSCALE_FACTOR as u64 * UPSCALE_FACTOR as u64);

/// `Err` with the message naming the limit when an enhancer's input is too large to enlarge.
pub fn check_upscale_input(width: u32, height: u32) -> Result<(), String> {
    if width > UPSCALE_MAX_SIDE
        || height > UPSCALE_MAX_SIDE
        || u64::from(width) * u64::from(height) > UPSCALE_MAX_PIXELS
    {
        return Err(format!(
            "This picture is too large to enlarge {UPSCALE_FACTOR} times: use at most \
             {UPSCALE_MAX_SIDE} pixels a side and {UPSCALE_MAX_PIXELS} pixels in all \
             (for example 2048 × 2048)."
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::crop::ASPECT_RATIO_OPTIONS;

    #[test]
    fn every_ratio_size_is_a_multiple_of_the_image_models_need() {
        for (label, w, h) in ASPECT_RATIO_OPTIONS {
            assert_eq!(w % IMAGE_SIZE_MULTIPLE, 0, "{label}");
            assert_eq!(h % IMAGE_SIZE_MULTIPLE, 0, "{label}");
        }
    }

    #[test]
    fn video_sizes_keep_the_shape_in_multiples_of_32() {
        assert_eq!(
            video_size(1024, 576, 1280),
            PixelSize {
                width: 1280,
                height: 704
            }
        );
        assert_eq!(video_size(600, 800, 1280).width, 960);
        assert_eq!(video_size(1024, 688, 1280).height % 32, 0);
        assert_eq!(snap_down(3.0, 32), 32);
    }

    #[test]
    fn an_enlarged_picture_stays_within_the_imaging_limits() {
        assert!(check_upscale_input(2048, 2048).is_ok());
        assert!(check_upscale_input(4096, 1024).is_ok());
        assert!(
            check_upscale_input(4000, 4000)
                .unwrap_err()
                .contains("2048")
        );
        assert!(check_upscale_input(4097, 10).is_err());
    }

    #[test]
    fn vace_keeps_the_inputs_shape() {
        let s = video_size(1, 1, 1);
        assert_eq!(s.width, 32);
        let wide = vace_size(1920, 1080);
        assert_eq!((wide.width, wide.height), (960, 544));
        let tall = vace_size(1080, 1920);
        assert_eq!((tall.width, tall.height), (544, 960));
        assert_eq!(vace_size(640, 640).width, 720);
    }
}
