//! What a video module makes of an uploaded video, and the largest video its workflow can process
//! (docs/behaviour/tasks-and-queue.md#video-inputs). The server refuses a video over the limit
//! when the task is created, before it is charged; the app shows the size and length that will
//! be made (or the refusal) as soon as the video is uploaded. Both call [`video_output`].
//!
//! ComfyUI holds a workflow's frames as float32 RGB tensors (12 bytes a pixel). The limits keep
//! the frames one prompt holds at once within [`FRAME_MEMORY_BUDGET`]:
//!
//! - restyle and video to anime (Wan 2.1 VACE) decode the input's first [`VACE_MAX_FRAMES`]
//!   (the server cuts a longer clip before sending it) and scale them down to
//!   [`super::sizes::vace_size`]: one full-size copy;
//! - erase keeps the input's size outside the mask: the original frames, the made frames scaled
//!   up to them and their composite, three full-size copies;
//! - the video enhancer (Real-ESRGAN ×4) holds its input batch and the ×4 result, 17 copies; the
//!   server sends a long clip in parts of [`upscale_chunk_frames`], so its length is bounded
//!   by the work it asks for ([`UPSCALE_MAX_FRAME_PIXELS`]), not by memory.

use super::catalogue::{TaskModule, WorkflowName};
use super::sizes::{UPSCALE_FACTOR, vace_size};
use serde::Serialize;

/// Bytes of one pixel of a ComfyUI `IMAGE` tensor: three float32 channels.
pub const TENSOR_BYTES_PER_PIXEL: u64 = 12;

/// The most bytes of frames one prompt may hold at once: 8 GiB, what a machine with the GPU
/// docs/engines.md states for the workflow and 32 GB of memory keeps beside ComfyUI's models
/// (docs/behaviour/tasks-and-queue.md#video-inputs).
pub const FRAME_MEMORY_BUDGET: u64 = 8 * 1024 * 1024 * 1024;

/// The frames Wan 2.1 VACE makes at most: 81, its templates' length (5 s at 16 fps).
pub const VACE_MAX_FRAMES: u32 = 81;

/// A video's size limit: at most `width × height` pixels a frame and `width` on the long side
/// (either orientation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FrameLimit {
    pub width: u32,
    pub height: u32,
}

impl FrameLimit {
    fn pixels(self) -> u64 {
        u64::from(self.width) * u64::from(self.height)
    }

    fn holds(self, width: u32, height: u32) -> bool {
        width.max(height) <= self.width.max(self.height)
            && u64::from(width) * u64::from(height) <= self.pixels()
    }
}

/// Restyle and video to anime: 4K UHD (81 frames of 3840 × 2160, one copy: 7.5 GiB).
pub const RESTYLE_MAX: FrameLimit = FrameLimit {
    width: 3840,
    height: 2160,
};

/// Erase: full HD (81 frames of 1920 × 1080, three copies: 5.6 GiB).
pub const ERASE_MAX: FrameLimit = FrameLimit {
    width: 1920,
    height: 1080,
};

/// The video enhancer: full HD, enlarged ×4 to 7680 × 4320 (8K UHD, the largest frame H.264
/// encodes).
pub const UPSCALE_VIDEO_MAX: FrameLimit = FrameLimit {
    width: 1920,
    height: 1080,
};

/// The copies of a frame the video enhancer holds: its input and the ×4 result.
const UPSCALE_COPIES: u64 = 1 + (UPSCALE_FACTOR as u64) * (UPSCALE_FACTOR as u64);

/// The most frames of one enhancer prompt: 48 (2 s at 24 fps), so a prompt ComfyUI loses or a
/// server that goes down costs at most that much work again.
pub const UPSCALE_CHUNK_MAX_FRAMES: u32 = 48;

/// The most input pixels (frames × pixels a frame) the video enhancer takes: 300 frames of
/// 1920 × 1080 (10 s at 30 fps), more frames at smaller sizes.
pub const UPSCALE_MAX_FRAME_PIXELS: u64 = 300 * 1920 * 1080;

/// What ffprobe reads of an uploaded video; `frames` and `fps` 0 when unknown.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct VideoFacts {
    pub width: u32,
    pub height: u32,
    pub frames: u32,
    pub fps: f64,
}

/// What a video module will make of a video: the size, the frames (`trimmed`: only the first
/// ones of the input), their rate and length in seconds (0 when the rate is unknown).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VideoOutput {
    pub width: u32,
    pub height: u32,
    pub frames: u32,
    pub fps: f64,
    pub seconds: f64,
    pub trimmed: bool,
}

/// Why a video module cannot take a video, as `{kind, ...numbers}` (the app shows its
/// translation filled with the numbers).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Serialize, thiserror::Error)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum VideoProblem {
    /// More pixels a frame (or a longer side) than the module's [`FrameLimit`].
    #[error(
        "This video is too large for this tool: use at most {max_width} × {max_height} pixels \
         a frame (this one is {width} × {height})."
    )]
    TooLarge {
        width: u32,
        height: u32,
        max_width: u32,
        max_height: u32,
    },
    /// More frames than the enhancer takes at this size ([`UPSCALE_MAX_FRAME_PIXELS`]).
    #[error(
        "This video is too long to enlarge at its size: use at most {max_frames} frames \
         ({max_seconds} s at its frame rate; this one has {frames})."
    )]
    TooLong {
        frames: u32,
        max_frames: u32,
        max_seconds: f64,
    },
}

/// Seconds of `frames` at `fps`, to a tenth; 0 when the rate is unknown.
fn seconds_of(frames: u32, fps: f64) -> f64 {
    if fps.is_finite() && fps > 0.0 {
        (f64::from(frames) / fps * 10.0).round() / 10.0
    } else {
        0.0
    }
}

fn check_size(v: VideoFacts, max: FrameLimit) -> Result<(), VideoProblem> {
    if max.holds(v.width, v.height) {
        return Ok(());
    }
    Err(VideoProblem::TooLarge {
        width: v.width,
        height: v.height,
        max_width: max.width,
        max_height: max.height,
    })
}

/// The frames Wan 2.1 VACE makes of `input` frames: at most [`VACE_MAX_FRAMES`], `4n + 1` (its
/// VAE packs 4 frames per latent after the first); [`VACE_MAX_FRAMES`] when unknown.
pub fn vace_frames(input: u32) -> u32 {
    let n = if input == 0 {
        VACE_MAX_FRAMES
    } else {
        input.min(VACE_MAX_FRAMES)
    };
    (n.max(1) - 1) / 4 * 4 + 1
}

/// The frames of one enhancer prompt for frames of `width`×`height`: the most whose input and
/// ×4 result fit [`FRAME_MEMORY_BUDGET`], at most [`UPSCALE_CHUNK_MAX_FRAMES`], at least one.
pub fn upscale_chunk_frames(width: u32, height: u32) -> u32 {
    let frame =
        (u64::from(width) * u64::from(height)).max(1) * TENSOR_BYTES_PER_PIXEL * UPSCALE_COPIES;
    let n = (FRAME_MEMORY_BUDGET / frame).clamp(1, u64::from(UPSCALE_CHUNK_MAX_FRAMES));
    u32::try_from(n).unwrap_or(1)
}

/// What `module` makes of a video, or why it cannot take it; `None` for a module that does not
/// remake an uploaded video (the checks and translator keep their own rules).
pub fn video_output(
    module: &TaskModule,
    v: VideoFacts,
) -> Option<Result<VideoOutput, VideoProblem>> {
    let workflow = module.workflows().first().copied()?;
    let out = match workflow {
        WorkflowName::VideoRestyle | WorkflowName::VideoErase => {
            let max = if workflow == WorkflowName::VideoErase {
                ERASE_MAX
            } else {
                RESTYLE_MAX
            };
            check_size(v, max).map(|()| {
                let size = vace_size(v.width, v.height);
                let frames = vace_frames(v.frames);
                VideoOutput {
                    width: size.width,
                    height: size.height,
                    frames,
                    fps: v.fps,
                    seconds: seconds_of(frames, v.fps),
                    trimmed: v.frames > VACE_MAX_FRAMES,
                }
            })
        }
        WorkflowName::VideoUpscale => check_size(v, UPSCALE_VIDEO_MAX).and_then(|()| {
            let pixels = (u64::from(v.width) * u64::from(v.height)).max(1);
            let max_frames = u32::try_from(UPSCALE_MAX_FRAME_PIXELS / pixels).unwrap_or(u32::MAX);
            if v.frames > max_frames {
                return Err(VideoProblem::TooLong {
                    frames: v.frames,
                    max_frames,
                    max_seconds: seconds_of(max_frames, v.fps),
                });
            }
            Ok(VideoOutput {
                width: v.width.saturating_mul(UPSCALE_FACTOR),
                height: v.height.saturating_mul(UPSCALE_FACTOR),
                frames: v.frames,
                fps: v.fps,
                seconds: seconds_of(v.frames, v.fps),
                trimmed: false,
            })
        }),
        _ => return None,
    };
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tasks::task_module;

    fn facts(width: u32, height: u32, frames: u32, fps: f64) -> VideoFacts {
        VideoFacts {
            width,
            height,
            frames,
            fps,
        }
    }

    fn out(code: &str, v: VideoFacts) -> Result<VideoOutput, VideoProblem> {
        video_output(task_module(code).unwrap(), v).unwrap()
    }

    #[test]
    fn each_limit_holds_its_frames_within_the_budget() {
        let held = |max: FrameLimit, frames: u64, copies: u64| {
            frames * max.pixels() * copies * TENSOR_BYTES_PER_PIXEL
        };
        let vace = u64::from(VACE_MAX_FRAMES);
        assert!(held(RESTYLE_MAX, vace, 1) <= FRAME_MEMORY_BUDGET);
        assert!(held(ERASE_MAX, vace, 3) <= FRAME_MEMORY_BUDGET);
        let chunk = u64::from(upscale_chunk_frames(1920, 1080));
        assert!(held(UPSCALE_VIDEO_MAX, chunk, UPSCALE_COPIES) <= FRAME_MEMORY_BUDGET);
        // A 10 s 1080p clip is never held whole: 20 frames a prompt.
        assert_eq!(chunk, 20);
        assert_eq!(upscale_chunk_frames(160, 90), UPSCALE_CHUNK_MAX_FRAMES);
    }

    #[test]
    fn restyle_makes_the_first_81_frames_at_vaces_size() {
        let o = out("video2video", facts(1920, 1080, 240, 24.0)).unwrap();
        assert_eq!((o.width, o.height, o.frames), (960, 544, 81));
        assert!(o.trimmed);
        assert!((o.seconds - 3.4).abs() < 1e-9);
        let short = out("video2anime", facts(160, 90, 16, 8.0)).unwrap();
        assert_eq!((short.frames, short.trimmed), (13, false));
        assert!(out("video2video", facts(3840, 2160, 9, 30.0)).is_ok());
        assert!(out("video2video", facts(4096, 2160, 9, 30.0)).is_err());
    }

    #[test]
    fn erase_takes_full_hd_at_most() {
        assert!(out("tool_vrw", facts(1080, 1920, 300, 30.0)).is_ok());
        let e = out("tool_erv", facts(2560, 1440, 30, 30.0)).unwrap_err();
        assert!(e.to_string().contains("1920 × 1080"), "{e}");
    }

    #[test]
    fn the_enhancer_enlarges_every_frame_within_its_work_limit() {
        let o = out("mai_vqe", facts(1920, 1080, 300, 30.0)).unwrap();
        assert_eq!(
            (o.width, o.height, o.frames, o.trimmed),
            (7680, 4320, 300, false)
        );
        let e = out("tool_vqe", facts(1920, 1080, 301, 30.0)).unwrap_err();
        assert_eq!(
            e,
            VideoProblem::TooLong {
                frames: 301,
                max_frames: 300,
                max_seconds: 10.0
            }
        );
        assert!(out("mai_vqe", facts(1280, 720, 675, 30.0)).is_ok());
        assert!(out("mai_vqe", facts(3840, 2160, 10, 30.0)).is_err());
    }

    #[test]
    fn modules_that_do_not_remake_a_video_have_no_output() {
        assert!(video_output(task_module("text2video").unwrap(), facts(1, 1, 1, 1.0)).is_none());
        assert_eq!(vace_frames(0), VACE_MAX_FRAMES);
        assert_eq!(vace_frames(1), 1);
    }
}
