//! The built-in account provider (the spec's "external account provider",
//! docs/behaviour/accounts-and-sessions.md#log-in, #accounts): register and log in with e-mail and
//! password, one-time authorization codes exchanged for access tokens, token renewal, user info and
//! logout.
//!
//! Decisions (server behaviour is "not shown" in the spec):
//! - passwords and e-mails follow core's rules (`aivg_core::session::credentials`); passwords are
//!   hashed with argon2id;
//! - refusals answer core's sentences for people in `msg` and their stable `kind`, which the pages
//!   translate (docs/behaviour/accounts-and-sessions.md#account-pages);
//! - attempts: sign-ups per client address, log-ins per address and per account without a
//!   lock-out an attacker can aim (see `limits/login.rs`); password hashes run a few at a time
//!   (`passwords.rs`);
//! - a log-in with an unknown e-mail and one with a wrong password get the same answer after the
//!   same work (a hash check either way), so log-in does not tell who has an account (sign-up
//!   does: an e-mail already registered answers 409, as it must without e-mail verification);
//! - authorization codes: 24 random characters, valid 5 minutes, usable once;
//! - new users get the free tier's 5 credits (docs/behaviour/credits-and-checkin.md#credits), valid
//!   indefinitely, once per identity (`identity.rs`: `ann+2@example.com` is `ann@example.com`); a
//!   later account of the same identity starts with none.
//!
//! The accounts area's files: the sessions and their tokens ([`auth`]), the `/account/*` pages
//! ([`pages`]) and their texts in every language ([`page_texts`]), password hashing ([`passwords`]), the identity of an e-mail ([`identity`]), the
//! user info ([`users`]) and its cache ([`user_infos`]), the calls of a user's API keys
//! ([`api_key_calls`]; the keys themselves are in `auth/api_keys.rs`).

pub mod account_page;
pub mod api_key_calls;
pub mod auth;
pub mod identity;
pub mod page_texts;
pub mod pages;
pub mod passwords;
pub mod user_infos;
pub mod users;

use crate::api::{ApiError, ApiJson, ApiResult, ok};
use crate::clock;
use crate::ids::random_token;
use crate::ledger::{self, Entry};
use crate::limits::ClientIp;
use crate::state::AppState;
use aivg_core::session::{AccountError, check_new_password, normalise_email};
use auth::AuthUser;
use axum::Router;
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};
use sqlx::FromRow;

/// The routes of this area (`/account/*` pages and posts, the token calls of
/// docs/behaviour/accounts-and-sessions.md#tokens-and-sessions).
pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/account/register",
            post(register).get(pages::register_page),
        )
        .route("/account/login", post(login).get(pages::login_page))
        .route("/account/cookie-check", get(pages::cookie_check_page))
        .route("/account", get(account_page::account_page))
        .route("/v1/oauth/token", post(oauth_token))
        .route("/v1/token/renew", get(renew))
        .route("/v1/user", post(user_info))
        .route("/v1/logout", post(logout))
        .route(
            "/v1/keys",
            get(api_key_calls::list).post(api_key_calls::create),
        )
        .route("/v1/keys/{id}/revoke", post(api_key_calls::revoke))
        .route("/v1/keys/{id}/webhook", post(api_key_calls::set_webhook))
}

/// Credits of a new account: the free tier's 5
/// (docs/behaviour/pricing-and-purchase.md#plans-and-tiers benefit table).
pub const SIGNUP_CREDITS: i64 = aivg_core::credits::SIGNUP_CREDITS as i64;
const CODE_LIFETIME_MS: i64 = 5 * 60 * 1000;

/// `{email, password}` of the register and login calls.
#[derive(Debug, Deserialize)]
pub struct Credentials {
    pub email: String,
    pub password: String,
}

/// The answer of register and login: a one-time code for the token exchange (`is_new` 1 for a
/// new account).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CodeAnswer {
    pub code: String,
    pub is_new: i64,
}

async fn new_code(state: &AppState, user_id: i64, is_new: bool) -> Result<CodeAnswer, ApiError> {
    let code = random_token(24);
    sqlx::query("INSERT INTO auth_codes (code, user_id, is_new, expires_ms, used) VALUES ($1, $2, $3, $4, 0)")
        .bind(&code)
        .bind(user_id)
        .bind(i64::from(is_new))
        .bind(clock::now_ms() + CODE_LIFETIME_MS)
        .execute(&state.db.pool)
        .await?;
    Ok(CodeAnswer {
        code,
        is_new: i64::from(is_new),
    })
}

/// `POST /account/register` {email, password} → `{code}`: creates the account, with its sign-up
/// credits when its identity has not had them (see the module doc).
pub async fn register(
    state: axum::extract::State<AppState>,
    ApiJson(c): ApiJson<Credentials>,
) -> ApiResult<CodeAnswer> {
    let email = normalise_email(&c.email)?;
    check_new_password(&c.password)?;
    let hash = passwords::hash(&state.limits, c.password).await?;
    let now = clock::now_s();
    let uid = random_token(12);
    let nickname = aivg_core::session::nickname_of(&email);
    let identity = crate::accounts::identity::of_email(&email);
    let mut tx = crate::db::begin_write(&state.db.pool).await?;
    let inserted = sqlx::query_scalar(
        "INSERT INTO users (uid, email, password_hash, nickname, created_at, identity) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    )
    .bind(&uid)
    .bind(&email)
    .bind(&hash)
    .bind(&nickname)
    .bind(now)
    .bind(&identity)
    .fetch_one(&mut *tx)
    .await;
    let user_id: i64 = match inserted {
        Ok(id) => id,
        Err(e) if crate::db::is_unique_violation(&e) => {
            return Err(AccountError::EmailTaken.into());
        }
        Err(e) => return Err(e.into()),
    };
    ledger::lock_user(&mut tx, user_id).await?;
    // One row per identity: the first account takes it, later ones start without the credits.
    let first = sqlx::query(
        "INSERT INTO signup_grants (identity, user_id, created_ms) VALUES ($1, $2, $3) ON CONFLICT (identity) DO NOTHING",
    )
    .bind(&identity)
    .bind(user_id)
    .bind(now * 1000)
    .execute(&mut *tx)
    .await?
    .rows_affected()
        > 0;
    if first {
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
    }
    tx.commit().await?;
    ok(new_code(&state, user_id, true).await?)
}

/// The stored password of an account, and whether the operator disabled it.
#[derive(FromRow)]
struct StoredLogin {
    id: i64,
    password_hash: String,
    disabled: i64,
}

/// `POST /account/login` {email, password} → `{code}`. An unknown e-mail and a wrong password
/// answer alike, after the same hash check (see the module doc).
pub async fn login(
    state: axum::extract::State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(c): ApiJson<Credentials>,
) -> ApiResult<CodeAnswer> {
    let email = normalise_email(&c.email)?;
    if c.password.is_empty() {
        return Err(AccountError::PasswordMissing.into());
    }
    let _checking = state.limits.login_attempt(&email, ip)?;
    let account: Option<StoredLogin> =
        sqlx::query_as("SELECT id, password_hash, disabled FROM users WHERE email = $1")
            .bind(&email)
            .fetch_optional(&state.db.pool)
            .await?;
    let (user_id, hash, disabled) = match account {
        Some(a) => (Some(a.id), a.password_hash, a.disabled != 0),
        None => (None, passwords::dummy_hash(&state.limits).await?, false),
    };
    let matches = passwords::verify(&state.limits, c.password, hash).await?;
    let Some(user_id) = user_id.filter(|_| matches) else {
        state.limits.login_failed(&email, ip);
        return Err(AccountError::WrongCredentials.into());
    };
    // Said only to whoever knows the password.
    if disabled {
        return Err(AccountError::AccountDisabled.into());
    }
    ok(new_code(&state, user_id, false).await?)
}

/// `{code}` of the token exchange (the spec's extra login params are accepted and ignored).
#[derive(Debug, Deserialize)]
pub struct TokenRequest {
    pub code: String,
}

/// The answer of the token exchange and renewal (`expires_at` in epoch seconds).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TokenAnswer {
    pub jwt: String,
    pub access_token: String,
    pub expires_at: i64,
    pub is_new: i64,
    pub is_free_trial: i64,
    pub created_at: i64,
}

/// What the token answer tells of its user.
#[derive(FromRow)]
struct TokenUser {
    uid: String,
    is_free_trial: i64,
    created_at: i64,
}

async fn token_user(state: &AppState, user_id: i64) -> Result<TokenUser, sqlx::Error> {
    sqlx::query_as("SELECT uid, is_free_trial, created_at FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_one(&state.db.pool)
        .await
}

fn token_answer(issued: auth::Issued, is_new: bool, user: &TokenUser) -> TokenAnswer {
    TokenAnswer {
        jwt: issued.token.clone(),
        access_token: issued.token,
        expires_at: issued.expires_ms / 1000,
        is_new: i64::from(is_new),
        is_free_trial: user.is_free_trial,
        created_at: user.created_at,
    }
}

/// A redeemed authorization code.
#[derive(FromRow)]
struct RedeemedCode {
    user_id: i64,
    is_new: i64,
}

/// `POST /v1/oauth/token` {code} → {jwt, access_token, is_new, is_free_trial, created_at}.
pub async fn oauth_token(
    state: axum::extract::State<AppState>,
    ApiJson(req): ApiJson<TokenRequest>,
) -> ApiResult<TokenAnswer> {
    let code = req.code.trim();
    if code.is_empty() {
        return Err(ApiError::invalid("code", "missing authorization code"));
    }
    let now = clock::now_ms();
    // Mark used in the same statement that checks it, so a code can be exchanged once only.
    let redeemed: RedeemedCode = sqlx::query_as(
        "UPDATE auth_codes SET used = 1 WHERE code = $1 AND used = 0 AND expires_ms > $2 RETURNING user_id, is_new",
    )
    .bind(code)
    .bind(now)
    .fetch_optional(&state.db.pool)
    .await?
    .ok_or_else(|| ApiError::logged_out("code: this authorization code is unknown, expired or already used; log in again"))?;
    let user = token_user(&state, redeemed.user_id).await?;
    let issued = auth::issue(
        &state.jwt,
        &state.db.pool,
        redeemed.user_id,
        &user.uid,
        now,
        "",
    )
    .await?;
    ok(token_answer(issued, redeemed.is_new != 0, &user))
}

/// `GET /v1/token/renew` → a fresh token; the old one ends a short grace after (core's
/// `RENEWED_TOKEN_GRACE_MS`: calls already sent with it still succeed). A token is renewed once
/// (a second renewal answers 401), and the new token joins the old one's family, which a logout
/// ends whole (docs/behaviour/accounts-and-sessions.md#tokens-and-sessions): a token kept through
/// its grace cannot fork the session.
pub async fn renew(
    state: axum::extract::State<AppState>,
    user: AuthUser,
) -> ApiResult<TokenAnswer> {
    let now = clock::now_ms();
    let ends = now.saturating_add(aivg_core::session::RENEWED_TOKEN_GRACE_MS);
    // Marked renewed in the statement that checks it, so two renewals at once make one token.
    let family: String = sqlx::query_scalar(
        "UPDATE tokens SET renewed = 1, expires_ms = CASE WHEN expires_ms > $1 THEN $1 ELSE expires_ms END
         WHERE jti = $2 AND renewed = 0 AND revoked = 0 RETURNING family",
    )
    .bind(ends)
    .bind(&user.jti)
    .fetch_optional(&state.db.pool)
    .await?
    .ok_or_else(|| ApiError::logged_out("please log in again: this session was already renewed"))?;
    state.sessions.forget(&user.jti);
    let family = if family.is_empty() {
        &user.jti
    } else {
        &family
    };
    let issued = auth::issue(&state.jwt, &state.db.pool, user.id, &user.uid, now, family).await?;
    let facts = token_user(&state, user.id).await?;
    ok(token_answer(issued, false, &facts))
}

/// `POST /v1/logout`: revokes the token and its whole family at once (the tokens renewed from the
/// same sign-in, docs/behaviour/accounts-and-sessions.md#tokens-and-sessions; `data` is null).
pub async fn logout(state: axum::extract::State<AppState>, user: AuthUser) -> ApiResult<()> {
    let family: String = sqlx::query_scalar("SELECT family FROM tokens WHERE jti = $1")
        .bind(&user.jti)
        .fetch_optional(&state.db.pool)
        .await?
        .unwrap_or_default();
    // Tokens issued before families existed have none: they are their own.
    let family = if family.is_empty() {
        &user.jti
    } else {
        &family
    };
    let ended: Vec<String> = sqlx::query_scalar(
        "UPDATE tokens SET revoked = 1 WHERE jti = $1 OR jti = $2 OR family = $2 RETURNING jti",
    )
    .bind(&user.jti)
    .bind(family)
    .fetch_all(&state.db.pool)
    .await?;
    state.sessions.forget(&user.jti);
    for jti in &ended {
        state.sessions.forget(jti);
    }
    ok(())
}

/// `POST /v1/user` → the user info of docs/behaviour/accounts-and-sessions.md#accounts.
pub async fn user_info(
    state: axum::extract::State<AppState>,
    user: AuthUser,
) -> ApiResult<aivg_core::session::UserInfo> {
    if let Some(kept) = state.user_infos.get(user.id) {
        return ok(kept);
    }
    let stamp = state.user_infos.stamp(user.id);
    let info = crate::accounts::users::info(&state.db.pool, user.id).await?;
    state.user_infos.keep(user.id, stamp, info.clone());
    ok(info)
}
