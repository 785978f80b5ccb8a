//! Storage quotas per plan (the spec shows the 'Not enough space' modal,
//! docs/behaviour/calls-and-errors.md#messages, but no sizes; decided here):
//!
//! | plan | quota |
//! |---|---|
//! | free (and inactive, and expired paid plans) | 500 MB |
//! | standard | 10 GB |
//! | premium | 50 GB |
//!
//! Uploads in progress hold their bytes (`reservations.rs`), so parallel uploads cannot pass the
//! quota together. Only uploads count: task outputs are the product's own results and never block an upload.
//! An upload that would pass the quota answers HTTP 507 with code [`CODE_NOT_ENOUGH_SPACE`],
//! which the app maps to the drive-space modal; the message is the modal's default text.

use crate::api::ApiError;
use axum::http::StatusCode;
use sqlx::AnyConnection;

/// Envelope code of "not enough space" (HTTP 507): the app opens the drive-space modal.
pub const CODE_NOT_ENOUGH_SPACE: i64 = aivg_core::request::CODE_NOT_ENOUGH_SPACE;

const MB: i64 = 1000 * 1000;
const GB: i64 = 1000 * MB;
/// Quota of free users (and inactive or expired plans), bytes.
pub const FREE_QUOTA: i64 = 500 * MB;
/// Quota of standard users, bytes.
pub const STANDARD_QUOTA: i64 = 10 * GB;
/// Quota of premium users, bytes.
pub const PREMIUM_QUOTA: i64 = 50 * GB;

/// The quota of a plan level.
pub fn quota_for_level(level: &str) -> i64 {
    match level {
        "premium" => PREMIUM_QUOTA,
        "standard" => STANDARD_QUOTA,
        _ => FREE_QUOTA,
    }
}

/// Bytes of the user's uploads.
pub async fn used_bytes(conn: &mut AnyConnection, user_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT CAST(COALESCE(SUM(size), 0) AS BIGINT) FROM objects WHERE user_id = $1 AND origin = 'upload'")
        .bind(user_id)
        .fetch_one(conn)
        .await
}

/// The user's quota and usage.
#[derive(Debug, Clone, Copy, serde::Serialize, utoipa::ToSchema)]
pub struct Usage {
    pub used: i64,
    pub limit: i64,
}

impl Usage {
    /// Bytes still free.
    pub fn remaining(self) -> i64 {
        (self.limit - self.used).max(0)
    }

    /// `Err(not enough space)` when `incoming` more bytes would pass the quota.
    pub fn admit(self, incoming: i64) -> Result<(), ApiError> {
        if self.used.saturating_add(incoming) > self.limit {
            Err(not_enough_space(self, incoming))
        } else {
            Ok(())
        }
    }
}

/// Bytes held by the user's uploads in progress (see `reservations.rs`).
pub async fn reserved_bytes(
    conn: &mut AnyConnection,
    user_id: i64,
    now_ms: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT CAST(COALESCE(SUM(bytes), 0) AS BIGINT) FROM upload_reservations WHERE user_id = $1 AND expires_ms > $2")
        .bind(user_id)
        .bind(now_ms)
        .fetch_one(conn)
        .await
}

/// The user's usage and limit: `used` counts the stored uploads and the bytes held by uploads in
/// progress; the limit is the quota of `level`, the user's effective plan level as the request
/// read it (`store::subscriptions::effective_level`).
pub async fn usage(
    conn: &mut AnyConnection,
    user_id: i64,
    level: &str,
    now_s: i64,
) -> Result<Usage, sqlx::Error> {
    let stored = used_bytes(conn, user_id).await?;
    let held = reserved_bytes(conn, user_id, now_s.saturating_mul(1000)).await?;
    Ok(Usage {
        used: stored.saturating_add(held),
        limit: quota_for_level(level),
    })
}

/// The drive-space error (HTTP 507, [`CODE_NOT_ENOUGH_SPACE`]).
pub fn not_enough_space(usage: Usage, incoming: i64) -> ApiError {
    let status = StatusCode::INSUFFICIENT_STORAGE;
    ApiError::new(
        status,
        CODE_NOT_ENOUGH_SPACE,
        format!(
            "Remaining cloud storage not enough. Please upgrade your plan and try uploading again ({} of {} bytes used, {incoming} more needed).",
            usage.used, usage.limit
        ),
    )
}
