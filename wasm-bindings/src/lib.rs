//! aivg-wasm: the JavaScript face of `aivg-core` (published as `@aivg/core`) and the HTTP client.
//!
//! No rule lives here: each export converts its arguments, calls core, and converts the result.
//! Errors become JS `Error` objects with core's message and a stable `code` property
//! ([`error::to_js`]); no panic reaches JavaScript (core returns errors for every input, and a
//! panic hook is installed once at start so a bug would at least log its message).
//!
//! Parts, by feature, so a page downloads only the WebAssembly it runs: `rules` (what a public page's
//! first load calls, and the HTTP client), `later` (the other rules the web app calls), `extra` (the
//! exports it never calls; with both, for Node and the main entry), each export marked with its
//! part one by one, `payload` (the payload decoder, which a page needs only for payloads the
//! JSON.parse path does not cover) and `imaging` (the resampler and the pixel crop, which only the
//! crop dialog and uploads use). The package builds each part as its own module and its main entry re-exports
//! the whole (scripts/build-wasm.sh, scripts/package-wasm.mjs).

// A single part leaves unused some imports and argument helpers only other parts' exports use;
// `extra` turns on every part (Cargo.toml), and that build keeps both lints in force.
#![cfg_attr(not(feature = "extra"), allow(unused_imports, dead_code))]

use wasm_bindgen::prelude::*;

pub mod convert;
pub mod error;

/// Every rule and the HTTP client (each export marked with its part, `rules`, `later` or `extra`,
/// inside). The group exists so the features are written once for all of them (plus once for the re-export): its
/// files sit beside this one (`#[path = "."]`, which rustfmt follows, unlike modules declared
/// by a macro) and its modules are re-exported at the crate root (`crate::http`,
/// `aivg_wasm::ads`).
#[cfg(any(feature = "rules", feature = "later"))]
#[path = "."]
mod rules {
    pub(crate) mod zone;

    pub mod ads;
    pub mod analytics;
    pub mod checkin;
    pub mod credits;
    pub mod crop;
    pub mod explore;
    pub mod features;
    /// The HTTP client holds state (token, cache, listeners), so it lives in one module only.
    #[cfg(feature = "rules")]
    pub mod http;
    pub mod lang;
    pub mod minutes;
    pub mod pricing;
    pub mod progress;
    pub mod promotions;
    pub mod request;
    pub mod routes;
    pub mod session;
    pub mod tasks;
    pub mod templates;
    pub mod timers;
    pub mod toast;
    pub mod ui;
}
#[cfg(any(feature = "rules", feature = "later"))]
pub use rules::*;

/// The payload decoder (`decodePayload`): a page loads it only for a payload the JSON.parse path
/// of `decodePayloadAsync` does not cover (scripts/package-wasm.mjs).
#[cfg(feature = "payload")]
pub mod payload;

/// The pixel work: the resampler and the pixel crop.
#[cfg(feature = "imaging")]
pub mod imaging;

/// Runs once when the module is instantiated.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}
