//! The user-info cache (docs/behaviour/accounts-and-sessions.md#tokens-and-sessions): kept 24 hours
//! in local storage under `mediaio.user-info`, and only for the user the current token names.

use super::error::SessionError;
use super::stored::{StoredRecord, make_stored_record, stored_value_valid};
use super::token::token_uid;
use super::user::UserInfo;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Local-storage key of the user-info record
/// (docs/behaviour/accounts-and-sessions.md#tokens-and-sessions).
pub const USER_INFO_STORAGE_KEY: &str = "mediaio.user-info";

/// How long user info is cached, in ms
/// (docs/behaviour/accounts-and-sessions.md#tokens-and-sessions: "User info cache 24 h").
pub const USER_INFO_CACHE_TTL_MS: i64 = 24 * 60 * 60 * 1000;

/// The record to store for freshly fetched user info at `now_ms` (expires 24 h later).
pub fn user_info_record(user: &UserInfo, now_ms: i64) -> StoredRecord {
    let data = serde_json::to_value(user).unwrap_or(Value::Null);
    make_stored_record(data, now_ms, Some(USER_INFO_CACHE_TTL_MS))
}

/// Outcome of checking the user-info cache against the token (JS `cachedUserInfo`).
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CachedUserInfo {
    /// The cached user info, when it may be used with this token; else `null`.
    pub user: Option<UserInfo>,
    /// A record exists but may not be used: remove it
    /// (docs/behaviour/accounts-and-sessions.md#tokens-and-sessions: "otherwise cleared").
    pub clear: bool,
}

/// Checks the stored user-info record (`null` when none) against `token` at `now_ms`
/// (docs/behaviour/accounts-and-sessions.md#tokens-and-sessions). The cached info is usable only if
/// the record is not expired (it is at or after `expire`), its `data` is a non-empty object with a
/// uid, and that uid equals the token's (see `token_uid`); any other existing record is to be
/// cleared.
///
/// A malformed token is an error (`malformed_token` / `token_without_uid`), not a cache miss: the
/// caller then has no valid session at all and should clear both the token and the cache.
pub fn cached_user_info(
    record: &Value,
    token: &str,
    now_ms: i64,
) -> Result<CachedUserInfo, SessionError> {
    let uid = token_uid(token)?;
    if record.is_null() {
        return Ok(CachedUserInfo {
            user: None,
            clear: false,
        });
    }
    let user = Some(record)
        .filter(|r| stored_value_valid(r, now_ms))
        .and_then(|r| r.get("data"))
        .filter(|d| d.as_object().is_some_and(|o| !o.is_empty()))
        .and_then(|d| UserInfo::from_value(d).ok())
        .filter(|user| !user.uid.trim().is_empty() && user.uid.trim() == uid);
    Ok(CachedUserInfo {
        clear: user.is_none(),
        user,
    })
}
