//! Fixture-driven tests of the simulated progress bar (fixtures/progress/*.json) and property
//! tests showing it never panics and stays in range.

use crate::common;

use aivg_core::progress;
use common::{Outcome, any_f64, num, ok};
use proptest::prelude::*;
use serde_json::Value;

/// Maps each JS export name to the Rust function it calls.
fn dispatch(func: &str, args: &[Value]) -> Option<Outcome> {
    let call: fn(&[Value]) -> Outcome = match func {
        "progressTick" => |a| ok(progress::progress_tick(num(a, 0)?)),
        "progressAfter" => |a| ok(progress::progress_after(num(a, 0)?)),
        "progressDisplay" => |a| ok(progress::progress_display(num(a, 0)?)),
        _ => return None,
    };
    Some(call(args))
}

#[test]
fn fixtures() {
    let n = common::run_area("progress", dispatch);
    assert!(n >= 40, "expected at least 40 progress cases, found {n}");
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
}
