//! Fixture-driven tests of the ad rules (fixtures/ads/*.json) and property tests showing no
//! public function panics.

use crate::common;

use aivg_core::ads::{
    self, AdItem, AdModule, AdSlot, AdSlotRecord, HeaderAdIconState, TrialBoxEvent, TrialBoxUser,
};
use common::{Outcome, arg, err, num, ok, opt_num};
use proptest::prelude::*;
use serde_json::{Value, json};

/// The zone named by argument `i` (the JS exports take IANA names).
fn zone(args: &[Value], i: usize) -> Result<ads::TzRules, (String, String)> {
    ads::zone_named(&arg::<String>(args, i)?).map_err(err)
}

/// Maps each JS export name to the Rust function it calls.
fn dispatch(func: &str, args: &[Value]) -> Option<Outcome> {
    let call: fn(&[Value]) -> Outcome = match func {
        "localDateText" => |a| {
            ads::local_date_text(num(a, 0)?, &zone(a, 1)?)
                .map_err(err)
                .and_then(ok)
        },
        "adSlotMayShow" => |a| {
            ads::ad_slot_may_show(&arg::<AdSlotRecord>(a, 0)?, num(a, 1)?, &zone(a, 2)?)
                .map_err(err)
                .and_then(ok)
        },
        "recordAdShown" => |a| {
            ads::record_ad_shown(&arg::<AdSlotRecord>(a, 0)?, num(a, 1)?, &zone(a, 2)?)
                .map_err(err)
                .and_then(ok)
        },
        "recordAdClosed" => |a| {
            ads::record_ad_closed(&arg::<AdSlotRecord>(a, 0)?, num(a, 1)?)
                .map_err(err)
                .and_then(ok)
        },
        "adSlotVisible" => |a| {
            ads::ad_slot_visible(
                arg::<AdSlot>(a, 0)?,
                &arg::<AdSlotRecord>(a, 1)?,
                num(a, 2)?,
                &zone(a, 3)?,
                arg(a, 4)?,
                arg(a, 5)?,
            )
            .map_err(err)
            .and_then(ok)
        },
        "adDismissalKey" => |a| {
            ads::ad_dismissal_key(arg::<AdModule>(a, 0)?)
                .map_err(err)
                .and_then(ok)
        },
        "headerAdItem" => |a| ok(ads::header_ad_item(&arg::<Vec<AdItem>>(a, 0)?)),
        "headerAdIconHideReason" => |a| {
            ok(ads::header_ad_icon_hide_reason(&arg::<HeaderAdIconState>(
                a, 0,
            )?))
        },
        "headerAdIconVisible" => |a| {
            ok(ads::header_ad_icon_visible(&arg::<HeaderAdIconState>(
                a, 0,
            )?))
        },
        "promoCountdown" => |a| {
            ads::promo_countdown(num(a, 0)?, &zone(a, 1)?)
                .map_err(err)
                .and_then(ok)
        },
        "halloweenBannerActive" => |a| {
            ads::halloween_banner_active(num(a, 0)?, &zone(a, 1)?)
                .map_err(err)
                .and_then(ok)
        },
        "promoModalMayShow" => |a| {
            ads::promo_modal_may_show(opt_num(a, 0)?, num(a, 1)?)
                .map_err(err)
                .and_then(ok)
        },
        "taskPromoCardVisible" => |a| {
            ads::task_promo_card_visible(opt_num(a, 0)?, num(a, 1)?, opt_num(a, 2)?)
                .map_err(err)
                .and_then(ok)
        },
        "trialBoxState" => |a| {
            ads::trial_box_state(
                arg::<TrialBoxUser>(a, 0)?,
                num(a, 1)?,
                opt_num(a, 2)?,
                arg(a, 3)?,
            )
            .map_err(err)
            .and_then(ok)
        },
        "trialBoxClosesOn" => |a| {
            ok(ads::trial_box_closes_on(
                arg::<TrialBoxEvent>(a, 0)?,
                arg(a, 1)?,
            ))
        },
        _ => return None,
    };
    Some(call(args))
}

#[test]
fn ads_fixtures() {
    let count = common::run_area("ads", dispatch);
    assert!(count >= 100, "expected at least 100 ads cases, ran {count}");
}

#[test]
fn slot_record_round_trips_with_camel_case_names() {
    let r: AdSlotRecord =
        serde_json::from_value(json!({"lastShownDate": "2025-03-09", "closedAt": "1741507200000"}))
            .unwrap();
    assert_eq!(r.closed_at, Some(1_741_507_200_000.0));
    let v = serde_json::to_value(&r).unwrap();
    assert_eq!(
        v,
        json!({"lastShownDate": "2025-03-09", "closedAt": 1_741_507_200_000.0})
    );
    // Whatever an older build wrote, the record still reads.
    let junk: AdSlotRecord =
        serde_json::from_value(json!({"lastShownDate": 5, "closedAt": {"a": 1}})).unwrap();
    assert_eq!(junk.closed_at, None);
}

const ZONES: [&str; 8] = [
    "UTC",
    "America/Los_Angeles",
    "Asia/Tokyo",
    "America/Santiago",
    "Pacific/Apia",
    "Pacific/Kiritimati",
    "Etc/GMT+12",
    "Not/AZone",
];

fn arb_time() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<f64>(),
        -8.7e15..8.7e15f64,
        0.0..4.0e12f64,
        Just(8.64e15),
        Just(-8.64e15),
        // chrono's calendar limits (about ±262,000 years) lie inside the JS range.
        Just(8.2e15),
        Just(-8.2e15),
        Just(8_210_298_412_799_999.0),
        Just(-8_334_601_228_800_000.0),
    ]
}

proptest! {
    #[test]
    fn time_functions_never_panic(now in arb_time(), other in arb_time(), zone in 0usize..8, text in ".{0,12}") {
        let rec = AdSlotRecord { last_shown_date: Some(text.clone()), closed_at: Some(other) };
        let _ = ads::zone_named(&text);
        let _ = ads::record_ad_closed(&rec, now);
        let _ = ads::promo_modal_may_show(Some(other), now);
        let _ = ads::task_promo_card_visible(Some(other), now, Some(other));
        let _ = ads::trial_box_state(TrialBoxUser::NewUser, now, Some(other), true);
        let Ok(tz) = ads::zone_named(ZONES[zone]) else {
            prop_assert_eq!(ZONES[zone], "Not/AZone");
            return Ok(());
        };
        let tz = &tz;
        let _ = ads::local_date_text(now, tz);
        let _ = ads::ad_slot_may_show(&rec, now, tz);
        let _ = ads::record_ad_shown(&rec, now, tz);
        let _ = ads::ad_slot_visible(AdSlot::Banner, &rec, now, tz, true, false);
        if let Ok(c) = ads::promo_countdown(now, tz) {
            prop_assert!(c.hours <= 99 && c.minutes < 60 && c.seconds < 60);
            // A local day is never longer than 26 hours, even with the Apia skip.
            prop_assert!(c.hours <= 26);
        }
    }

    #[test]
    fn countdown_counts_down_within_a_day(start in 0.0..4.0e12f64, step in 1_000.0..3_600_000.0f64, zone in 0usize..7) {
        let tz = &ads::zone_named(ZONES[zone]).unwrap();
        let a = ads::promo_countdown(start, tz).unwrap();
        let b = ads::promo_countdown(start + step, tz).unwrap();
        let secs = |c: ads::Countdown| c.hours * 3600 + c.minutes * 60 + c.seconds;
        // When the next midnight is further away than the step, the count drops by the step.
        if f64::from(secs(a)) * 1000.0 > step {
            let drop = f64::from(secs(a)) - f64::from(secs(b));
            prop_assert!((drop - step / 1000.0).abs() <= 1.0, "{a:?} -> {b:?} after {step} ms");
        }
    }

    #[test]
    fn ad_records_and_items_read_anything(v in prop::collection::vec(any::<i64>(), 2), s in ".{0,10}") {
        let raw = json!({"lastShownDate": v[0], "closedAt": s});
        prop_assert!(serde_json::from_value::<AdSlotRecord>(raw).is_ok());
        let item = json!({"module": s, "activity": v[1], "turn_url": null});
        let parsed = serde_json::from_value::<AdItem>(item);
        prop_assert!(parsed.is_ok());
        let state = HeaderAdIconState { item: parsed.ok(), is_subscribed: true, ..Default::default() };
        let _ = ads::header_ad_icon_hide_reason(&state);
        let _ = ads::ad_dismissal_key(state.item.map_or(AdModule::Other, |i| i.module));
    }
}
