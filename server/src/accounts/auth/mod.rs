//! Access tokens: HS256 JWTs (jsonwebtoken) whose id is recorded in `tokens`, so logout and
//! revocation take effect at once. Lifetime 2 days
//! (docs/behaviour/accounts-and-sessions.md#tokens-and-sessions, token cookie 2 days).

use crate::api::ApiError;
use jsonwebtoken::{Algorithm, Header};
use sqlx::AnyPool;

pub mod api_keys;
mod extract;
pub mod keys;
pub mod sessions;
pub use keys::{Claims, JwtKeys, signed_uid};

/// Token lifetime: 2 days (docs/behaviour/accounts-and-sessions.md#tokens-and-sessions), from core.
pub const TOKEN_LIFETIME_MS: i64 = aivg_core::session::TOKEN_LIFETIME_MS;

/// A freshly issued token.
#[derive(Debug)]
pub struct Issued {
    pub token: String,
    pub jti: String,
    pub expires_ms: i64,
}

/// Issues and records a token for the user, in `family` (the session's first token's jti; empty:
/// a new session, whose family is this token).
pub async fn issue(
    keys: &JwtKeys,
    pool: &AnyPool,
    user_id: i64,
    uid: &str,
    now_ms: i64,
    family: &str,
) -> Result<Issued, ApiError> {
    let jti = crate::ids::random_token(16);
    let family = if family.is_empty() { &jti } else { family };
    let expires_ms = now_ms + TOKEN_LIFETIME_MS;
    let claims = Claims {
        sub: uid.to_owned(),
        uid: uid.to_owned(),
        jti: jti.clone(),
        iat: now_ms / 1000,
        exp: expires_ms / 1000,
    };
    let token = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &keys.enc)
        .map_err(ApiError::internal)?;
    sqlx::query(
        "INSERT INTO tokens (jti, user_id, expires_ms, revoked, family) VALUES ($1, $2, $3, 0, $4)",
    )
    .bind(&jti)
    .bind(user_id)
    .bind(expires_ms)
    .bind(family)
    .execute(pool)
    .await?;
    Ok(Issued {
        token,
        jti,
        expires_ms,
    })
}

/// The signed-in user of a request: a valid, unexpired, unrevoked Bearer token.
/// Anything else answers HTTP 401 with code 140013
/// (docs/behaviour/calls-and-errors.md#logged-out-answer).
/// An API key (`api_keys.rs`) stands for its owner on the calls that take one, and only there.
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub id: i64,
    pub uid: String,
    /// The access token's id; empty for an API key.
    pub jti: String,
    /// The API key the call was made with, `None` for a signed-in session.
    pub key_id: Option<i64>,
}

/// Like [`AuthUser`] but optional: `None` for guests, still 401 for a bad token.
#[derive(Debug, Clone)]
pub struct MaybeUser(pub Option<AuthUser>);
