//! The signing keys of the access tokens and what they sign
//! (docs/behaviour/accounts-and-sessions.md#tokens-and-sessions): no state, no database, so the
//! application state (`state.rs`) can hold them without importing the request extractors of
//! `accounts/auth/`.

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
/// (docs/behaviour/accounts-and-sessions.md#tokens-and-sessions: user info is kept only when its
/// uid matches the token's).
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
    verified_claims(keys, token).ok().map(|c| c.uid)
}

/// A token's claims once its signature is checked and it has not expired. The expiry is checked
/// against the server's clock (`clock.rs`, the only clock read, so a debug build's test clock
/// moves tokens too), not jsonwebtoken's own reading of the system time; no leeway. The error is
/// a plain sentence for the 401: the library's own text (its algorithm list, `InvalidSignature`)
/// tells a caller how tokens are checked and nothing it can act on
/// (docs/behaviour/calls-and-errors.md#logged-out-answer).
pub fn verified_claims(keys: &JwtKeys, token: &str) -> Result<Claims, &'static str> {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.leeway = 0;
    // `exp` stays a required claim; its value is compared below.
    validation.validate_exp = false;
    let claims = jsonwebtoken::decode::<Claims>(token, &keys.dec, &validation)
        .map_err(|_| "the access token is not valid")?
        .claims;
    if claims.exp < crate::clock::now_s() {
        return Err("the access token has expired");
    }
    Ok(claims)
}
