//! The seed's texts in the visitor's language: template names, template categories, explore
//! captions and zones, prompt presets (docs/behaviour/languages-and-routes.md#languages "Site
//! content in the visitor's language").
//!
//! A seed entry keeps its English text in its own field (`name`, `title`, `description`) and the
//! other interface languages beside it, in a `<field>_i18n` object keyed by language code:
//! `"name": "Earth Zoom Out", "name_i18n": {"de": "Erde-Zoom-out", …}`. The seed check
//! ([`Translations::check`]) wants every language but English (and the debug `zz`), each text
//! non-blank, and no other key, so a new entry without its translations never loads.
//!
//! The language of a call: the `lang` query where a call has one, else the app's `X-Lang`
//! header (core's `HEADER_LANGUAGE`, sent with every call), else English; an unknown code is
//! English too (the project's decision: a list is better in English than refused).

use aivg_core::lang::Lang;
use aivg_core::request::HEADER_LANGUAGE;
use axum::http::HeaderMap;
use serde::Deserialize;
use std::collections::BTreeMap;

/// A seed text in the languages other than English: language code → text.
#[derive(Debug, Default, Deserialize)]
#[serde(transparent)]
pub struct Translations(BTreeMap<String, String>);

/// The languages a seed text must be given in: every interface language but English (the
/// entry's own field) and the generated debug locale.
fn translated_languages() -> impl Iterator<Item = Lang> {
    Lang::ALL
        .into_iter()
        .filter(|l| !matches!(l, Lang::En | Lang::Zz))
}

impl Translations {
    /// The text in `lang`; `english` (the entry's own field) for English, `zz` or a missing one.
    pub fn pick<'a>(&'a self, english: &'a str, lang: Lang) -> &'a str {
        self.0.get(lang.code()).map_or(english, String::as_str)
    }

    /// The translated languages this has no text in (the console shows them).
    pub fn missing(&self) -> Vec<&'static str> {
        translated_languages()
            .filter(|l| self.0.get(l.code()).is_none_or(|t| t.trim().is_empty()))
            .map(|l| l.code())
            .collect()
    }

    /// Whether this holds only translated languages, each non-blank, and (when `complete`) all
    /// of them; `what` names the entry in the error. The seed files are complete; an operator's
    /// edit may leave a language out (it falls back to English, and the console shows it).
    pub fn check(&self, what: &str, complete: bool) -> Result<(), String> {
        for code in self.0.keys() {
            if !translated_languages().any(|l| l.code() == code) {
                return Err(format!(
                    "{what}: {code:?} is not a language to translate into"
                ));
            }
        }
        for lang in translated_languages() {
            match self.0.get(lang.code()) {
                Some(text) if !text.trim().is_empty() => {}
                None if !complete => {}
                _ => return Err(format!("{what}: no {} text", lang.code())),
            }
        }
        Ok(())
    }
}

/// The language a call asks its texts in (see the module doc).
pub fn call_lang(headers: &HeaderMap, query: Option<&str>) -> Lang {
    let header = headers.get(HEADER_LANGUAGE).and_then(|v| v.to_str().ok());
    query
        .map(str::trim)
        .filter(|q| !q.is_empty())
        .or(header.map(str::trim))
        .and_then(Lang::from_code)
        .unwrap_or(Lang::En)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;
    use axum::http::HeaderValue;

    fn all(text: &str) -> Translations {
        Translations(
            translated_languages()
                .map(|l| (l.code().to_owned(), format!("{text} {}", l.code())))
                .collect(),
        )
    }

    #[test]
    fn picks_the_language_and_falls_back_to_english() {
        let t = all("Hallo");
        assert_eq!(t.pick("Hello", Lang::De), "Hallo de");
        assert_eq!(t.pick("Hello", Lang::En), "Hello");
        assert_eq!(t.pick("Hello", Lang::Zz), "Hello");
        assert_eq!(Translations::default().pick("Hello", Lang::Jp), "Hello");
    }

    #[test]
    fn the_check_wants_every_language_and_no_other() {
        assert!(all("x").check("t", true).is_ok());
        let mut missing = all("x");
        missing.0.remove("ko");
        assert!(missing.check("t", true).unwrap_err().contains("no ko text"));
        // An operator's edit may leave a language out (English shows), listed as missing.
        assert!(missing.check("t", false).is_ok());
        assert_eq!(missing.missing(), vec!["ko"]);
        assert!(all("x").missing().is_empty());
        let mut blank = all("x");
        blank.0.insert("fr".into(), " ".into());
        assert!(blank.check("t", true).unwrap_err().contains("no fr text"));
        assert!(blank.check("t", false).unwrap_err().contains("no fr text"));
        let mut english = all("x");
        english.0.insert("en".into(), "x".into());
        assert!(english.check("t", true).is_err());
        assert!(english.check("t", false).is_err());
        assert!(Translations::default().check("t", true).is_err());
        assert!(Translations::default().check("t", false).is_ok());
    }

    #[test]
    fn the_query_wins_over_the_header_and_english_is_the_fallback() {
        let mut h = HeaderMap::new();
        assert_eq!(call_lang(&h, None), Lang::En);
        h.insert(HEADER_LANGUAGE, HeaderValue::from_static("de"));
        assert_eq!(call_lang(&h, None), Lang::De);
        assert_eq!(call_lang(&h, Some("jp")), Lang::Jp);
        assert_eq!(call_lang(&h, Some(" ")), Lang::De);
        h.insert(HEADER_LANGUAGE, HeaderValue::from_static("xx"));
        assert_eq!(call_lang(&h, None), Lang::En);
    }
}
