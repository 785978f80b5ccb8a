//! Failed log-ins per (account, client address), for the attacked-account rule in
//! [`login`](super::login).
//!
//! Unlike a rate limiter this can be asked without spending: an attempt on an attacked account
//! is refused only when its address has failed on the account `count` times within `period`,
//! or while another attempt of the same address on it is still being checked (so a fresh
//! address cannot send a burst of guesses before its first failure is known). A correct
//! password spends nothing, so the owner logs in as often as they need.

use super::Rate;
use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

type Key = (String, IpAddr);

#[derive(Debug, Default)]
struct Mark {
    /// When the pair's recent failures happened, oldest first (at most `count`).
    failed: VecDeque<Instant>,
    /// An attempt of the pair is being checked.
    checking: bool,
}

/// The failure marks (`None` inside = not limited).
#[derive(Debug)]
pub struct FailureMarks {
    rate: Option<Rate>,
    marks: Arc<Mutex<HashMap<Key, Mark>>>,
}

/// An attempt being checked; dropping it lets the pair's next attempt in.
#[derive(Debug)]
pub struct Checking {
    key: Option<Key>,
    marks: Arc<Mutex<HashMap<Key, Mark>>>,
}

impl FailureMarks {
    pub fn new(rate: Option<Rate>) -> Self {
        Self {
            rate,
            marks: Arc::default(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<Key, Mark>> {
        self.marks.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Lets an attempt of `key` in, or answers the seconds to wait.
    pub fn begin(&self, key: Key, now: Instant) -> Result<Checking, u64> {
        let Some(rate) = self.rate else {
            return Ok(self.unmarked());
        };
        let mut marks = self.lock();
        let mark = marks.entry(key.clone()).or_default();
        forget_old(mark, rate.period, now);
        if mark.failed.len() >= rate.count.get() as usize {
            let oldest = mark.failed.front().copied().unwrap_or(now);
            let wait = (oldest + rate.period).saturating_duration_since(now);
            return Err(super::ceil_secs(wait));
        }
        if mark.checking {
            return Err(1);
        }
        mark.checking = true;
        Ok(Checking {
            key: Some(key),
            marks: Arc::clone(&self.marks),
        })
    }

    /// An attempt outside the rule (the account is not attacked): nothing to release.
    pub fn unmarked(&self) -> Checking {
        Checking {
            key: None,
            marks: Arc::clone(&self.marks),
        }
    }

    /// Records a wrong password of `key`.
    pub fn failed(&self, key: Key, now: Instant) {
        let Some(rate) = self.rate else { return };
        let mut marks = self.lock();
        let mark = marks.entry(key).or_default();
        forget_old(mark, rate.period, now);
        mark.failed.push_back(now);
        while mark.failed.len() > rate.count.get() as usize {
            mark.failed.pop_front();
        }
    }

    /// Forgets pairs with no recent failure and no attempt being checked.
    pub fn prune(&self, now: Instant) {
        let Some(rate) = self.rate else { return };
        let mut marks = self.lock();
        marks.retain(|_, m| {
            forget_old(m, rate.period, now);
            m.checking || !m.failed.is_empty()
        });
        marks.shrink_to_fit();
    }

    /// Pairs remembered now.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

fn forget_old(mark: &mut Mark, period: Duration, now: Instant) {
    while mark
        .failed
        .front()
        .is_some_and(|t| now.saturating_duration_since(*t) >= period)
    {
        mark.failed.pop_front();
    }
}

impl Drop for Checking {
    fn drop(&mut self) {
        let Some(key) = self.key.take() else { return };
        let mut marks = self.marks.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(m) = marks.get_mut(&key) {
            m.checking = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(ip: &str) -> Key {
        ("v@example.com".to_owned(), ip.parse().unwrap())
    }

    #[test]
    fn only_failures_spend() {
        let m = FailureMarks::new(Some(Rate::new(1, Duration::from_secs(900))));
        let t = Instant::now();
        for _ in 0..3 {
            drop(m.begin(key("198.51.100.5"), t).unwrap());
        }
        let attempt = m.begin(key("203.0.113.9"), t).unwrap();
        assert_eq!(
            m.begin(key("203.0.113.9"), t).unwrap_err(),
            1,
            "one attempt at a time"
        );
        m.failed(key("203.0.113.9"), t);
        drop(attempt);
        let wait = m.begin(key("203.0.113.9"), t).unwrap_err();
        assert_eq!(wait, 900);
        let later = t + Duration::from_secs(900);
        assert!(m.begin(key("203.0.113.9"), later).is_ok());
        m.prune(later + Duration::from_secs(1));
        assert_eq!(m.len(), 0);
    }
}
