//! aivg-wasm: the JavaScript face of `aivg-core` (published as `@aivg/core`) and the HTTP client.
//!
//! No rule lives here: each export converts its arguments, calls core, and converts the result.
//! Errors become JS `Error` objects with core's message and a stable `code` property
//! ([`error::to_js`]); no panic reaches JavaScript (core returns errors for every input, and a
//! panic hook is installed once at start so a bug would at least log its message).

use wasm_bindgen::prelude::*;

pub mod convert;
pub mod error;
mod zone;

pub mod ads;
pub mod analytics;
pub mod checkin;
pub mod credits;
pub mod crop;
pub mod explore;
pub mod features;
pub mod http;
pub mod imaging;
pub mod lang;
pub mod minutes;
pub mod payload;
pub mod pricing;
pub mod progress;
pub mod promotions;
pub mod request;
pub mod routes;
pub mod session;
pub mod tasks;
pub mod ui;

/// Runs once when the module is instantiated.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}
