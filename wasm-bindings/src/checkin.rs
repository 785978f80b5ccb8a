//! JavaScript exports of aivg_core::checkin: daily cycles at 19:00 UTC-7, rewards by plan level,
//! the panel's state machine, the auto-show rule and the load-time report
//! (docs/behaviour/credits-and-checkin.md#daily-check-in;
//! docs/behaviour/tasks-and-queue.md#explore).
//!
//! Times are epoch milliseconds (`Date.now()`); cycle ids and cycle starts cross as JS numbers.

use aivg_core::checkin::{self, CheckinData, CheckinPanelEvent, CheckinPanelState};
use wasm_bindgen::prelude::*;

use crate::convert::{from_js, to_js_value};
use crate::error::to_js;

/// The start (epoch ms) of the check-in cycle containing a time: the latest 19:00 at UTC-7.
/// ```js
/// checkinCycleStart(Date.parse("2024-06-20T05:00:00Z")) // Date.parse("2024-06-20T02:00:00Z")
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = checkinCycleStart)]
pub fn checkin_cycle_start(#[wasm_bindgen(js_name = nowMs)] now_ms: f64) -> Result<f64, JsValue> {
    checkin::checkin_cycle_start(now_ms).map_err(to_js)
}

/// The start (epoch ms) of the next check-in cycle: when the next claim becomes possible.
/// ```js
/// nextCheckinCycle(Date.parse("2024-06-20T01:59:59.999Z")) // Date.parse("2024-06-20T02:00:00Z")
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = nextCheckinCycle)]
pub fn next_checkin_cycle(#[wasm_bindgen(js_name = nowMs)] now_ms: f64) -> Result<f64, JsValue> {
    checkin::next_checkin_cycle(now_ms).map_err(to_js)
}

/// The id of the check-in cycle containing a time: whole days since 1970-01-01 02:00 UTC.
/// ```js
/// checkinCycleId(Date.parse("2024-06-20T02:00:00Z")) // 19894
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = checkinCycleId)]
pub fn checkin_cycle_id(#[wasm_bindgen(js_name = nowMs)] now_ms: f64) -> Result<f64, JsValue> {
    // |id| <= 1e8 + 1 for valid times, exact as a double.
    checkin::checkin_cycle_id(now_ms)
        .map(|id| id as f64)
        .map_err(to_js)
}

/// Whether two times fall in the same daily check-in cycle (19:00 at UTC-7).
/// ```js
/// sameCheckinCycle(Date.parse("2025-01-01T01:59:59.999Z"), Date.parse("2025-01-01T02:00:00Z")) // false
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = sameCheckinCycle)]
pub fn same_checkin_cycle(
    #[wasm_bindgen(js_name = aMs)] a_ms: f64,
    #[wasm_bindgen(js_name = bMs)] b_ms: f64,
) -> Result<bool, JsValue> {
    checkin::same_checkin_cycle(a_ms, b_ms).map_err(to_js)
}

/// The check-in reward of a plan level: free 3, standard 5, premium (or vip) 10, anything else 2.
/// ```js
/// checkinReward("Premium") // 10
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = checkinReward)]
pub fn checkin_reward(level: &str) -> u32 {
    checkin::checkin_reward(level)
}

/// The status derived from check-in data: checked_in when already claimed in this cycle.
/// ```js
/// checkinStatus({ is_checked_in: 1 }) // "checked_in"
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = checkinStatus, unchecked_return_type = "CheckinStatus")]
pub fn checkin_status(
    #[wasm_bindgen(unchecked_param_type = "CheckinData")] data: JsValue,
) -> Result<JsValue, JsValue> {
    let data: CheckinData = from_js("data", data)?;
    to_js_value(&checkin::checkin_status(&data))
}

/// What the panel shows when the status fetch fails: claimable, 3 credits.
/// ```js
/// checkinFetchFallback().today_checkin_credits // 3
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = checkinFetchFallback, unchecked_return_type = "CheckinData")]
pub fn checkin_fetch_fallback() -> Result<JsValue, JsValue> {
    to_js_value(&checkin::checkin_fetch_fallback())
}

/// The panel before the first status answer: loading, nothing claimable.
/// ```js
/// checkinPanelInitial() // { loading: true, disabled: true, status: "check_in", credits: 0, error: null }
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = checkinPanelInitial, unchecked_return_type = "CheckinPanelState")]
pub fn checkin_panel_initial() -> Result<JsValue, JsValue> {
    to_js_value(&checkin::checkin_panel_initial())
}

/// One step of the check-in panel: the state after an event and the effects to perform.
/// ```js
/// checkinPanelStep(state, { type: "claim", loggedIn: true }).effects // [{ type: "sendClaim" }]
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = checkinPanelStep, unchecked_return_type = "CheckinTransition")]
pub fn checkin_panel_step(
    #[wasm_bindgen(unchecked_param_type = "CheckinPanelState")] state: JsValue,
    #[wasm_bindgen(unchecked_param_type = "CheckinPanelEvent")] event: JsValue,
) -> Result<JsValue, JsValue> {
    let state: CheckinPanelState = from_js("state", state)?;
    let event: CheckinPanelEvent = from_js("event", event)?;
    to_js_value(&checkin::checkin_panel_step(&state, &event))
}

/// Whether the check-in popup opens by itself: from the e-mail link, or not yet checked in this cycle.
/// ```js
/// checkinShouldAutoShow(null, lastCheckinMs, Date.now()) // true when lastCheckinMs is in an earlier cycle
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = checkinShouldAutoShow)]
pub fn checkin_should_auto_show(
    pactivity: Option<String>,
    #[wasm_bindgen(js_name = lastCheckinMs)] last_checkin_ms: Option<f64>,
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
) -> Result<bool, JsValue> {
    checkin::checkin_should_auto_show(pactivity.as_deref(), last_checkin_ms, now_ms).map_err(to_js)
}

/// Whether the popup opens by itself on a page: the e-mail link; else not checked in this cycle
/// (`checkedIn` from the status call, `null` when unknown, e.g. a guest) and not closed in this
/// cycle (`lastCloseMs`).
/// ```js
/// checkinAutoShow(pactivity, status?.is_checked_in ?? null, lastCloseMs, Date.now())
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = checkinAutoShow)]
pub fn checkin_auto_show(
    pactivity: Option<String>,
    #[wasm_bindgen(js_name = checkedIn)] checked_in: Option<bool>,
    #[wasm_bindgen(js_name = lastCloseMs)] last_close_ms: Option<f64>,
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
) -> Result<bool, JsValue> {
    checkin::checkin_auto_show(pactivity.as_deref(), checked_in, last_close_ms, now_ms)
        .map_err(to_js)
}

/// A measured panel load time as reported: counted only strictly between 0 and 30000 ms, else 100.15.
/// ```js
/// checkinLoadTime(30000) // { durationMs: 100.15, counted: false }
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = checkinLoadTime, unchecked_return_type = "CheckinLoadTime")]
pub fn checkin_load_time(
    #[wasm_bindgen(js_name = measuredMs)] measured_ms: f64,
) -> Result<JsValue, JsValue> {
    to_js_value(&checkin::checkin_load_time(measured_ms))
}

/// The fixed numbers and texts of the check-in rules
/// (docs/behaviour/credits-and-checkin.md#daily-check-in), so the app repeats none.
/// ```js
/// checkinConstants().creditsFallback // 3
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = checkinConstants, unchecked_return_type = "CheckinConstants")]
pub fn checkin_constants() -> Result<JsValue, JsValue> {
    to_js_value(&checkin::checkin_constants())
}
