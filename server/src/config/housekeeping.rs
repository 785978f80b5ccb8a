//! When and what the housekeeping purges (`AIVG_PURGE_INTERVAL_SECONDS`,
//! `AIVG_ANALYTICS_RETENTION_DAYS`), plain data the configuration defines so it imports no area
//! (the purge is `housekeeping.rs`).

use crate::config::error::ConfigError;
use std::time::Duration;

/// When and what to purge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HousekeepingSettings {
    /// `None`: no periodic purge.
    pub interval: Option<Duration>,
    /// Analytics events older than this go; `None` keeps them.
    pub analytics_retention: Option<Duration>,
}

impl Default for HousekeepingSettings {
    fn default() -> Self {
        Self {
            interval: Some(Duration::from_secs(3600)),
            analytics_retention: Some(Duration::from_secs(180 * 86_400)),
        }
    }
}

impl HousekeepingSettings {
    /// Tests: no periodic purge (a test that wants one sets it).
    pub fn for_tests() -> Self {
        Self {
            interval: None,
            ..Self::default()
        }
    }

    pub fn from_env(var: &dyn Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let number = |name: &'static str| -> Result<Option<u64>, ConfigError> {
            var(name)
                .map(|v| {
                    v.trim().parse::<u64>().map_err(|_| ConfigError {
                        name,
                        problem: format!("{v:?}: use a whole number (0 = off)"),
                    })
                })
                .transpose()
        };
        let mut s = Self::default();
        if let Some(n) = number("AIVG_PURGE_INTERVAL_SECONDS")? {
            s.interval = (n > 0).then(|| Duration::from_secs(n));
        }
        if let Some(n) = number("AIVG_ANALYTICS_RETENTION_DAYS")? {
            s.analytics_retention = (n > 0).then(|| Duration::from_secs(n.saturating_mul(86_400)));
        }
        Ok(s)
    }
}
