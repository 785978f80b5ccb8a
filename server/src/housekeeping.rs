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
//! - `Idempotency-Key`s older than a day (`idempotency.rs`: a key is remembered 24 hours);
//! - completion webhook deliveries (and their attempts) that ended more than
//!   [`WEBHOOK_DELIVERY_KEEP_MS`] ago (`webhooks/`: the list shows a key's recent ones);
//! - analytics events older than `AIVG_ANALYTICS_RETENTION_DAYS` (default 180; 0 = keep all).
//!
//! Every instance on a shared database runs it; the deletes are idempotent, so that is harmless.

use crate::clock;
use sqlx::AnyPool;
use tokio::sync::watch;

pub use crate::config::housekeeping::HousekeepingSettings;

/// How long a webhook event id is kept to recognise a replay: Stripe retries a delivery for up
/// to three days, so thirty leaves a wide margin.
pub const WEBHOOK_EVENT_KEEP_S: i64 = 30 * 86_400;

/// How long an ended webhook delivery stays listed: long enough to look into a receiver's
/// failures after the day of retries (docs/api.md#seeing-the-deliveries).
pub const WEBHOOK_DELIVERY_KEEP_MS: i64 = 30 * 86_400_000;

/// Rows removed by one purge.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Purged {
    pub tokens: u64,
    pub codes: u64,
    pub tickets: u64,
    pub reservations: u64,
    pub checkouts: u64,
    pub webhook_events: u64,
    pub idempotency_keys: u64,
    pub webhook_deliveries: u64,
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
            + self.idempotency_keys
            + self.webhook_deliveries
            + self.analytics
    }
}

/// Purges what is out of date at `now_ms` (see the module doc).
pub async fn purge(
    pool: &AnyPool,
    settings: &HousekeepingSettings,
    now_ms: i64,
) -> Result<Purged, sqlx::Error> {
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
        idempotency_keys: run(
            "DELETE FROM idempotency_keys WHERE created_ms < $1",
            now_ms - crate::idempotency::KEEP_MS,
        )
        .await?,
        webhook_deliveries: {
            let before = now_ms - WEBHOOK_DELIVERY_KEEP_MS;
            run(
                "DELETE FROM webhook_attempts WHERE delivery_id IN (SELECT id FROM webhook_deliveries WHERE done_ms > 0 AND done_ms < $1)",
                before,
            )
            .await?;
            run(
                "DELETE FROM webhook_deliveries WHERE done_ms > 0 AND done_ms < $1",
                before,
            )
            .await?
        },
        analytics: 0,
    };
    if let Some(keep) = settings.analytics_retention {
        let keep_ms = i64::try_from(keep.as_millis()).unwrap_or(i64::MAX);
        p.analytics = run(
            "DELETE FROM analytics_events WHERE received_ms < $1",
            now_ms.saturating_sub(keep_ms),
        )
        .await?;
    }
    Ok(p)
}

/// Runs [`purge`] at start and then every interval, until `stop` turns (the server stops).
pub fn start(pool: &AnyPool, settings: HousekeepingSettings, mut stop: watch::Receiver<bool>) {
    let Some(every) = settings.interval else {
        return;
    };
    let pool = pool.clone();
    tokio::spawn(async move {
        loop {
            match purge(&pool, &settings, clock::now_ms()).await {
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
