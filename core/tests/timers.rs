//! Fixture-driven tests of the shell's timers and the `Timings` object (fixtures/timers/*.json)
//! and a property test showing no timer decision panics.

use crate::common;

use aivg_core::timers;
use common::{Outcome, any_f64, arg, num, ok, opt_num};
use proptest::prelude::*;
use serde_json::Value;

/// Maps each JS export name to the Rust function it calls.
fn dispatch(func: &str, args: &[Value]) -> Option<Outcome> {
    let call: fn(&[Value]) -> Outcome = match func {
        "reloadAllowed" => |a| ok(timers::reload_allowed(opt_num(a, 0)?, num(a, 1)?)),
        "manifestPrefetchDelay" => |a| {
            ok(timers::manifest_prefetch_delay(
                arg::<Option<String>>(a, 0)?.as_deref(),
            ))
        },
        "paymentPollNext" => |a| ok(timers::payment_poll_next(arg(a, 0)?, arg(a, 1)?)),
        "paymentPollElapsedSeconds" => {
            |a| ok(timers::payment_poll_elapsed_seconds(num(a, 0)?, num(a, 1)?))
        }
        "sessionIdExpired" => |a| ok(timers::session_id_expired(num(a, 0)?, num(a, 1)?)),
        "carouselNext" => |a| ok(timers::carousel_next(arg(a, 0)?)),
        "carouselSlideAt" => |a| ok(timers::carousel_slide_at(num(a, 0)?)),
        "timings" => |_| ok(timers::timings()),
        _ => return None,
    };
    Some(call(args))
}

#[test]
fn fixtures() {
    let n = common::run_area("timers", dispatch);
    assert!(n >= 35, "expected at least 35 timer cases, found {n}");
}

/// Cases whose result is `null` (the fixture harness reads `"expect": null` as absent).
#[test]
fn null_results() {
    assert_eq!(timers::manifest_prefetch_delay(Some("slow-2g")), None);
    assert_eq!(timers::manifest_prefetch_delay(Some(" SLOW-2G ")), None);
}

/// The `Timings` object repeats the constants of each module it gathers.
#[test]
fn timings_repeat_each_module_constant() {
    let t = timers::timings();
    assert_eq!(t.progress_tick_ms, aivg_core::progress::PROGRESS_TICK_MS);
    assert_eq!(t.toast_fade_ms, aivg_core::toast::TOAST_FADE_MS);
    assert_eq!(
        t.template_page_size,
        aivg_core::templates::TEMPLATE_PAGE_SIZE
    );
    assert_eq!(t.reload_guard_ms, timers::RELOAD_GUARD_MS);
}

proptest! {
    #[test]
    fn timers_never_panic(a in any_f64(), b in proptest::option::of(any_f64()), n in any::<u32>(), flag in any::<bool>(), s in ".*") {
        let _ = timers::reload_allowed(b, a);
        let _ = timers::manifest_prefetch_delay(Some(&s));
        let _ = timers::payment_poll_next(n, flag);
        let _ = timers::payment_poll_elapsed_seconds(a, b.unwrap_or(0.0));
        let _ = timers::session_id_expired(a, b.unwrap_or(0.0));
        prop_assert!((1..=3).contains(&timers::carousel_next(n)));
        prop_assert!((1..=3).contains(&timers::carousel_slide_at(a)));
    }
}
