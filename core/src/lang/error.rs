//! Errors of the language area.

use crate::Coded;

/// Why a language lookup failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LangError {
    /// The code is not one of the nine language codes
    /// (docs/behaviour/languages-and-routes.md#languages).
    #[error(
        "\"{0}\" is not a supported language code; use one of en, zh, de, es, fr, jp, ko, br, zz"
    )]
    UnsupportedLanguage(String),
    /// The tag is not the language tag of a supported language
    /// (docs/behaviour/languages-and-routes.md#languages).
    #[error(
        "\"{0}\" is not the tag of a supported language; use one of en-US, zh-CN, de-DE, es-ES, fr-FR, ja-JP, ko-KR, pt-BR, zz-ZZ"
    )]
    UnknownLanguageTag(String),
    /// A browser language tag that maps to none of the supported languages
    /// (docs/behaviour/languages-and-routes.md#languages).
    #[error("the browser language \"{0}\" maps to no supported language")]
    UnmappedBrowserLanguage(String),
}

impl Coded for LangError {
    fn code(&self) -> &'static str {
        match self {
            Self::UnsupportedLanguage(_) => "unsupported_language",
            Self::UnknownLanguageTag(_) => "unknown_language_tag",
            Self::UnmappedBrowserLanguage(_) => "unmapped_browser_language",
        }
    }
}
