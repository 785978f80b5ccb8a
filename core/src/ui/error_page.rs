//! The error page: status, texts per status, bot detection, debug stack and the feature guide
//! (docs/behaviour/languages-and-routes.md#error-page).

use super::texts::source_text;
use serde::{Deserialize, Serialize};

/// Status shown when none (or no valid one) is given
/// (docs/behaviour/languages-and-routes.md#error-page "default 404").
pub const DEFAULT_ERROR_STATUS: u16 = 404;

/// Statuses with their own title and description
/// (docs/behaviour/languages-and-routes.md#error-page); all others use "other".
const OWN_TEXTS: [u16; 6] = [500, 503, 502, 404, 403, 401];

/// Lower-case fragments of crawler, link-preview and scripted-client user agents. Decided list:
/// the generic words crawlers use in their names (`bot`, `crawl`, `spider`, `slurp`,
/// `archiver`) plus named link-preview fetchers and common HTTP libraries. Headless browsers
/// (`HeadlessChrome`, used by our own end-to-end tests) are not bots here.
const BOT_FRAGMENTS: [&str; 21] = [
    "bot",
    "crawl",
    "spider",
    "slurp",
    "archiver",
    "facebookexternalhit",
    "facebookcatalog",
    "embedly",
    "quora link preview",
    "whatsapp",
    "mediapartners-google",
    "apis-google",
    "feedfetcher",
    "google-inspectiontool",
    "bingpreview",
    "curl/",
    "wget/",
    "python-requests",
    "python-urllib",
    "go-http-client",
    "okhttp",
];

/// Fragments that contain a bot word but name real browsers or devices (Cubot phones).
const NOT_BOT_FRAGMENTS: [&str; 1] = ["cubot"];

/// Whether a user agent belongs to a bot, which gets no error page
/// (docs/behaviour/languages-and-routes.md#error-page). Matching is case-insensitive on the
/// fragments above. Decided: an empty user agent is not a bot.
pub fn is_bot_user_agent(user_agent: &str) -> bool {
    // ASCII: the fragments are ASCII, and a user agent header is ASCII text.
    let mut ua = user_agent.to_ascii_lowercase();
    for fragment in NOT_BOT_FRAGMENTS {
        ua = ua.replace(fragment, " ");
    }
    BOT_FRAGMENTS.iter().any(|f| ua.contains(f))
}

/// The status the page shows (docs/behaviour/languages-and-routes.md#error-page): the given one
/// when it is an integer from 100 to 599, else 404 (missing, NaN, fractional or out of range).
pub fn error_page_status(status: Option<f64>) -> u16 {
    match status {
        // `as` is exact: the value is an integer in 100..=599.
        Some(s) if s.fract() == 0.0 && (100.0..=599.0).contains(&s) => s as u16,
        _ => DEFAULT_ERROR_STATUS,
    }
}

/// What the error page shows.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ErrorPage {
    /// The status code shown.
    pub status_code: u16,
    /// Translation id of the title.
    pub title_id: String,
    /// English title (docs/behaviour/calls-and-errors.md#the-error-catalogue).
    pub title: String,
    /// Translation id of the description.
    pub description_id: String,
    /// English description (decided; 401 asks to sign in, 403 says permission is missing,
    /// docs/behaviour/languages-and-routes.md#error-page).
    pub description: String,
}

/// The error page for a status and user agent (docs/behaviour/languages-and-routes.md#error-page):
/// `None` for bots (they get no error page), else the normalised status with its title and
/// description ids and texts.
pub fn error_page(status: Option<f64>, user_agent: Option<&str>) -> Option<ErrorPage> {
    if user_agent.is_some_and(is_bot_user_agent) {
        return None;
    }
    let status_code = error_page_status(status);
    let key = if OWN_TEXTS.contains(&status_code) {
        status_code.to_string()
    } else {
        "other".to_string()
    };
    let title_id = format!("errorPage.title.{key}");
    let description_id = format!("errorPage.description.{key}");
    Some(ErrorPage {
        status_code,
        title: source_text(&title_id).unwrap_or_default().to_string(),
        description: source_text(&description_id).unwrap_or_default().to_string(),
        title_id,
        description_id,
    })
}

/// Whether debug stack details appear (docs/behaviour/languages-and-routes.md#error-page): only in
/// builds that are neither beta nor production. `build` is the build environment name, compared
/// trimmed and ignoring ASCII case; `prod` counts as production. Decided: an empty name also hides
/// the stack (unknown builds must not leak internals).
pub fn error_page_shows_stack(build: &str) -> bool {
    let b = build.trim();
    !(b.is_empty()
        || b.eq_ignore_ascii_case("beta")
        || b.eq_ignore_ascii_case("production")
        || b.eq_ignore_ascii_case("prod"))
}

/// A link of the feature guide.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FeatureLink {
    /// Named route (docs/behaviour/languages-and-routes.md#error-page section name, e.g.
    /// `ImageToVideo`).
    pub route: String,
    /// Translation id of the label.
    pub label_id: String,
    /// English label.
    pub label: String,
}

/// A group of the feature guide.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FeatureGroup {
    /// Stable group id: aiVideo, aiImage, aiAudio.
    pub id: String,
    /// Translation id of the group label.
    pub label_id: String,
    /// English group label.
    pub label: String,
    /// Links in display order.
    pub items: Vec<FeatureLink>,
}

const GUIDE: [(&str, &[&str]); 3] = [
    ("aiVideo", &["ImageToVideo", "TextToVideo", "VideoToVideo"]),
    ("aiImage", &["TextToImage", "ImageToImage"]),
    ("aiAudio", &["TextToMusic"]),
];

fn lower_first(s: &str) -> String {
    let mut chars = s.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_ascii_lowercase().to_string() + chars.as_str()
    })
}

/// The feature guide of the error page (docs/behaviour/languages-and-routes.md#error-page): AI
/// video (ImageToVideo, TextToVideo, VideoToVideo labelled "Video to Anime"), AI image
/// (TextToImage, ImageToImage), AI audio (TextToMusic), in the left menu's order.
pub fn error_page_feature_guide() -> Vec<FeatureGroup> {
    GUIDE
        .iter()
        .map(|(id, routes)| {
            let label_id = format!("featureGuide.{id}");
            FeatureGroup {
                id: (*id).to_string(),
                label: source_text(&label_id).unwrap_or_default().to_string(),
                label_id,
                items: routes
                    .iter()
                    .map(|route| {
                        let label_id = format!("featureGuide.{}", lower_first(route));
                        FeatureLink {
                            route: (*route).to_string(),
                            label: source_text(&label_id).unwrap_or_default().to_string(),
                            label_id,
                        }
                    })
                    .collect(),
            }
        })
        .collect()
}
