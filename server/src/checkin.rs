//! Daily check-in (spec 02 §4, §6, §7): `GET /v1/activity/checkin/status?code=daily_checkin` and
//! `POST /v1/activity/checkin {code}`. Cycle math and rewards come from core, so the server and
//! the browser agree on when a cycle starts; the `(user, cycle)` key of `checkins` makes a second
//! claim in one cycle impossible, even for concurrent requests.

use crate::api::{ApiError, ApiJson, ApiResult, ok};
use crate::app::AppState;
use crate::auth::AuthUser;
use crate::clock;
use crate::ledger::{self, Entry};
use aivg_core::checkin::{
    CheckinClaimResponse, CheckinData, checkin_cycle_id, checkin_reward, next_checkin_cycle,
};
use serde::Deserialize;

/// The only activity code this server runs (spec 02 §7).
pub const DAILY_CHECKIN: &str = aivg_core::checkin::CHECKIN_ACTIVITY_CODE;

/// `{code}` of both calls.
#[derive(Debug, Deserialize)]
pub struct CodeParam {
    #[serde(default)]
    pub code: String,
}

fn check_code(code: &str) -> Result<(), ApiError> {
    if code == DAILY_CHECKIN {
        Ok(())
    } else if code.is_empty() {
        Err(ApiError::invalid("code", "missing: use daily_checkin"))
    } else {
        Err(ApiError::invalid(
            "code",
            format!("unknown activity {code:?}: use daily_checkin"),
        ))
    }
}

/// The cycle id of a time in ms, through core.
fn cycle_of(now_ms: i64) -> Result<i64, ApiError> {
    #[allow(clippy::cast_precision_loss)] // epoch ms < 2^53
    checkin_cycle_id(now_ms as f64).map_err(ApiError::internal)
}

/// The reward of the user's effective level (core's `effective_plan`: paid levels count only
/// while unexpired).
async fn reward_for(state: &AppState, user_id: i64, now_s: i64) -> Result<u32, ApiError> {
    let mut conn = state.db.pool.acquire().await?;
    let level = crate::uploads::quota::effective_level(&mut conn, user_id, now_s).await?;
    Ok(checkin_reward(level))
}

/// `GET /v1/activity/checkin/status`.
pub async fn status(
    state: axum::extract::State<AppState>,
    user: AuthUser,
    crate::site::params::ApiQuery(q): crate::site::params::ApiQuery<CodeParam>,
) -> ApiResult<serde_json::Value> {
    check_code(&q.code)?;
    let now_ms = clock::now_ms();
    let cycle = cycle_of(now_ms)?;
    let claimed = sqlx::query("SELECT credits FROM checkins WHERE user_id = $1 AND cycle_id = $2")
        .bind(user.id)
        .bind(cycle)
        .fetch_optional(&state.db.pool)
        .await?;
    let reward = reward_for(&state, user.id, now_ms / 1000).await?;
    let data = CheckinData {
        is_checked_in: claimed.is_some(),
        today_available: claimed.is_none(),
        today_checkin_credits: reward,
        activity_active: true,
    };
    let mut value = serde_json::to_value(&data).map_err(ApiError::internal)?;
    #[allow(clippy::cast_precision_loss)]
    let next = next_checkin_cycle(now_ms as f64).map_err(ApiError::internal)?;
    if let Some(obj) = value.as_object_mut() {
        // When the next claim opens, in epoch ms: lets a client show a countdown.
        obj.insert("next_cycle_at".into(), serde_json::json!(next));
    }
    ok(value)
}

/// `POST /v1/activity/checkin`: one grant per user and cycle; a second claim answers
/// `success: false` with a message, code 0 (the panel shows the message either way, spec 02 §8).
pub async fn claim(
    state: axum::extract::State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<CodeParam>,
) -> ApiResult<CheckinClaimResponse> {
    check_code(&body.code)?;
    let now_ms = clock::now_ms();
    let now_s = now_ms / 1000;
    let cycle = cycle_of(now_ms)?;
    let reward = i64::from(reward_for(&state, user.id, now_s).await?);
    let mut tx = state.db.pool.begin().await?;
    ledger::lock_user(&mut tx, user.id).await?;
    let inserted = sqlx::query(
        "INSERT INTO checkins (user_id, cycle_id, credits, created_ms) VALUES ($1, $2, $3, $4)",
    )
    .bind(user.id)
    .bind(cycle)
    .bind(reward)
    .bind(now_ms)
    .execute(&mut *tx)
    .await;
    match inserted {
        Ok(_) => {}
        Err(e) if crate::db::is_unique_violation(&e) => {
            return ok(CheckinClaimResponse {
                success: false,
                message: "You have already checked in today. Come back tomorrow!".into(),
            });
        }
        Err(e) => return Err(e.into()),
    }
    let entry = Entry {
        user_id: user.id,
        reason: "checkin",
        details: "Daily check-in",
        credits: reward,
        date: now_s,
        expire_time: 0,
        reference: "",
    };
    ledger::grant(&mut tx, &entry).await?;
    tx.commit().await?;
    ok(CheckinClaimResponse {
        success: true,
        message: format!("Checked in: +{reward} credits"),
    })
}
