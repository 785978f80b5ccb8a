//! API keys: how a program acts for its owner without a browser session (docs/api.md).
//!
//! Decisions of ours (the spec has no programmatic access):
//! - a key is `aivg_sk_` and 40 random characters of [a-z0-9] (about 206 bits), shown once when
//!   made; only its SHA-256 is kept: a key is a random secret, not a password a person chose, so
//!   a fast hash cannot be reversed and a slow one would only slow every call;
//! - a key carries scopes ([`Scope`]) and may expire; it is revoked, never deleted, so its list
//!   keeps what it did;
//! - **[`scope_of_route`] is the one place that says which calls accept a key**; every other
//!   call (account, keys, payments, check-in, the operator's report…) refuses one with 403,
//!   whatever its scopes;
//! - when a key was last used is written at most once a minute per key
//!   ([`LAST_USED_EVERY_MS`]), so a busy program does not turn every read into a write.

use crate::api::ApiError;
use axum::http::{Method, StatusCode};
use serde::Serialize;
use sha2::{Digest, Sha256};
use sqlx::{AnyPool, FromRow};

/// What every key starts with, so a leaked one is recognisable (secret scanners, logs).
pub const KEY_PREFIX: &str = "aivg_sk_";
/// Random characters after the prefix.
const KEY_RANDOM_CHARS: usize = 40;
/// Characters of a key kept in clear to tell keys apart in the list (prefix + 4).
const SHOWN_CHARS: usize = KEY_PREFIX.len() + 4;
/// The last-used time is written when older than this (see the module doc).
pub const LAST_USED_EVERY_MS: i64 = 60_000;
/// Keys a user may hold that are not revoked (a list a person can still read).
pub const MAX_KEYS_PER_USER: i64 = 20;
/// Longest key name, in characters.
pub const MAX_NAME_CHARS: usize = 60;

/// What a key may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Scope {
    /// Create, cancel and retry tasks; ask for upload grants.
    #[serde(rename = "tasks:create")]
    CreateTasks,
    /// Read tasks, their results and signed download URLs.
    #[serde(rename = "tasks:read")]
    ReadTasks,
    /// Read the balance and the credit history.
    #[serde(rename = "balance:read")]
    ReadBalance,
}

impl Scope {
    pub const ALL: [Scope; 3] = [Scope::CreateTasks, Scope::ReadTasks, Scope::ReadBalance];

    pub fn name(self) -> &'static str {
        match self {
            Scope::CreateTasks => "tasks:create",
            Scope::ReadTasks => "tasks:read",
            Scope::ReadBalance => "balance:read",
        }
    }

    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.name() == name.trim())
    }
}

/// The scope a key needs for a call (its method and route template, as the router wrote it);
/// `None`: the call never accepts a key. See the module doc.
pub fn scope_of_route(method: &Method, route: &str) -> Option<Scope> {
    let (get, post) = (method == Method::GET, method == Method::POST);
    match route {
        "/v1/ai/create/{algorithm}" | "/v1/ai/cancel/{id}" | "/v1/ai/retry" if post => {
            Some(Scope::CreateTasks)
        }
        "/v1/common/oss/token" if get => Some(Scope::CreateTasks),
        "/v1/ai/result/{algorithm}/{id}" | "/v1/common/oss/sign" if get => Some(Scope::ReadTasks),
        "/v1/ai/result/batch" | "/v1/ai/task" if post => Some(Scope::ReadTasks),
        "/v1/credit/balance" | "/v1/credit/history" if get => Some(Scope::ReadBalance),
        _ => None,
    }
}

/// Whether a Bearer token is an API key (not an access token).
pub fn is_api_key(token: &str) -> bool {
    token.starts_with(KEY_PREFIX)
}

/// A new key in clear (shown once) and what is stored of it.
#[derive(Debug)]
pub struct NewKey {
    pub key: String,
    pub prefix: String,
    pub hash: String,
}

/// Makes a new random key.
pub fn new_key() -> NewKey {
    let key = format!("{KEY_PREFIX}{}", crate::ids::random_token(KEY_RANDOM_CHARS));
    NewKey {
        prefix: key.chars().take(SHOWN_CHARS).collect(),
        hash: hash_of(&key),
        key,
    }
}

/// The stored form of a key: SHA-256, hex.
pub fn hash_of(key: &str) -> String {
    Sha256::digest(key.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A stored key found by its hash, with its owner's uid.
#[derive(Debug, Clone, FromRow)]
pub struct KeyRow {
    pub id: i64,
    pub user_id: i64,
    pub uid: String,
    pub scopes: String,
    pub expires_ms: i64,
    pub last_used_ms: i64,
    pub revoked_ms: i64,
}

impl KeyRow {
    pub fn has(&self, scope: Scope) -> bool {
        self.scopes.split(',').any(|s| s.trim() == scope.name())
    }
}

/// The key of a request allowed on the call `method route` at `now_ms`: 401 for an unknown,
/// revoked or expired key, 403 for a call keys never reach or a scope the key lacks.
pub async fn authorised(
    pool: &AnyPool,
    key: &str,
    method: &Method,
    route: Option<&str>,
    now_ms: i64,
) -> Result<KeyRow, ApiError> {
    let row: KeyRow = sqlx::query_as(
        "SELECT k.id, k.user_id, u.uid, k.scopes, k.expires_ms, k.last_used_ms, k.revoked_ms
         FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.hash = $1",
    )
    .bind(hash_of(key))
    .fetch_optional(pool)
    .await?
    .ok_or_else(|| ApiError::logged_out("this API key is not valid"))?;
    if row.revoked_ms != 0 {
        return Err(ApiError::logged_out("this API key was revoked"));
    }
    if row.expires_ms != 0 && row.expires_ms <= now_ms {
        return Err(ApiError::logged_out("this API key has expired"));
    }
    let needed = route
        .and_then(|r| scope_of_route(method, r))
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::FORBIDDEN,
                403,
                "this call does not accept API keys: sign in on the site to use it",
            )
        })?;
    if !row.has(needed) {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            403,
            format!("this API key lacks the scope {}", needed.name()),
        ));
    }
    if now_ms - row.last_used_ms >= LAST_USED_EVERY_MS {
        sqlx::query("UPDATE api_keys SET last_used_ms = $1 WHERE id = $2")
            .bind(now_ms)
            .bind(row.id)
            .execute(pool)
            .await?;
    }
    Ok(row)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_long_random_and_stored_hashed() {
        let a = new_key();
        let b = new_key();
        assert_ne!(a.key, b.key);
        assert!(is_api_key(&a.key) && a.key.len() == KEY_PREFIX.len() + KEY_RANDOM_CHARS);
        assert_eq!(a.hash, hash_of(&a.key));
        assert_eq!(a.hash.len(), 64);
        assert!(a.key.starts_with(&a.prefix) && a.prefix.len() == SHOWN_CHARS);
    }

    #[test]
    fn only_the_listed_calls_take_a_key() {
        let post = Method::POST;
        assert_eq!(
            scope_of_route(&post, "/v1/ai/create/{algorithm}"),
            Some(Scope::CreateTasks)
        );
        assert_eq!(
            scope_of_route(&Method::GET, "/v1/credit/balance"),
            Some(Scope::ReadBalance)
        );
        for route in ["/v1/user", "/v1/keys", "/v1/pay/checkout", "/v1/logout"] {
            assert_eq!(scope_of_route(&post, route), None, "{route}");
        }
        assert_eq!(
            scope_of_route(&Method::GET, "/v1/ai/create/{algorithm}"),
            None
        );
        assert_eq!(Scope::parse(" tasks:read"), Some(Scope::ReadTasks));
    }
}
