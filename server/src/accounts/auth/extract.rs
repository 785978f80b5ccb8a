//! The request extractors of the signed-in user, on the application state: the HTTP face of
//! `auth/mod.rs` (docs/behaviour/calls-and-errors.md#logged-out-answer: anything but a valid,
//! unexpired, unrevoked Bearer token answers 401 with code 140013). A session found valid is kept a
//! moment (`sessions.rs`), so the busiest calls do not read `tokens` each time.

use super::keys::verified_claims;
use super::sessions::CachedSession;
use super::{AuthUser, MaybeUser};
use crate::api::ApiError;
use crate::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use sqlx::FromRow;

/// The stored session of a token (`tokens` with its user's uid).
#[derive(FromRow)]
struct Session {
    user_id: i64,
    expires_ms: i64,
    revoked: i64,
    uid: String,
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
        if super::api_keys::is_api_key(token) {
            return key_user(parts, state, token).await;
        }
        let claims = verified_claims(&state.jwt, token)
            .map_err(|e| ApiError::logged_out(format!("please log in again: {e}")))?;
        let now = crate::clock::now_ms();
        if let Some(kept) = state.sessions.get(&claims.jti, now) {
            note_user(parts, kept.user_id);
            return Ok(AuthUser {
                id: kept.user_id,
                uid: kept.uid,
                jti: claims.jti,
                key_id: None,
            });
        }
        let session: Session = sqlx::query_as("SELECT t.user_id, t.expires_ms, t.revoked, u.uid FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.jti = $1")
            .bind(&claims.jti)
            .fetch_optional(&state.db.pool)
            .await?
            .ok_or_else(|| ApiError::logged_out("please log in again: this session is unknown"))?;
        if session.revoked != 0 || session.expires_ms <= now {
            return Err(ApiError::logged_out(
                "please log in again: this session has ended",
            ));
        }
        state.sessions.keep(
            &claims.jti,
            CachedSession {
                user_id: session.user_id,
                uid: session.uid.clone(),
                expires_ms: session.expires_ms,
            },
        );
        note_user(parts, session.user_id);
        Ok(AuthUser {
            id: session.user_id,
            uid: session.uid,
            jti: claims.jti,
            key_id: None,
        })
    }
}

/// The owner of an API key allowed on this call (`api_keys.rs` says which calls take one), once
/// the key's own rate and its owner's per-account rates allow it (`limits/routes.rs`).
async fn key_user(parts: &Parts, state: &AppState, key: &str) -> Result<AuthUser, ApiError> {
    let route = parts
        .extensions
        .get::<axum::extract::MatchedPath>()
        .map(axum::extract::MatchedPath::as_str);
    let now = crate::clock::now_ms();
    let row = super::api_keys::authorised(&state.db.pool, key, &parts.method, route, now).await?;
    crate::limits::routes::check_key_call(
        &state.limits,
        row.id,
        &row.uid,
        &parts.method,
        parts.uri.path(),
    )?;
    note_user(parts, row.user_id);
    Ok(AuthUser {
        id: row.user_id,
        uid: row.uid,
        jti: String::new(),
        key_id: Some(row.id),
    })
}

/// Tells `user_infos::forget_after_writes` whose request this is (only requests that may write
/// carry the slot).
fn note_user(parts: &Parts, user_id: i64) {
    if let Some(slot) = parts
        .extensions
        .get::<crate::accounts::user_infos::RequestUser>()
    {
        slot.set(user_id);
    }
}

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
