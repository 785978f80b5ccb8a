//! Validation of the music form (docs/behaviour/tasks-and-queue.md#task-inputs).
//!
//! Length is counted in characters (Unicode scalar values), not bytes and not UTF-16 units, so
//! "音乐" counts 2 and an emoji counts 1. Trimming follows JavaScript's `String.prototype.trim`
//! exactly (ECMAScript WhiteSpace and LineTerminator, including U+FEFF but not U+0085), so the
//! app's "trimmed" text and core's agree.

use super::UiError;

/// Minimum trimmed length of a music prompt and of song lyrics
/// (docs/behaviour/tasks-and-queue.md#task-inputs).
pub const MIN_PROMPT_CHARS: u32 = 10;
/// Default duration of music and songs in seconds (docs/behaviour/tasks-and-queue.md#task-inputs).
pub const MUSIC_DEFAULT_DURATION_S: u32 = 30;

/// ECMAScript WhiteSpace and LineTerminator code points (the set `trim` removes).
fn is_js_whitespace(c: char) -> bool {
    matches!(
        c,
        '\u{0009}'
            | '\u{000A}'
            | '\u{000B}'
            | '\u{000C}'
            | '\u{000D}'
            | '\u{0020}'
            | '\u{00A0}'
            | '\u{1680}'
            | '\u{2000}'
            ..='\u{200A}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202F}'
                | '\u{205F}'
                | '\u{3000}'
                | '\u{FEFF}'
    )
}

/// `text` trimmed like JavaScript's `trim()`.
pub fn js_trim(text: &str) -> &str {
    text.trim_matches(is_js_whitespace)
}

/// Characters left after trimming (what the minimum applies to). Saturates at `u32::MAX`.
pub fn trimmed_length(text: &str) -> u32 {
    u32::try_from(js_trim(text).chars().count()).unwrap_or(u32::MAX)
}

/// Checks a music prompt (docs/behaviour/tasks-and-queue.md#task-inputs): valid when at least 10
/// characters remain after trimming. Returns the trimmed prompt, which is what the app sends.
///
/// Errors: `music_prompt_too_short` (the message says how many characters there are).
pub fn validate_music_prompt(prompt: &str) -> Result<String, UiError> {
    let count = trimmed_length(prompt);
    if count < MIN_PROMPT_CHARS {
        return Err(UiError::MusicPromptTooShort { count });
    }
    Ok(js_trim(prompt).to_string())
}

/// Checks song lyrics (docs/behaviour/tasks-and-queue.md#task-inputs): like the prompt, at least 10
/// characters after trimming. Returns the trimmed lyrics.
///
/// Errors: `song_lyrics_too_short`.
pub fn validate_song_lyrics(lyrics: &str) -> Result<String, UiError> {
    let count = trimmed_length(lyrics);
    if count < MIN_PROMPT_CHARS {
        return Err(UiError::SongLyricsTooShort { count });
    }
    Ok(js_trim(lyrics).to_string())
}
