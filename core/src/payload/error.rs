//! The one error type of the payload decoder.
//!
//! Messages are the ones `devalue.parse` (5.9 / 6.0, run by Node) throws for the same input,
//! because the app shows and logs them next to errors from the JavaScript side; where devalue
//! only fails later (inside a constructor such as `new URL`), the message is the one V8 gives.
//! Codes are stable and never change once published.

use crate::Coded;

/// Why a payload could not be decoded (docs/behaviour/calls-and-errors.md#payload-decoding: "the
/// payload decoder rejects invalid input and objects that contain a proto property").
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PayloadError {
    /// The text is not JSON; the message is the one V8's `JSON.parse` gives.
    #[error("{0}")]
    Json(String),
    /// Structurally not a devalue payload: wrong top level, bad index, odd pairs, bad sparse array.
    #[error("Invalid input")]
    InvalidInput,
    /// A plain or null-prototype object with a `__proto__` key (prototype pollution guard).
    #[error("Cannot parse an object with a `__proto__` property")]
    ProtoKey,
    /// A null-prototype object (`["null", ...]`) whose key is not a string.
    #[error("Cannot parse an object with a non-string key")]
    NonStringKey,
    /// A `["Name", ...]` entry whose name is neither a reviver nor a built-in type.
    #[error("Unknown type {0}")]
    UnknownType(String),
    /// An `ArrayBuffer` whose payload is not a string, or not base64.
    #[error("Invalid ArrayBuffer encoding")]
    ArrayBufferEncoding,
    /// A custom type whose value refers back to itself before it exists.
    #[error("Invalid circular reference")]
    CircularReference,
    /// A custom type whose inline value leads back to it without end: devalue recurses until
    /// the JavaScript stack overflows, so the message is V8's RangeError.
    #[error("Maximum call stack size exceeded")]
    EndlessReference,
    /// `BigInt(x)` fails for the given value; the message is V8's.
    #[error("{0}")]
    BigInt(String),
    /// `new RegExp(source, flags)` fails because of its flags; the message is V8's.
    #[error("Invalid flags supplied to RegExp constructor '{0}'")]
    RegExpFlags(String),
    /// `new URL(text)` fails.
    #[error("Invalid URL")]
    Url,
    /// A typed array or DataView that does not fit its buffer; the message is V8's RangeError.
    #[error("{0}")]
    View(String),
    /// A built-in reviver of the app (Nuxt's set) cannot use the value it was given.
    #[error("{0}")]
    Reviver(String),
    /// Input that devalue would hand to a JavaScript conversion this decoder does not
    /// reproduce (e.g. an array as a RegExp source); never produced by `devalue.stringify`.
    #[error("Unsupported payload value: {0}")]
    Unsupported(&'static str),
    /// The text is longer than the decoder's 32-bit offsets allow (2 GiB).
    #[error("The payload is too large to decode (over 2 GiB)")]
    TooLarge,
}

impl Coded for PayloadError {
    fn code(&self) -> &'static str {
        match self {
            PayloadError::Json(_) => "invalid_json",
            PayloadError::InvalidInput => "invalid_input",
            PayloadError::ProtoKey => "proto_key",
            PayloadError::NonStringKey => "non_string_key",
            PayloadError::UnknownType(_) => "unknown_type",
            PayloadError::ArrayBufferEncoding => "invalid_array_buffer",
            PayloadError::CircularReference => "circular_reference",
            PayloadError::EndlessReference => "endless_reference",
            PayloadError::BigInt(_) => "invalid_bigint",
            PayloadError::RegExpFlags(_) => "invalid_regexp_flags",
            PayloadError::Url => "invalid_url",
            PayloadError::View(_) => "invalid_view",
            PayloadError::Reviver(_) => "reviver_failed",
            PayloadError::Unsupported(_) => "unsupported_value",
            PayloadError::TooLarge => "too_large",
        }
    }
}
