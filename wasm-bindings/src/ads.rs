//! JavaScript exports of aivg_core::ads: ad slot suppression, the header ad icon, the promo
//! countdown and modal, the task-list promo card and the free-trial box
//! (docs/behaviour/ads-and-experiments.md#promotions, #free-trial-box).
//!
//! Times are epoch milliseconds (`Date.now()`); "today" is the local date in the IANA zone the
//! browser reports (`Intl.DateTimeFormat().resolvedOptions().timeZone`).

use aivg_core::ads::{
    self, AdItem, AdModule, AdSlot, AdSlotRecord, HeaderAdIconState, TrialBoxEvent, TrialBoxUser,
};
use serde::Serialize;
use tsify::Tsify;
use wasm_bindgen::prelude::*;

use crate::convert::{from_js, to_js_value};
use crate::error::to_js;
use crate::zone;

/// Reads the slot record argument.
fn record_arg(value: JsValue) -> Result<AdSlotRecord, JsValue> {
    from_js("record", value)
}

/// Today's date in the user's zone as `YYYY-MM-DD` (the value stored as `lastShownDate`).
/// ```js
/// localDateText(Date.now(), "America/Los_Angeles") // e.g. "2025-03-08"
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = localDateText)]
pub fn local_date_text(
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
    #[wasm_bindgen(js_name = timeZone)] time_zone: &str,
) -> Result<String, JsValue> {
    ads::local_date_text(now_ms, &zone::named(time_zone)?).map_err(to_js)
}

/// Whether an ad slot may show: not closed within 24 h and not already shown today in the user's zone.
/// ```js
/// adSlotMayShow({ lastShownDate: "2025-03-08" }, Date.now(), "UTC") // false on 2025-03-08
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = adSlotMayShow)]
pub fn ad_slot_may_show(
    #[wasm_bindgen(unchecked_param_type = "AdSlotRecord")] record: JsValue,
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
    #[wasm_bindgen(js_name = timeZone)] time_zone: &str,
) -> Result<bool, JsValue> {
    ads::ad_slot_may_show(&record_arg(record)?, now_ms, &zone::named(time_zone)?).map_err(to_js)
}

/// The slot record after the slot was shown: `lastShownDate` becomes today's local date.
/// ```js
/// recordAdShown({}, Date.now(), "Asia/Tokyo") // { lastShownDate: "2025-03-09", closedAt: null }
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = recordAdShown, unchecked_return_type = "AdSlotRecord")]
pub fn record_ad_shown(
    #[wasm_bindgen(unchecked_param_type = "AdSlotRecord")] record: JsValue,
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
    #[wasm_bindgen(js_name = timeZone)] time_zone: &str,
) -> Result<JsValue, JsValue> {
    let next = ads::record_ad_shown(&record_arg(record)?, now_ms, &zone::named(time_zone)?)
        .map_err(to_js)?;
    to_js_value(&next)
}

/// The slot record after the slot was closed: `closedAt` becomes now (whole ms).
/// ```js
/// recordAdClosed({ lastShownDate: "2025-03-08" }, 1741446000000.5) // { lastShownDate: "2025-03-08", closedAt: 1741446000000 }
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = recordAdClosed, unchecked_return_type = "AdSlotRecord")]
pub fn record_ad_closed(
    #[wasm_bindgen(unchecked_param_type = "AdSlotRecord")] record: JsValue,
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
) -> Result<JsValue, JsValue> {
    let next = ads::record_ad_closed(&record_arg(record)?, now_ms).map_err(to_js)?;
    to_js_value(&next)
}

/// Whether a slot is shown: its device and login conditions plus `adSlotMayShow`.
/// ```js
/// adSlotVisible("pc_popup", record, Date.now(), "UTC", true, false) // true when not suppressed
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = adSlotVisible)]
pub fn ad_slot_visible(
    #[wasm_bindgen(unchecked_param_type = "AdSlot")] slot: JsValue,
    #[wasm_bindgen(unchecked_param_type = "AdSlotRecord")] record: JsValue,
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
    #[wasm_bindgen(js_name = timeZone)] time_zone: &str,
    #[wasm_bindgen(js_name = isLoggedIn)] is_logged_in: bool,
    #[wasm_bindgen(js_name = isPhone)] is_phone: bool,
) -> Result<bool, JsValue> {
    let slot: AdSlot = from_js("slot", slot)?;
    ads::ad_slot_visible(
        slot,
        &record_arg(record)?,
        now_ms,
        &zone::named(time_zone)?,
        is_logged_in,
        is_phone,
    )
    .map_err(to_js)
}

/// The local-storage key marking a module's ad as dismissed; throws `unknown_module` for other modules.
/// ```js
/// adDismissalKey("main_header") // "mi-apps-ad-closed-main_header"
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = adDismissalKey)]
pub fn ad_dismissal_key(
    #[wasm_bindgen(unchecked_param_type = "AdModule")] module: JsValue,
) -> Result<String, JsValue> {
    // Unknown module names read as `other` (core's `#[serde(other)]`), which core refuses.
    let module: AdModule = from_js("module", module)?;
    ads::ad_dismissal_key(module).map_err(to_js)
}

/// The index of the header's ad item (the first `main_header` item), or undefined.
/// ```js
/// headerAdItem([{ module: "studio_footer" }, { module: "main_header" }]) // 1
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = headerAdItem)]
pub fn header_ad_item(
    #[wasm_bindgen(unchecked_param_type = "AdItem[]")] items: JsValue,
) -> Result<Option<u32>, JsValue> {
    let items: Vec<AdItem> = from_js("items", items)?;
    // An index into a JS array always fits in u32.
    Ok(ads::header_ad_item(&items).and_then(|i| u32::try_from(i).ok()))
}

/// Why the header ad icon is hidden, or null when it shows.
/// ```js
/// headerAdIconHideReason({ isMobile: true, isLoggedIn: false }) // "mobile_guest"
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(
    js_name = headerAdIconHideReason,
    unchecked_return_type = "HeaderAdHideReason | null"
)]
pub fn header_ad_icon_hide_reason(
    #[wasm_bindgen(unchecked_param_type = "HeaderAdIconState")] state: JsValue,
) -> Result<JsValue, JsValue> {
    let state: HeaderAdIconState = from_js("state", state)?;
    to_js_value(&ads::header_ad_icon_hide_reason(&state))
}

/// Whether the header ad icon shows (no hide rule applies).
/// ```js
/// headerAdIconVisible({ isLoggedIn: true, item: { module: "main_header" } }) // true
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = headerAdIconVisible)]
pub fn header_ad_icon_visible(
    #[wasm_bindgen(unchecked_param_type = "HeaderAdIconState")] state: JsValue,
) -> Result<bool, JsValue> {
    let state: HeaderAdIconState = from_js("state", state)?;
    Ok(ads::header_ad_icon_visible(&state))
}

/// The promo countdown: time left until the next local midnight in the user's zone.
/// ```js
/// promoCountdown(Date.parse("2025-03-09T22:30:00Z"), "UTC") // { hours: 1, minutes: 30, seconds: 0 }
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = promoCountdown, unchecked_return_type = "Countdown")]
pub fn promo_countdown(
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
    #[wasm_bindgen(js_name = timeZone)] time_zone: &str,
) -> Result<JsValue, JsValue> {
    to_js_value(&ads::promo_countdown(now_ms, &zone::named(time_zone)?).map_err(to_js)?)
}

/// Whether the promo modal may show: never shown, or last shown at least 1440 minutes ago.
/// ```js
/// promoModalMayShow(null, Date.now()) // true
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = promoModalMayShow)]
pub fn promo_modal_may_show(
    #[wasm_bindgen(js_name = lastShownMs)] last_shown_ms: Option<f64>,
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
) -> Result<bool, JsValue> {
    ads::promo_modal_may_show(last_shown_ms, now_ms).map_err(to_js)
}

/// Whether the task-list promo card shows: not dismissed within 24 h and before the end date.
/// ```js
/// taskPromoCardVisible(null, Date.parse("2025-10-01T00:00:00Z")) // true
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = taskPromoCardVisible)]
pub fn task_promo_card_visible(
    #[wasm_bindgen(js_name = dismissedAtMs)] dismissed_at_ms: Option<f64>,
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
    #[wasm_bindgen(js_name = endMs)] end_ms: Option<f64>,
) -> Result<bool, JsValue> {
    ads::task_promo_card_visible(dismissed_at_ms, now_ms, end_ms).map_err(to_js)
}

/// The free-trial floating box at `elapsedMs` since its page was ready (collapsedAtMs: when the user closed it).
/// ```js
/// trialBoxState("new_user", 2000, null, false) // { visible: true, phase: "shown", textKey: "free_trial_box.text", nextChangeMs: 16000 }
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = trialBoxState, unchecked_return_type = "TrialBoxState")]
pub fn trial_box_state(
    #[wasm_bindgen(unchecked_param_type = "TrialBoxUser")] user: JsValue,
    #[wasm_bindgen(js_name = elapsedMs)] elapsed_ms: f64,
    #[wasm_bindgen(js_name = collapsedAtMs)] collapsed_at_ms: Option<f64>,
    #[wasm_bindgen(js_name = planVariantB)] plan_variant_b: bool,
) -> Result<JsValue, JsValue> {
    let user: TrialBoxUser = from_js("user", user)?;
    let state =
        ads::trial_box_state(user, elapsed_ms, collapsed_at_ms, plan_variant_b).map_err(to_js)?;
    to_js_value(&state)
}

/// Whether an event closes the free-trial box: the X always, a click outside only on mobile.
/// ```js
/// trialBoxClosesOn("outside_click", false) // false
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = trialBoxClosesOn)]
pub fn trial_box_closes_on(
    #[wasm_bindgen(unchecked_param_type = "TrialBoxEvent")] event: JsValue,
    #[wasm_bindgen(js_name = isMobile)] is_mobile: bool,
) -> Result<bool, JsValue> {
    let event: TrialBoxEvent = from_js("event", event)?;
    Ok(ads::trial_box_closes_on(event, is_mobile))
}

/// The fixed numbers and keys of the ad rules, as one object.
#[derive(Debug, Serialize, Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct AdsConstants {
    ad_close_suppress_ms: i64,
    ad_dismissal_key_prefix: &'static str,
    activity_three_days_free: &'static str,
    countdown_field_max: u32,
    countdown_tick_ms: u32,
    promo_modal_interval_minutes: i64,
    task_promo_default_end_ms: f64,
    trial_box_show_delay_ms: f64,
    trial_box_visible_ms: f64,
    trial_box_collapse_ms: f64,
    trial_box_text_key: &'static str,
    trial_box_text_key_plan_b: &'static str,
    max_epoch_ms: f64,
}

/// The fixed numbers and keys of the ad rules (docs/behaviour/ads-and-experiments.md#ads), so the
/// app repeats none.
/// ```js
/// adsConstants().countdownTickMs // 1000
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = adsConstants, unchecked_return_type = "AdsConstants")]
pub fn ads_constants() -> Result<JsValue, JsValue> {
    to_js_value(&AdsConstants {
        ad_close_suppress_ms: ads::AD_CLOSE_SUPPRESS_MS,
        ad_dismissal_key_prefix: ads::AD_DISMISSAL_KEY_PREFIX,
        activity_three_days_free: ads::ACTIVITY_THREE_DAYS_FREE,
        countdown_field_max: ads::COUNTDOWN_FIELD_MAX,
        countdown_tick_ms: ads::COUNTDOWN_TICK_MS,
        promo_modal_interval_minutes: ads::PROMO_MODAL_INTERVAL_MINUTES,
        task_promo_default_end_ms: ads::TASK_PROMO_DEFAULT_END_MS,
        trial_box_show_delay_ms: ads::TRIAL_BOX_SHOW_DELAY_MS,
        trial_box_visible_ms: ads::TRIAL_BOX_VISIBLE_MS,
        trial_box_collapse_ms: ads::TRIAL_BOX_COLLAPSE_MS,
        trial_box_text_key: ads::TRIAL_BOX_TEXT_KEY,
        trial_box_text_key_plan_b: ads::TRIAL_BOX_TEXT_KEY_PLAN_B,
        max_epoch_ms: ads::MAX_EPOCH_MS,
    })
}

/// The prelaunch campaign's names (docs/behaviour/ads-and-experiments.md#prelaunch-promotion).
#[derive(Debug, Serialize, Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct PrelaunchConstants {
    query_key: &'static str,
    query_value: &'static str,
    activity_code: &'static str,
}

/// The prelaunch campaign's query key and value and the activity it applies.
/// ```js
/// prelaunchConstants().activityCode // "nano2_free"
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = prelaunchConstants, unchecked_return_type = "PrelaunchConstants")]
pub fn prelaunch_constants() -> Result<JsValue, JsValue> {
    to_js_value(&PrelaunchConstants {
        query_key: ads::PRELAUNCH_QUERY_KEY,
        query_value: ads::PRELAUNCH_QUERY_VALUE,
        activity_code: ads::PRELAUNCH_ACTIVITY_CODE,
    })
}

/// What the apply answer's `state` means
/// (docs/behaviour/ads-and-experiments.md#prelaunch-promotion); a number or numeric string, else
/// "failed".
/// ```js
/// prelaunchOutcome(3) // "duplicate"
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = prelaunchOutcome, unchecked_return_type = "PrelaunchOutcome")]
pub fn prelaunch_outcome(
    #[wasm_bindgen(unchecked_param_type = "unknown")] state: JsValue,
) -> Result<JsValue, JsValue> {
    // Anything that is not plain JSON (undefined, a function, …) is no state: "failed".
    let state: serde_json::Value = serde_wasm_bindgen::from_value(state).unwrap_or_default();
    to_js_value(&ads::prelaunch_outcome(&state))
}
