//! The signing keys of the access tokens and what they sign (spec 02 §9): no state, no
//! database, so the application state (`state.rs`) can hold them without importing the
//! request extractors of `auth.rs`.

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Validation};
use serde::{Deserialize, Serialize};

/// The HMAC keys of the access tokens.
#[derive(Clone)]
pub struct JwtKeys {
    pub(super) enc: EncodingKey,
    pub(super) dec: DecodingKey,
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

/// The uid of a Bearer token whose signature and expiry are valid; the session is not looked up
/// (cheap enough for every request: the rate limits key free calls by it).
pub fn signed_uid(keys: &JwtKeys, headers: &axum::http::HeaderMap) -> Option<String> {
    let token = headers
        .get(axum::http::header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")?
        .trim();
    let mut validation = Validation::new(Algorithm::HS256);
    validation.leeway = 0;
    jsonwebtoken::decode::<Claims>(token, &keys.dec, &validation)
        .ok()
        .map(|d| d.claims.uid)
}
