//! The language entries of docs/behaviour/languages-and-routes.md#languages and the rules that
//! depend only on a code.

use super::LangError;
use serde::{Deserialize, Serialize};

/// A supported interface language code (docs/behaviour/languages-and-routes.md#languages).
/// Serialized as the lowercase code (`"en"`, `"jp"`, `"br"`, ...), which is also the route prefix
/// for every language but English.
#[cfg_attr(
    feature = "tsify",
    derive(tsify::Tsify),
    tsify(rename = "LanguageCode")
)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English, `en-US`; the default, with no route prefix.
    En,
    /// Simplified Chinese, `zh-CN`.
    Zh,
    /// German, `de-DE`.
    De,
    /// Spanish, `es-ES`.
    Es,
    /// French, `fr-FR`.
    Fr,
    /// Japanese, `ja-JP` (code `jp`, not the ISO `ja`).
    Jp,
    /// Korean, `ko-KR`.
    Ko,
    /// Brazilian Portuguese, `pt-BR` (code `br`, not the ISO `pt`).
    Br,
    /// The debug pseudo-locale `zz-ZZ`: never in the switcher, and accepted only outside
    /// staging and production (docs/behaviour/languages-and-routes.md#languages).
    Zz,
}

/// The default language (docs/behaviour/languages-and-routes.md#languages).
pub const DEFAULT_LANGUAGE: Lang = Lang::En;

/// Name of the cookie that carries the language (docs/behaviour/languages-and-routes.md#languages).
pub const LANGUAGE_COOKIE_NAME: &str = "i18n_redirected";

/// Lifetime of the language cookie in days (docs/behaviour/languages-and-routes.md#languages).
pub const LANGUAGE_COOKIE_DAYS: u32 = 365;

/// How long loaded language messages are cached, in hours
/// (docs/behaviour/languages-and-routes.md#languages).
pub const LOCALE_MESSAGES_CACHE_HOURS: u32 = 24;

/// The local-storage key of the saved language (docs/behaviour/languages-and-routes.md#languages:
/// "Local storage keys: language ...").
pub const LANGUAGE_STORAGE_KEY: &str = "language";

/// Every language in the order of docs/behaviour/languages-and-routes.md#languages; the switcher
/// keeps this order without `zz`.
const ALL: [Lang; 9] = [
    Lang::En,
    Lang::Zh,
    Lang::De,
    Lang::Es,
    Lang::Fr,
    Lang::Jp,
    Lang::Ko,
    Lang::Br,
    Lang::Zz,
];

impl Lang {
    /// Every language, in the order of docs/behaviour/languages-and-routes.md#languages.
    pub const ALL: [Lang; 9] = ALL;

    /// The lowercase code, e.g. `"jp"`.
    pub fn code(self) -> &'static str {
        match self {
            Self::En => "en",
            Self::Zh => "zh",
            Self::De => "de",
            Self::Es => "es",
            Self::Fr => "fr",
            Self::Jp => "jp",
            Self::Ko => "ko",
            Self::Br => "br",
            Self::Zz => "zz",
        }
    }

    /// The language tag of docs/behaviour/languages-and-routes.md#languages, e.g. `"ja-JP"`.
    pub fn tag(self) -> &'static str {
        match self {
            Self::En => "en-US",
            Self::Zh => "zh-CN",
            Self::De => "de-DE",
            Self::Es => "es-ES",
            Self::Fr => "fr-FR",
            Self::Jp => "ja-JP",
            Self::Ko => "ko-KR",
            Self::Br => "pt-BR",
            Self::Zz => "zz-ZZ",
        }
    }

    /// The display name in the language itself. The spec gives none; we use the usual
    /// endonyms, Simplified Chinese for `zh-CN`, and a plain debug label for `zz`.
    pub fn display_name(self) -> &'static str {
        match self {
            Self::En => "English",
            Self::Zh => "简体中文",
            Self::De => "Deutsch",
            Self::Es => "Español",
            Self::Fr => "Français",
            Self::Jp => "日本語",
            Self::Ko => "한국어",
            Self::Br => "Português",
            Self::Zz => "Pseudo (zz-ZZ)",
        }
    }

    /// Parses a code exactly as written (lowercase, no trimming): codes are our own
    /// identifiers, stored and put in URLs by us, so `"DE"` or `" de"` is not a code.
    pub fn from_code(code: &str) -> Option<Lang> {
        ALL.into_iter().find(|l| l.code() == code)
    }

    /// Whether this language is usable in `stage`: everything but `zz` always, `zz` only
    /// outside staging and production (docs/behaviour/languages-and-routes.md#language-resolution
    /// step 1), so in development and beta.
    pub fn allowed_in(self, stage: Stage) -> bool {
        self != Lang::Zz || !matches!(stage, Stage::Staging | Stage::Production)
    }

    /// The route prefix (`"/de"`), or `""` for English, which has none
    /// (docs/behaviour/languages-and-routes.md#routes).
    pub fn prefix(self) -> &'static str {
        match self {
            Self::En => "",
            Self::Zh => "/zh",
            Self::De => "/de",
            Self::Es => "/es",
            Self::Fr => "/fr",
            Self::Jp => "/jp",
            Self::Ko => "/ko",
            Self::Br => "/br",
            Self::Zz => "/zz",
        }
    }
}

/// The deployment stage of the running build; decides whether `zz` is accepted
/// (docs/behaviour/languages-and-routes.md#languages).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Stage {
    /// Local development: `zz` is accepted.
    Development,
    /// A beta build (docs/behaviour/languages-and-routes.md#languages error page: neither beta nor
    /// production shows the stack): `zz` is accepted,
    /// docs/behaviour/languages-and-routes.md#languages refuses it only in staging and production.
    Beta,
    /// Staging: `zz` is not accepted.
    Staging,
    /// Production: `zz` is not accepted.
    Production,
}

/// One language entry (docs/behaviour/languages-and-routes.md#languages): code, language tag and
/// display name.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Language {
    /// The code, also the route prefix except for English.
    #[cfg_attr(feature = "tsify", tsify(type = "LanguageCode"))]
    pub code: Lang,
    /// The language tag, e.g. `"pt-BR"`; what `<html lang>` gets.
    pub tag: String,
    /// The display name in the language itself, e.g. `"Deutsch"`.
    pub name: String,
    /// False only for the `zz` debug pseudo-locale, hidden from the switcher
    /// (docs/behaviour/languages-and-routes.md#languages).
    pub in_switcher: bool,
}

impl From<Lang> for Language {
    fn from(code: Lang) -> Self {
        Language {
            code,
            tag: code.tag().to_string(),
            name: code.display_name().to_string(),
            in_switcher: code != Lang::Zz,
        }
    }
}

/// All nine language entries in the order of docs/behaviour/languages-and-routes.md#languages (en,
/// zh, de, es, fr, jp, ko, br, zz).
pub fn languages() -> Vec<Language> {
    ALL.into_iter().map(Language::from).collect()
}

/// The eight entries the language switcher lists: every language but `zz`
/// (docs/behaviour/languages-and-routes.md#languages), in the same order as [`languages`]. The
/// stage does not matter: `zz` is reached by URL only.
pub fn switcher_languages() -> Vec<Language> {
    ALL.into_iter()
        .filter(|l| *l != Lang::Zz)
        .map(Language::from)
        .collect()
}

/// The entry of a code (exact, lowercase). Errors with `unsupported_language` otherwise.
pub fn language_by_code(code: &str) -> Result<Language, LangError> {
    Lang::from_code(code)
        .map(Language::from)
        .ok_or_else(|| LangError::UnsupportedLanguage(code.to_string()))
}

/// The language tag of a code, e.g. `"jp"` → `"ja-JP"`
/// (docs/behaviour/languages-and-routes.md#languages).
pub fn tag_for_code(code: &str) -> Result<String, LangError> {
    Lang::from_code(code)
        .map(|l| l.tag().to_string())
        .ok_or_else(|| LangError::UnsupportedLanguage(code.to_string()))
}

/// The code of a language tag, e.g. `"ja-JP"` → `jp`. Tags compare ASCII case-insensitively
/// (BCP 47 tags are case-insensitive) after trimming, and `_` counts as `-`; only the nine
/// exact tags of docs/behaviour/languages-and-routes.md#languages are accepted (`"de-AT"` is not a
/// tag of ours: to map any browser tag use [`super::map_browser_language`]).
pub fn code_for_tag(tag: &str) -> Result<Lang, LangError> {
    let wanted = tag.trim().replace('_', "-");
    ALL.into_iter()
        .find(|l| l.tag().eq_ignore_ascii_case(&wanted))
        .ok_or_else(|| LangError::UnknownLanguageTag(tag.to_string()))
}

/// Whether `code` is a supported language usable in `stage` (exact lowercase code; `zz` only
/// in development).
pub fn is_supported_language(code: &str, stage: Stage) -> bool {
    Lang::from_code(code).is_some_and(|l| l.allowed_in(stage))
}

/// The code itself when supported in `stage`, otherwise `en`
/// (docs/behaviour/languages-and-routes.md#languages: "Language codes outside the supported list
/// fall back to en"). `zz` outside development falls back to `en` too.
pub fn normalize_language(code: &str, stage: Stage) -> Lang {
    Lang::from_code(code)
        .filter(|l| l.allowed_in(stage))
        .unwrap_or(DEFAULT_LANGUAGE)
}

/// The language cookie's name and lifetime, for the app and the server
/// (docs/behaviour/languages-and-routes.md#languages).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LanguageCookie {
    /// `"i18n_redirected"`.
    pub name: String,
    /// 365.
    pub max_age_days: u32,
}

/// The language cookie's name (`i18n_redirected`) and lifetime (365 days)
/// (docs/behaviour/languages-and-routes.md#languages).
pub fn language_cookie() -> LanguageCookie {
    LanguageCookie {
        name: LANGUAGE_COOKIE_NAME.to_string(),
        max_age_days: LANGUAGE_COOKIE_DAYS,
    }
}

/// The path of a language's messages, `/_i18n/{hash}/{locale}/messages.json`
/// (docs/behaviour/languages-and-routes.md#languages), with the code as the locale. The build hash
/// is inserted verbatim (it comes from our build).
pub fn messages_path(hash: &str, language: Lang) -> String {
    format!("/_i18n/{hash}/{}/messages.json", language.code())
}
