//! Decoding of prerendered page payloads (`{page}/_payload.json`) in the devalue format
//! (docs/behaviour/calls-and-errors.md#payload-decoding).
//!
//! Nuxt writes each prerendered page's payload with devalue's `stringify`; the app reads it
//! back here instead of with devalue's `parse`. The decoder follows devalue 5.9 / 6.0
//! (`parse` = `JSON.parse` + `unflatten`) value for value and error for error:
//!
//! - the flattened array of values with index references, the sentinels -1 `undefined`,
//!   -2 hole, -3 NaN, -4 Infinity, -5 -Infinity, -6 -0 and -7 (a sparse array, devalue 6), and
//!   a bare sentinel number as the whole payload;
//! - Date (invalid ones too), RegExp, Set, Map, BigInt, `Object.create(null)` objects
//!   (`"null"`), boxed primitives (`"Object"`), URL, URLSearchParams, ArrayBuffer (base64),
//!   the typed arrays and DataView, `Temporal.*`; shared references and cycles stay shared;
//! - custom types for which the caller has revivers, checked before the built-in types as
//!   devalue does, and optionally this app's versions of Nuxt's revivers ([`decode_nuxt`],
//!   documented in `nuxt.rs`);
//! - rejection of everything devalue rejects (docs/behaviour/calls-and-errors.md#payload-decoding:
//!   invalid input, `__proto__` keys), with devalue's message ([`PayloadError`], each with a stable
//!   code).
//!
//! It is iterative (no recursion in JSON scanning or in reference resolution), allocates
//! nothing per slot of a sparse array, and produces a flat [`Payload`] (nodes, one edge
//! array, string spans) that JavaScript materialises in two loops (see `model.rs`).
//! [`Payload::to_canonical_json`] gives the canonical description the shared fixtures use.
//!
//! Decisions where devalue's behaviour depends on the JavaScript engine: a URL is only
//! partly validated here (the engine's `new URL` is the final word, see `url.rs`); a RegExp
//! pattern is checked by the engine when it is built; a date text in a local-time or legacy
//! format is left to the engine (`Node::DateText`); base64 follows `Uint8Array.fromBase64`
//! (devalue's decoder in browsers; Node 20's Buffer decoder is laxer); values that devalue
//! would convert with JavaScript rules this decoder does not reproduce (an array as a Date,
//! RegExp source or BigInt, a non-number typed array offset, a non-string Temporal value, a
//! typed array over a revived ArrayBuffer) give `unsupported_value`, and on input that only
//! devalue 5.9 accepts or fails differently (boxed or typed-array references to the wrong
//! kind of value) devalue 6.0's "Invalid input" applies. None of these is ever written by
//! `devalue.stringify`. Where devalue recurses without end (a custom type whose inline value
//! leads back to it) and dies with a stack overflow, this stops with `endless_reference` and
//! V8's message; where devalue overflows its stack on a merely deep payload, this succeeds.

// Float comparisons read clearer as guards; the string table's `from_*` builders take `&mut self`.
#![allow(clippy::redundant_guards, clippy::wrong_self_convention)]

mod bigint;
mod binary;
mod canonical;
mod date;
mod error;
mod hydrate;
mod json;
mod model;
mod number;
mod nuxt;
mod order;
mod plain;
mod regexp;
mod same_value;
mod strings;
mod url;

pub use error::PayloadError;
pub use model::{HOLE, Node, NodeId, Payload, Span, StrId, TemporalKind, ViewKind};
pub use plain::{PLAIN_CONSTANTS, PLAIN_HOLE, PlainPayload, decode_plain};
pub use strings::StrSpan;

use hydrate::{ReviverSet, decode_text};

/// Decodes devalue `stringify` output as `devalue.parse(text, revivers)` would, where
/// `revivers` are the type names the caller has reviver functions for (the caller calls them
/// when materialising `Node::Custom`).
///
/// ```
/// use aivg_core::payload::{decode, Node};
/// let p = decode(r#"[{"when":1},["Date","2024-05-01T00:00:00.000Z"]]"#, &[] as &[&str]).unwrap();
/// assert!(matches!(p.node(p.root()), Node::Object { .. }));
/// ```
pub fn decode<'a, S: AsRef<str>>(
    text: &'a str,
    revivers: &[S],
) -> Result<Payload<'a>, PayloadError> {
    let names: Vec<&str> = revivers.iter().map(AsRef::as_ref).collect();
    decode_text(
        text,
        ReviverSet {
            custom: &names,
            nuxt: false,
        },
    )
}

/// Decodes a Nuxt page payload (`{page}/_payload.json`,
/// docs/behaviour/calls-and-errors.md#payload-decoding): like [`decode`], with this app's versions
/// of Nuxt's revivers (NuxtError, EmptyShallowRef, EmptyRef, ShallowRef, ShallowReactive, Ref,
/// Reactive, Island; see `nuxt.rs`) for the names `revivers` does not claim.
pub fn decode_nuxt<'a, S: AsRef<str>>(
    text: &'a str,
    revivers: &[S],
) -> Result<Payload<'a>, PayloadError> {
    let names: Vec<&str> = revivers.iter().map(AsRef::as_ref).collect();
    decode_text(
        text,
        ReviverSet {
            custom: &names,
            nuxt: true,
        },
    )
}
