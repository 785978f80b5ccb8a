//! The nine interface languages, browser-language mapping and per-navigation language resolution
//! (docs/behaviour/languages-and-routes.md#languages).
//!
//! - [`language`]: the language entries (code, tag, display name), code/tag lookups, the
//!   stage rule for the `zz` debug pseudo-locale, and the language cookie.
//! - [`browser`]: mapping a browser language tag (`navigator.languages`) to a supported code.
//! - [`resolve`]: the four-step language resolution run on every navigation.
//!
//! Path prefixes themselves (`/de/home`) are handled by [`crate::routes`], which this module
//! uses to read and add them.

pub mod browser;
pub mod error;
pub mod language;
pub mod resolve;

pub use browser::{map_browser_language, pick_browser_language};
pub use error::LangError;
pub use language::{
    DEFAULT_LANGUAGE, LANGUAGE_COOKIE_DAYS, LANGUAGE_COOKIE_NAME, LANGUAGE_STORAGE_KEY,
    LOCALE_MESSAGES_CACHE_HOURS, Lang, Language, LanguageCookie, Stage, code_for_tag,
    is_supported_language, language_by_code, language_cookie, languages, messages_path,
    normalize_language, switcher_languages, tag_for_code,
};
pub use resolve::{LanguageResolution, NavigationInput, resolve_language};
