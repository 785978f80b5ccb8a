//! Signed completion webhooks (docs/api.md#completion-webhooks): a task created with an API key
//! and a callback URL is POSTed, once it has ended, to that URL, signed by the Standard Webhooks
//! scheme with the key's secret, at least once, from the background.
//!
//! - `callback.rs`: which callback a new task gets; `target.rs` and `address.rs`: where a
//!   callback may go (no inner network: checked when given and at each delivery);
//! - `outbox.rs`: the deliveries in the database (hand-over, lease, record); `schedule.rs` the
//!   back-off; `worker.rs` the background worker; `sender.rs` one HTTP attempt;
//!   `signature.rs` the signature;
//! - `deliveries.rs`: the owner's list of a key's deliveries.

pub mod address;
pub mod callback;
pub mod deliveries;
pub mod outbox;
pub mod schedule;
pub mod sender;
pub mod signature;
pub mod target;
pub mod worker;

pub use worker::start;

use crate::state::AppState;
use axum::Router;
use axum::routing::get;

/// The routes of this area, merged into the app router.
pub fn router() -> Router<AppState> {
    Router::new().route("/v1/keys/{id}/deliveries", get(deliveries::list))
}
