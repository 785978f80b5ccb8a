//! Uploads made atomic against the quota. Before the first byte is stored, an upload reserves
//! its bytes (the declared `Content-Length`, else all the room left up to the file limit) in one
//! transaction under the user's lock, counting what is stored and what other uploads in progress
//! hold; the object is recorded, and the reservation dropped, in one transaction at the end, with
//! the quota checked again. So two parallel uploads cannot both pass the quota, and one upload
//! URL cannot be used by two PUTs at once (the reservation's key is the path: the second is 409).
//!
//! A reservation ends with its upload, also when the client goes away mid-way (the guard's drop
//! removes it); one left by a crash lapses after [`RESERVATION_TTL_MS`] and is purged.

use super::objects::{self, NewObject};
use super::quota::{self, Usage};
use crate::api::ApiError;
use crate::clock;
use crate::ledger;
use sqlx::AnyPool;

/// How long a reservation holds at most (an upload URL lives 1 hour; a slow upload may outlast it).
pub const RESERVATION_TTL_MS: i64 = 6 * 3600 * 1000;

/// The bytes one upload may store, held until [`Reservation::settle`] or drop.
#[derive(Debug)]
pub struct Reservation {
    pool: AnyPool,
    path: String,
    user_id: i64,
    /// The user's effective plan level, read once by the upload's request: its quota applies
    /// when the upload settles too.
    level: &'static str,
    /// The most bytes this upload may store.
    pub bytes: i64,
    /// The user's usage when it was made, this reservation not included.
    pub usage: Usage,
    open: bool,
}

fn in_use() -> ApiError {
    ApiError::conflict("this upload URL was already used: ask for a new one")
}

/// Reserves `declared` bytes (or, when `None`, the room left up to `max_file`) for an upload of
/// `user_id`, whose effective plan level is `level`, to `path`. 507 when the quota has no room,
/// 409 when the URL is in use.
pub async fn reserve(
    pool: &AnyPool,
    (user_id, level): (i64, &'static str),
    path: &str,
    declared: Option<i64>,
    max_file: i64,
) -> Result<Reservation, ApiError> {
    let now_ms = clock::now_ms();
    let mut tx = crate::db::begin_write(pool).await?;
    ledger::lock_user(&mut tx, user_id).await?;
    // Under the user's lock, so an upload that finished on this URL meanwhile is seen.
    let used: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM objects WHERE oss_path = $1")
        .bind(path)
        .fetch_one(&mut *tx)
        .await?;
    if used > 0 {
        return Err(in_use());
    }
    let usage = quota::usage(&mut tx, user_id, level, now_ms / 1000).await?;
    let bytes = match declared {
        Some(n) => {
            usage.admit(n)?;
            n
        }
        None => {
            let room = usage.remaining().min(max_file);
            if room <= 0 {
                return Err(quota::not_enough_space(usage, 1));
            }
            room
        }
    };
    let inserted = sqlx::query(
        "INSERT INTO upload_reservations (oss_path, user_id, bytes, expires_ms) VALUES ($1, $2, $3, $4)",
    )
    .bind(path)
    .bind(user_id)
    .bind(bytes)
    .bind(now_ms + RESERVATION_TTL_MS)
    .execute(&mut *tx)
    .await;
    match inserted {
        Ok(_) => {}
        Err(e) if crate::db::is_unique_violation(&e) => return Err(in_use()),
        Err(e) => return Err(e.into()),
    }
    tx.commit().await?;
    Ok(Reservation {
        pool: pool.clone(),
        path: path.to_owned(),
        user_id,
        level,
        bytes,
        usage,
        open: true,
    })
}

impl Reservation {
    /// `Err(not enough space)` once `size` stored bytes pass the reservation.
    pub fn admit(&self, size: i64) -> Result<(), ApiError> {
        if size > self.bytes {
            Err(quota::not_enough_space(self.usage, size))
        } else {
            Ok(())
        }
    }

    /// Records the stored object and ends the reservation, in one transaction that checks the
    /// quota again (a reservation that lapsed meanwhile held nothing). On `Err` nothing is
    /// recorded: the caller removes the stored bytes.
    pub async fn settle(mut self, object: &NewObject<'_>) -> Result<(), ApiError> {
        let settled = self.try_settle(object).await;
        if settled.is_err() {
            self.release().await;
        }
        settled
    }

    /// Ends the reservation now (an upload that failed).
    pub async fn release(mut self) {
        self.open = false;
        let gone = sqlx::query("DELETE FROM upload_reservations WHERE oss_path = $1")
            .bind(&self.path)
            .execute(&self.pool)
            .await;
        if let Err(e) = gone {
            tracing::warn!(
                "upload reservation of {}: {e} (it lapses on its own)",
                self.path
            );
        }
    }

    async fn try_settle(&mut self, object: &NewObject<'_>) -> Result<(), ApiError> {
        let mut tx = crate::db::begin_write(&self.pool).await?;
        ledger::lock_user(&mut tx, self.user_id).await?;
        sqlx::query("DELETE FROM upload_reservations WHERE oss_path = $1")
            .bind(&self.path)
            .execute(&mut *tx)
            .await?;
        let usage = quota::usage(&mut tx, self.user_id, self.level, clock::now_s()).await?;
        usage.admit(object.size)?;
        match objects::insert(&mut tx, object).await {
            Ok(()) => {}
            Err(e) if crate::db::is_unique_violation(&e) => return Err(in_use()),
            Err(e) => return Err(e.into()),
        }
        tx.commit().await?;
        self.open = false;
        Ok(())
    }
}

impl Drop for Reservation {
    fn drop(&mut self) {
        if !self.open {
            return;
        }
        let (pool, path) = (self.pool.clone(), std::mem::take(&mut self.path));
        if let Ok(rt) = tokio::runtime::Handle::try_current() {
            rt.spawn(async move {
                let gone = sqlx::query("DELETE FROM upload_reservations WHERE oss_path = $1")
                    .bind(&path)
                    .execute(&pool)
                    .await;
                if let Err(e) = gone {
                    tracing::warn!("upload reservation of {path}: {e} (it lapses on its own)");
                }
            });
        }
    }
}
