//! Access tokens: HS256 JWTs (jsonwebtoken) whose id is recorded in `tokens`, so logout and
//! revocation take effect at once. Lifetime 2 days (spec 02 §9, token cookie 2 days).

use crate::api::ApiError;
use crate::app::AppState;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use sqlx::Row;

/// Token lifetime: 2 days (spec 02 §9), from core.
pub const TOKEN_LIFETIME_MS: i64 = aivg_core::session::TOKEN_LIFETIME_MS;

/// The HMAC keys of the access tokens.
#[derive(Clone)]
pub struct JwtKeys {
    enc: EncodingKey,
    dec: DecodingKey,
}

impl std::fmt::Debug for JwtKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("JwtKeys(..)")
    }
}

impl JwtKeys {
    pub fn new(secret: &[u8]) -> Self {
        Self {
            enc: EncodingKey::from_secret(secret),
            dec: DecodingKey::from_secret(secret),
        }
    }
}

/// Claims of an access token. `uid` is what the client compares with its cached user info
/// (spec 02 §4: user info is kept only when its uid matches the token's).
#[derive(Debug, Serialize, Deserialize)]
pub struct Claims {
    pub sub: String,
    pub uid: String,
    pub jti: String,
    pub iat: i64,
    pub exp: i64,
}

/// A freshly issued token.
#[derive(Debug)]
pub struct Issued {
    pub token: String,
    pub jti: String,
    pub expires_ms: i64,
}

/// Issues and records a token for the user.
pub async fn issue(
    state: &AppState,
    user_id: i64,
    uid: &str,
    now_ms: i64,
) -> Result<Issued, ApiError> {
    let jti = crate::ids::random_token(16);
    let expires_ms = now_ms + TOKEN_LIFETIME_MS;
    let claims = Claims {
        sub: uid.to_owned(),
        uid: uid.to_owned(),
        jti: jti.clone(),
        iat: now_ms / 1000,
        exp: expires_ms / 1000,
    };
    let token = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &state.jwt.enc)
        .map_err(ApiError::internal)?;
    sqlx::query("INSERT INTO tokens (jti, user_id, expires_ms, revoked) VALUES ($1, $2, $3, 0)")
        .bind(&jti)
        .bind(user_id)
        .bind(expires_ms)
        .execute(&state.db.pool)
        .await?;
    Ok(Issued {
        token,
        jti,
        expires_ms,
    })
}

/// The uid of a Bearer token whose signature and expiry are valid; the session is not looked up
/// (cheap enough for every request: the rate limits key free calls by it).
pub fn signed_uid(keys: &JwtKeys, headers: &axum::http::HeaderMap) -> Option<String> {
    let token = headers
        .get(axum::http::header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")?
        .trim();
    verified_claims(keys, token).ok().map(|c| c.uid)
}

/// A token's claims once its signature is checked and it has not expired. The expiry is checked
/// against the server's clock (`clock.rs`, the only clock read, so a debug build's test clock
/// moves tokens too), not jsonwebtoken's own reading of the system time; no leeway.
fn verified_claims(keys: &JwtKeys, token: &str) -> Result<Claims, String> {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.leeway = 0;
    // `exp` stays a required claim; its value is compared below.
    validation.validate_exp = false;
    let claims = jsonwebtoken::decode::<Claims>(token, &keys.dec, &validation)
        .map_err(|e| e.to_string())?
        .claims;
    if claims.exp < crate::clock::now_s() {
        return Err("ExpiredSignature".into());
    }
    Ok(claims)
}

/// The signed-in user of a request: a valid, unexpired, unrevoked Bearer token.
/// Anything else answers HTTP 401 with code 140013 (spec 02 §8).
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub id: i64,
    pub uid: String,
    pub jti: String,
}

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let header = parts
            .headers
            .get(axum::http::header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .ok_or_else(|| ApiError::logged_out("please log in: no access token was sent"))?;
        let token = header
            .strip_prefix("Bearer ")
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .ok_or_else(|| {
                ApiError::logged_out(
                    "please log in: the Authorization header must be 'Bearer <token>'",
                )
            })?;
        let claims = verified_claims(&state.jwt, token).map_err(|e| {
            ApiError::logged_out(format!(
                "please log in again: the access token is not valid ({e})"
            ))
        })?;
        let row = sqlx::query("SELECT t.user_id, t.expires_ms, t.revoked, u.uid FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.jti = $1")
            .bind(&claims.jti)
            .fetch_optional(&state.db.pool)
            .await?
            .ok_or_else(|| ApiError::logged_out("please log in again: this session is unknown"))?;
        let revoked: i64 = row.try_get("revoked")?;
        let expires_ms: i64 = row.try_get("expires_ms")?;
        if revoked != 0 || expires_ms <= crate::clock::now_ms() {
            return Err(ApiError::logged_out(
                "please log in again: this session has ended",
            ));
        }
        Ok(AuthUser {
            id: row.try_get("user_id")?,
            uid: row.try_get("uid")?,
            jti: claims.jti,
        })
    }
}

/// Like [`AuthUser`] but optional: `None` for guests, still 401 for a bad token.
#[derive(Debug, Clone)]
pub struct MaybeUser(pub Option<AuthUser>);

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        if parts
            .headers
            .get(axum::http::header::AUTHORIZATION)
            .is_none()
        {
            return Ok(MaybeUser(None));
        }
        AuthUser::from_request_parts(parts, state)
            .await
            .map(|u| MaybeUser(Some(u)))
    }
}
