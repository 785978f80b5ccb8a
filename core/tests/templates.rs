//! Fixture-driven tests of template list paging (fixtures/templates/*.json) and a property test
//! showing it never panics and always asks for a valid page.

use crate::common;

use aivg_core::templates;
use common::{Outcome, arg, ok};
use proptest::prelude::*;
use serde_json::Value;

/// Maps each JS export name to the Rust function it calls.
fn dispatch(func: &str, args: &[Value]) -> Option<Outcome> {
    let call: fn(&[Value]) -> Outcome = match func {
        "templateFirstPage" => |_| ok(templates::template_first_page()),
        "templateHasMore" => |a| ok(templates::template_has_more(arg(a, 0)?, arg(a, 1)?)),
        "templateLoadMore" => |a| {
            ok(templates::template_load_more(
                arg(a, 0)?,
                arg(a, 1)?,
                arg(a, 2)?,
            ))
        },
        _ => return None,
    };
    Some(call(args))
}

#[test]
fn fixtures() {
    let n = common::run_area("templates", dispatch);
    assert!(
        n >= 8,
        "expected at least 8 template paging cases, found {n}"
    );
}

/// Cases whose result is `null` (the fixture harness reads `"expect": null` as absent).
#[test]
fn null_results() {
    assert_eq!(templates::template_load_more(20, 100, false), None);
    assert_eq!(templates::template_load_more(0, 100, false), None);
    assert_eq!(templates::template_load_more(50, 50, false), None);
    assert_eq!(templates::template_load_more(30, 100, true), None);
}

proptest! {
    #[test]
    fn paging_never_panics(n in any::<u32>(), m in any::<u32>(), flag in any::<bool>()) {
        let _ = templates::template_has_more(n, m);
        if let Some(q) = templates::template_load_more(n, m, flag) {
            prop_assert!(q.page >= 1 && q.page_size == 25);
        }
    }
}
