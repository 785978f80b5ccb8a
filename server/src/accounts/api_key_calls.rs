//! The calls of a signed-in user's API keys (docs/api.md): list, create (the key is answered this
//! once), revoke. Keys themselves never reach these calls (`auth/api_keys.rs` lists none of them).

use super::auth::AuthUser;
use super::auth::api_keys::{self, MAX_KEYS_PER_USER, MAX_NAME_CHARS, Scope};
use crate::api::{ApiError, ApiJson, ApiResult, List, ok};
use crate::clock;
use crate::state::AppState;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use sqlx::FromRow;

/// The longest lifetime a key can be given, in days (a year; no expiry is allowed too).
pub const MAX_EXPIRY_DAYS: i64 = 365;
const DAY_MS: i64 = 86_400_000;

/// A key as listed: never the key itself.
#[derive(Debug, Serialize, FromRow, utoipa::ToSchema)]
pub struct KeyItem {
    pub id: i64,
    pub name: String,
    /// The key's first characters (`aivg_sk_ab12`), to tell keys apart.
    pub prefix: String,
    /// Comma-separated scopes in the row, answered as a list.
    #[serde(serialize_with = "scope_list")]
    #[schema(value_type = Vec<String>)]
    pub scopes: String,
    pub created_ms: i64,
    /// 0: never expires.
    pub expires_ms: i64,
    /// 0: never used.
    pub last_used_ms: i64,
    /// 0: not revoked.
    pub revoked_ms: i64,
    /// Where tasks created with the key report their end unless they name another URL ('' =
    /// nowhere; docs/api.md#completion-webhooks).
    pub callback_url: String,
}

fn scope_list<S: serde::Serializer>(scopes: &str, s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(scopes.split(',').filter(|p| !p.is_empty()))
}

const COLUMNS: &str =
    "id, name, prefix, scopes, created_ms, expires_ms, last_used_ms, revoked_ms, callback_url";

/// `GET /v1/keys` → `{list}`: the user's keys, newest first, revoked ones included.
pub async fn list(State(state): State<AppState>, user: AuthUser) -> ApiResult<List<KeyItem>> {
    let list = sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM api_keys WHERE user_id = $1 ORDER BY id DESC"
    ))
    .bind(user.id)
    .fetch_all(&state.db.pool)
    .await?;
    ok(List { list })
}

/// The body of `POST /v1/keys`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct NewKeyBody {
    pub name: String,
    /// `tasks:create`, `tasks:read`, `balance:read`: at least one.
    pub scopes: Vec<String>,
    /// Days until the key stops working (1 to [`MAX_EXPIRY_DAYS`]); absent or 0: never.
    #[serde(default)]
    pub expires_in_days: Option<i64>,
    /// The key's default callback URL (`webhooks/`); absent, null or empty: none.
    #[serde(default)]
    pub callback_url: Option<String>,
}

/// The answer of `POST /v1/keys`: the key and its webhook secret in clear, this once, with its
/// list entry.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Created {
    pub key: String,
    /// `whsec_…`: verifies the signature of the key's webhooks (`webhooks/signature.rs`).
    pub webhook_secret: String,
    #[serde(flatten)]
    pub item: KeyItem,
}

/// `POST /v1/keys` {name, scopes, expires_in_days?, callback_url?} → the new key (see
/// [`Created`]).
pub async fn create(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<NewKeyBody>,
) -> ApiResult<Created> {
    let name = body.name.trim();
    if name.is_empty() || name.chars().count() > MAX_NAME_CHARS {
        return Err(ApiError::invalid(
            "name",
            format!("give the key a name of 1 to {MAX_NAME_CHARS} characters"),
        ));
    }
    if name.chars().any(char::is_control) {
        return Err(ApiError::invalid(
            "name",
            "control characters are not allowed",
        ));
    }
    let mut scopes: Vec<Scope> = Vec::new();
    for s in &body.scopes {
        let scope = Scope::parse(s).ok_or_else(|| {
            ApiError::invalid(
                "scopes",
                format!("unknown scope {s:?}: use tasks:create, tasks:read or balance:read"),
            )
        })?;
        if !scopes.contains(&scope) {
            scopes.push(scope);
        }
    }
    if scopes.is_empty() {
        return Err(ApiError::invalid(
            "scopes",
            "give the key at least one scope",
        ));
    }
    let now = clock::now_ms();
    let expires_ms = match body.expires_in_days.unwrap_or(0) {
        0 => 0,
        d if (1..=MAX_EXPIRY_DAYS).contains(&d) => now + d * DAY_MS,
        _ => {
            return Err(ApiError::invalid(
                "expires_in_days",
                format!("use 1 to {MAX_EXPIRY_DAYS} days, or 0 for no expiry"),
            ));
        }
    };
    let callback_url = match body.callback_url.as_deref().map(str::trim) {
        None | Some("") => String::new(),
        Some(url) => crate::webhooks::target::check(url, &state.cfg.webhooks)
            .await
            .map_err(|e| ApiError::invalid("callback_url", e))?,
    };
    let held: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM api_keys WHERE user_id = $1 AND revoked_ms = 0")
            .bind(user.id)
            .fetch_one(&state.db.pool)
            .await?;
    if held >= MAX_KEYS_PER_USER {
        return Err(ApiError::conflict(format!(
            "you have {MAX_KEYS_PER_USER} keys: revoke one before making another"
        )));
    }
    let key = api_keys::new_key();
    let webhook_secret = crate::webhooks::signature::new_secret();
    let scopes = scopes
        .iter()
        .map(|s| s.name())
        .collect::<Vec<_>>()
        .join(",");
    let item: KeyItem = sqlx::query_as(&format!(
        "INSERT INTO api_keys (user_id, name, prefix, hash, scopes, created_ms, expires_ms, webhook_secret, callback_url)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING {COLUMNS}"
    ))
    .bind(user.id)
    .bind(name)
    .bind(&key.prefix)
    .bind(&key.hash)
    .bind(&scopes)
    .bind(now)
    .bind(expires_ms)
    .bind(&webhook_secret)
    .bind(&callback_url)
    .fetch_one(&state.db.pool)
    .await?;
    ok(Created {
        key: key.key,
        webhook_secret,
        item,
    })
}

/// The body of `POST /v1/keys/{id}/webhook`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct WebhookBody {
    /// The key's new default callback URL; null or empty: none (its tasks report nowhere unless
    /// they name a URL).
    #[serde(default)]
    pub callback_url: Option<String>,
}

/// `POST /v1/keys/{id}/webhook {callback_url}` → the key's entry with its new default webhook URL
/// (docs/api.md#completion-webhooks). The URL passes the same checks as at creation
/// (`webhooks::target::check`: https, no credentials, a public address). Tasks already created
/// keep the URL they were given; a revoked key cannot be changed (409).
pub async fn set_webhook(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<WebhookBody>,
) -> ApiResult<KeyItem> {
    let callback_url = match body.callback_url.as_deref().map(str::trim) {
        None | Some("") => String::new(),
        Some(url) => crate::webhooks::target::check(url, &state.cfg.webhooks)
            .await
            .map_err(|e| ApiError::invalid("callback_url", e))?,
    };
    let revoked: Option<i64> =
        sqlx::query_scalar("SELECT revoked_ms FROM api_keys WHERE id = $1 AND user_id = $2")
            .bind(id)
            .bind(user.id)
            .fetch_optional(&state.db.pool)
            .await?;
    match revoked {
        None => return Err(ApiError::not_found("no such API key")),
        Some(ms) if ms > 0 => {
            return Err(ApiError::conflict(
                "this API key was revoked: its webhook cannot be changed",
            ));
        }
        Some(_) => {}
    }
    let item = sqlx::query_as(&format!(
        "UPDATE api_keys SET callback_url = $1 WHERE id = $2 AND user_id = $3 AND revoked_ms = 0
         RETURNING {COLUMNS}"
    ))
    .bind(&callback_url)
    .bind(id)
    .bind(user.id)
    .fetch_optional(&state.db.pool)
    .await?
    // Revoked between the two statements.
    .ok_or_else(|| ApiError::conflict("this API key was revoked: its webhook cannot be changed"))?;
    ok(item)
}

/// `POST /v1/keys/{id}/revoke` → the revoked key's entry: it stops working at once (every call
/// reads the key's row). Revoking a revoked key answers it unchanged.
pub async fn revoke(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<KeyItem> {
    sqlx::query(
        "UPDATE api_keys SET revoked_ms = $1 WHERE id = $2 AND user_id = $3 AND revoked_ms = 0",
    )
    .bind(clock::now_ms())
    .bind(id)
    .bind(user.id)
    .execute(&state.db.pool)
    .await?;
    let item = sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM api_keys WHERE id = $1 AND user_id = $2"
    ))
    .bind(id)
    .bind(user.id)
    .fetch_optional(&state.db.pool)
    .await?
    .ok_or_else(|| ApiError::not_found("no such API key"))?;
    ok(item)
}
