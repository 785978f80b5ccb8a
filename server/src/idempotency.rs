//! Idempotent creation (docs/api.md#retrying-safely): a request that carries an
//! `Idempotency-Key` header (task creation, upload grants) is done once per user and key; the
//! same key with the same request within [`KEEP_MS`] answers the first answer again, without
//! doing (or charging) anything, even when the two arrive at once.
//!
//! Decisions of ours (the spec has no such header):
//! - a key belongs to one user; it is up to 255 visible ASCII characters;
//! - "the same request" is the call and its body, compared by a SHA-256 of the call's name and
//!   the body written with sorted keys (so the order of a JSON object's fields does not matter);
//!   another request with a used key answers 422;
//! - the first request claims the key in the database (`INSERT … ON CONFLICT DO NOTHING`, one
//!   winner on SQLite and PostgreSQL alike); a duplicate arriving meanwhile waits for its answer
//!   (at most [`WAIT`], then 409 saying it is still being done);
//! - only successes are kept: when the first request fails (not enough credits, a bad field) its
//!   claim is dropped, so the same key can be sent again once the cause is fixed;
//! - a claim left unanswered for [`ABANDONED_MS`] (a server killed mid-request) is taken over.

use crate::api::ApiError;
use axum::http::{HeaderMap, StatusCode};
use serde::Serialize;
use serde_json::Value;
use sha2::{Digest, Sha256};
use sqlx::AnyPool;
use std::time::Duration;

/// The request header.
pub const HEADER: &str = "idempotency-key";
/// How long a key is remembered: 24 hours.
pub const KEEP_MS: i64 = 24 * 3600 * 1000;
/// Longest key.
pub const MAX_KEY_CHARS: usize = 255;
/// How long a duplicate waits for the first request's answer.
pub const WAIT: Duration = Duration::from_secs(10);
/// A claim this old without an answer is taken over (see the module doc).
pub const ABANDONED_MS: i64 = 60_000;
const POLL: Duration = Duration::from_millis(40);

/// The key of a request and what identifies the request.
#[derive(Debug, Clone)]
pub struct Claim {
    pub key: String,
    pub fingerprint: String,
}

/// The request's claim, `None` without the header; 400 for a key that is empty, too long or not
/// visible ASCII. `call` names the call (`create text2image`), `body` is its request body.
pub fn requested(headers: &HeaderMap, call: &str, body: &Value) -> Result<Option<Claim>, ApiError> {
    let Some(raw) = headers.get(HEADER) else {
        return Ok(None);
    };
    let key = raw.to_str().unwrap_or_default().trim();
    if key.is_empty()
        || key.len() > MAX_KEY_CHARS
        || !key.bytes().all(|b| b.is_ascii_graphic() || b == b' ')
    {
        return Err(ApiError::invalid(
            "Idempotency-Key",
            format!("use 1 to {MAX_KEY_CHARS} visible ASCII characters (a UUID is a good key)"),
        ));
    }
    let mut text = String::from(call);
    text.push('\n');
    canonical(body, &mut text);
    let fingerprint = Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    Ok(Some(Claim {
        key: key.to_owned(),
        fingerprint,
    }))
}

/// `v` as JSON with every object's keys sorted.
fn canonical(v: &Value, out: &mut String) {
    match v {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            out.push('{');
            for (i, k) in keys.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(k.clone()).to_string());
                out.push(':');
                if let Some(item) = map.get(k) {
                    canonical(item, out);
                }
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                canonical(item, out);
            }
            out.push(']');
        }
        other => out.push_str(&other.to_string()),
    }
}

enum Begun {
    Mine,
    Answered(Value),
    Pending,
}

/// Runs `work` once per claim (see the module doc) and answers its data; without a claim, just
/// runs it.
pub async fn once<T, F, Fut>(
    pool: &AnyPool,
    user_id: i64,
    claim: Option<Claim>,
    now_ms: impl Fn() -> i64,
    work: F,
) -> Result<Value, ApiError>
where
    T: Serialize,
    F: FnOnce() -> Fut,
    Fut: std::future::Future<Output = Result<T, ApiError>>,
{
    let Some(claim) = claim else {
        return work().await.and_then(to_value);
    };
    let started = std::time::Instant::now();
    loop {
        match begin(pool, user_id, &claim, now_ms()).await? {
            Begun::Mine => {
                let done = work().await.and_then(to_value);
                return finish(pool, user_id, &claim, done).await;
            }
            Begun::Answered(v) => return Ok(v),
            Begun::Pending if started.elapsed() >= WAIT => {
                return Err(ApiError::conflict(
                    "a request with this Idempotency-Key is still being done: try again in a moment",
                ));
            }
            Begun::Pending => tokio::time::sleep(POLL).await,
        }
    }
}

fn to_value<T: Serialize>(v: T) -> Result<Value, ApiError> {
    serde_json::to_value(v).map_err(ApiError::internal)
}

async fn begin(pool: &AnyPool, user_id: i64, claim: &Claim, now: i64) -> Result<Begun, ApiError> {
    sqlx::query(
        "DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2
         AND (created_ms <= $3 OR (answer = '' AND created_ms <= $4))",
    )
    .bind(user_id)
    .bind(&claim.key)
    .bind(now - KEEP_MS)
    .bind(now - ABANDONED_MS)
    .execute(pool)
    .await?;
    let inserted = sqlx::query(
        "INSERT INTO idempotency_keys (user_id, key, fingerprint, answer, created_ms)
         VALUES ($1, $2, $3, '', $4) ON CONFLICT DO NOTHING",
    )
    .bind(user_id)
    .bind(&claim.key)
    .bind(&claim.fingerprint)
    .bind(now)
    .execute(pool)
    .await?
    .rows_affected();
    if inserted == 1 {
        return Ok(Begun::Mine);
    }
    let row: Option<(String, String)> = sqlx::query_as(
        "SELECT fingerprint, answer FROM idempotency_keys WHERE user_id = $1 AND key = $2",
    )
    .bind(user_id)
    .bind(&claim.key)
    .fetch_optional(pool)
    .await?;
    let Some((fingerprint, answer)) = row else {
        // The first request failed and let go of the key between the two statements.
        return Ok(Begun::Pending);
    };
    if fingerprint != claim.fingerprint {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            422,
            "Idempotency-Key: this key was already used with another request; use a new key for a new request",
        ));
    }
    if answer.is_empty() {
        return Ok(Begun::Pending);
    }
    serde_json::from_str(&answer)
        .map(Begun::Answered)
        .map_err(ApiError::internal)
}

async fn finish(
    pool: &AnyPool,
    user_id: i64,
    claim: &Claim,
    done: Result<Value, ApiError>,
) -> Result<Value, ApiError> {
    match &done {
        Ok(v) => {
            sqlx::query("UPDATE idempotency_keys SET answer = $1 WHERE user_id = $2 AND key = $3")
                .bind(v.to_string())
                .bind(user_id)
                .bind(&claim.key)
                .execute(pool)
                .await?;
        }
        Err(_) => {
            sqlx::query("DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2")
                .bind(user_id)
                .bind(&claim.key)
                .execute(pool)
                .await?;
        }
    }
    done
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use serde_json::json;

    fn headers(key: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(HEADER, key.parse().unwrap());
        h
    }

    #[test]
    fn the_same_body_in_any_field_order_is_the_same_request() {
        let a = requested(
            &headers("k1"),
            "create x",
            &json!({"a": 1, "b": [1, {"d": 2, "c": 3}]}),
        )
        .unwrap()
        .unwrap();
        let b = requested(
            &headers("k1"),
            "create x",
            &json!({"b": [1, {"c": 3, "d": 2}], "a": 1}),
        )
        .unwrap()
        .unwrap();
        assert_eq!(a.fingerprint, b.fingerprint);
        let c = requested(
            &headers("k1"),
            "create y",
            &json!({"a": 1, "b": [1, {"d": 2, "c": 3}]}),
        )
        .unwrap()
        .unwrap();
        assert_ne!(a.fingerprint, c.fingerprint, "another call");
        assert!(
            requested(&HeaderMap::new(), "x", &json!({}))
                .unwrap()
                .is_none()
        );
        assert!(requested(&headers(&"k".repeat(256)), "x", &json!({})).is_err());
    }
}
