//! `POST /v1/activity/apply {code}` → `{state}`
//! (docs/behaviour/ads-and-experiments.md#prelaunch-promotion prelaunch promotion,
//! #prelaunch-promotion): 1 success (credits granted), 3 duplicate (already applied), 5 ended.
//!
//! Decisions: promotions are seeded (`seed/activities.json`: `nano2_free` grants 20 credits
//! valid 30 days and runs until 2031; `nano1_free` has ended); the call needs a signed-in user;
//! a missing or unknown code answers 400 naming `code`; the `(user, code)` key makes a second
//! grant impossible, even for concurrent requests; an ended promotion answers state 5 even to a
//! user who applied before. The answer also carries `credits` granted (0 unless state 1).

use crate::accounts::auth::AuthUser;
use crate::api::{ApiError, ApiResult, ok};
use crate::clock;
use crate::ledger::{self, Entry};
use crate::params;
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::State;
use serde::Serialize;
use serde_json::Value;

/// Success (docs/behaviour/languages-and-routes.md#language-resolution).
pub const STATE_SUCCESS: i64 = 1;
/// Already applied.
pub const STATE_DUPLICATE: i64 = 3;
/// The promotion has ended.
pub const STATE_ENDED: i64 = 5;

/// The answer: the state, the credits granted, and their expiry (only on success; 0 = never).
#[derive(Debug, Serialize)]
pub struct Applied {
    pub state: i64,
    pub credits: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expire_time: Option<i64>,
}

impl Applied {
    fn refused(state: i64) -> Self {
        Self {
            state,
            credits: 0,
            expire_time: None,
        }
    }
}

/// `POST /v1/activity/apply`.
pub async fn apply(
    State(state): State<AppState>,
    user: AuthUser,
    body: Bytes,
) -> ApiResult<Applied> {
    let body = params::object_body(&body)?;
    let code = match body.get("code") {
        Some(Value::String(s)) if !s.trim().is_empty() => s.trim().to_owned(),
        None | Some(Value::Null) | Some(Value::String(_)) => {
            return Err(ApiError::invalid(
                "code",
                "missing: give the promotion code",
            ));
        }
        Some(other) => {
            return Err(ApiError::invalid(
                "code",
                format!("must be text, got {other}"),
            ));
        }
    };
    let snap = state.content.snapshot()?;
    let activity = snap.seeds.activities.activities.get(&code).ok_or_else(|| {
        ApiError::invalid(
            "code",
            format!(
                "unknown promotion {:?}",
                code.chars().take(64).collect::<String>()
            ),
        )
    })?;
    let now = clock::now_s();
    if now >= activity.ends_at {
        return ok(Applied::refused(STATE_ENDED));
    }
    let mut tx = crate::db::begin_write(&state.db.pool).await?;
    ledger::lock_user(&mut tx, user.id).await?;
    let inserted = sqlx::query(
        "INSERT INTO activity_applies (user_id, code, credits, created_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(user.id)
    .bind(&code)
    .bind(activity.credits)
    .bind(now)
    .execute(&mut *tx)
    .await;
    match inserted {
        Ok(_) => {}
        Err(e) if crate::db::is_unique_violation(&e) => {
            return ok(Applied::refused(STATE_DUPLICATE));
        }
        Err(e) => return Err(e.into()),
    }
    let expire_time = if activity.valid_days > 0 {
        now + activity.valid_days * 24 * 3600
    } else {
        0
    };
    let details = format!("Promotion: {}", activity.title);
    let entry = Entry {
        user_id: user.id,
        reason: "activity",
        details: &details,
        credits: activity.credits,
        date: now,
        expire_time,
        reference: &code,
    };
    ledger::grant(&mut tx, &entry).await?;
    tx.commit().await?;
    ok(Applied {
        state: STATE_SUCCESS,
        credits: activity.credits,
        expire_time: Some(expire_time),
    })
}
