//! Fixture-driven tests of the progress bar, toasts, paging and timers
//! (fixtures/progress/*.json) and property tests showing no public function panics.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

mod common;

use aivg_core::progress;
use common::{Outcome, arg, err, ok};
use proptest::prelude::*;
use serde_json::Value;

/// A JavaScript number argument: a JSON number, or "NaN" / "Infinity" / "-Infinity".
fn num(args: &[Value], i: usize) -> Result<f64, (String, String)> {
    match args.get(i) {
        Some(Value::String(s)) if s == "NaN" => Ok(f64::NAN),
        Some(Value::String(s)) if s == "Infinity" => Ok(f64::INFINITY),
        Some(Value::String(s)) if s == "-Infinity" => Ok(f64::NEG_INFINITY),
        _ => arg(args, i),
    }
}

/// An optional JavaScript number (`null` is `None`).
fn opt_num(args: &[Value], i: usize) -> Result<Option<f64>, (String, String)> {
    match args.get(i) {
        None | Some(Value::Null) => Ok(None),
        _ => num(args, i).map(Some),
    }
}

/// Maps each JS export name to the Rust function it calls.
fn dispatch(func: &str, args: &[Value]) -> Option<Outcome> {
    let call: fn(&[Value]) -> Outcome = match func {
        "progressTick" => |a| ok(progress::progress_tick(num(a, 0)?)),
        "progressAfter" => |a| ok(progress::progress_after(num(a, 0)?)),
        "progressDisplay" => |a| ok(progress::progress_display(num(a, 0)?)),
        "toastTop" => |a| ok(progress::toast_top(arg(a, 0)?)),
        "toastPhase" => |a| ok(progress::toast_phase(num(a, 0)?, opt_num(a, 1)?)),
        "toastKind" => |a| {
            progress::toast_kind(&arg::<String>(a, 0)?)
                .map_err(err)
                .and_then(ok)
        },
        "templateFirstPage" => |_| ok(progress::template_first_page()),
        "templateHasMore" => |a| ok(progress::template_has_more(arg(a, 0)?, arg(a, 1)?)),
        "templateLoadMore" => |a| {
            ok(progress::template_load_more(
                arg(a, 0)?,
                arg(a, 1)?,
                arg(a, 2)?,
            ))
        },
        "reloadAllowed" => |a| ok(progress::reload_allowed(opt_num(a, 0)?, num(a, 1)?)),
        "manifestPrefetchDelay" => |a| {
            ok(progress::manifest_prefetch_delay(
                arg::<Option<String>>(a, 0)?.as_deref(),
            ))
        },
        "paymentPollNext" => |a| ok(progress::payment_poll_next(arg(a, 0)?, arg(a, 1)?)),
        "paymentPollElapsedSeconds" => |a| {
            ok(progress::payment_poll_elapsed_seconds(
                num(a, 0)?,
                num(a, 1)?,
            ))
        },
        "sessionIdExpired" => |a| ok(progress::session_id_expired(num(a, 0)?, num(a, 1)?)),
        "carouselNext" => |a| ok(progress::carousel_next(arg(a, 0)?)),
        "carouselSlideAt" => |a| ok(progress::carousel_slide_at(num(a, 0)?)),
        "timings" => |_| ok(progress::timings()),
        _ => return None,
    };
    Some(call(args))
}

#[test]
fn fixtures() {
    let n = common::run_area("progress", dispatch);
    assert!(n >= 60, "expected at least 60 progress cases, found {n}");
}

/// Cases whose result is `null` (the fixture harness reads `"expect": null` as absent).
#[test]
fn null_results() {
    assert_eq!(progress::manifest_prefetch_delay(Some("slow-2g")), None);
    assert_eq!(progress::manifest_prefetch_delay(Some(" SLOW-2G ")), None);
    assert_eq!(progress::template_load_more(20, 100, false), None);
    assert_eq!(progress::template_load_more(0, 100, false), None);
    assert_eq!(progress::template_load_more(50, 50, false), None);
    assert_eq!(progress::template_load_more(30, 100, true), None);
}

/// The simulation is exact to hundredths: iterating ticks equals the closed form at every second.
#[test]
fn ticks_and_closed_form_agree_without_drift() {
    let mut v = 0.0;
    for s in 1..=2_000u32 {
        v = progress::progress_tick(v);
        assert_eq!(
            v,
            progress::progress_after(f64::from(s) * 1000.0),
            "after {s} s"
        );
        assert_eq!(
            v,
            (v * 100.0).round() / 100.0,
            "after {s} s the value is a whole hundredth"
        );
    }
    assert_eq!(v, 99.0);
}

fn any_f64() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<f64>(),
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(f64::NEG_INFINITY),
        -200.0..200.0f64,
        -1.0e7..3.0e6f64,
    ]
}

proptest! {
    #[test]
    fn progress_never_panics_and_stays_in_range(v in any_f64()) {
        let t = progress::progress_tick(v);
        prop_assert!((0.0..=100.0).contains(&t));
        let a = progress::progress_after(v);
        prop_assert!((0.0..=99.0).contains(&a));
        prop_assert!(progress::progress_display(v) <= 100);
        if (0.0..99.0).contains(&v) {
            prop_assert!(t > v - 0.005 && t <= 99.0);
        }
    }

    #[test]
    fn timers_never_panic(a in any_f64(), b in proptest::option::of(any_f64()), n in any::<u32>(), m in any::<u32>(), flag in any::<bool>(), s in ".*") {
        let _ = progress::toast_top(n);
        let _ = progress::toast_phase(a, b);
        let _ = progress::toast_kind(&s);
        let _ = progress::template_has_more(n, m);
        if let Some(q) = progress::template_load_more(n, m, flag) {
            prop_assert!(q.page >= 1 && q.page_size == 25);
        }
        let _ = progress::reload_allowed(b, a);
        let _ = progress::manifest_prefetch_delay(Some(&s));
        let _ = progress::payment_poll_next(n, flag);
        let _ = progress::payment_poll_elapsed_seconds(a, b.unwrap_or(0.0));
        let _ = progress::session_id_expired(a, b.unwrap_or(0.0));
        prop_assert!((1..=3).contains(&progress::carousel_next(n)));
        prop_assert!((1..=3).contains(&progress::carousel_slide_at(a)));
    }
}
