//! Fixture-driven tests of the check-in rules (fixtures/checkin/*.json) and property tests
//! showing no public function panics.

use crate::common;

use aivg_core::checkin::{self, CheckinData, CheckinPanelEvent, CheckinPanelState};
use common::{Outcome, arg, err, num, ok, opt_num};
use proptest::prelude::*;
use serde_json::Value;

/// Maps each JS export name to the Rust function it calls.
fn dispatch(func: &str, args: &[Value]) -> Option<Outcome> {
    let call: fn(&[Value]) -> Outcome = match func {
        "checkinCycleStart" => |a| {
            checkin::checkin_cycle_start(num(a, 0)?)
                .map_err(err)
                .and_then(ok)
        },
        "nextCheckinCycle" => |a| {
            checkin::next_checkin_cycle(num(a, 0)?)
                .map_err(err)
                .and_then(ok)
        },
        "checkinCycleId" => |a| {
            checkin::checkin_cycle_id(num(a, 0)?)
                .map_err(err)
                .and_then(ok)
        },
        "sameCheckinCycle" => |a| {
            checkin::same_checkin_cycle(num(a, 0)?, num(a, 1)?)
                .map_err(err)
                .and_then(ok)
        },
        "checkinReward" => |a| ok(checkin::checkin_reward(&arg::<String>(a, 0)?)),
        "checkinStatus" => |a| ok(checkin::checkin_status(&arg::<CheckinData>(a, 0)?)),
        "checkinFetchFallback" => |_| ok(checkin::checkin_fetch_fallback()),
        "checkinConstants" => |_| ok(checkin::checkin_constants()),
        "checkinPanelInitial" => |_| ok(checkin::checkin_panel_initial()),
        "checkinPanelStep" => |a| {
            ok(checkin::checkin_panel_step(
                &arg::<CheckinPanelState>(a, 0)?,
                &arg::<CheckinPanelEvent>(a, 1)?,
            ))
        },
        "checkinAutoShow" => |a| {
            checkin::checkin_auto_show(
                arg::<Option<String>>(a, 0)?.as_deref(),
                arg::<Option<bool>>(a, 1)?,
                opt_num(a, 2)?,
                num(a, 3)?,
            )
            .map_err(err)
            .and_then(ok)
        },
        "checkinShouldAutoShow" => |a| {
            checkin::checkin_should_auto_show(
                arg::<Option<String>>(a, 0)?.as_deref(),
                opt_num(a, 1)?,
                num(a, 2)?,
            )
            .map_err(err)
            .and_then(ok)
        },
        "checkinLoadTime" => |a| ok(checkin::checkin_load_time(num(a, 0)?)),
        _ => return None,
    };
    Some(call(args))
}

#[test]
fn fixtures() {
    let n = common::run_area("checkin", dispatch);
    assert!(n >= 40, "expected at least 40 check-in cases, found {n}");
}

fn any_f64() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<f64>(),
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(f64::NEG_INFINITY),
        -9.0e15..9.0e15f64,
        (-10_000_000_000i64..10_000_000_000_000i64).prop_map(|x| x as f64),
    ]
}

proptest! {
    #[test]
    fn cycle_functions_never_panic_and_agree(t in any_f64(), u in any_f64()) {
        let start = checkin::checkin_cycle_start(t);
        let next = checkin::next_checkin_cycle(t);
        let id = checkin::checkin_cycle_id(t);
        let _ = checkin::same_checkin_cycle(t, u);
        if let (Ok(s), Ok(n), Ok(_)) = (start, next, id) {
            prop_assert!(s <= t.floor() && t.floor() < n);
            prop_assert_eq!(n - s, 86_400_000.0);
            prop_assert_eq!(checkin::same_checkin_cycle(s, t), Ok(true));
            prop_assert_eq!(checkin::same_checkin_cycle(s - 1.0, s), Ok(false));
        }
    }

    #[test]
    fn rules_never_panic(level in ".*", p in proptest::option::of(".*"), last in proptest::option::of(any_f64()), now in any_f64()) {
        let _ = checkin::checkin_reward(&level);
        let _ = checkin::checkin_should_auto_show(p.as_deref(), last, now);
        let lt = checkin::checkin_load_time(now);
        prop_assert!(lt.duration_ms > 0.0 && lt.duration_ms < 30_000.0);
    }

    #[test]
    fn panel_never_panics(json in ".*", success in any::<bool>(), mobile in any::<bool>(), logged_in in any::<bool>()) {
        let mut state = checkin::checkin_panel_initial();
        let data: CheckinData = serde_json::from_str(&json).unwrap_or_else(|_| checkin::checkin_fetch_fallback());
        for event in [
            CheckinPanelEvent::Loaded { data },
            CheckinPanelEvent::Claim { logged_in },
            CheckinPanelEvent::ClaimAnswered {
                response: checkin::CheckinClaimResponse { success, message: json.clone() },
                mobile,
            },
            CheckinPanelEvent::ClaimFailed { mobile },
            CheckinPanelEvent::LoadFailed,
            CheckinPanelEvent::Reloading,
        ] {
            state = checkin::checkin_panel_step(&state, &event).state;
        }
    }

    #[test]
    fn checkin_data_decoding_never_panics(v in arb_json()) {
        let _ = serde_json::from_value::<CheckinData>(v.clone());
        let _ = serde_json::from_value::<checkin::CheckinClaimResponse>(v);
    }
}

/// Arbitrary JSON, objects biased towards the check-in field names.
fn arb_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<f64>()
            .prop_map(|x| serde_json::Number::from_f64(x).map_or(Value::Null, Value::Number)),
        any::<i64>().prop_map(|x| Value::Number(x.into())),
        ".*".prop_map(Value::String),
    ];
    leaf.prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            proptest::collection::vec(
                (
                    prop_oneof![
                        Just("is_checked_in".to_string()),
                        Just("today_available".to_string()),
                        Just("today_checkin_credits".to_string()),
                        Just("activity_active".to_string()),
                        Just("success".to_string()),
                        Just("message".to_string()),
                        "[a-z_]{0,8}",
                    ],
                    inner,
                ),
                0..6
            )
            .prop_map(|kv| Value::Object(kv.into_iter().collect())),
        ]
    })
}
