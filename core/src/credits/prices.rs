//! What each generation task costs, in credits: one table for the server, which charges it when a
//! task is accepted, and the app, which shows it in the credit-consumption confirmation before a
//! task is created (docs/behaviour/tasks-and-queue.md#task-modules task module codes,
//! docs/behaviour/pricing-and-purchase.md#prices;
//! docs/behaviour/calls-and-errors.md#the-error-catalogue "Use {n} credits ...").
//!
//! The prices themselves are rows of the task-module catalogue (`crate::tasks::catalogue`). Free,
//! immediate calls (the sensitive-content checks, `image_fkp`, `watermark_download`) have no price.

/// Credits a new account starts with (docs/behaviour/credits-and-checkin.md#credits benefit table:
/// "free 5 credits"), valid indefinitely.
pub const SIGNUP_CREDITS: u32 = 5;

/// The envelope code (with HTTP 402) of a task refused for lack of credits; the server answers it
/// and the app tells the user (spec: server behaviour not shown; decided here).
pub const CODE_INSUFFICIENT_CREDITS: i64 = 140_402;

/// The envelope code (with HTTP 429) of a task refused because its user already has as many tasks
/// waiting as the server allows (decided here; the server's limit is its configuration).
pub const CODE_TOO_MANY_QUEUED: i64 = 140_429;

/// The credits a task of `module` costs (the task-module catalogue's price), or `None` for a code
/// that is not a priced module.
pub fn module_credits(module: &str) -> Option<u32> {
    crate::tasks::task_module(module).map(|m| m.credits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_come_from_the_catalogue() {
        assert_eq!(module_credits("mai_tcm"), Some(5));
        assert_eq!(module_credits("txt2music"), None);
        assert_eq!(module_credits("t_sensitive_detect"), None);
    }
}
