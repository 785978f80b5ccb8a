//! Fixture-driven tests of the routes area (fixtures/routes/*.json) and no-panic properties.

use crate::common;

use aivg_core::lang::Lang;
use aivg_core::routes::{self, RouteName, RouteParams};
use common::{arg, err, ok};
use proptest::prelude::*;

#[test]
fn routes_fixtures() {
    let count = common::run_area("routes", |func, args| {
        let s = |i| arg::<String>(args, i);
        Some(match func {
            "matchRoute" => (|| Ok(routes::match_route(&s(0)?)))().and_then(ok),
            "routeRedirect" => (|| Ok(routes::route_redirect(&s(0)?, &s(1)?)))().and_then(ok),
            "musicTab" => (|| Ok(routes::music_tab(&s(0)?)))().and_then(ok),
            "splitPrefix" => (|| Ok(routes::split_prefix(&s(0)?)))().and_then(ok),
            "addPrefix" => {
                (|| Ok(routes::add_prefix(&s(0)?, arg::<Lang>(args, 1)?)))().and_then(ok)
            }
            "switchLanguagePath" => {
                (|| Ok(routes::switch_language_path(&s(0)?, arg::<Lang>(args, 1)?)))().and_then(ok)
            }
            "canonicalUrl" => (|| Ok(routes::canonical_url(&s(0)?, &s(1)?)))().and_then(ok),
            "aiBaseRedirect" => (|| Ok(routes::ai_base_redirect(&s(0)?)))().and_then(ok),
            "menu" => ok(routes::menu()),
            "activeMenuEntry" => (|| Ok(routes::active_menu_entry(&s(0)?)))().and_then(ok),
            "isMenuEntryActive" => {
                (|| Ok(routes::is_menu_entry_active(&s(0)?, &s(1)?)))().and_then(ok)
            }
            "routeTable" => ok(routes::route_table()),
            "namedSections" => ok(routes::named_sections()),
            "generationTypes" => ok(routes::generation_types()),
            "routeByName" => (|| routes::route_by_name(&s(0)?).map_err(err))().and_then(ok),
            "isGenerationType" => (|| Ok(routes::is_generation_type(&s(0)?)))().and_then(ok),
            "hidesFrame" => (|| Ok(routes::hides_frame(&s(0)?)))().and_then(ok),
            "routePath" => (|| {
                routes::route_path(&s(0)?, &arg::<RouteParams>(args, 1)?, arg::<Lang>(args, 2)?)
                    .map_err(err)
            })()
            .and_then(ok),
            _ => return None,
        })
    });
    assert!(count > 1000, "only {count} routes cases");
}

/// The `None` answers, which a fixture cannot express (the harness reads `"expect": null`
/// as a missing expectation; in JavaScript they are `undefined`).
#[test]
fn absent_answers() {
    for path in [
        "/home",
        "/de/home",
        "/create/x",
        "/xx",
        "/404",
        "/image-to-video",
    ] {
        assert_eq!(routes::route_redirect(path, "a=1"), None, "{path}");
        assert_eq!(routes::match_route(path).redirect_to, None, "{path}");
    }
    for name in [
        "Index", "Home2", "NotFound", "CatchAll", "Template", "Pricing", "Create", "", "home",
    ] {
        assert_eq!(routes::active_menu_entry(name), None, "{name}");
    }
}

#[test]
fn every_page_route_round_trips_under_every_prefix() {
    for def in routes::route_table() {
        if def.name == RouteName::CatchAll {
            continue;
        }
        for lang in Lang::ALL {
            let path =
                routes::route_path(def.name.as_str(), &RouteParams::default(), lang).unwrap();
            let m = routes::match_route(&path);
            assert_eq!((m.name, m.language), (def.name, lang), "{path}");
        }
    }
}

fn lang() -> impl Strategy<Value = Lang> {
    proptest::sample::select(Lang::ALL.to_vec())
}

fn route_name() -> impl Strategy<Value = RouteName> {
    proptest::sample::select(
        routes::route_table()
            .into_iter()
            .map(|d| d.name)
            .chain([RouteName::Pricing])
            .collect::<Vec<_>>(),
    )
}

proptest! {
    #[test]
    fn nothing_panics_on_arbitrary_strings(a in any::<String>(), b in any::<String>(), l in lang()) {
        let m = routes::match_route(&a);
        let _ = routes::route_redirect(&a, &b);
        let _ = routes::music_tab(&a);
        let split = routes::split_prefix(&a);
        prop_assert!(split.rest.starts_with('/'));
        let _ = routes::add_prefix(&a, l);
        let _ = routes::switch_language_path(&a, l);
        let _ = routes::canonical_url(&a, &b);
        let _ = routes::active_menu_entry(&a);
        let _ = routes::is_menu_entry_active(&a, &b);
        let _ = routes::route_by_name(&a);
        let _ = routes::is_generation_type(&a);
        let _ = routes::hides_frame(&a);
        let params = RouteParams { category: Some(a.clone()), semantic: Some(b.clone()), tabname: Some(a.clone()), slug: Some(vec![a.clone(), b.clone()]) };
        let _ = routes::route_path(&a, &params, l);
        prop_assert_eq!(m.noindex, m.noindex || m.language == Lang::Zz);
    }

    #[test]
    fn path_like_strings_match(path in "[/a-zA-Z0-9%?#._-]{0,40}") {
        let m = routes::match_route(&path);
        // The prefix language of the match is the one split_prefix reads.
        let before_query = path.split(['?', '#']).next().unwrap_or("");
        prop_assert_eq!(m.language, routes::split_prefix(before_query).language);
    }

    #[test]
    fn route_path_round_trips(
        name in route_name(),
        semantic in proptest::option::of(any::<String>()),
        category in proptest::option::of(any::<String>()),
        tabname in proptest::option::of(any::<String>()),
        slug in proptest::collection::vec("[a-z]{1,6}", 1..4),
        l in lang(),
    ) {
        let def = routes::route_by_name(name.as_str());
        let keep = |p: &str, v: Option<String>| {
            def.as_ref().ok().filter(|d| d.params.iter().any(|x| x == p)).and(v).filter(|v| !v.is_empty())
        };
        let mut params = RouteParams {
            category: keep("category", category),
            semantic: keep("semantic", semantic),
            tabname: keep("tabname", tabname),
            slug: (name == RouteName::CatchAll).then(|| {
                // segments no literal route starts with, so the path stays a catch-all
                std::iter::once("zzz-unknown".to_string()).chain(slug).collect()
            }),
        };
        if params.semantic.is_none() {
            params.tabname = None;
        }
        match routes::route_path(name.as_str(), &params, l) {
            Ok(path) => {
                let m = routes::match_route(&path);
                prop_assert_eq!(m.name, name, "{}", path);
                prop_assert_eq!(m.language, l);
                prop_assert_eq!(m.params, params);
                prop_assert_eq!(routes::canonical_url("https://x.test", &path), format!("https://x.test/ai{}", if path == "/" { "/" } else { &path }));
            }
            Err(e) => prop_assert_eq!(name, RouteName::Pricing, "{}", e),
        }
    }

    #[test]
    fn switching_language_keeps_the_route(path in "(/[a-z0-9-]{1,10}){0,3}", from in lang(), to in lang()) {
        let a = routes::match_route(&routes::add_prefix(&path, from));
        let switched = routes::switch_language_path(&routes::add_prefix(&path, from), to);
        let b = routes::match_route(&switched);
        // Same language and route, unless the path itself starts with a language code (then the
        // prefix swallowed by one side is a path segment on the other). English has no prefix, so
        // such a path switched to English reads as that code's prefix: `/zh/de` → `/de`, German.
        let starts_with_code = path.split('/').nth(1).is_some_and(|s| Lang::from_code(s).is_some());
        if starts_with_code && to == Lang::En {
            prop_assert_eq!(switched, path.clone());
        } else {
            prop_assert_eq!(b.language, to);
        }
        if !starts_with_code {
            prop_assert_eq!(a.name, b.name);
            prop_assert_eq!(a.params, b.params);
        }
    }
}

/// Found by the property above in CI: a path whose first segment is a language code, switched
/// to English (which has no prefix), reads as that code's prefix.
#[test]
fn switching_to_english_a_path_starting_with_a_code() {
    assert_eq!(routes::switch_language_path("/zh/de", Lang::En), "/de");
    assert_eq!(routes::match_route("/de").language, Lang::De);
    assert_eq!(
        routes::match_route(&routes::switch_language_path("/zh/home", Lang::En)).language,
        Lang::En
    );
}

/// A tool page's example key is the last segment of its English path.
#[test]
fn demo_keys_are_the_tool_routes_last_segments() {
    assert_eq!(
        routes::demo_key("AiToolsImageEnhancer").as_deref(),
        Some("image-enhancer")
    );
    assert_eq!(routes::demo_key("Home").as_deref(), Some("home"));
    assert_eq!(routes::demo_key("NoSuchRoute"), None);
    assert_eq!(routes::demo_key("Pricing"), None); // a route without a path
}
