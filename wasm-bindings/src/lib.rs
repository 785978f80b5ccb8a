//! aivg-wasm: the JavaScript face of `aivg-core` (published as `@aivg/core`) and the HTTP client.
//!
//! No rule lives here: each export converts its arguments, calls core, and converts the result.
//! Errors become JS `Error` objects with core's message and a stable `code` property
//! ([`error::to_js`]); no panic reaches JavaScript (core returns errors for every input, and a
//! panic hook is installed once at start so a bug would at least log its message).
//!
//! Parts, by feature, so a page downloads only the WebAssembly it runs: `rules` (every rule and the
//! HTTP client the web app calls), `extra` (the exports it never calls, marked one by one; for Node
//! and the main entry) and `imaging` (the resampler and the pixel crop, which only the crop dialog
//! and uploads use). The package builds each part as its own module and its main entry re-exports
//! the whole (scripts/build-wasm.sh, scripts/package-wasm.mjs).

// Without `extra`, some imports and argument helpers only its exports use go unused; the default
// build (every feature) keeps both lints in force.
#![cfg_attr(not(feature = "extra"), allow(unused_imports, dead_code))]

use wasm_bindgen::prelude::*;

pub mod convert;
pub mod error;
#[cfg(feature = "rules")]
mod zone;

#[cfg(feature = "rules")]
pub mod ads;
#[cfg(feature = "rules")]
pub mod analytics;
#[cfg(feature = "rules")]
pub mod checkin;
#[cfg(feature = "rules")]
pub mod credits;
#[cfg(feature = "rules")]
pub mod crop;
#[cfg(feature = "rules")]
pub mod explore;
#[cfg(feature = "rules")]
pub mod features;
#[cfg(feature = "rules")]
pub mod http;
#[cfg(feature = "imaging")]
pub mod imaging;
#[cfg(feature = "rules")]
pub mod lang;
#[cfg(feature = "rules")]
pub mod minutes;
#[cfg(feature = "rules")]
pub mod payload;
#[cfg(feature = "rules")]
pub mod pricing;
#[cfg(feature = "rules")]
pub mod progress;
#[cfg(feature = "rules")]
pub mod promotions;
#[cfg(feature = "rules")]
pub mod request;
#[cfg(feature = "rules")]
pub mod routes;
#[cfg(feature = "rules")]
pub mod session;
#[cfg(feature = "rules")]
pub mod tasks;
#[cfg(feature = "rules")]
pub mod ui;

/// Runs once when the module is instantiated.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}
