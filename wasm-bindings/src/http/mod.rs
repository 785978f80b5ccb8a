//! The HTTP client (gloo-net): typed async functions for every call of
//! docs/behaviour/calls-and-errors.md#the-calls.
//!
//! Every rule comes from `aivg_core::request`: URLs and the `_t` cache-buster
//! ([`build_get_url`](aivg_core::request::build_get_url)), POST bodies, headers, the envelope
//! and its failure-code rule ([`normalize_response`](aivg_core::request::normalize_response)),
//! the "logged out" test, the CMS key and the call-tracking record. This module only does the
//! I/O around them: `fetch`, timers, cookies, session storage and listeners.
//!
//! - [`client`]: configuration (`configureClient`, `getClientConfig`).
//! - [`identity`]: the access token and the client serial (`setAccessToken`, `getClientSerial`, ...).
//! - [`listeners`]: `onLoggedOut`, `onCallTracked` and the broadcasts of the calls.
//! - [`transport`]: sending one request (URL, body, headers, `fetch` under a timeout).
//! - [`answer`]: reading its answer (envelope, tracking, "logged out", `HttpError`).
//! - [`request`]: the generic `request` / `requestRaw` and the argument readers of the table.
//! - [`table`]: the macro that turns one line of the call table into a typed export.
//! - [`account`], [`generation`], [`workflow`]: the call table of
//!   docs/behaviour/ads-and-experiments.md#experiments;
//!   docs/behaviour/languages-and-routes.md#page-content.
//! - [`cms`]: CMS data (300 s cache, shared in-flight fetches, debounced variant).
//! - [`assets`]: language messages (24 h cache), build manifests and page payloads.
//! - [`cache`]: the shared promise cache used by `cms` and `assets`.
//! - [`wire`]: the parameters and answers of the calls, as structs for their TypeScript types.
//! - [`js`]: the few JS globals used directly (timers, crypto, console).
//!
//! Decisions where the spec is silent are written next to the code that makes them; the main
//! ones: the token lives in session storage under [`identity::TOKEN_STORAGE_KEY`], the client
//! serial in the cookie [`identity::CLIENT_SERIAL_COOKIE`]; a failure rejects with an `HttpError`
//! (see the TypeScript section of [`answer`]); only envelope calls (`/v1/...`, CMS) are
//! tracked, static files (messages, manifests, payloads) are not.

#[macro_use]
mod table;

pub mod account;
pub mod answer;
pub mod assets;
pub mod cache;
pub mod client;
pub mod cms;
pub mod generation;
pub mod identity;
pub mod js;
pub mod listeners;
pub mod request;
pub mod transport;
pub mod wire;
pub mod workflow;
