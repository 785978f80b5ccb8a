//! What a cancelled task gives back (the spec says nothing about refunds on cancel; decided here,
//! one rule for the server, which refunds, and the app, which may say so before the user
//! confirms):
//!
//! - cancelled while **queued** (no work started, or handed back to the queue): every credit;
//! - cancelled while **running**: the credits of the part not yet done. The work done is charged
//!   rounded down, `floor(credits × progress / 100)`, and the rest comes back, so a task cancelled
//!   at 0 % gets everything back and one cancelled at 99 % almost nothing;
//! - a task that **fails** is always refunded in full (the failure is ours, not the user's).

/// Where a task stood when it was cancelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CancelledAt {
    /// Waiting in the queue.
    Queued,
    /// Running, with its progress in percent (0-100; values above 100 count as 100).
    Running { progress: u8 },
}

/// The credits refunded when a task that cost `credits` is cancelled at `at` (see the module doc).
/// Never negative, never more than `credits`.
///
/// ```
/// use aivg_core::credits::{CancelledAt, cancel_refund};
/// assert_eq!(cancel_refund(10, CancelledAt::Queued), 10);
/// assert_eq!(cancel_refund(10, CancelledAt::Running { progress: 0 }), 10);
/// assert_eq!(cancel_refund(10, CancelledAt::Running { progress: 35 }), 7);
/// assert_eq!(cancel_refund(10, CancelledAt::Running { progress: 99 }), 1);
/// ```
pub fn cancel_refund(credits: i64, at: CancelledAt) -> i64 {
    let credits = credits.max(0);
    match at {
        CancelledAt::Queued => credits,
        CancelledAt::Running { progress } => {
            let done = i64::from(progress.min(100));
            // credits × done fits: credits is a task price, far below i64::MAX / 100.
            let used = credits.saturating_mul(done) / 100;
            credits - used
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_work_done_is_charged_rounded_down() {
        assert_eq!(cancel_refund(2, CancelledAt::Running { progress: 49 }), 2);
        assert_eq!(cancel_refund(2, CancelledAt::Running { progress: 50 }), 1);
        assert_eq!(cancel_refund(2, CancelledAt::Running { progress: 100 }), 0);
        assert_eq!(cancel_refund(2, CancelledAt::Running { progress: 250 }), 0);
        assert_eq!(cancel_refund(7, CancelledAt::Queued), 7);
        assert_eq!(cancel_refund(0, CancelledAt::Running { progress: 10 }), 0);
        assert_eq!(cancel_refund(-3, CancelledAt::Queued), 0);
    }
}
