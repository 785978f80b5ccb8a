//! Languages: the nine language entries, browser-language mapping and per-navigation language
//! resolution (core `lang`, docs/behaviour/languages-and-routes.md#languages).

use aivg_core::lang::{self, Lang, NavigationInput, Stage};
use serde::Serialize;
use tsify::Tsify;
use wasm_bindgen::prelude::*;

use crate::convert::{from_js, to_js_value};
use crate::error::to_js;

/// Reads a language code argument with core's own lookup, so a bad code is core's
/// `unsupported_language` error.
pub(crate) fn lang_arg(code: &str) -> Result<Lang, JsValue> {
    lang::language_by_code(code).map(|l| l.code).map_err(to_js)
}

/// Reads a stage argument (`"development"`, `"beta"`, `"staging"`, `"production"`).
fn stage_arg(stage: &str) -> Result<Stage, JsValue> {
    from_js("stage", JsValue::from_str(stage))
}

/// All nine language entries in the order of docs/behaviour/languages-and-routes.md#languages (en,
/// zh, de, es, fr, jp, ko, br, zz).
/// ```js
/// languages().map((l) => l.code) // ["en", "zh", "de", "es", "fr", "jp", "ko", "br", "zz"]
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = languages, unchecked_return_type = "Language[]")]
pub fn languages() -> Result<JsValue, JsValue> {
    to_js_value(&lang::languages())
}

/// The eight entries the language switcher lists: every language but `zz`, in order.
/// ```js
/// switcherLanguages().length // 8
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = switcherLanguages, unchecked_return_type = "Language[]")]
pub fn switcher_languages() -> Result<JsValue, JsValue> {
    to_js_value(&lang::switcher_languages())
}

/// The language cookie's name and lifetime (docs/behaviour/languages-and-routes.md#languages).
/// ```js
/// languageCookie() // { name: "i18n_redirected", maxAgeDays: 365 }
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = languageCookie, unchecked_return_type = "LanguageCookie")]
pub fn language_cookie() -> Result<JsValue, JsValue> {
    to_js_value(&lang::language_cookie())
}

/// The language constants (default language, cookie, messages cache) as one object.
#[derive(Debug, Serialize, Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct LanguageConstants {
    #[tsify(type = "LanguageCode")]
    default_language: Lang,
    cookie_name: &'static str,
    cookie_max_age_days: u32,
    messages_cache_hours: u32,
    storage_key: &'static str,
}

/// The language constants of docs/behaviour/languages-and-routes.md#languages as one object.
/// ```js
/// languageConstants().messagesCacheHours // 24
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = languageConstants, unchecked_return_type = "LanguageConstants")]
pub fn language_constants() -> Result<JsValue, JsValue> {
    to_js_value(&LanguageConstants {
        default_language: lang::DEFAULT_LANGUAGE,
        cookie_name: lang::LANGUAGE_COOKIE_NAME,
        cookie_max_age_days: lang::LANGUAGE_COOKIE_DAYS,
        messages_cache_hours: lang::LOCALE_MESSAGES_CACHE_HOURS,
        storage_key: lang::LANGUAGE_STORAGE_KEY,
    })
}

/// The entry of a code (exact, lowercase); throws `unsupported_language` otherwise.
/// ```js
/// languageByCode("de").name // "Deutsch"
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = languageByCode, unchecked_return_type = "Language")]
pub fn language_by_code(code: &str) -> Result<JsValue, JsValue> {
    to_js_value(&lang::language_by_code(code).map_err(to_js)?)
}

/// The language tag of a code; throws `unsupported_language` for an unknown code.
/// ```js
/// tagForCode("jp") // "ja-JP"
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = tagForCode)]
pub fn tag_for_code(code: &str) -> Result<String, JsValue> {
    lang::tag_for_code(code).map_err(to_js)
}

/// The code of one of the nine language tags (case-insensitive, `_` as `-`); throws
/// `unknown_language_tag` otherwise.
/// ```js
/// codeForTag("ja-JP") // "jp"
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = codeForTag, unchecked_return_type = "LanguageCode")]
pub fn code_for_tag(tag: &str) -> Result<JsValue, JsValue> {
    to_js_value(&lang::code_for_tag(tag).map_err(to_js)?)
}

/// The path of a language's messages, `/_i18n/{hash}/{locale}/messages.json`
/// (docs/behaviour/languages-and-routes.md#languages).
/// ```js
/// messagesPath("abc123", "de") // "/_i18n/abc123/de/messages.json"
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = messagesPath)]
pub fn messages_path(
    hash: &str,
    #[wasm_bindgen(unchecked_param_type = "LanguageCode")] language: &str,
) -> Result<String, JsValue> {
    Ok(lang::messages_path(hash, lang_arg(language)?))
}

/// Whether `code` is a supported language usable in `stage` (`zz` only in development).
/// ```js
/// isSupportedLanguage("zz", "production") // false
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = isSupportedLanguage)]
pub fn is_supported_language(
    code: &str,
    #[wasm_bindgen(unchecked_param_type = "Stage")] stage: &str,
) -> Result<bool, JsValue> {
    Ok(lang::is_supported_language(code, stage_arg(stage)?))
}

/// The code itself when supported in `stage`, otherwise `"en"`
/// (docs/behaviour/languages-and-routes.md#languages).
/// ```js
/// normalizeLanguage("xx", "production") // "en"
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = normalizeLanguage, unchecked_return_type = "LanguageCode")]
pub fn normalize_language(
    code: &str,
    #[wasm_bindgen(unchecked_param_type = "Stage")] stage: &str,
) -> Result<JsValue, JsValue> {
    to_js_value(&lang::normalize_language(code, stage_arg(stage)?))
}

/// Maps one browser language tag to a supported language
/// (docs/behaviour/languages-and-routes.md#languages); throws `unmapped_browser_language` when it
/// maps to none.
/// ```js
/// mapBrowserLanguage("de-AT") // "de"
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = mapBrowserLanguage, unchecked_return_type = "LanguageCode")]
pub fn map_browser_language(tag: &str) -> Result<JsValue, JsValue> {
    to_js_value(&lang::map_browser_language(tag).map_err(to_js)?)
}

/// The first entry of the browser's language list that maps to a supported language, else `"en"`.
/// ```js
/// pickBrowserLanguage(["nl-NL", "de-DE"]) // "de"
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = pickBrowserLanguage, unchecked_return_type = "LanguageCode")]
pub fn pick_browser_language(
    #[wasm_bindgen(unchecked_param_type = "readonly string[]")] tags: JsValue,
) -> Result<JsValue, JsValue> {
    let tags: Vec<String> = from_js("tags", tags)?;
    to_js_value(&lang::pick_browser_language(&tags))
}

/// Resolves the language of a navigation in the four steps of
/// docs/behaviour/languages-and-routes.md#language-resolution (prefix, saved language, browser
/// languages, English).
/// ```js
/// resolveLanguage({ path: "/", query: "", savedLanguage: "de", browserLanguages: [], stage: "production" })
/// // { language: "de", save: false, redirectTo: "/de", step: 2 }
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = resolveLanguage, unchecked_return_type = "LanguageResolution")]
pub fn resolve_language(
    #[wasm_bindgen(unchecked_param_type = "NavigationInput")] input: JsValue,
) -> Result<JsValue, JsValue> {
    let input: NavigationInput = from_js("input", input)?;
    to_js_value(&lang::resolve_language(&input))
}
