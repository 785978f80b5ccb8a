//! The errors of the request area, each with a stable code (see [`crate::Coded`]).

use crate::Coded;

/// Everything that can go wrong while building a request or reading its answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RequestError {
    /// The path has a `:id` placeholder (docs/behaviour/calls-and-errors.md#request-rules) but no
    /// id was given.
    #[error("the path {path} needs an id for :id, but none was given")]
    MissingId {
        /// The path as given.
        path: String,
    },
    /// Query parameters must be a JSON object (or null for none).
    #[error("request parameters must be an object of name/value pairs")]
    InvalidParams,
    /// The answer is not JSON at all (an HTML error page, an empty body...).
    #[error("the server answer is not JSON: {detail}")]
    NotJson {
        /// What the JSON parser said.
        detail: String,
    },
    /// The answer is JSON but not an object, so it cannot be an envelope.
    #[error("the server answer is JSON but not an object")]
    NotAnObject,
    /// The answer object has no `code` (docs/behaviour/calls-and-errors.md#the-call-envelope: every
    /// envelope has one).
    #[error("the server answer has no code")]
    MissingCode,
    /// `code` is present but is not an integer (nor a string holding one).
    #[error("the server answer has a code that is not an integer")]
    InvalidCode,
    /// A header value would contain control or non-ASCII characters (header injection guard).
    #[error("the value for header {name} contains characters that are not allowed in a header")]
    InvalidHeaderValue {
        /// The header whose value was refused.
        name: String,
    },
    /// Too few random bytes were supplied to make a client serial.
    #[error("a client serial needs at least {needed} random bytes, got {got}")]
    NotEnoughRandomness {
        /// Bytes needed.
        needed: usize,
        /// Bytes given.
        got: usize,
    },
    /// A CMS cache key that is not URL-safe base64 of a UTF-8 path.
    #[error("the CMS key is not a valid page key: {detail}")]
    InvalidCmsKey {
        /// Why decoding failed.
        detail: String,
    },
}

impl Coded for RequestError {
    fn code(&self) -> &'static str {
        match self {
            Self::MissingId { .. } => "missing_id",
            Self::InvalidParams => "invalid_params",
            Self::NotJson { .. } => "not_json",
            Self::NotAnObject => "not_an_object",
            Self::MissingCode => "missing_code",
            Self::InvalidCode => "invalid_code",
            Self::InvalidHeaderValue { .. } => "invalid_header_value",
            Self::NotEnoughRandomness { .. } => "not_enough_randomness",
            Self::InvalidCmsKey { .. } => "invalid_cms_key",
        }
    }
}
