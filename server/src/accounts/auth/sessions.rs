//! The sessions of recent token checks, kept in memory so a signed-in call does not read the
//! `tokens` table every time (the read was one of the few statements of the busiest calls).
//!
//! What stays true (docs/behaviour/calls-and-errors.md#logged-out-answer: a revoked or expired
//! token answers 401 at once):
//! - only sessions found valid are kept, each for at most `AIVG_TOKEN_CACHE_MS` (default
//!   2,000 ms; `0` turns the cache off) and never past the token's own expiry, which is checked
//!   against the server's clock on every use;
//! - this process forgets a session the moment it logs out or is renewed (`forget`), so on one
//!   server a logout takes effect at once; several server processes on one database see another
//!   process's logout within that lifetime (the `tokens` row is what they read next);
//! - the cache holds at most [`MAX_SESSIONS`] entries (a stranger cannot grow it: only tokens
//!   this server signed and recorded get in).

use std::time::Duration;

/// The most sessions kept (a few MB at ~150 bytes each).
pub const MAX_SESSIONS: u64 = 100_000;

/// A token's session as last read from `tokens`.
#[derive(Debug, Clone)]
pub struct CachedSession {
    pub user_id: i64,
    pub uid: String,
    pub expires_ms: i64,
}

/// The recent sessions by token id (`jti`); cheap to clone (shared).
#[derive(Clone)]
pub struct Sessions {
    cache: Option<moka::sync::Cache<String, CachedSession>>,
}

impl std::fmt::Debug for Sessions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sessions")
            .field("enabled", &self.cache.is_some())
            .finish()
    }
}

impl Sessions {
    /// Sessions kept for `lifetime` at most; a zero lifetime keeps none.
    pub fn new(lifetime: Duration) -> Self {
        let cache = (!lifetime.is_zero()).then(|| {
            moka::sync::Cache::builder()
                .max_capacity(MAX_SESSIONS)
                .time_to_live(lifetime)
                .build()
        });
        Self { cache }
    }

    /// The kept session of `jti` while its token has not expired at `now_ms`.
    pub fn get(&self, jti: &str, now_ms: i64) -> Option<CachedSession> {
        let cache = self.cache.as_ref()?;
        let session = cache.get(jti)?;
        if session.expires_ms > now_ms {
            Some(session)
        } else {
            cache.invalidate(jti);
            None
        }
    }

    /// Keeps a session just found valid in `tokens`.
    pub fn keep(&self, jti: &str, session: CachedSession) {
        if let Some(cache) = &self.cache {
            cache.insert(jti.to_owned(), session);
        }
    }

    /// Forgets a session whose row changed (logout, renewal).
    pub fn forget(&self, jti: &str) {
        if let Some(cache) = &self.cache {
            cache.invalidate(jti);
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn session(expires_ms: i64) -> CachedSession {
        CachedSession {
            user_id: 7,
            uid: "u7".into(),
            expires_ms,
        }
    }

    #[test]
    fn a_kept_session_is_found_until_its_token_expires() {
        let s = Sessions::new(Duration::from_secs(60));
        s.keep("a", session(1_000));
        assert_eq!(s.get("a", 999).unwrap().user_id, 7);
        assert!(s.get("a", 1_000).is_none(), "expired by the server's clock");
        assert!(s.get("a", 10).is_none(), "and dropped");
    }

    #[test]
    fn forgetting_and_a_zero_lifetime_keep_nothing() {
        let s = Sessions::new(Duration::from_secs(60));
        s.keep("a", session(1_000));
        s.forget("a");
        assert!(s.get("a", 0).is_none());
        let off = Sessions::new(Duration::ZERO);
        off.keep("a", session(1_000));
        assert!(off.get("a", 0).is_none());
    }

    #[test]
    fn a_session_lives_no_longer_than_the_lifetime() {
        let s = Sessions::new(Duration::from_millis(30));
        s.keep("a", session(i64::MAX));
        std::thread::sleep(Duration::from_millis(80));
        assert!(s.get("a", 0).is_none());
    }
}
