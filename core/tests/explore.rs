//! Fixture vectors (fixtures/explore/*.json) and no-panic properties of the explore area.

use crate::common;

use aivg_core::explore;
use common::{Outcome, arg, ok};
use proptest::prelude::*;
use serde_json::Value;

fn dispatch(func: &str, args: &[Value]) -> Option<Outcome> {
    let outcome = (|| -> Outcome {
        match func {
            "exploreConstants" => ok(explore::explore_constants()),
            "isReportReason" => ok(explore::is_report_reason(&arg::<String>(args, 0)?)),
            "exploreThumbSide" => ok(explore::explore_thumb_side(arg::<Option<f64>>(args, 0)?)),
            other => Err(("no_dispatcher".to_string(), other.to_string())),
        }
    })();
    match outcome {
        Err((code, _)) if code == "no_dispatcher" => None,
        other => Some(other),
    }
}

#[test]
fn explore_fixtures() {
    assert!(common::run_area("explore", dispatch) > 0);
}

proptest! {
    #[test]
    fn reasons_never_panic(reason in ".{0,24}", side in proptest::option::of(any::<f64>())) {
        let _ = explore::is_report_reason(&reason);
        let s = explore::explore_thumb_side(side);
        prop_assert!(s.is_finite() && s > 0.0);
    }
}
