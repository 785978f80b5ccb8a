//! The errors of the session area, each with a stable code (see [`crate::Coded`]).

use crate::Coded;

/// Everything that can go wrong while reading session data.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    /// The token is not a readable JWT (three dot-separated parts, base64url JSON payload).
    #[error("the session token is malformed: {reason}; sign in again")]
    MalformedToken {
        /// What is wrong with it.
        reason: String,
    },
    /// The token's payload names no user (no `uid` nor `sub` claim).
    #[error("the session token does not name a user (no uid or sub claim); sign in again")]
    TokenWithoutUid,
    /// User info that is not a JSON object.
    #[error("the user info is not an object")]
    InvalidUserInfo,
    /// A SKU id that is not in the tier table of
    /// docs/behaviour/pricing-and-purchase.md#plans-and-tiers.
    #[error("SKU {sku_id} has no fixed tier; use its plan name instead")]
    UnknownSku {
        /// The id looked up.
        sku_id: i64,
    },
    /// A token response that is not a JSON object.
    #[error("the token response is not an object")]
    InvalidTokenResponse,
}

impl Coded for SessionError {
    fn code(&self) -> &'static str {
        match self {
            Self::MalformedToken { .. } => "malformed_token",
            Self::TokenWithoutUid => "token_without_uid",
            Self::InvalidUserInfo => "invalid_user_info",
            Self::InvalidTokenResponse => "invalid_token_response",
            Self::UnknownSku { .. } => "unknown_sku",
        }
    }
}
