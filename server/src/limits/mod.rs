//! Abuse limits: request rates per client address and per account (governor's keyed GCRA
//! limiters), and bounded concurrency of the expensive steps (password hashes, image decodes and
//! media probes). Every refusal is HTTP 429 with `Retry-After` and the usual envelope.
//!
//! - [`settings`]: the rates and bounds (`AIVG_LIMIT_*`, `AIVG_*_CONCURRENCY`, …);
//! - [`client_ip`]: who the client is (the socket peer or a trusted proxy's header);
//! - [`routes`]: the middleware that limits calls by route class;
//! - [`login`]: the log-in rule (per address, per account, without an aimable lock-out).
//!
//! The limiters live in this process: with several instances each counts its own share. Their
//! maps are pruned every [`PRUNE_EVERY`] (`retain_recent`), so keys that are back to a full
//! allowance do not pile up.

pub mod client_ip;
pub mod failures;
pub mod login;
pub mod routes;
pub mod settings;

pub use client_ip::{ClientIp, Net, limit_key};
pub use settings::{LimitSettings, Rate};

use crate::api::ApiError;
use governor::clock::Clock;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::hash::Hash;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// How often the limiters forget keys that are back to a full allowance.
pub const PRUNE_EVERY: Duration = Duration::from_secs(60);

/// A wait in whole seconds, rounded up (what `Retry-After` says).
pub fn ceil_secs(wait: Duration) -> u64 {
    wait.as_secs() + u64::from(wait.subsec_nanos() > 0)
}

/// One keyed limit; `None` inside = not limited.
#[derive(Debug)]
pub struct Limiter<K: Hash + Eq + Clone> {
    inner: Option<DefaultKeyedRateLimiter<K>>,
}

impl<K: Hash + Eq + Clone> Limiter<K> {
    pub fn new(rate: Option<Rate>) -> Self {
        let inner = rate.map(|r| {
            let quota = Quota::with_period(r.period / r.count.get())
                .unwrap_or_else(|| Quota::per_second(r.count))
                .allow_burst(r.count);
            RateLimiter::keyed(quota)
        });
        Self { inner }
    }

    /// Takes one request from `key`'s allowance; `Err(seconds)` to wait when there is none.
    pub fn check(&self, key: &K) -> Result<(), u64> {
        let Some(l) = &self.inner else { return Ok(()) };
        l.check_key(key)
            .map_err(|not_until| ceil_secs(not_until.wait_time_from(l.clock().now())))
    }

    /// Forgets keys whose allowance is full again.
    pub fn prune(&self) {
        if let Some(l) = &self.inner {
            l.retain_recent();
            l.shrink_to_fit();
        }
    }

    /// Keys remembered now.
    pub fn len(&self) -> usize {
        self.inner.as_ref().map_or(0, |l| l.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Which expensive step a permit is for.
#[derive(Debug, Clone, Copy)]
pub enum Work {
    /// An argon2 password hash or check.
    PasswordHash,
    /// An image decode or a media probe.
    Decode,
}

/// Every limiter and bound of the server (cheap to clone).
#[derive(Debug, Clone)]
pub struct Limits {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    settings: LimitSettings,
    signup_ip: Limiter<IpAddr>,
    login_ip: Limiter<IpAddr>,
    login_account: Limiter<String>,
    login_network: failures::FailureMarks,
    code_ip: Limiter<IpAddr>,
    free_ip: Limiter<IpAddr>,
    free_user: Limiter<String>,
    list_user: Limiter<String>,
    anon_ip: Limiter<IpAddr>,
    api_key: Limiter<i64>,
    hashes: Arc<Semaphore>,
    decodes: Arc<Semaphore>,
}

impl Limits {
    pub fn new(settings: LimitSettings) -> Self {
        let s = &settings;
        let inner = Inner {
            signup_ip: Limiter::new(s.signup_ip),
            login_ip: Limiter::new(s.login_ip),
            login_account: Limiter::new(s.login_account),
            login_network: failures::FailureMarks::new(s.login_network),
            code_ip: Limiter::new(s.code_ip),
            free_ip: Limiter::new(s.free_ip),
            free_user: Limiter::new(s.free_user),
            list_user: Limiter::new(s.list_user),
            anon_ip: Limiter::new(s.anon_ip),
            api_key: Limiter::new(s.api_key),
            hashes: Arc::new(Semaphore::new(s.hash_concurrency.max(1))),
            decodes: Arc::new(Semaphore::new(s.decode_concurrency.max(1))),
            settings,
        };
        Self {
            inner: Arc::new(inner),
        }
    }

    pub fn settings(&self) -> &LimitSettings {
        &self.inner.settings
    }

    /// A slot for an expensive step, waiting at most `AIVG_BUSY_WAIT_MS`; then 429 with
    /// `Retry-After: 1`. Hold the permit until the step ends (move it into `spawn_blocking`).
    pub async fn permit(&self, work: Work) -> Result<OwnedSemaphorePermit, ApiError> {
        let (sem, what) = match work {
            Work::PasswordHash => (&self.inner.hashes, "password checks"),
            Work::Decode => (&self.inner.decodes, "image and media reads"),
        };
        match tokio::time::timeout(
            self.inner.settings.busy_wait,
            Arc::clone(sem).acquire_owned(),
        )
        .await
        {
            Ok(Ok(p)) => Ok(p),
            Ok(Err(e)) => Err(ApiError::internal(e)),
            Err(_) => Err(ApiError::retry_after(
                format!("The server is busy with other {what}. Try again in a moment."),
                1,
            )
            .with_kind(crate::api::KIND_SERVER_BUSY)),
        }
    }

    /// Slots free now (tests and health reports).
    pub fn free_permits(&self, work: Work) -> usize {
        match work {
            Work::PasswordHash => self.inner.hashes.available_permits(),
            Work::Decode => self.inner.decodes.available_permits(),
        }
    }

    /// Forgets every key back to a full allowance (see the module doc).
    pub fn prune(&self) {
        let i = &self.inner;
        i.signup_ip.prune();
        i.login_ip.prune();
        i.login_account.prune();
        i.login_network.prune(std::time::Instant::now());
        i.code_ip.prune();
        i.free_ip.prune();
        i.free_user.prune();
        i.list_user.prune();
        i.anon_ip.prune();
        i.api_key.prune();
    }

    /// Keys remembered by every limiter together.
    pub fn remembered(&self) -> usize {
        let i = &self.inner;
        i.signup_ip.len()
            + i.login_ip.len()
            + i.login_account.len()
            + i.login_network.len()
            + i.code_ip.len()
            + i.free_ip.len()
            + i.free_user.len()
            + i.list_user.len()
            + i.anon_ip.len()
            + i.api_key.len()
    }
}

/// The 429 of a rate limit: "Too many log-in attempts from your network. Try again in 60
/// seconds.", of kind `too_many_attempts` (the account pages translate it).
pub fn refused(what: &str, seconds: u64) -> ApiError {
    ApiError::retry_after(
        format!("Too many {what}. Try again in {seconds} seconds."),
        seconds,
    )
    .with_kind(aivg_core::Coded::code(
        &aivg_core::session::AccountError::TooManyAttempts,
    ))
}

/// Prunes the limiters every [`PRUNE_EVERY`] until the server stops.
pub fn start_pruning(limits: &Limits, mut stop: tokio::sync::watch::Receiver<bool>) {
    let limits = limits.clone();
    tokio::spawn(async move {
        loop {
            tokio::select! {
                () = tokio::time::sleep(PRUNE_EVERY) => limits.prune(),
                _ = stop.changed() => return,
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_limit_refuses_with_a_wait_and_forgets_when_full_again() {
        let l: Limiter<u8> = Limiter::new(Some(Rate::new(2, Duration::from_millis(100))));
        assert!(l.check(&1).is_ok());
        assert!(l.check(&1).is_ok());
        assert_eq!(
            l.check(&1),
            Err(1),
            "a wait under a second rounds up to 1 s"
        );
        assert!(l.check(&2).is_ok(), "another key has its own allowance");
        assert_eq!(l.len(), 2);
        std::thread::sleep(Duration::from_millis(150));
        l.prune();
        assert!(l.is_empty(), "full allowances are forgotten");
        let off: Limiter<u8> = Limiter::new(None);
        assert!((0..1000).all(|_| off.check(&1).is_ok()));
    }

    #[tokio::test]
    async fn busy_slots_answer_429_after_the_wait() {
        let limits = Limits::new(LimitSettings {
            decode_concurrency: 1,
            busy_wait: Duration::from_millis(20),
            ..LimitSettings::for_tests()
        });
        let held = limits.permit(Work::Decode).await.unwrap();
        let e = limits.permit(Work::Decode).await.unwrap_err();
        assert_eq!((e.code, e.retry_after), (429, Some(1)));
        drop(held);
        assert!(limits.permit(Work::Decode).await.is_ok());
    }
}
