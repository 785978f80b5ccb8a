//! The credit history list: query, paging and filter changes as a pure state
//! (docs/behaviour/credits-and-checkin.md#the-ledger).
//!
//! The app keeps a [`CreditHistoryState`] next to its list of records. It asks
//! [`credit_history_next`] what to fetch (on open and when scrolled to the bottom), reports the
//! answer with [`credit_history_loaded`] or [`credit_history_failed`], and calls
//! [`credit_history_set_filter`] when the type filter changes; when a step says `resetList`,
//! the app empties its list. Answers to a query that is no longer pending (a filter changed
//! meanwhile) are ignored, so a late page of the old filter never mixes into the new list.

use super::CreditsError;
use super::record::{CreditRecord, normalize_credit_record, number_of};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Records per page (docs/behaviour/credits-and-checkin.md#the-ledger).
pub const CREDIT_HISTORY_PAGE_SIZE: u32 = 15;
/// Distance from the bottom in px that counts as "scrolled to the bottom"
/// (docs/behaviour/credits-and-checkin.md#the-ledger).
pub const CREDIT_HISTORY_SCROLL_THRESHOLD_PX: f64 = 1.0;
/// Throttle of the scroll handler in ms (docs/behaviour/credits-and-checkin.md#the-ledger).
pub const CREDIT_HISTORY_SCROLL_THROTTLE_MS: u32 = 100;

/// The type filter of the history. Decided wire values (our server's): `all`, `acquisition`,
/// `consumption`; the record spellings `Acquisition` / `Consumption` and the empty string (all)
/// are accepted when reading.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CreditTypeFilter {
    /// Every record.
    #[default]
    #[serde(alias = "")]
    All,
    /// Only acquisitions.
    #[serde(alias = "Acquisition")]
    Acquisition,
    /// Only consumptions.
    #[serde(alias = "Consumption")]
    Consumption,
}

/// The history request (docs/behaviour/credits-and-checkin.md#the-ledger: type, page, page_size),
/// with its wire names.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CreditHistoryQuery {
    /// Type filter.
    #[serde(rename = "type", default)]
    pub kind: CreditTypeFilter,
    /// 1-based page.
    pub page: u32,
    /// Records per page (default 15).
    #[serde(default = "default_page_size")]
    pub page_size: u32,
}

fn default_page_size() -> u32 {
    CREDIT_HISTORY_PAGE_SIZE
}

/// Where the list stands.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CreditHistoryState {
    /// Current type filter.
    pub filter: CreditTypeFilter,
    /// Pages loaded so far (0 = none).
    pub page: u32,
    /// Records the server has sent so far (raw list lengths).
    pub loaded: u32,
    /// Total the server last reported.
    pub total: u32,
    /// The request under way, if any (the list shows loading).
    pub pending: Option<CreditHistoryQuery>,
}

/// The result of a step: the new state, what to fetch, and whether to empty the list.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CreditHistoryStep {
    /// New state.
    pub state: CreditHistoryState,
    /// Request to send now, if any.
    pub query: Option<CreditHistoryQuery>,
    /// The app must empty its list of records (the filter changed).
    pub reset_list: bool,
}

/// One page of the answer, normalised.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CreditHistoryPage {
    /// Normalised records (entries that are not objects are skipped).
    pub records: Vec<CreditRecord>,
    /// Length of the server's list, skipped entries included (what paging counts).
    pub received: u32,
    /// The server's total (0 when missing or unparsable).
    pub total: u32,
}

/// Whether another page exists (docs/behaviour/credits-and-checkin.md#the-ledger): only while
/// `total > loaded`. NaN gives false.
pub fn has_next_page(total: f64, loaded: f64) -> bool {
    total > loaded
}

/// A fresh list for a filter: nothing loaded, nothing pending.
pub fn credit_history_initial(filter: CreditTypeFilter) -> CreditHistoryState {
    CreditHistoryState {
        filter,
        page: 0,
        loaded: 0,
        total: 0,
        pending: None,
    }
}

/// What to fetch next (on open or at the bottom, docs/behaviour/credits-and-checkin.md#the-ledger):
/// nothing while a request is pending; page 1 when nothing is loaded yet; then the next page only
/// while total > loaded.
pub fn credit_history_next(state: &CreditHistoryState) -> CreditHistoryStep {
    let page = if state.pending.is_some() {
        None
    } else if state.page == 0 {
        Some(1)
    } else if has_next_page(f64::from(state.total), f64::from(state.loaded)) {
        state.page.checked_add(1)
    } else {
        None
    };
    let query = page.map(|page| CreditHistoryQuery {
        kind: state.filter,
        page,
        page_size: CREDIT_HISTORY_PAGE_SIZE,
    });
    let new_state = match query {
        Some(q) => CreditHistoryState {
            pending: Some(q),
            ..*state
        },
        None => *state,
    };
    CreditHistoryStep {
        state: new_state,
        query,
        reset_list: false,
    }
}

/// Changes the type filter (docs/behaviour/credits-and-checkin.md#the-ledger): a different filter
/// resets the list and the page and fetches page 1 of the new filter (any pending request becomes
/// stale); the same filter changes nothing.
pub fn credit_history_set_filter(
    state: &CreditHistoryState,
    filter: CreditTypeFilter,
) -> CreditHistoryStep {
    if filter == state.filter {
        return CreditHistoryStep {
            state: *state,
            query: None,
            reset_list: false,
        };
    }
    let step = credit_history_next(&credit_history_initial(filter));
    CreditHistoryStep {
        reset_list: true,
        ..step
    }
}

/// Records an answer to `query`: `received` records came (the raw list length) and the server
/// reports `total`. Ignored (state unchanged) unless `query` is the pending request.
pub fn credit_history_loaded(
    state: &CreditHistoryState,
    query: &CreditHistoryQuery,
    received: u32,
    total: u32,
) -> CreditHistoryState {
    if state.pending.as_ref() != Some(query) {
        return *state;
    }
    CreditHistoryState {
        filter: state.filter,
        page: query.page,
        loaded: state.loaded.saturating_add(received),
        total,
        pending: None,
    }
}

/// Records a failed request (docs/behaviour/credits-and-checkin.md#the-ledger: logged only, loading
/// stops). The page is not counted, so the next bottom-scroll asks it again. Ignored unless `query`
/// is the pending request.
pub fn credit_history_failed(
    state: &CreditHistoryState,
    query: &CreditHistoryQuery,
) -> CreditHistoryState {
    if state.pending.as_ref() != Some(query) {
        return *state;
    }
    CreditHistoryState {
        pending: None,
        ..*state
    }
}

/// Whether the list is scrolled to its bottom (docs/behaviour/credits-and-checkin.md#the-ledger:
/// within 1 px), from the scroll container's `scrollTop`, `clientHeight` and `scrollHeight`. NaN
/// gives false.
pub fn credit_history_at_bottom(scroll_top: f64, client_height: f64, scroll_height: f64) -> bool {
    scroll_height - scroll_top - client_height <= CREDIT_HISTORY_SCROLL_THRESHOLD_PX
}

/// Reads the `data` of a history answer (docs/behaviour/credits-and-checkin.md#the-ledger: `list`
/// and `total`) into normalised records. A missing or null `list` is empty; `total` is coerced like
/// credits (floored, negatives and garbage 0, saturating at `u32::MAX`).
///
/// Errors: `invalid_page` when `data` is not an object or `list` is neither an array nor null.
pub fn credit_history_page(data: &Value) -> Result<CreditHistoryPage, CreditsError> {
    let obj = data.as_object().ok_or(CreditsError::InvalidPage)?;
    let list: &[Value] = match obj.get("list") {
        None | Some(Value::Null) => &[],
        Some(Value::Array(items)) => items,
        Some(_) => return Err(CreditsError::InvalidPage),
    };
    let records = list
        .iter()
        .filter_map(|v| normalize_credit_record(v).ok())
        .collect();
    let total = match number_of(obj.get("total")) {
        // `as` saturates; the guard keeps negatives at 0.
        Some(t) if t > 0.0 => t.floor() as u32,
        _ => 0,
    };
    Ok(CreditHistoryPage {
        records,
        received: u32::try_from(list.len()).unwrap_or(u32::MAX),
        total,
    })
}
