//! User info and token response (docs/behaviour/accounts-and-sessions.md#accounts), in their wire
//! shape, plus the display name.
//!
//! Reading is tolerant: a missing field, or one of the wrong type, takes its default (""/0/false/
//! empty) rather than failing, because the header and flags must still render from a partial
//! answer. Writing gives exactly the wire field names of the spec, so the server can produce its
//! JSON from these types.
//!
//! Decided wire types (the spec names the fields only): `uid` is a string (numbers are read
//! too, and kept as decimal text, which avoids JavaScript's 53-bit limit); times
//! (`expired_time`, `created_at`) are epoch seconds as integers; `is_*` flags are booleans (read
//! from booleans, 0/1 or "true"/"1"); `email` is a string (an `{email}` object is read too).

use super::error::SessionError;
use super::lenient;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Shown when a user has no name and no e-mail (docs/behaviour/accounts-and-sessions.md#accounts "a default
/// generic user name"; text decided here).
pub const DEFAULT_USER_NAME: &str = "User";

/// Plan state of the user (docs/behaviour/accounts-and-sessions.md#accounts `verify`).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verify {
    /// `free`, `standard`, `premium` or `inactive` (other values read as free,
    /// docs/behaviour/accounts-and-sessions.md#roles-and-permissions).
    #[serde(default, deserialize_with = "lenient::string")]
    pub level: String,
    /// When the plan ends, epoch seconds.
    #[serde(default, deserialize_with = "lenient::int")]
    pub expired_time: i64,
    /// Whether the plan has ended.
    #[serde(default, deserialize_with = "lenient::flag")]
    pub is_expired: bool,
}

/// Credit balance holder (docs/behaviour/accounts-and-sessions.md#accounts `integral{integral}`).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Integral {
    /// Credits the user can spend.
    #[serde(default, deserialize_with = "lenient::int")]
    pub integral: i64,
}

/// One subscription of the user (docs/behaviour/accounts-and-sessions.md#accounts `subscribe`).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Subscription {
    /// Product id.
    #[serde(default, deserialize_with = "lenient::int")]
    pub pid: i64,
    /// Product name.
    #[serde(default, deserialize_with = "lenient::string")]
    pub name: String,
    /// When it ends, epoch seconds.
    #[serde(default, deserialize_with = "lenient::int")]
    pub expired_time: i64,
    /// Whether it has ended.
    #[serde(default, deserialize_with = "lenient::flag")]
    pub is_expired: bool,
}

/// The signed-in user's info (docs/behaviour/accounts-and-sessions.md#accounts; answer of `POST
/// /v1/user`).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UserInfo {
    /// User id ("" when unknown).
    #[serde(default, deserialize_with = "lenient::string")]
    pub uid: String,
    /// Nickname.
    #[serde(default, deserialize_with = "lenient::string")]
    pub nickname: String,
    /// First name.
    #[serde(default, deserialize_with = "lenient::string")]
    pub firstname: String,
    /// Last name.
    #[serde(default, deserialize_with = "lenient::string")]
    pub lastname: String,
    /// E-mail address.
    #[serde(default, deserialize_with = "lenient::email")]
    pub email: String,
    /// Avatar image URL.
    #[serde(default, deserialize_with = "lenient::string")]
    pub avatar: String,
    /// Plan state.
    #[serde(default, deserialize_with = "lenient::object")]
    pub verify: Verify,
    /// Credit balance.
    #[serde(default, deserialize_with = "lenient::object")]
    pub integral: Integral,
    /// Subscriptions (unreadable entries skipped).
    #[serde(default, deserialize_with = "lenient::list")]
    pub subscribe: Vec<Subscription>,
    /// Whether the user is on a free trial.
    #[serde(default, deserialize_with = "lenient::flag")]
    pub is_free_trial: bool,
    /// Account creation, epoch seconds.
    #[serde(default, deserialize_with = "lenient::int")]
    pub created_at: i64,
}

impl UserInfo {
    /// Reads user info from any JSON value; only a non-object is an error (`invalid_user_info`).
    pub fn from_value(value: &Value) -> Result<Self, SessionError> {
        if !value.is_object() {
            return Err(SessionError::InvalidUserInfo);
        }
        serde_json::from_value(value.clone()).map_err(|_| SessionError::InvalidUserInfo)
    }
}

/// The answer of the login (`POST /v1/oauth/token`) and renew (`GET /v1/token/renew`) calls
/// (docs/behaviour/accounts-and-sessions.md#accounts). Renew sends only `jwt` and `access_token`;
/// the rest then read as defaults.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenResponse {
    /// The session JWT (its payload names the user, see `token_uid`).
    #[serde(default, deserialize_with = "lenient::string")]
    pub jwt: String,
    /// The access token sent as `Authorization: Bearer`.
    #[serde(default, deserialize_with = "lenient::string")]
    pub access_token: String,
    /// Whether the account was just created (drives the free-trial box,
    /// docs/behaviour/ads-and-experiments.md#free-trial-box).
    #[serde(default, deserialize_with = "lenient::flag")]
    pub is_new: bool,
    /// Whether the user is on a free trial.
    #[serde(default, deserialize_with = "lenient::flag")]
    pub is_free_trial: bool,
    /// Account creation, epoch seconds.
    #[serde(default, deserialize_with = "lenient::int")]
    pub created_at: i64,
}

impl TokenResponse {
    /// Reads a token response from any JSON value; only a non-object is an error.
    pub fn from_value(value: &Value) -> Result<Self, SessionError> {
        if !value.is_object() {
            return Err(SessionError::InvalidTokenResponse);
        }
        serde_json::from_value(value.clone()).map_err(|_| SessionError::InvalidTokenResponse)
    }
}

/// Reads user info tolerantly and returns it in wire shape with every field present
/// (JS `parseUserInfo`).
pub fn parse_user_info(value: &Value) -> Result<UserInfo, SessionError> {
    UserInfo::from_value(value)
}

/// Reads a token response tolerantly (JS `parseTokenResponse`).
pub fn parse_token_response(value: &Value) -> Result<TokenResponse, SessionError> {
    TokenResponse::from_value(value)
}

/// The name shown for a user (docs/behaviour/accounts-and-sessions.md#accounts), first non-empty
/// of: nickname; first and last name joined by a space; first name; last name; e-mail;
/// [`DEFAULT_USER_NAME`]. Each part is trimmed first, so a name of spaces counts as empty.
pub fn display_name(user: &UserInfo) -> String {
    let first = user.firstname.trim();
    let last = user.lastname.trim();
    let full = if !first.is_empty() && !last.is_empty() {
        format!("{first} {last}")
    } else {
        String::new()
    };
    [
        user.nickname.trim(),
        full.as_str(),
        first,
        last,
        user.email.trim(),
    ]
    .into_iter()
    .find(|part| !part.is_empty())
    .unwrap_or(DEFAULT_USER_NAME)
    .to_string()
}
