//! aivg-core: every rule of the ai-video-generator specification (as `docs/behaviour/` describes
//! it), pure.
//!
//! No I/O, no clock reads, no wasm types: time comes in as epoch milliseconds (plus an IANA
//! zone where "today" matters) and pixels as byte slices. The wasm bindings and the server
//! call these functions, so browser and server can never disagree on a rule.
//!
//! Every public function returns a value or an error for any input; none panics (the
//! property tests in `tests/` and the fuzz target under `fuzz/` check it).

pub mod error;

pub mod ads;
pub mod analytics;
pub mod checkin;
pub mod credits;
pub mod crop;
pub mod decimal;
pub mod explore;
pub mod imaging;
pub mod lang;
pub mod payload;
pub mod pricing;
pub mod progress;
pub mod request;
pub mod routes;
pub mod session;
pub mod tasks;
pub mod templates;
pub mod timers;
pub mod toast;
pub mod ui;

pub use error::Coded;
