//! Fixture vectors of the task calls' numbers (fixtures/tasks/*.json).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

mod common;

use aivg_core::tasks;
use common::{Outcome, ok};
use serde_json::Value;

fn dispatch(func: &str, _args: &[Value]) -> Option<Outcome> {
    match func {
        "taskConstants" => Some(ok(tasks::task_constants())),
        _ => None,
    }
}

#[test]
fn task_fixtures() {
    assert!(common::run_area("tasks", dispatch) > 0);
}
