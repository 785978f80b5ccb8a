//! Password hashes (argon2id, the crate's default parameters), bounded: each hash or check takes a
//! slot of `AIVG_HASH_CONCURRENCY` (a request waits up to `AIVG_BUSY_WAIT_MS`, then 429), so a
//! flood cannot run hundreds of 19 MiB hashes on the blocking threads at once.
//!
//! A log-in for an e-mail that has no account checks the password against a dummy hash made with
//! the same parameters, so both failures take the same time (see `accounts::login`).

use crate::api::ApiError;
use crate::limits::{Limits, Work};
use argon2::Argon2;
use argon2::password_hash::{
    PasswordHash, PasswordHasher, PasswordVerifier, SaltString, rand_core::OsRng,
};
use tokio::sync::OnceCell;

fn hash_now(password: &str) -> Result<String, argon2::password_hash::Error> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
}

/// The argon2id hash of a password (PHC string).
pub async fn hash(limits: &Limits, password: String) -> Result<String, ApiError> {
    let permit = limits.permit(Work::PasswordHash).await?;
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        hash_now(&password)
    })
    .await
    .map_err(ApiError::internal)?
    .map_err(ApiError::internal)
}

/// Whether `password` matches `hash`.
pub async fn verify(limits: &Limits, password: String, hash: String) -> Result<bool, ApiError> {
    let permit = limits.permit(Work::PasswordHash).await?;
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        PasswordHash::new(&hash).map(|parsed| {
            Argon2::default()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        })
    })
    .await
    .map_err(ApiError::internal)?
    .map_err(ApiError::internal)
}

static DUMMY: OnceCell<String> = OnceCell::const_new();

/// A hash no password the user can type matches (made once per process, with the parameters of
/// real hashes, so checking against it costs what a real check costs).
pub async fn dummy_hash(limits: &Limits) -> Result<String, ApiError> {
    DUMMY
        .get_or_try_init(|| hash(limits, crate::ids::random_token(32)))
        .await
        .cloned()
}
