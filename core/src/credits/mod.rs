//! Credit history: record normalisation and paging
//! (docs/behaviour/credits-and-checkin.md#the-ledger).
//!
//! - [`record`]: raw server records into display-ready [`CreditRecord`]s; the plan expiry line.
//! - [`history`]: the history query, paging and filter changes as a pure state.
//! - [`prices`]: what each generation task module costs.
//! - [`refund`]: what a cancelled task gives back.

pub mod history;
pub mod prices;
pub mod record;
pub mod refund;

pub use history::{
    CREDIT_HISTORY_PAGE_SIZE, CREDIT_HISTORY_SCROLL_THRESHOLD_PX,
    CREDIT_HISTORY_SCROLL_THROTTLE_MS, CreditHistoryPage, CreditHistoryQuery, CreditHistoryState,
    CreditHistoryStep, CreditTypeFilter, credit_history_at_bottom, credit_history_failed,
    credit_history_initial, credit_history_loaded, credit_history_next, credit_history_page,
    credit_history_set_filter, has_next_page,
};
pub use prices::{CODE_INSUFFICIENT_CREDITS, CODE_TOO_MANY_QUEUED, SIGNUP_CREDITS, module_credits};
pub use record::{
    CreditExpiry, CreditRecord, CreditStatus, CreditType, normalize_credit_record, plan_expiry_line,
};
pub use refund::{CancelledAt, cancel_refund};

use crate::Coded;

/// Errors of the credit history: only answers of the wrong shape.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CreditsError {
    /// A transaction record is not a JSON object.
    #[error("A credit transaction record must be a JSON object.")]
    InvalidRecord,
    /// A history answer is not an object with a `list` array.
    #[error("The credit history answer must be an object with a list of records and a total.")]
    InvalidPage,
}

impl Coded for CreditsError {
    fn code(&self) -> &'static str {
        match self {
            Self::InvalidRecord => "invalid_record",
            Self::InvalidPage => "invalid_page",
        }
    }
}
