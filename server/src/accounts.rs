//! The built-in account provider (the spec's "external account provider", spec 02 §4, §7):
//! register and log in with e-mail and password, one-time authorization codes exchanged for
//! access tokens, token renewal, user info and logout.
//!
//! Decisions (server behaviour is "not shown" in the spec):
//! - passwords: at least 8 characters with a letter and a digit, at most 128; hashed with argon2id;
//! - e-mail: trimmed, lower-cased, one '@' with a dot in the domain, at most 254 characters;
//! - attempts: per e-mail, a burst of 10 then one a minute (in memory: per server instance);
//! - authorization codes: 24 random characters, valid 5 minutes, usable once;
//! - new users get the free tier's 5 credits (spec 02 §1), valid indefinitely.

use crate::api::{ApiError, ApiJson, ApiResult, ok};
use crate::app::AppState;
use crate::auth::{self, AuthUser};
use crate::clock;
use crate::ids::random_token;
use crate::ledger::{self, Entry};
use argon2::Argon2;
use argon2::password_hash::{
    PasswordHash, PasswordHasher, PasswordVerifier, SaltString, rand_core::OsRng,
};
use serde::Deserialize;
use serde_json::{Value, json};
use sqlx::Row;

/// Credits of a new account: the free tier's 5 (spec 02 §1 benefit table).
pub const SIGNUP_CREDITS: i64 = aivg_core::credits::SIGNUP_CREDITS as i64;
const CODE_LIFETIME_MS: i64 = 5 * 60 * 1000;

/// `{email, password}` of the register and login calls.
#[derive(Debug, Deserialize)]
pub struct Credentials {
    pub email: String,
    pub password: String,
}

fn normalise_email(raw: &str) -> Result<String, ApiError> {
    let email = raw.trim().to_lowercase();
    let valid = email.len() <= 254
        && email.split_once('@').is_some_and(|(local, domain)| {
            !local.is_empty()
                && !domain.contains('@')
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
        })
        && !email.chars().any(char::is_whitespace);
    if valid {
        Ok(email)
    } else {
        Err(ApiError::invalid(
            "email",
            "enter an e-mail address like name@example.com",
        ))
    }
}

fn check_password_strength(password: &str) -> Result<(), ApiError> {
    let len = password.chars().count();
    if len < 8 {
        return Err(ApiError::invalid(
            "password",
            "too weak: use at least 8 characters",
        ));
    }
    if len > 128 {
        return Err(ApiError::invalid(
            "password",
            "too long: use at most 128 characters",
        ));
    }
    if !password.chars().any(char::is_alphabetic) || !password.chars().any(|c| c.is_ascii_digit()) {
        return Err(ApiError::invalid(
            "password",
            "too weak: use at least one letter and one digit",
        ));
    }
    Ok(())
}

async fn hash_password(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
    })
    .await
    .map_err(ApiError::internal)?
    .map_err(ApiError::internal)
}

async fn verify_password(password: String, hash: String) -> Result<bool, ApiError> {
    tokio::task::spawn_blocking(move || {
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

fn limit_attempts(state: &AppState, email: &str) -> Result<(), ApiError> {
    state
        .login_limiter
        .check_key(&email.to_owned())
        .map_err(|_| {
            ApiError::too_many("too many attempts for this e-mail: wait a minute and try again")
        })
}

async fn new_code(state: &AppState, user_id: i64, is_new: bool) -> Result<String, ApiError> {
    let code = random_token(24);
    sqlx::query("INSERT INTO auth_codes (code, user_id, is_new, expires_ms, used) VALUES ($1, $2, $3, $4, 0)")
        .bind(&code)
        .bind(user_id)
        .bind(i64::from(is_new))
        .bind(clock::now_ms() + CODE_LIFETIME_MS)
        .execute(&state.db.pool)
        .await?;
    Ok(code)
}

/// `POST /account/register` {email, password} → `{code}`: creates the account with its sign-up credits.
pub async fn register(
    state: axum::extract::State<AppState>,
    ApiJson(c): ApiJson<Credentials>,
) -> ApiResult<Value> {
    let email = normalise_email(&c.email)?;
    check_password_strength(&c.password)?;
    limit_attempts(&state, &email)?;
    let hash = hash_password(c.password).await?;
    let now = clock::now_s();
    let uid = random_token(12);
    let nickname = email.split('@').next().unwrap_or_default().to_owned();
    let mut tx = state.db.pool.begin().await?;
    let inserted = sqlx::query(
        "INSERT INTO users (uid, email, password_hash, nickname, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(&uid)
    .bind(&email)
    .bind(&hash)
    .bind(&nickname)
    .bind(now)
    .fetch_one(&mut *tx)
    .await;
    let user_id: i64 = match inserted {
        Ok(row) => row.try_get(0)?,
        Err(e) if crate::db::is_unique_violation(&e) => {
            return Err(ApiError::conflict(
                "email: this e-mail is already registered; log in instead",
            ));
        }
        Err(e) => return Err(e.into()),
    };
    ledger::lock_user(&mut tx, user_id).await?;
    let entry = Entry {
        user_id,
        reason: "signup",
        details: "Welcome credits",
        credits: SIGNUP_CREDITS,
        date: now,
        expire_time: 0,
        reference: "",
    };
    ledger::grant(&mut tx, &entry).await?;
    tx.commit().await?;
    let code = new_code(&state, user_id, true).await?;
    ok(json!({ "code": code, "is_new": 1 }))
}

/// `POST /account/login` {email, password} → `{code}`.
pub async fn login(
    state: axum::extract::State<AppState>,
    ApiJson(c): ApiJson<Credentials>,
) -> ApiResult<Value> {
    let email = normalise_email(&c.email)?;
    if c.password.is_empty() {
        return Err(ApiError::invalid("password", "enter your password"));
    }
    limit_attempts(&state, &email)?;
    let row = sqlx::query("SELECT id, password_hash FROM users WHERE email = $1")
        .bind(&email)
        .fetch_optional(&state.db.pool)
        .await?;
    let Some(row) = row else {
        return Err(ApiError::invalid(
            "email",
            "no account uses this e-mail; register first",
        ));
    };
    let hash: String = row.try_get("password_hash")?;
    if !verify_password(c.password, hash).await? {
        return Err(ApiError::invalid("password", "wrong password"));
    }
    let code = new_code(&state, row.try_get("id")?, false).await?;
    ok(json!({ "code": code, "is_new": 0 }))
}

/// `{code}` of the token exchange (the spec's extra login params are accepted and ignored).
#[derive(Debug, Deserialize)]
pub struct TokenRequest {
    pub code: String,
}

fn token_answer(issued: &auth::Issued, is_new: bool, is_free_trial: i64, created_at: i64) -> Value {
    json!({
        "jwt": issued.token,
        "access_token": issued.token,
        "expires_at": issued.expires_ms / 1000,
        "is_new": i64::from(is_new),
        "is_free_trial": is_free_trial,
        "created_at": created_at,
    })
}

/// `POST /v1/oauth/token` {code} → {jwt, access_token, is_new, is_free_trial, created_at}.
pub async fn oauth_token(
    state: axum::extract::State<AppState>,
    ApiJson(req): ApiJson<TokenRequest>,
) -> ApiResult<Value> {
    let code = req.code.trim();
    if code.is_empty() {
        return Err(ApiError::invalid("code", "missing authorization code"));
    }
    let now = clock::now_ms();
    // Mark used in the same statement that checks it, so a code can be exchanged once only.
    let row = sqlx::query(
        "UPDATE auth_codes SET used = 1 WHERE code = $1 AND used = 0 AND expires_ms > $2 RETURNING user_id, is_new",
    )
    .bind(code)
    .bind(now)
    .fetch_optional(&state.db.pool)
    .await?
    .ok_or_else(|| ApiError::logged_out("code: this authorization code is unknown, expired or already used; log in again"))?;
    let user_id: i64 = row.try_get("user_id")?;
    let is_new: i64 = row.try_get("is_new")?;
    let user = sqlx::query("SELECT uid, is_free_trial, created_at FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_one(&state.db.pool)
        .await?;
    let uid: String = user.try_get("uid")?;
    let issued = auth::issue(&state, user_id, &uid, now).await?;
    ok(token_answer(
        &issued,
        is_new != 0,
        user.try_get("is_free_trial")?,
        user.try_get("created_at")?,
    ))
}

/// `GET /v1/token/renew` → a fresh token; the old one ends a short grace after (core's
/// `RENEWED_TOKEN_GRACE_MS`: calls already sent with it still succeed).
pub async fn renew(state: axum::extract::State<AppState>, user: AuthUser) -> ApiResult<Value> {
    let now = clock::now_ms();
    let issued = auth::issue(&state, user.id, &user.uid, now).await?;
    let ends = now.saturating_add(aivg_core::session::RENEWED_TOKEN_GRACE_MS);
    sqlx::query("UPDATE tokens SET expires_ms = $1 WHERE jti = $2 AND expires_ms > $1")
        .bind(ends)
        .bind(&user.jti)
        .execute(&state.db.pool)
        .await?;
    let row = sqlx::query("SELECT is_free_trial, created_at FROM users WHERE id = $1")
        .bind(user.id)
        .fetch_one(&state.db.pool)
        .await?;
    ok(token_answer(
        &issued,
        false,
        row.try_get("is_free_trial")?,
        row.try_get("created_at")?,
    ))
}

/// `POST /v1/logout`: revokes the token at once.
pub async fn logout(state: axum::extract::State<AppState>, user: AuthUser) -> ApiResult<Value> {
    sqlx::query("UPDATE tokens SET revoked = 1 WHERE jti = $1")
        .bind(&user.jti)
        .execute(&state.db.pool)
        .await?;
    ok(Value::Null)
}

/// `POST /v1/user` → the user info of spec 02 §3.
pub async fn user_info(
    state: axum::extract::State<AppState>,
    user: AuthUser,
) -> ApiResult<aivg_core::session::UserInfo> {
    ok(crate::users::info(&state, user.id).await?)
}
