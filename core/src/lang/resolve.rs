//! Language resolution on each navigation, in the four-step order of
//! docs/behaviour/languages-and-routes.md#language-resolution.

use super::{DEFAULT_LANGUAGE, Lang, Stage, pick_browser_language};
use crate::routes::{add_prefix, append_query, normalize_path, split_prefix};
use serde::{Deserialize, Serialize};

/// What the router knows when a navigation starts.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NavigationInput {
    /// The router path (without the site's `/ai` base), e.g. `"/de/home"`. An empty path is
    /// `/`, and a missing leading `/` is added.
    pub path: String,
    /// The raw query string, with or without its leading `?`; kept verbatim in redirects.
    #[serde(default)]
    pub query: String,
    /// The language saved earlier (cookie / local storage), if any; any string is accepted
    /// and checked here.
    #[serde(default)]
    pub saved_language: Option<String>,
    /// The browser's ordered language list (`navigator.languages`), possibly empty.
    #[serde(default)]
    #[cfg_attr(feature = "tsify", tsify(type = "readonly string[]"))]
    pub browser_languages: Vec<String>,
    /// The stage of the running build, which decides whether `zz` is accepted.
    pub stage: Stage,
}

/// The outcome of [`resolve_language`].
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LanguageResolution {
    /// The page language to use.
    #[cfg_attr(feature = "tsify", tsify(type = "LanguageCode"))]
    pub language: Lang,
    /// Whether to persist `language` (cookie and local storage) now.
    pub save: bool,
    /// Where to redirect, when the URL must gain a language prefix: the same path with the
    /// prefix added and the query kept verbatim.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redirect_to: Option<String>,
    /// Which step of docs/behaviour/languages-and-routes.md#language-resolution decided (1 to 4);
    /// for logs and tests.
    #[cfg_attr(feature = "tsify", tsify(type = "1 | 2 | 3 | 4"))]
    pub step: u8,
}

/// Resolves the language of a navigation
/// (docs/behaviour/languages-and-routes.md#language-resolution), first rule that applies wins:
///
/// 1. The first path segment is a language prefix (`de`, `fr`, `es`, `br`, `jp`, `ko`, `zh`,
///    and `zz` only in development): that language, `save: true` ("remember it"), no redirect.
///    English has no prefix, so `/en/...` is not step 1 (it is an ordinary unprefixed path).
///    In staging and production a `zz` segment is not a prefix: the path counts as unprefixed.
/// 2. The saved language is valid (an exact supported code usable in this stage): that
///    language, `save: false` (it is already saved); redirect to the prefixed path unless it is en.
/// 3. The first browser language that maps ([`super::map_browser_language`]) is not en: that
///    language, `save: true`, redirect to the prefixed path. A browser language mapping to en
///    is not saved, so it falls to step 4 with the same outcome.
/// 4. Otherwise en, `save: false` (nothing is saved, so a later browser change still counts).
///
/// A redirect keeps the path as given (after adding a missing leading `/`); `/` becomes the
/// bare prefix (`/de`), which the route table then redirects to `/de/home`.
pub fn resolve_language(input: &NavigationInput) -> LanguageResolution {
    let path = normalize_path(&input.path);
    let split = split_prefix(&path);
    if split.language != Lang::En && split.language.allowed_in(input.stage) {
        return LanguageResolution {
            language: split.language,
            save: true,
            redirect_to: None,
            step: 1,
        };
    }
    let redirect = |lang: Lang| Some(append_query(&add_prefix(&path, lang), &input.query));
    let saved = input
        .saved_language
        .as_deref()
        .and_then(Lang::from_code)
        .filter(|l| l.allowed_in(input.stage));
    if let Some(lang) = saved {
        return LanguageResolution {
            language: lang,
            save: false,
            redirect_to: if lang == Lang::En {
                None
            } else {
                redirect(lang)
            },
            step: 2,
        };
    }
    match pick_browser_language(&input.browser_languages) {
        Lang::En => LanguageResolution {
            language: DEFAULT_LANGUAGE,
            save: false,
            redirect_to: None,
            step: 4,
        },
        lang => LanguageResolution {
            language: lang,
            save: true,
            redirect_to: redirect(lang),
            step: 3,
        },
    }
}
