//! The log-in rule: slow down guessing without letting an attacker lock a victim out.
//!
//! - **Per client address** (`AIVG_LIMIT_LOGIN_IP`, default 30 per 10 min): every attempt counts,
//!   whatever the account.
//! - **Per account** (`AIVG_LIMIT_LOGIN_ACCOUNT`, default 10 per 15 min): every attempt on the
//!   e-mail counts, from anywhere. While this allowance lasts, nothing more is checked.
//! - **An account past its allowance is "attacked"**: then a client address may try it only
//!   while it has failed on it fewer than `AIVG_LIMIT_LOGIN_NETWORK` times (default 1 per
//!   15 min), and one attempt at a time ([`failures`](super::failures)). A failed password
//!   marks the address for the account in any case; a correct one spends nothing.
//!
//! So someone guessing from elsewhere cannot stop the owner: the owner's own address has not
//! failed on the account and logs in as often as they need, while the guesser's addresses have
//! failed and wait. A guesser with many addresses gets one guess per address and window. The
//! owner is slowed only if they also mistype under attack, or share the guesser's address (one
//! NAT). There is no lock-out: every refusal says when to try again.

use super::failures::Checking;
use super::{Limits, client_ip::limit_key, refused};
use crate::api::ApiError;
use std::net::IpAddr;
use std::time::Instant;

impl Limits {
    /// Checks a log-in attempt on `email` from `ip` (see the module doc) before the password is
    /// looked at. Hold the answer until the password is checked.
    pub fn login_attempt(&self, email: &str, ip: IpAddr) -> Result<Checking, ApiError> {
        let i = &self.inner;
        let ip = limit_key(ip);
        i.login_ip
            .check(&ip)
            .map_err(|s| refused("log-in attempts from your network", s))?;
        if i.login_account.check(&email.to_owned()).is_ok() {
            return Ok(i.login_network.unmarked());
        }
        i.login_network
            .begin((email.to_owned(), ip), Instant::now())
            .map_err(|s| refused("log-in attempts for this e-mail", s))
    }

    /// Records a wrong password for `email` from `ip`.
    pub fn login_failed(&self, email: &str, ip: IpAddr) {
        self.inner
            .login_network
            .failed((email.to_owned(), limit_key(ip)), Instant::now());
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::super::{LimitSettings, Rate};
    use super::*;
    use std::time::Duration;

    fn limits() -> Limits {
        let hour = Duration::from_secs(3600);
        Limits::new(LimitSettings {
            login_ip: Some(Rate::new(100, hour)),
            login_account: Some(Rate::new(3, hour)),
            login_network: Some(Rate::new(1, hour)),
            ..LimitSettings::for_tests()
        })
    }

    #[test]
    fn guessing_from_elsewhere_does_not_lock_the_owner_out() {
        let l = limits();
        let attacker: IpAddr = "203.0.113.66".parse().unwrap();
        let owner: IpAddr = "198.51.100.5".parse().unwrap();
        let mut refused_at = None;
        for n in 0..10 {
            if l.login_attempt("v@example.com", attacker).is_err() {
                refused_at = Some(n);
                break;
            }
            l.login_failed("v@example.com", attacker);
        }
        assert_eq!(
            refused_at,
            Some(3),
            "the account's allowance, then the address's"
        );
        let e = l.login_attempt("v@example.com", attacker).unwrap_err();
        assert_eq!(e.code, 429);
        assert!(e.retry_after.unwrap() > 60);
        for n in 0..3 {
            assert!(
                l.login_attempt("v@example.com", owner).is_ok(),
                "the owner's attempt {n} (a correct password spends nothing)"
            );
        }
        l.login_failed("v@example.com", owner);
        assert!(
            l.login_attempt("v@example.com", owner).is_err(),
            "the owner mistyped under attack"
        );
        assert!(
            l.login_attempt("w@example.com", attacker).is_ok(),
            "other accounts"
        );
    }

    #[test]
    fn each_address_gets_its_own_limit() {
        let l = Limits::new(LimitSettings {
            login_ip: Some(Rate::new(2, Duration::from_secs(3600))),
            ..LimitSettings::for_tests()
        });
        let a: IpAddr = "203.0.113.1".parse().unwrap();
        assert!(l.login_attempt("a@example.com", a).is_ok());
        assert!(l.login_attempt("b@example.com", a).is_ok());
        assert!(l.login_attempt("c@example.com", a).is_err());
        assert!(
            l.login_attempt("c@example.com", "203.0.113.2".parse().unwrap())
                .is_ok()
        );
    }
}
