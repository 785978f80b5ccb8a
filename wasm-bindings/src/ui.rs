//! UI rules: prompt validation, layout constants, image preview zoom, the error page and the
//! English source texts (core `ui`, docs/behaviour/calls-and-errors.md#messages;
//! docs/behaviour/languages-and-routes.md#page-frame;
//! docs/behaviour/tasks-and-queue.md#task-inputs).

use std::collections::BTreeMap;

use aivg_core::ui;
use wasm_bindgen::prelude::*;

use crate::convert::{from_js, to_js_option, to_js_value};
use crate::error::to_js;

/// Checks a music prompt (at least 10 characters after trimming) and returns it trimmed;
/// throws `music_prompt_too_short`.
/// ```js
/// validateMusicPrompt("  calm piano at night ") // "calm piano at night"
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = validateMusicPrompt)]
pub fn validate_music_prompt(prompt: &str) -> Result<String, JsValue> {
    ui::validate_music_prompt(prompt).map_err(to_js)
}

/// Checks song lyrics (at least 10 characters after trimming) and returns them trimmed;
/// throws `song_lyrics_too_short`.
/// ```js
/// validateSongLyrics("la la la la la") // "la la la la la"
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = validateSongLyrics)]
pub fn validate_song_lyrics(lyrics: &str) -> Result<String, JsValue> {
    ui::validate_song_lyrics(lyrics).map_err(to_js)
}

/// Characters (code points) left after trimming like JavaScript's `trim()`.
/// ```js
/// trimmedLength("  héllo ") // 5
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = trimmedLength)]
pub fn trimmed_length(text: &str) -> u32 {
    ui::trimmed_length(text)
}

/// Whether a viewport width (CSS px) gets the phone layout (below 768).
/// ```js
/// isPhone(window.innerWidth)
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = isPhone)]
pub fn is_phone(width: f64) -> bool {
    ui::is_phone(width)
}

/// The largest breakpoint the width reaches, or `undefined` below 480 (and for NaN).
/// ```js
/// breakpointAt(1000) // 960
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = breakpointAt)]
pub fn breakpoint_at(width: f64) -> Option<u32> {
    ui::breakpoint_at(width)
}

/// The layout constants as one object.
/// ```js
/// uiConstants().dialogZIndex // 2000
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = uiConstants, unchecked_return_type = "UiConstants")]
pub fn ui_constants() -> Result<JsValue, JsValue> {
    to_js_value(&ui::ui_constants())
}

/// One zoom step in (+0.2, at most 4), exact to hundredths.
/// ```js
/// previewZoomIn(1) // 1.2
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = previewZoomIn)]
pub fn preview_zoom_in(scale: f64) -> f64 {
    ui::preview_zoom_in(scale)
}

/// One zoom step out (−0.2, at least 0.25), exact to hundredths.
/// ```js
/// previewZoomOut(1) // 0.8
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = previewZoomOut)]
pub fn preview_zoom_out(scale: f64) -> f64 {
    ui::preview_zoom_out(scale)
}

/// A zoom clamped to 0.25..4 and rounded to hundredths; NaN gives 1.
/// ```js
/// previewZoomClamp(9) // 4
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = previewZoomClamp)]
pub fn preview_zoom_clamp(scale: f64) -> f64 {
    ui::preview_zoom_clamp(scale)
}

/// The area a previewed image may fill: 90% of the window width by 94% of its height minus 32 px.
/// ```js
/// previewViewport(1000, 800) // { width: 900, height: 720 }
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = previewViewport, unchecked_return_type = "PreviewSize")]
pub fn preview_viewport(
    #[wasm_bindgen(js_name = windowWidth)] window_width: f64,
    #[wasm_bindgen(js_name = windowHeight)] window_height: f64,
) -> Result<JsValue, JsValue> {
    to_js_value(&ui::preview_viewport(window_width, window_height))
}

/// Display size of an image at zoom 1: scaled down (never up) to fit the preview viewport.
/// ```js
/// previewFit(4000, 3000, 1000, 800) // { width: 900, height: 675 }
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = previewFit, unchecked_return_type = "PreviewSize")]
pub fn preview_fit(
    #[wasm_bindgen(js_name = imageWidth)] image_width: f64,
    #[wasm_bindgen(js_name = imageHeight)] image_height: f64,
    #[wasm_bindgen(js_name = windowWidth)] window_width: f64,
    #[wasm_bindgen(js_name = windowHeight)] window_height: f64,
) -> Result<JsValue, JsValue> {
    to_js_value(&ui::preview_fit(
        image_width,
        image_height,
        window_width,
        window_height,
    ))
}

/// The error page for a status and user agent: `undefined` for bots, else the status (404 when
/// missing or invalid) with its title and description.
/// ```js
/// errorPage(500, navigator.userAgent).title // "..."
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = errorPage, unchecked_return_type = "ErrorPage | undefined")]
pub fn error_page(
    status: Option<f64>,
    #[wasm_bindgen(js_name = userAgent)] user_agent: Option<String>,
) -> Result<JsValue, JsValue> {
    to_js_option(ui::error_page(status, user_agent.as_deref()).as_ref())
}

/// The status the error page shows: an integer from 100 to 599, else 404.
/// ```js
/// errorPageStatus(undefined) // 404
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = errorPageStatus)]
pub fn error_page_status(status: Option<f64>) -> u16 {
    ui::error_page_status(status)
}

/// Whether a user agent belongs to a bot (bots get no error page).
/// ```js
/// isBotUserAgent("Googlebot/2.1") // true
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = isBotUserAgent)]
pub fn is_bot_user_agent(#[wasm_bindgen(js_name = userAgent)] user_agent: &str) -> bool {
    ui::is_bot_user_agent(user_agent)
}

/// Whether the error page shows debug stack details: only in builds that are neither beta
/// nor production.
/// ```js
/// errorPageShowsStack("development") // true
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = errorPageShowsStack)]
pub fn error_page_shows_stack(build: &str) -> bool {
    ui::error_page_shows_stack(build)
}

/// The error page's feature guide: AI video, AI image and AI audio links.
/// ```js
/// errorPageFeatureGuide().map((g) => g.id) // ["aiVideo", "aiImage", "aiAudio"]
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = errorPageFeatureGuide, unchecked_return_type = "FeatureGroup[]")]
pub fn error_page_feature_guide() -> Result<JsValue, JsValue> {
    to_js_value(&ui::error_page_feature_guide())
}

/// The English text of an id, or `undefined` for an unknown id.
/// ```js
/// sourceText("errorPage.title.404") // "Page Not Found"
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = sourceText)]
pub fn source_text(id: &str) -> Option<String> {
    ui::source_text(id).map(str::to_string)
}

/// Every English source text with its id (for translation tooling and the `zz` pseudo-locale).
/// ```js
/// sourceTexts().length
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = sourceTexts, unchecked_return_type = "SourceText[]")]
pub fn source_texts() -> Result<JsValue, JsValue> {
    to_js_value(&ui::source_texts())
}

/// Replaces each `{name}` whose name is in `params` by its value; other braces stay as written.
/// ```js
/// fillPlaceholders("Use {n} credits", { n: "5" }) // "Use 5 credits"
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = fillPlaceholders)]
pub fn fill_placeholders(
    text: &str,
    #[wasm_bindgen(unchecked_param_type = "{ [name: string]: string }")] params: JsValue,
) -> Result<String, JsValue> {
    let params: BTreeMap<String, String> = from_js("params", params)?;
    Ok(ui::fill_placeholders(text, &params))
}

/// The consumption modal's message for `n` credits; throws `invalid_credits` for NaN or infinity.
/// ```js
/// consumptionMessage(5) // "Use 5 credits to unlock the full audio"
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = consumptionMessage)]
pub fn consumption_message(n: f64) -> Result<String, JsValue> {
    ui::consumption_message(n).map_err(to_js)
}
