//! Fixture-driven tests of toast types, stacking and fade phases (fixtures/toast/*.json) and a
//! property test showing no toast function panics.

use crate::common;

use aivg_core::toast;
use common::{Outcome, any_f64, arg, err, num, ok, opt_num};
use proptest::prelude::*;
use serde_json::Value;

/// Maps each JS export name to the Rust function it calls.
fn dispatch(func: &str, args: &[Value]) -> Option<Outcome> {
    let call: fn(&[Value]) -> Outcome = match func {
        "toastTop" => |a| ok(toast::toast_top(arg(a, 0)?)),
        "toastPhase" => |a| ok(toast::toast_phase(num(a, 0)?, opt_num(a, 1)?)),
        "toastKind" => |a| {
            toast::toast_kind(&arg::<String>(a, 0)?)
                .map_err(err)
                .and_then(ok)
        },
        _ => return None,
    };
    Some(call(args))
}

#[test]
fn fixtures() {
    let n = common::run_area("toast", dispatch);
    assert!(n >= 20, "expected at least 20 toast cases, found {n}");
}

proptest! {
    #[test]
    fn toasts_never_panic(a in any_f64(), b in proptest::option::of(any_f64()), n in any::<u32>(), s in ".*") {
        prop_assert!(toast::toast_top(n) >= 100);
        let _ = toast::toast_phase(a, b);
        let _ = toast::toast_kind(&s);
    }
}
