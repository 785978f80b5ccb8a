//! Uploads (docs/behaviour/uploads.md#uploads "uploads"; answers not shown, decided here).
//!
//! Flow: `GET /v1/common/oss/token?algorithm=…` grants a signed, expiring upload URL served by
//! this server (`PUT /oss/upload/{oss_path}?expires&sig`); the client PUTs the bytes there and
//! then names the file by its `oss_path` in task calls (`data.file_path`) and in
//! `/v1/common/oss/sign` (a signed download URL, `GET /oss/file/{oss_path}?expires&sig`) and
//! `/v1/common/oss/mediainfo`.
//!
//! Decisions:
//! - bytes live in an `object_store`: `{data}/objects` by default, an S3-compatible bucket when
//!   `AIVG_S3_BUCKET` is set (see `config/mod.rs`);
//! - paths are namespaced by user (`users/{uid}/…`, see [`paths`]); another user's path answers
//!   404, like a missing one;
//! - URLs are signed with HMAC-SHA256 (a key derived from the token secret); uploads expire
//!   after 1 hour, downloads after 24 hours;
//! - a file is at most [`MAX_UPLOAD_BYTES`] (200 MB); uploads count toward a per-plan quota
//!   (free 500 MB, standard 10 GB, premium 50 GB; see [`quota`]); passing it answers HTTP 507
//!   with code [`CODE_NOT_ENOUGH_SPACE`], the app's drive-space modal.

pub mod grants;
pub mod mediainfo;
pub mod objects;
pub mod paths;
pub mod picture_size;
pub mod quota;
pub mod range;
pub mod reservations;
pub mod signing;
mod sink;
pub mod storage;
mod transfer;

pub use crate::config::uploads::UploadSettings;
pub use quota::CODE_NOT_ENOUGH_SPACE;
pub use sink::PART_SIZE;
pub use storage::{DOWNLOAD_URL_LIFETIME_S, Files, LocalFile, UPLOAD_URL_LIFETIME_S};

use crate::state::AppState;
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, put};

/// Largest file, bytes (200 MB).
pub const MAX_UPLOAD_BYTES: i64 = 200 * 1000 * 1000;

/// The routes of this area, merged into the app router.
pub fn router() -> Router<AppState> {
    let limit = usize::try_from(MAX_UPLOAD_BYTES).unwrap_or(usize::MAX);
    Router::new()
        .route("/v1/common/oss/token", get(grants::token))
        .route("/v1/common/oss/sign", get(grants::sign))
        .route("/v1/common/oss/mediainfo", get(grants::mediainfo))
        .route(
            "/oss/upload/{*oss_path}",
            put(transfer::upload).layer(DefaultBodyLimit::max(limit)),
        )
        .route("/oss/file/{*oss_path}", get(transfer::download))
}
