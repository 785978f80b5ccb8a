//! The log-in and sign-up pages' texts in every interface language, and the page's language and
//! theme (docs/behaviour/accounts-and-sessions.md#account-pages).
//!
//! The texts are the app's `accountPage` namespace (app/src/locales/<code>/accountPage.json),
//! compiled in: one place for every translation, whose locale test fails when a language lacks a
//! key or a placeholder. Error texts are keyed by the answers' `kind` (core's
//! [`aivg_core::session::AccountError`] codes and the few kinds the page adds).

use aivg_core::lang::{Lang, pick_browser_language};
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::sync::LazyLock;

/// Each switcher language's file (the `zz` debug pseudo-locale has none: it reads English).
const FILES: [(Lang, &str); 8] = [
    (
        Lang::En,
        include_str!("../../../app/src/locales/en/accountPage.json"),
    ),
    (
        Lang::De,
        include_str!("../../../app/src/locales/de/accountPage.json"),
    ),
    (
        Lang::Fr,
        include_str!("../../../app/src/locales/fr/accountPage.json"),
    ),
    (
        Lang::Es,
        include_str!("../../../app/src/locales/es/accountPage.json"),
    ),
    (
        Lang::Br,
        include_str!("../../../app/src/locales/br/accountPage.json"),
    ),
    (
        Lang::Jp,
        include_str!("../../../app/src/locales/jp/accountPage.json"),
    ),
    (
        Lang::Ko,
        include_str!("../../../app/src/locales/ko/accountPage.json"),
    ),
    (
        Lang::Zh,
        include_str!("../../../app/src/locales/zh/accountPage.json"),
    ),
];

/// The kinds the page itself adds to the server's: no readable answer, no connection, anything
/// else.
pub const PAGE_KINDS: [&str; 3] = ["no_answer", "network", "unknown"];

static TEXTS: LazyLock<BTreeMap<Lang, Map<String, Value>>> = LazyLock::new(|| {
    FILES
        .iter()
        .filter_map(|(lang, file)| match serde_json::from_str::<Value>(file) {
            Ok(Value::Object(map)) => Some((*lang, map)),
            // The unit test below reads every file; a broken one shows English.
            _ => None,
        })
        .collect()
});

/// The page's language: the `lang` query parameter when it is a language of the site's switcher,
/// else the browser's first language the site has (`Accept-Language`), else English.
pub fn page_language(query_lang: Option<&str>, accept_language: Option<&str>) -> Lang {
    if let Some(lang) = query_lang
        .and_then(Lang::from_code)
        .filter(|l| TEXTS.contains_key(l))
    {
        return lang;
    }
    let browser = accept_language
        .map(accept_language::parse)
        .unwrap_or_default();
    let lang = pick_browser_language(&browser);
    if TEXTS.contains_key(&lang) {
        lang
    } else {
        Lang::En
    }
}

/// The page's theme: `light` or `dark` as the app asks; `None` (any other value) follows the
/// browser's `prefers-color-scheme`.
pub fn page_theme(query_theme: Option<&str>) -> Option<&'static str> {
    match query_theme {
        Some("light") => Some("light"),
        Some("dark") => Some("dark"),
        _ => None,
    }
}

fn lookup<'a>(lang: Lang, path: &[&str]) -> Option<&'a str> {
    let (first, rest) = path.split_first()?;
    let mut value = TEXTS.get(&lang)?.get(*first)?;
    for key in rest {
        value = value.get(key)?;
    }
    value.as_str()
}

/// The text of `key` (`loginTitle`, `errors.wrong_credentials`) in `lang`, else in English, else
/// the key itself; `{{name}}` placeholders filled from `values`.
pub fn text(lang: Lang, key: &str, values: &[(&str, String)]) -> String {
    let path: Vec<&str> = key.split('.').collect();
    let raw = lookup(lang, &path)
        .or_else(|| lookup(Lang::En, &path))
        .unwrap_or(key);
    values.iter().fold(raw.to_owned(), |out, (name, value)| {
        out.replace(&format!("{{{{{name}}}}}"), value)
    })
}

/// Every error text of `lang` by kind, filled (the page picks one by the answer's `kind`).
pub fn error_texts(
    lang: Lang,
    kinds: &[&str],
    values: &[(&str, String)],
) -> BTreeMap<String, String> {
    kinds
        .iter()
        .map(|kind| {
            (
                (*kind).to_owned(),
                text(lang, &format!("errors.{kind}"), values),
            )
        })
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use aivg_core::Coded;
    use aivg_core::session::credentials::ACCOUNT_ERRORS;

    fn all_kinds() -> Vec<&'static str> {
        let mut kinds: Vec<&str> = ACCOUNT_ERRORS.iter().map(Coded::code).collect();
        kinds.push(crate::api::KIND_SERVER_BUSY);
        kinds.extend(PAGE_KINDS);
        kinds
    }

    #[test]
    fn every_language_has_every_error_text_translated() {
        assert_eq!(TEXTS.len(), FILES.len(), "every file parses");
        for kind in all_kinds() {
            let english = text(Lang::En, &format!("errors.{kind}"), &[]);
            assert_ne!(english, format!("errors.{kind}"), "English has {kind}");
            for (lang, _) in FILES.iter().filter(|(l, _)| *l != Lang::En) {
                let theirs = lookup(*lang, &["errors", kind]);
                assert!(
                    theirs.is_some_and(|t| t != english),
                    "{lang:?} translates {kind}"
                );
            }
        }
    }

    #[test]
    fn texts_are_filled_and_fall_back_to_english() {
        assert_eq!(
            text(
                Lang::De,
                "errors.password_too_short",
                &[("min", "8".into())]
            ),
            "Wähle ein längeres Passwort: mindestens 8 Zeichen."
        );
        assert_eq!(text(Lang::Jp, "loginTitle", &[]), "ログイン");
        assert_eq!(text(Lang::Zz, "loginTitle", &[]), "Log in");
        assert_eq!(text(Lang::En, "no.such", &[]), "no.such");
    }

    #[test]
    fn the_language_is_the_query_s_then_the_browser_s_then_english() {
        assert_eq!(page_language(Some("jp"), Some("de-DE")), Lang::Jp);
        assert_eq!(page_language(Some("xx"), Some("de-DE,de;q=0.9")), Lang::De);
        assert_eq!(page_language(Some("zz"), None), Lang::En);
        assert_eq!(page_language(None, Some("ja")), Lang::Jp);
        assert_eq!(page_language(None, None), Lang::En);
        assert_eq!(page_theme(Some("dark")), Some("dark"));
        assert_eq!(page_theme(Some("<x>")), None);
    }
}
