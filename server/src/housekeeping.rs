//! Housekeeping: a periodic purge of rows nobody needs any more, every
//! `AIVG_PURGE_INTERVAL_SECONDS` (default 3600; 0 = never), and once at start:
//!
//! - access tokens that expired or were revoked (a request with one is refused either way:
//!   "session unknown" instead of "session ended");
//! - authorization codes that expired or were used;
//! - event-stream tickets that expired;
//! - upload reservations whose upload never finished (their URL expired);
//! - checkouts that expired and no payment refers to (a paid one stays: refunds find it);
//! - ids of payment webhook events older than [`WEBHOOK_EVENT_KEEP_S`] (providers stop
//!   retrying an event after days; the grant itself stays keyed once per session or invoice);
//! - analytics events older than `AIVG_ANALYTICS_RETENTION_DAYS` (default 180; 0 = keep all).
//!
//! Every instance on a shared database runs it; the deletes are idempotent, so that is harmless.

use crate::app::AppState;
use crate::clock;
use crate::config::ConfigError;
use std::time::Duration;

/// How long a webhook event id is kept to recognise a replay: Stripe retries a delivery for up
/// to three days, so thirty leaves a wide margin.
pub const WEBHOOK_EVENT_KEEP_S: i64 = 30 * 86_400;

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

/// Rows removed by one purge.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Purged {
    pub tokens: u64,
    pub codes: u64,
    pub tickets: u64,
    pub reservations: u64,
    pub checkouts: u64,
    pub webhook_events: u64,
    pub analytics: u64,
}

impl Purged {
    pub fn total(&self) -> u64 {
        self.tokens
            + self.codes
            + self.tickets
            + self.reservations
            + self.checkouts
            + self.webhook_events
            + self.analytics
    }
}

/// Purges what is out of date at `now_ms` (see the module doc).
pub async fn purge(state: &AppState, now_ms: i64) -> Result<Purged, sqlx::Error> {
    let pool = &state.db.pool;
    let run = |sql: &'static str, at: i64| async move {
        sqlx::query(sql)
            .bind(at)
            .execute(pool)
            .await
            .map(|r| r.rows_affected())
    };
    let mut p = Purged {
        tokens: run(
            "DELETE FROM tokens WHERE expires_ms < $1 OR revoked = 1",
            now_ms,
        )
        .await?,
        codes: run(
            "DELETE FROM auth_codes WHERE expires_ms < $1 OR used = 1",
            now_ms,
        )
        .await?,
        tickets: run("DELETE FROM event_tickets WHERE expires_ms < $1", now_ms).await?,
        reservations: run(
            "DELETE FROM upload_reservations WHERE expires_ms < $1",
            now_ms,
        )
        .await?,
        checkouts: run(
            "DELETE FROM checkouts WHERE expires_at < $1 AND NOT EXISTS (SELECT 1 FROM payment_grants g WHERE g.checkout_id = checkouts.id)",
            now_ms / 1000,
        )
        .await?,
        webhook_events: run(
            "DELETE FROM payment_events WHERE received_at < $1",
            now_ms / 1000 - WEBHOOK_EVENT_KEEP_S,
        )
        .await?,
        analytics: 0,
    };
    if let Some(keep) = state.cfg.housekeeping.analytics_retention {
        let keep_ms = i64::try_from(keep.as_millis()).unwrap_or(i64::MAX);
        p.analytics = run(
            "DELETE FROM analytics_events WHERE received_ms < $1",
            now_ms.saturating_sub(keep_ms),
        )
        .await?;
    }
    Ok(p)
}

/// Runs [`purge`] at start and then every interval, until the server stops.
pub fn start(state: &AppState) {
    let Some(every) = state.cfg.housekeeping.interval else {
        return;
    };
    let state = state.clone();
    let mut stop = state.tasks.shutdown_signal();
    tokio::spawn(async move {
        loop {
            match purge(&state, clock::now_ms()).await {
                Ok(p) if p.total() > 0 => tracing::info!("housekeeping: purged {p:?}"),
                Ok(_) => {}
                Err(e) => tracing::warn!("housekeeping: {e}"),
            }
            tokio::select! {
                () = tokio::time::sleep(every) => {}
                _ = stop.changed() => return,
            }
        }
    });
}
