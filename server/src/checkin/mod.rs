//! Daily check-in (docs/behaviour/credits-and-checkin.md#daily-check-in): `GET
//! /v1/activity/checkin/status?code=daily_checkin` and `POST /v1/activity/checkin {code}`, the HTTP
//! face of [`daily`], which holds the rules and the claim on the database alone.

pub mod daily;

use crate::accounts::auth::AuthUser;
use crate::api::{ApiError, ApiJson, ApiResult, ok};
use crate::clock;
use crate::state::AppState;
use aivg_core::checkin::{CheckinClaimResponse, CheckinData};
use axum::Router;
use axum::routing::{get, post};
use daily::{CheckinError, Claim};
use serde::{Deserialize, Serialize};

/// The routes of this area.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/v1/activity/checkin/status", get(status))
        .route("/v1/activity/checkin", post(claim))
}

/// The only activity code this server runs (docs/behaviour/credits-and-checkin.md#daily-check-in).
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

impl From<CheckinError> for ApiError {
    fn from(e: CheckinError) -> Self {
        match e {
            CheckinError::Db(e) => e.into(),
            CheckinError::Cycle(e) => ApiError::internal(e),
        }
    }
}

/// The status answer: core's check-in data and when the next claim opens.
#[derive(Debug, Serialize)]
pub struct Status {
    #[serde(flatten)]
    pub data: CheckinData,
    /// When the next claim opens, in epoch ms: lets a client show a countdown.
    pub next_cycle_at: f64,
}

/// `GET /v1/activity/checkin/status`.
pub async fn status(
    state: axum::extract::State<AppState>,
    user: AuthUser,
    crate::params::ApiQuery(q): crate::params::ApiQuery<CodeParam>,
) -> ApiResult<Status> {
    check_code(&q.code)?;
    let now_ms = clock::now_ms();
    let cycle = daily::cycle_of(now_ms)?;
    let now = match state.user_infos.checkin(user.id, cycle) {
        Some(kept) => kept,
        None => {
            let stamp = state.user_infos.stamp(user.id);
            let read = daily::status(&state.db.pool, user.id, now_ms).await?;
            state.user_infos.keep_checkin(user.id, stamp, cycle, read);
            read
        }
    };
    let data = CheckinData {
        is_checked_in: now.claimed,
        today_available: !now.claimed,
        today_checkin_credits: now.reward,
        activity_active: true,
    };
    ok(Status {
        data,
        next_cycle_at: now.next_cycle_at,
    })
}

/// `POST /v1/activity/checkin`: one grant per user and cycle; a second claim answers
/// `success: false` with a message, code 0 (the panel shows the message either way,
/// docs/behaviour/calls-and-errors.md#messages).
pub async fn claim(
    state: axum::extract::State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<CodeParam>,
) -> ApiResult<CheckinClaimResponse> {
    check_code(&body.code)?;
    match daily::claim(&state.db, user.id, clock::now_ms()).await? {
        Claim::Granted(reward) => ok(CheckinClaimResponse {
            success: true,
            message: format!("Checked in: +{reward} credits"),
        }),
        Claim::AlreadyClaimed => ok(CheckinClaimResponse {
            success: false,
            message: "You have already checked in today. Come back tomorrow!".into(),
        }),
    }
}
