//! How long a generated video can be: what Wan 2.2 TI2V-5B (the text and picture to video
//! model on ComfyUI and fal.ai) makes (docs/behaviour/tasks-and-queue.md#lengths).

/// Wan 2.2 TI2V-5B's frame rate: 24 frames a second.
pub const WAN_FPS: u32 = 24;

/// The most frames Wan 2.2 TI2V-5B is made for: 121 (5 s at 24 fps, its templates' length;
/// docs/behaviour/tasks-and-queue.md#lengths). A longer clip keeps 121 frames at a lower rate.
pub const WAN_MAX_FRAMES: u32 = 121;

/// The lowest frame rate a longer clip is stretched to: 12 fps (below it motion stutters;
/// docs/behaviour/tasks-and-queue.md#lengths).
pub const WAN_MIN_FPS: u32 = 12;

/// The longest clip: [`WAN_MAX_FRAMES`] at [`WAN_MIN_FPS`], 10 s.
pub const WAN_LONGEST_S: u32 = (WAN_MAX_FRAMES - 1) / WAN_MIN_FPS;

/// Frames and frame rate of a clip of `seconds`: 24 fps while it fits in [`WAN_MAX_FRAMES`],
/// else the frames spread over the length at a lower rate; frames are `4n + 1` (Wan's VAE
/// packs 4 frames per latent after the first).
pub fn wan_clip(seconds: u32) -> (u32, u32) {
    let s = seconds.clamp(1, WAN_LONGEST_S);
    let fps = if s * WAN_FPS < WAN_MAX_FRAMES {
        WAN_FPS
    } else {
        ((WAN_MAX_FRAMES - 1) / s).max(WAN_MIN_FPS)
    };
    let frames = ((fps * s) / 4 * 4 + 1).min(WAN_MAX_FRAMES);
    (frames, fps)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clips_stay_within_the_models_frames() {
        assert_eq!(wan_clip(5), (121, 24));
        assert_eq!(wan_clip(10), (121, 12));
        assert_eq!(WAN_LONGEST_S, 10);
        for s in 1..=WAN_LONGEST_S {
            let (frames, fps) = wan_clip(s);
            assert!(frames <= WAN_MAX_FRAMES && frames % 4 == 1, "{s}: {frames}");
            assert!(fps >= WAN_MIN_FPS, "{s}: {fps}");
        }
    }
}
