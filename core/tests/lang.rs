//! Fixture-driven tests of the lang area (fixtures/lang/*.json) and no-panic properties.

use crate::common;

use aivg_core::lang::{
    self, Lang, LanguageResolution, NavigationInput, Stage, map_browser_language,
    pick_browser_language, resolve_language,
};
use common::{arg, err, ok};
use proptest::prelude::*;

#[test]
fn lang_fixtures() {
    let count = common::run_area("lang", |func, args| {
        Some(match func {
            "languages" => ok(lang::languages()),
            "switcherLanguages" => ok(lang::switcher_languages()),
            "languageCookie" => ok(lang::language_cookie()),
            "languageByCode" => {
                (|| lang::language_by_code(&arg::<String>(args, 0)?).map_err(err))().and_then(ok)
            }
            "tagForCode" => {
                (|| lang::tag_for_code(&arg::<String>(args, 0)?).map_err(err))().and_then(ok)
            }
            "codeForTag" => {
                (|| lang::code_for_tag(&arg::<String>(args, 0)?).map_err(err))().and_then(ok)
            }
            "messagesPath" => (|| {
                Ok(lang::messages_path(
                    &arg::<String>(args, 0)?,
                    arg::<Lang>(args, 1)?,
                ))
            })()
            .and_then(ok),
            "isSupportedLanguage" => (|| {
                Ok(lang::is_supported_language(
                    &arg::<String>(args, 0)?,
                    arg::<Stage>(args, 1)?,
                ))
            })()
            .and_then(ok),
            "normalizeLanguage" => (|| {
                Ok(lang::normalize_language(
                    &arg::<String>(args, 0)?,
                    arg::<Stage>(args, 1)?,
                ))
            })()
            .and_then(ok),
            "mapBrowserLanguage" => {
                (|| map_browser_language(&arg::<String>(args, 0)?).map_err(err))().and_then(ok)
            }
            "pickBrowserLanguage" => {
                (|| Ok(pick_browser_language(&arg::<Vec<String>>(args, 0)?)))().and_then(ok)
            }
            "resolveLanguage" => {
                (|| Ok(resolve_language(&arg::<NavigationInput>(args, 0)?)))().and_then(ok)
            }
            _ => return None,
        })
    });
    assert!(count > 500, "only {count} lang cases");
}

fn stage() -> impl Strategy<Value = Stage> {
    prop_oneof![
        Just(Stage::Development),
        Just(Stage::Beta),
        Just(Stage::Staging),
        Just(Stage::Production)
    ]
}

proptest! {
    #[test]
    fn lookups_never_panic(s in any::<String>(), st in stage()) {
        let _ = lang::language_by_code(&s);
        let _ = lang::tag_for_code(&s);
        let _ = lang::code_for_tag(&s);
        let _ = lang::is_supported_language(&s, st);
        let n = lang::normalize_language(&s, st);
        prop_assert!(n.allowed_in(st));
        let _ = map_browser_language(&s);
    }

    #[test]
    fn browser_mapping_never_gives_zz(s in "[A-Za-z_ -]{0,12}") {
        prop_assert_ne!(map_browser_language(&s).ok(), Some(Lang::Zz));
    }

    #[test]
    fn resolution_is_consistent(
        path in any::<String>(),
        query in any::<String>(),
        saved in proptest::option::of(any::<String>()),
        browser in proptest::collection::vec(any::<String>(), 0..4),
        st in stage(),
    ) {
        let input = NavigationInput { path, query, saved_language: saved, browser_languages: browser, stage: st };
        let r: LanguageResolution = resolve_language(&input);
        prop_assert!(r.language.allowed_in(st));
        prop_assert!((1..=4).contains(&r.step));
        if let Some(to) = &r.redirect_to {
            // A redirect always lands on a prefix that step 1 then accepts, so it cannot loop.
            let again = resolve_language(&NavigationInput { path: to.split('?').next().unwrap_or("").to_string(), query: String::new(), ..input.clone() });
            prop_assert_eq!(again.step, 1);
            prop_assert_eq!(again.language, r.language);
        }
    }

    #[test]
    fn resolution_of_plain_paths(
        path in "(/[a-z0-9-]{0,8}){0,4}",
        saved in proptest::option::of("[a-z]{2}"),
        tags in proptest::collection::vec("[a-zA-Z]{2}(-[A-Z]{2})?", 0..3),
        st in stage(),
    ) {
        let input = NavigationInput { path, query: "a=1".into(), saved_language: saved, browser_languages: tags, stage: st };
        let r = resolve_language(&input);
        prop_assert_eq!(r.redirect_to.is_some(), r.step >= 2 && r.language != Lang::En);
    }
}
