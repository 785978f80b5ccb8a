//! Validation, layout constants and the English source texts of error pages and modals (docs/behaviour/calls-and-errors.md#messages; docs/behaviour/languages-and-routes.md#page-frame).
//!
//! - [`validation`]: music prompt and lyrics (trimmed, counted in characters).
//! - [`layout`]: breakpoints, phone layout, z-indexes, popover defaults, [`UiConstants`].
//! - [`preview`]: image preview zoom (no float drift) and viewport.
//! - [`error_page`]: status, texts, bot detection, debug stack, feature guide.
//! - [`texts`]: the English source texts keyed by stable ids, and placeholder filling.

pub mod error_page;
pub mod layout;
pub mod preview;
pub mod texts;
pub mod validation;

pub use error_page::{
    DEFAULT_ERROR_STATUS, ErrorPage, FeatureGroup, FeatureLink, error_page,
    error_page_feature_guide, error_page_shows_stack, error_page_status, is_bot_user_agent,
};
pub use layout::{
    BREAKPOINTS_PX, CHECKIN_POPUP_Z_INDEX, DIALOG_Z_INDEX, PHONE_BELOW_PX, POPOVER_HIDE_DELAY_MS,
    POPOVER_OFFSET_PX, POPOVER_SHOW_DELAY_MS, POPOVER_Z_INDEX, TOOLTIP_Z_INDEX, UiConstants,
    breakpoint_at, is_phone, ui_constants,
};
pub use preview::{
    PREVIEW_MAX_SCALE, PREVIEW_MIN_SCALE, PREVIEW_SCALE_STEP, PreviewSize, preview_fit,
    preview_viewport, preview_zoom_clamp, preview_zoom_in, preview_zoom_out,
};
pub use texts::{
    SOURCE_TEXTS, SourceText, consumption_message, fill_placeholders, source_text, source_texts,
};
pub use validation::{
    MIN_PROMPT_CHARS, MUSIC_DEFAULT_DURATION_S, js_trim, trimmed_length, validate_music_prompt,
    validate_song_lyrics,
};

use crate::Coded;

/// Errors of the UI rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UiError {
    /// The music prompt is shorter than 10 characters after trimming
    /// (docs/behaviour/tasks-and-queue.md#task-inputs).
    #[error("Please describe your music in at least 10 characters (now {count}).")]
    MusicPromptTooShort {
        /// Characters after trimming.
        count: u32,
    },
    /// The lyrics are shorter than 10 characters after trimming
    /// (docs/behaviour/tasks-and-queue.md#task-inputs).
    #[error("Please write at least 10 characters of lyrics (now {count}).")]
    SongLyricsTooShort {
        /// Characters after trimming.
        count: u32,
    },
    /// A credit amount to show is NaN or infinite.
    #[error("The credit amount must be a finite number.")]
    InvalidCredits,
}

impl Coded for UiError {
    fn code(&self) -> &'static str {
        match self {
            Self::MusicPromptTooShort { .. } => "music_prompt_too_short",
            Self::SongLyricsTooShort { .. } => "song_lyrics_too_short",
            Self::InvalidCredits => "invalid_credits",
        }
    }
}
