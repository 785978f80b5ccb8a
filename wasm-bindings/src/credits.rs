//! JavaScript exports of aivg_core::credits: credit records normalised for display, the plan
//! expiry line, and the credit history's paging and filter as a pure state
//! (docs/behaviour/credits-and-checkin.md#the-ledger).

use aivg_core::credits::{self, CreditHistoryQuery, CreditHistoryState, CreditTypeFilter};
use serde::Serialize;
use serde_json::Value;
use tsify::Tsify;
use wasm_bindgen::prelude::*;

use crate::convert::{from_js, to_js_value, u32_arg};
use crate::error::to_js;

/// Reads the history state argument.
fn state_arg(value: JsValue) -> Result<CreditHistoryState, JsValue> {
    from_js("state", value)
}

/// Reads the history query argument.
fn query_arg(value: JsValue) -> Result<CreditHistoryQuery, JsValue> {
    from_js("query", value)
}

/// Normalises one raw credit record from the server for display; throws `invalid_record` for a non-object.
/// ```js
/// normalizeCreditRecord({ type: "Acquisition", credits: "100", date: 1718848800, status: 1 }).dateMs // 1718848800000
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = normalizeCreditRecord, unchecked_return_type = "CreditRecord")]
pub fn normalize_credit_record(
    #[wasm_bindgen(unchecked_param_type = "unknown")] raw: JsValue,
) -> Result<JsValue, JsValue> {
    let raw: Value = from_js("raw", raw)?;
    to_js_value(&credits::normalize_credit_record(&raw).map_err(to_js)?)
}

/// The plan expiry line: `verify.expired_time` (seconds) as epoch ms, or undefined to hide the line.
/// ```js
/// planExpiryLine("1735689600") // 1735689600000
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = planExpiryLine)]
pub fn plan_expiry_line(
    #[wasm_bindgen(js_name = expiredTime, unchecked_param_type = "unknown")] expired_time: JsValue,
) -> Result<Option<f64>, JsValue> {
    let value: Value = from_js("expiredTime", expired_time)?;
    Ok(credits::plan_expiry_line(&value))
}

/// Whether another history page exists: only while total > loaded.
/// ```js
/// hasNextPage(40, 30) // true
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = hasNextPage)]
pub fn has_next_page(total: f64, loaded: f64) -> bool {
    credits::has_next_page(total, loaded)
}

/// A fresh history list for a type filter: nothing loaded, nothing pending.
/// ```js
/// creditHistoryInitial("all") // { filter: "all", page: 0, loaded: 0, total: 0, pending: null }
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = creditHistoryInitial, unchecked_return_type = "CreditHistoryState")]
pub fn credit_history_initial(
    #[wasm_bindgen(unchecked_param_type = "CreditTypeFilter | \"\"")] filter: JsValue,
) -> Result<JsValue, JsValue> {
    let filter: CreditTypeFilter = from_js("filter", filter)?;
    to_js_value(&credits::credit_history_initial(filter))
}

/// What to fetch next (on open, or when scrolled to the bottom); nothing while a request is pending.
/// ```js
/// creditHistoryNext(creditHistoryInitial("all")).query // { type: "all", page: 1, page_size: 15 }
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = creditHistoryNext, unchecked_return_type = "CreditHistoryStep")]
pub fn credit_history_next(
    #[wasm_bindgen(unchecked_param_type = "CreditHistoryState")] state: JsValue,
) -> Result<JsValue, JsValue> {
    to_js_value(&credits::credit_history_next(&state_arg(state)?))
}

/// Changes the type filter: a different filter resets the list and fetches its page 1.
/// ```js
/// creditHistorySetFilter(state, "consumption").resetList // true when the filter was "all"
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = creditHistorySetFilter, unchecked_return_type = "CreditHistoryStep")]
pub fn credit_history_set_filter(
    #[wasm_bindgen(unchecked_param_type = "CreditHistoryState")] state: JsValue,
    #[wasm_bindgen(unchecked_param_type = "CreditTypeFilter | \"\"")] filter: JsValue,
) -> Result<JsValue, JsValue> {
    let state = state_arg(state)?;
    let filter: CreditTypeFilter = from_js("filter", filter)?;
    to_js_value(&credits::credit_history_set_filter(&state, filter))
}

/// Records an answer to the pending query (`received` raw records, server `total`); other answers are ignored.
/// ```js
/// creditHistoryLoaded(step.state, step.query, 15, 40).loaded // 15
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = creditHistoryLoaded, unchecked_return_type = "CreditHistoryState")]
pub fn credit_history_loaded(
    #[wasm_bindgen(unchecked_param_type = "CreditHistoryState")] state: JsValue,
    #[wasm_bindgen(unchecked_param_type = "CreditHistoryQuery")] query: JsValue,
    received: f64,
    total: f64,
) -> Result<JsValue, JsValue> {
    let state = state_arg(state)?;
    let query = query_arg(query)?;
    let received = u32_arg("received", received)?;
    let total = u32_arg("total", total)?;
    to_js_value(&credits::credit_history_loaded(
        &state, &query, received, total,
    ))
}

/// Records a failed request: loading stops and the page is asked again on the next scroll.
/// ```js
/// creditHistoryFailed(step.state, step.query).pending // null
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = creditHistoryFailed, unchecked_return_type = "CreditHistoryState")]
pub fn credit_history_failed(
    #[wasm_bindgen(unchecked_param_type = "CreditHistoryState")] state: JsValue,
    #[wasm_bindgen(unchecked_param_type = "CreditHistoryQuery")] query: JsValue,
) -> Result<JsValue, JsValue> {
    let state = state_arg(state)?;
    let query = query_arg(query)?;
    to_js_value(&credits::credit_history_failed(&state, &query))
}

/// Whether the history list is scrolled to its bottom (within 1 px).
/// ```js
/// creditHistoryAtBottom(el.scrollTop, el.clientHeight, el.scrollHeight)
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = creditHistoryAtBottom)]
pub fn credit_history_at_bottom(
    #[wasm_bindgen(js_name = scrollTop)] scroll_top: f64,
    #[wasm_bindgen(js_name = clientHeight)] client_height: f64,
    #[wasm_bindgen(js_name = scrollHeight)] scroll_height: f64,
) -> bool {
    credits::credit_history_at_bottom(scroll_top, client_height, scroll_height)
}

/// Reads the `data` of a history answer (`list`, `total`) into normalised records; throws `invalid_page`.
/// ```js
/// creditHistoryPage({ list: [], total: "0" }) // { records: [], received: 0, total: 0 }
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = creditHistoryPage, unchecked_return_type = "CreditHistoryPage")]
pub fn credit_history_page(
    #[wasm_bindgen(unchecked_param_type = "unknown")] data: JsValue,
) -> Result<JsValue, JsValue> {
    let data: Value = from_js("data", data)?;
    to_js_value(&credits::credit_history_page(&data).map_err(to_js)?)
}

/// The fixed numbers of the credit history, as one object.
#[derive(Debug, Serialize, Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct CreditHistoryConstants {
    page_size: u32,
    scroll_threshold_px: f64,
    scroll_throttle_ms: u32,
}

/// The fixed numbers of the credit history (docs/behaviour/credits-and-checkin.md#the-ledger: page
/// size, bottom threshold, scroll throttle).
/// ```js
/// creditHistoryConstants().pageSize // 15
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(
    js_name = creditHistoryConstants,
    unchecked_return_type = "CreditHistoryConstants"
)]
pub fn credit_history_constants() -> Result<JsValue, JsValue> {
    to_js_value(&CreditHistoryConstants {
        page_size: credits::CREDIT_HISTORY_PAGE_SIZE,
        scroll_threshold_px: credits::CREDIT_HISTORY_SCROLL_THRESHOLD_PX,
        scroll_throttle_ms: credits::CREDIT_HISTORY_SCROLL_THROTTLE_MS,
    })
}

/// What a task of `module` costs in credits (the server charges the same table when it accepts
/// the task), or `undefined` for a code that is not a priced module (the free checks).
/// ```js
/// moduleCredits("text2image") // 2
/// moduleCredits("t_sensitive_detect") // undefined
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = moduleCredits)]
pub fn module_credits(module: &str) -> Option<u32> {
    credits::module_credits(module)
}

/// The envelope code (with HTTP 402) of a task refused for lack of credits.
/// ```js
/// insufficientCreditsCode() // 140402
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = insufficientCreditsCode)]
pub fn insufficient_credits_code() -> f64 {
    credits::CODE_INSUFFICIENT_CREDITS as f64
}
