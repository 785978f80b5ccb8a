//! What signed-in pages poll, kept in memory: the user info (`POST /v1/user`, the busiest
//! signed-in call) and the check-in state of the current cycle (`GET /v1/activity/checkin/status`).
//! On PostgreSQL each read is a round trip to another process (docs/performance.md, "2026-11-27:
//! PostgreSQL keeps what signed-in pages poll in memory": 1,500–5,000 reads a second on two cores
//! against 11,000 for a call without the database); on SQLite each statement is two hand-offs to
//! the connection's worker thread and back, which held 7,500–9,000 reads a second against a floor
//! of 16,000 (the threads' wake-ups led a `perf` profile).
//!
//! What stays true:
//! - a user's own write is seen by that user's next call to this process: every request a signed-in
//!   user sends other than a read (`GET`, `HEAD`, `POST /v1/user`) forgets that user's info once it
//!   has been answered, so after the handler's commit ([`forget_after_writes`]);
//! - the task worker forgets the user of a failed task's refund before it sends the task's event
//!   (the app reads the balance again on that event), and so does the recovery of tasks whose
//!   instance stopped; a payment webhook forgets the user its grant or take-back was for, after its
//!   commit (`pay/stripe_webhook.rs`);
//! - a write no request of this process made (another instance, an operator's SQL, and on
//!   PostgreSQL the cases above made by another instance) is seen within moments on PostgreSQL:
//!   triggers on `users`, `subscriptions`, `credit_entries` and `checkins` notify
//!   `aivg_user_changed` with the user's id at commit (migration 0012), the listener forgets that
//!   user, and when the listening connection drops it forgets everyone. SQLite has no such
//!   notification (one server owns its file, so every write of the server is one of the cases
//!   above): SQL run on the file from outside the server shows after `AIVG_USER_CACHE_MS`;
//! - nothing is kept longer than `AIVG_USER_CACHE_MS` (default 1,000 ms; `0` turns the cache off):
//!   that also bounds what time alone changes (a plan or a grant expiring);
//! - a read that raced a write never stores what it read before the write committed: each read
//!   notes its shard's write count before it starts and keeps its answer only if no write of that
//!   shard came meanwhile (checked again after the insert, so a write between the check and the
//!   insert removes it);
//! - at most [`MAX_USERS`] infos are kept, and only for users whose token this server verified.

use crate::checkin::daily::Status as CheckinStatus;
use aivg_core::session::UserInfo;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// The most user infos kept (~1 KB each).
pub const MAX_USERS: u64 = 50_000;
/// Write counters: a write to one user keeps the reads of 1/SHARDS of the others from storing.
const SHARDS: usize = 256;

/// Where a read stood against the writes of its user's shard when it started.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp(u64);

/// The kept user infos and check-in states by user id; cheap to clone (shared).
#[derive(Clone)]
pub struct UserInfos {
    cache: Option<moka::sync::Cache<i64, UserInfo>>,
    /// The check-in state with the cycle it is of.
    checkins: Option<moka::sync::Cache<i64, (i64, CheckinStatus)>>,
    writes: Arc<[AtomicU64; SHARDS]>,
}

impl std::fmt::Debug for UserInfos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UserInfos")
            .field("enabled", &self.cache.is_some())
            .finish()
    }
}

impl UserInfos {
    /// Infos kept for `lifetime` at most; a zero lifetime keeps none.
    pub fn new(lifetime: Duration) -> Self {
        let on = !lifetime.is_zero();
        Self {
            cache: on.then(|| bounded(lifetime)),
            checkins: on.then(|| bounded(lifetime)),
            writes: Arc::new(std::array::from_fn(|_| AtomicU64::new(0))),
        }
    }

    /// Whether infos are kept at all.
    pub fn enabled(&self) -> bool {
        self.cache.is_some()
    }

    #[allow(clippy::indexing_slicing)] // rem_euclid: in 0..SHARDS for any id, negative ones too
    fn shard(&self, user_id: i64) -> &AtomicU64 {
        &self.writes[user_id.rem_euclid(SHARDS as i64) as usize]
    }

    /// The kept info of `user_id`.
    pub fn get(&self, user_id: i64) -> Option<UserInfo> {
        self.cache.as_ref()?.get(&user_id)
    }

    /// To take before reading a user's info from the database, for [`Self::keep`].
    pub fn stamp(&self, user_id: i64) -> Stamp {
        Stamp(self.shard(user_id).load(Ordering::SeqCst))
    }

    /// Keeps `info`, read after `stamp` was taken, unless a write of its shard came since.
    pub fn keep(&self, user_id: i64, stamp: Stamp, info: UserInfo) {
        if let Some(cache) = &self.cache {
            self.keep_in(cache, user_id, stamp, info);
        }
    }

    /// The kept check-in state of `user_id` in `cycle`.
    pub fn checkin(&self, user_id: i64, cycle: i64) -> Option<CheckinStatus> {
        let (kept_cycle, status) = self.checkins.as_ref()?.get(&user_id)?;
        (kept_cycle == cycle).then_some(status)
    }

    /// Keeps the check-in state of `cycle`, as [`Self::keep`] keeps an info.
    pub fn keep_checkin(&self, user_id: i64, stamp: Stamp, cycle: i64, status: CheckinStatus) {
        if let Some(cache) = &self.checkins {
            self.keep_in(cache, user_id, stamp, (cycle, status));
        }
    }

    fn keep_in<V: Clone + Send + Sync + 'static>(
        &self,
        cache: &moka::sync::Cache<i64, V>,
        user_id: i64,
        stamp: Stamp,
        value: V,
    ) {
        let shard = self.shard(user_id);
        if shard.load(Ordering::SeqCst) != stamp.0 {
            return;
        }
        cache.insert(user_id, value);
        // A write that counted itself between the check and the insert may have forgotten the
        // user before the insert: forget it again.
        if shard.load(Ordering::SeqCst) != stamp.0 {
            cache.invalidate(&user_id);
        }
    }

    /// Forgets a user whose data changed (after its commit).
    pub fn changed(&self, user_id: i64) {
        self.shard(user_id).fetch_add(1, Ordering::SeqCst);
        if let Some(cache) = &self.cache {
            cache.invalidate(&user_id);
        }
        if let Some(cache) = &self.checkins {
            cache.invalidate(&user_id);
        }
    }

    /// Forgets everyone (the notifications may have been missed).
    pub fn forget_all(&self) {
        for shard in self.writes.iter() {
            shard.fetch_add(1, Ordering::SeqCst);
        }
        if let Some(cache) = &self.cache {
            cache.invalidate_all();
        }
        if let Some(cache) = &self.checkins {
            cache.invalidate_all();
        }
    }
}

/// The channel migration 0012's triggers notify.
const CHANNEL: &str = "aivg_user_changed";

/// Listens for `aivg_user_changed` (PostgreSQL) and forgets each user named, until `stop` turns
/// true. Connected before this returns, so the server answers no call before it listens; when the
/// connection drops, everyone is forgotten (notifications may have been missed) and it reconnects.
pub async fn listen(
    url: &str,
    infos: UserInfos,
    mut stop: tokio::sync::watch::Receiver<bool>,
) -> Result<(), sqlx::Error> {
    let mut listener = sqlx::postgres::PgListener::connect(url).await?;
    listener.listen(CHANNEL).await?;
    tokio::spawn(async move {
        loop {
            let next = tokio::select! {
                next = listener.try_recv() => next,
                _ = stop.changed() => return,
            };
            match next {
                Ok(Some(n)) => match n.payload().parse::<i64>() {
                    Ok(id) => infos.changed(id),
                    Err(_) => infos.forget_all(),
                },
                // The connection dropped; `try_recv` reconnects on the next call.
                Ok(None) => infos.forget_all(),
                Err(e) => {
                    tracing::warn!("user infos: listen: {e}");
                    infos.forget_all();
                    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                }
            }
        }
    });
    Ok(())
}

/// A cache of at most [`MAX_USERS`] entries, each kept for `lifetime` at most.
fn bounded<V: Clone + Send + Sync + 'static>(lifetime: Duration) -> moka::sync::Cache<i64, V> {
    moka::sync::Cache::builder()
        .max_capacity(MAX_USERS)
        .time_to_live(lifetime)
        .build()
}

/// The user a request was sent by, when its token was verified (set by the `AuthUser` extractor
/// in the request's extensions, read by [`forget_after_writes`] once the request is answered).
#[derive(Debug, Clone, Default)]
pub struct RequestUser(Arc<std::sync::OnceLock<i64>>);

impl RequestUser {
    /// Notes the verified user of the request (the first noted stays: one request, one user).
    pub fn set(&self, user_id: i64) {
        let _ = self.0.set(user_id);
    }

    fn get(&self) -> Option<i64> {
        self.0.get().copied()
    }
}

/// Whether a request can change what the user info shows: anything but a read.
fn may_write(method: &axum::http::Method, path: &str) -> bool {
    use axum::http::Method;
    !(method == Method::GET
        || method == Method::HEAD
        || method == Method::OPTIONS
        || (method == Method::POST && path == "/v1/user"))
}

/// Middleware: once a request that may write has been answered, forgets the info of the user who
/// sent it (its handler has committed by then), so that user's next call reads it again.
pub async fn forget_after_writes(
    axum::extract::State(infos): axum::extract::State<UserInfos>,
    mut req: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    if !infos.enabled() || !may_write(req.method(), req.uri().path()) {
        return next.run(req).await;
    }
    let user = RequestUser::default();
    req.extensions_mut().insert(user.clone());
    let res = next.run(req).await;
    if let Some(id) = user.get() {
        infos.changed(id);
    }
    res
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn info(email: &str) -> UserInfo {
        UserInfo {
            email: email.into(),
            ..UserInfo::default()
        }
    }

    #[test]
    fn keeps_a_read_no_write_raced() {
        let infos = UserInfos::new(Duration::from_secs(60));
        let stamp = infos.stamp(7);
        infos.keep(7, stamp, info("a@x"));
        assert_eq!(infos.get(7).unwrap().email, "a@x");
        infos.changed(7);
        assert!(infos.get(7).is_none());
    }

    #[test]
    fn a_write_during_the_read_keeps_it_from_being_stored() {
        let infos = UserInfos::new(Duration::from_secs(60));
        let stamp = infos.stamp(7);
        infos.changed(7 + SHARDS as i64); // another user of the same shard: also skipped
        infos.keep(7, stamp, info("old@x"));
        assert!(infos.get(7).is_none());
        // Users of other shards are not affected.
        let other = infos.stamp(8);
        infos.changed(7);
        infos.keep(8, other, info("b@x"));
        assert_eq!(infos.get(8).unwrap().email, "b@x");
    }

    #[test]
    fn a_check_in_state_is_kept_for_its_cycle_and_forgotten_with_the_info() {
        let infos = UserInfos::new(Duration::from_secs(60));
        let status = CheckinStatus {
            claimed: false,
            reward: 3,
            next_cycle_at: 1.0,
        };
        infos.keep_checkin(7, infos.stamp(7), 100, status);
        assert_eq!(infos.checkin(7, 100), Some(status));
        assert_eq!(infos.checkin(7, 101), None);
        infos.keep(7, infos.stamp(7), info("a@x"));
        infos.changed(7);
        assert_eq!(infos.checkin(7, 100), None);
        assert!(infos.get(7).is_none());
    }

    #[test]
    fn forget_all_forgets_and_stops_reads_in_flight() {
        let infos = UserInfos::new(Duration::from_secs(60));
        infos.keep(1, infos.stamp(1), info("a@x"));
        let stamp = infos.stamp(2);
        infos.forget_all();
        infos.keep(2, stamp, info("b@x"));
        assert!(infos.get(1).is_none() && infos.get(2).is_none());
    }

    #[test]
    fn off_keeps_nothing_and_negative_ids_have_a_shard() {
        let off = UserInfos::new(Duration::ZERO);
        off.keep(1, off.stamp(1), info("a@x"));
        assert!(!off.enabled() && off.get(1).is_none());
        let on = UserInfos::new(Duration::from_secs(60));
        on.keep(-5, on.stamp(-5), info("n@x"));
        assert_eq!(on.get(-5).unwrap().email, "n@x");
    }

    #[test]
    fn only_reads_leave_the_user_info_alone() {
        use axum::http::Method;
        assert!(!may_write(&Method::GET, "/v1/activity/checkin/status"));
        assert!(!may_write(&Method::POST, "/v1/user"));
        assert!(may_write(&Method::POST, "/v1/activity/checkin"));
        assert!(may_write(&Method::POST, "/v1/ai/create/text2image"));
        assert!(may_write(&Method::DELETE, "/v1/user"));
        assert!(may_write(&Method::POST, "/v1/user/profile"));
    }
}
