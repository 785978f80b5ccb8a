//! Fixture-driven tests of validation, layout, preview, error page and texts
//! (fixtures/ui/*.json) and property tests showing no public function panics.

use crate::common;

use aivg_core::ui;
use common::{Outcome, arg, err, num, ok, opt_num};
use proptest::prelude::*;
use serde_json::Value;
use std::collections::BTreeMap;

/// Maps each JS export name to the Rust function it calls.
fn dispatch(func: &str, args: &[Value]) -> Option<Outcome> {
    let call: fn(&[Value]) -> Outcome = match func {
        "validateMusicPrompt" => |a| {
            ui::validate_music_prompt(&arg::<String>(a, 0)?)
                .map_err(err)
                .and_then(ok)
        },
        "validateSongLyrics" => |a| {
            ui::validate_song_lyrics(&arg::<String>(a, 0)?)
                .map_err(err)
                .and_then(ok)
        },
        "trimmedLength" => |a| ok(ui::trimmed_length(&arg::<String>(a, 0)?)),
        "isPhone" => |a| ok(ui::is_phone(num(a, 0)?)),
        "breakpointAt" => |a| ok(ui::breakpoint_at(num(a, 0)?)),
        "uiConstants" => |_| ok(ui::ui_constants()),
        "previewZoomIn" => |a| ok(ui::preview_zoom_in(num(a, 0)?)),
        "previewZoomOut" => |a| ok(ui::preview_zoom_out(num(a, 0)?)),
        "previewZoomClamp" => |a| ok(ui::preview_zoom_clamp(num(a, 0)?)),
        "previewViewport" => |a| ok(ui::preview_viewport(num(a, 0)?, num(a, 1)?)),
        "previewFit" => |a| {
            ok(ui::preview_fit(
                num(a, 0)?,
                num(a, 1)?,
                num(a, 2)?,
                num(a, 3)?,
            ))
        },
        "errorPage" => |a| {
            ok(ui::error_page(
                opt_num(a, 0)?,
                arg::<Option<String>>(a, 1)?.as_deref(),
            ))
        },
        "errorPageStatus" => |a| ok(ui::error_page_status(opt_num(a, 0)?)),
        "isBotUserAgent" => |a| ok(ui::is_bot_user_agent(&arg::<String>(a, 0)?)),
        "errorPageShowsStack" => |a| ok(ui::error_page_shows_stack(&arg::<String>(a, 0)?)),
        "errorPageFeatureGuide" => |_| ok(ui::error_page_feature_guide()),
        "sourceText" => |a| ok(ui::source_text(&arg::<String>(a, 0)?)),
        "sourceTexts" => |_| ok(ui::source_texts()),
        "fillPlaceholders" => |a| {
            ok(ui::fill_placeholders(
                &arg::<String>(a, 0)?,
                &arg::<BTreeMap<String, String>>(a, 1)?,
            ))
        },
        "consumptionMessage" => |a| {
            ui::consumption_message(num(a, 0)?)
                .map_err(err)
                .and_then(ok)
        },
        _ => return None,
    };
    Some(call(args))
}

#[test]
fn fixtures() {
    let n = common::run_area("ui", dispatch);
    assert!(n >= 60, "expected at least 60 ui cases, found {n}");
}

/// Cases whose result is `null` (the fixture harness reads `"expect": null` as absent).
#[test]
fn null_results() {
    assert_eq!(ui::breakpoint_at(479.9), None);
    assert_eq!(ui::breakpoint_at(f64::NAN), None);
    assert_eq!(ui::source_text("no.such.id"), None);
    let googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    assert_eq!(ui::error_page(Some(500.0), Some(googlebot)), None);
    assert_eq!(ui::error_page(None, Some("facebookexternalhit/1.1")), None);
}

/// Every id is unique and every text the code looks up exists.
#[test]
fn source_texts_are_consistent() {
    let mut ids: Vec<_> = ui::SOURCE_TEXTS.iter().map(|(id, _)| *id).collect();
    ids.sort_unstable();
    let before = ids.len();
    ids.dedup();
    assert_eq!(before, ids.len(), "duplicate text ids");
    for group in ui::error_page_feature_guide() {
        assert!(!group.label.is_empty(), "{}", group.label_id);
        for item in group.items {
            assert!(!item.label.is_empty(), "{}", item.label_id);
        }
    }
    for status in [401.0, 403.0, 404.0, 418.0, 500.0, 502.0, 503.0] {
        let page = ui::error_page(Some(status), None).unwrap();
        assert!(
            !page.title.is_empty() && !page.description.is_empty(),
            "{status}"
        );
    }
}

/// Zoom steps never drift: 1000 steps in and out land on exact hundredths.
#[test]
fn zoom_steps_do_not_drift() {
    let mut s = 1.0;
    for _ in 0..1000 {
        s = ui::preview_zoom_in(s);
        assert_eq!(s, (s * 100.0).round() / 100.0);
    }
    assert_eq!(s, 4.0);
    for _ in 0..1000 {
        s = ui::preview_zoom_out(s);
        assert_eq!(s, (s * 100.0).round() / 100.0);
    }
    assert_eq!(s, 0.25);
}

fn any_f64() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<f64>(),
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(f64::NEG_INFINITY),
        -10.0..10.0f64,
        -100.0..5000.0f64,
    ]
}

proptest! {
    #[test]
    fn text_functions_never_panic(s in ".*", t in "\\PC*", k in "[a-z{}]{0,6}", v in ".*") {
        let _ = ui::validate_music_prompt(&s);
        let _ = ui::validate_song_lyrics(&t);
        prop_assert_eq!(ui::trimmed_length(&s) as usize, ui::js_trim(&s).chars().count());
        let _ = ui::is_bot_user_agent(&s);
        let _ = ui::error_page_shows_stack(&s);
        let _ = ui::source_text(&s);
        let params = BTreeMap::from([(k.clone(), v.clone())]);
        let _ = ui::fill_placeholders(&s, &params);
        let _ = ui::fill_placeholders(&format!("{{{k}}}{t}{{"), &params);
        let _ = ui::error_page(None, Some(&s));
    }

    #[test]
    fn number_functions_never_panic(a in any_f64(), b in any_f64(), c in any_f64(), d in any_f64()) {
        let _ = ui::is_phone(a);
        let _ = ui::breakpoint_at(a);
        for z in [ui::preview_zoom_in(a), ui::preview_zoom_out(a), ui::preview_zoom_clamp(a)] {
            prop_assert!((0.25..=4.0).contains(&z));
        }
        let v = ui::preview_viewport(a, b);
        prop_assert!(v.width >= 0.0 && v.height >= 0.0);
        let f = ui::preview_fit(a, b, c, d);
        prop_assert!(f.width >= 0.0 && f.height >= 0.0);
        let _ = ui::error_page_status(Some(a));
        let _ = ui::error_page(Some(a), None);
        let _ = ui::consumption_message(a);
    }
}
