//! Layout constants: breakpoints, phone layout, stacking and popovers
//! (docs/behaviour/languages-and-routes.md#page-frame).

use super::preview::{
    PREVIEW_MAX_SCALE, PREVIEW_MIN_SCALE, PREVIEW_SCALE_STEP, PREVIEW_VIEWPORT_HEIGHT_MARGIN_PX,
    PREVIEW_VIEWPORT_HEIGHT_PERCENT, PREVIEW_VIEWPORT_WIDTH_PERCENT,
};
use super::validation::{MIN_PROMPT_CHARS, MUSIC_DEFAULT_DURATION_S};
use serde::{Deserialize, Serialize};

/// Layout breakpoints in px, ascending (docs/behaviour/languages-and-routes.md#page-frame).
pub const BREAKPOINTS_PX: [u32; 10] = [480, 600, 768, 836, 960, 1016, 1188, 1368, 1440, 1920];
/// Widths below this are phones (docs/behaviour/languages-and-routes.md#page-frame "phone layout
/// below 768 px").
pub const PHONE_BELOW_PX: u32 = 768;
/// Default icon size, px (docs/behaviour/languages-and-routes.md#page-frame: "icons 24x24
/// default").
pub const ICON_SIZE_PX: u32 = 24;
/// Gap between carousel slides, px (docs/behaviour/languages-and-routes.md#page-frame: "gap 10";
/// autoplay, loop, one slide per view).
pub const CAROUSEL_GAP_PX: u32 = 10;
/// Popover show delay in ms (docs/behaviour/languages-and-routes.md#page-frame).
pub const POPOVER_SHOW_DELAY_MS: u32 = 50;
/// Popover hide delay in ms (docs/behaviour/languages-and-routes.md#page-frame).
pub const POPOVER_HIDE_DELAY_MS: u32 = 200;
/// Popover distance from its anchor in px (docs/behaviour/languages-and-routes.md#page-frame).
pub const POPOVER_OFFSET_PX: u32 = 12;
/// Popover z-index (docs/behaviour/languages-and-routes.md#page-frame).
pub const POPOVER_Z_INDEX: u32 = 1_000;
/// Dialog z-index (docs/behaviour/languages-and-routes.md#page-frame).
pub const DIALOG_Z_INDEX: u32 = 2_000;
/// Tooltip z-index (docs/behaviour/languages-and-routes.md#page-frame).
pub const TOOLTIP_Z_INDEX: u32 = 99_999;
/// Check-in popup z-index (docs/behaviour/languages-and-routes.md#page-frame).
pub const CHECKIN_POPUP_Z_INDEX: u32 = 500;

/// Whether a viewport width (CSS px) gets the phone layout
/// (docs/behaviour/languages-and-routes.md#page-frame): width < 768. NaN gives false (desktop, the
/// layout without a drawer).
pub fn is_phone(width: f64) -> bool {
    width < f64::from(PHONE_BELOW_PX)
}

/// The largest breakpoint the width reaches (`width >= breakpoint`), or `None` below 480 or
/// for NaN; for media-query-like decisions in code.
pub fn breakpoint_at(width: f64) -> Option<u32> {
    BREAKPOINTS_PX
        .iter()
        .rev()
        .copied()
        .find(|&b| width >= f64::from(b))
}

/// The layout constants as one object (JS `uiConstants()`); each field repeats a constant
/// whose doc cites the spec.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UiConstants {
    /// Breakpoints in px, ascending.
    pub breakpoints_px: [u32; 10],
    /// Phone layout below this width.
    pub phone_below_px: u32,
    /// Popover show delay (ms).
    pub popover_show_delay_ms: u32,
    /// Popover hide delay (ms).
    pub popover_hide_delay_ms: u32,
    /// Popover offset (px).
    pub popover_offset_px: u32,
    /// Popover z-index.
    pub popover_z_index: u32,
    /// Dialog z-index.
    pub dialog_z_index: u32,
    /// Tooltip z-index.
    pub tooltip_z_index: u32,
    /// Check-in popup z-index.
    pub checkin_popup_z_index: u32,
    /// Image preview minimum scale.
    pub preview_min_scale: f64,
    /// Image preview maximum scale.
    pub preview_max_scale: f64,
    /// Image preview zoom step.
    pub preview_scale_step: f64,
    /// Preview viewport width, percent of the window width.
    pub preview_viewport_width_percent: u32,
    /// Preview viewport height, percent of the window height (before the margin).
    pub preview_viewport_height_percent: u32,
    /// Px taken off the preview viewport height.
    pub preview_viewport_height_margin_px: u32,
    /// Minimum trimmed characters of a music prompt or lyrics.
    pub min_prompt_chars: u32,
    /// Default music duration (s).
    pub music_default_duration_s: u32,
    /// Default icon size (px).
    pub icon_size_px: u32,
    /// Gap between carousel slides (px).
    pub carousel_gap_px: u32,
}

/// The layout constants object.
pub fn ui_constants() -> UiConstants {
    UiConstants {
        breakpoints_px: BREAKPOINTS_PX,
        phone_below_px: PHONE_BELOW_PX,
        popover_show_delay_ms: POPOVER_SHOW_DELAY_MS,
        popover_hide_delay_ms: POPOVER_HIDE_DELAY_MS,
        popover_offset_px: POPOVER_OFFSET_PX,
        popover_z_index: POPOVER_Z_INDEX,
        dialog_z_index: DIALOG_Z_INDEX,
        tooltip_z_index: TOOLTIP_Z_INDEX,
        checkin_popup_z_index: CHECKIN_POPUP_Z_INDEX,
        preview_min_scale: PREVIEW_MIN_SCALE,
        preview_max_scale: PREVIEW_MAX_SCALE,
        preview_scale_step: PREVIEW_SCALE_STEP,
        preview_viewport_width_percent: PREVIEW_VIEWPORT_WIDTH_PERCENT,
        preview_viewport_height_percent: PREVIEW_VIEWPORT_HEIGHT_PERCENT,
        preview_viewport_height_margin_px: PREVIEW_VIEWPORT_HEIGHT_MARGIN_PX,
        min_prompt_chars: MIN_PROMPT_CHARS,
        music_default_duration_s: MUSIC_DEFAULT_DURATION_S,
        icon_size_px: ICON_SIZE_PX,
        carousel_gap_px: CAROUSEL_GAP_PX,
    }
}
