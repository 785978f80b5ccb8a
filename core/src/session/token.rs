//! The user a session token belongs to
//! (docs/behaviour/accounts-and-sessions.md#tokens-and-sessions: cached user info is "kept only if
//! its uid matches the token's").
//!
//! Decided: the token is a JWT and its user is the payload's `uid` claim, else its `sub` claim
//! (a string, or an integer written in decimal). The payload is only decoded, never verified:
//! this answers "whose cache is this", not "may this caller act"; the server verifies tokens.

use super::error::SessionError;
use super::lenient::string_of;
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde_json::Value;

fn malformed(reason: &str) -> SessionError {
    SessionError::MalformedToken {
        reason: reason.to_string(),
    }
}

/// The decoded JSON payload of a JWT (`header.payload.signature`, base64url parts; padding and
/// the standard alphabet are tolerated; a leading `Bearer ` is ignored).
pub fn jwt_payload(token: &str) -> Result<Value, SessionError> {
    let token = token.trim();
    let token = match token.get(..7) {
        Some(prefix) if prefix.eq_ignore_ascii_case("bearer ") => {
            token.get(7..).unwrap_or("").trim()
        }
        _ => token,
    };
    if token.is_empty() {
        return Err(malformed("it is empty"));
    }
    let mut parts = token.split('.');
    let (Some(_header), Some(payload), Some(_signature), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(malformed("it does not have three dot-separated parts"));
    };
    let normalized: String = payload
        .trim_end_matches('=')
        .chars()
        .map(|c| match c {
            '+' => '-',
            '/' => '_',
            other => other,
        })
        .collect();
    let bytes = URL_SAFE_NO_PAD
        .decode(normalized.as_bytes())
        .map_err(|_| malformed("its payload is not base64url"))?;
    let value: Value =
        serde_json::from_slice(&bytes).map_err(|_| malformed("its payload is not JSON"))?;
    if !value.is_object() {
        return Err(malformed("its payload is not a JSON object"));
    }
    Ok(value)
}

/// The uid named by a session token: the JWT payload's `uid`, else `sub` (see the module doc).
/// Errors: `malformed_token`, or `token_without_uid` when neither claim holds a non-empty
/// string or a number.
pub fn token_uid(token: &str) -> Result<String, SessionError> {
    let payload = jwt_payload(token)?;
    ["uid", "sub"]
        .iter()
        .filter_map(|claim| payload.get(*claim))
        .map(|value| string_of(value).trim().to_string())
        .find(|uid| !uid.is_empty())
        .ok_or(SessionError::TokenWithoutUid)
}
