//! `GET /v1/common/ab-test?test_code=&user_id=&extra=` → `{plan}`
//! (docs/behaviour/ads-and-experiments.md#experiments: plan 2 means variant B; the client falls
//! back to 0 on failure).
//!
//! Decisions: the experiments and their number of groups are seeded (`seed/experiments.json`:
//! pricing_plan and commercialization have 4 groups, the others 2); an unknown `test_code`
//! answers 400 naming it. The subject is `user_id` when given, else the signed-in user's uid,
//! else the client serial header (`X-Client-Sn`); with none, 400 naming `user_id`. The first
//! request assigns `FNV-1a(test_code ":" subject) mod groups + 1` and stores it, so a subject's
//! group never changes, even if the seed's group count does later. `extra` is accepted and
//! ignored.

use crate::accounts::auth::MaybeUser;
use crate::api::{ApiError, ApiResult, ok};
use crate::clock;
use crate::params::{self, ApiQuery};
use crate::state::AppState;
use aivg_core::request::HEADER_CLIENT_SERIAL;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};

/// Query of the call.
#[derive(Debug, Deserialize)]
pub struct AbTestQuery {
    pub test_code: Option<String>,
    pub user_id: Option<String>,
    pub extra: Option<String>,
}

/// 64-bit FNV-1a: stable across builds and platforms (unlike std's hasher).
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The group a subject gets when first seen: 1..=groups.
pub fn assign(test_code: &str, subject: &str, groups: i64) -> i64 {
    let groups = u64::try_from(groups.max(1)).unwrap_or(1);
    i64::try_from(fnv1a(&format!("{test_code}:{subject}")) % groups).unwrap_or(0) + 1
}

fn id_like(field: &str, raw: &str) -> Result<String, ApiError> {
    if raw.len() <= 128 && raw.chars().all(|c| c.is_ascii_graphic()) {
        Ok(raw.to_owned())
    } else {
        Err(ApiError::invalid(
            field,
            "must be at most 128 visible ASCII characters",
        ))
    }
}

/// The subject's group in an experiment of `groups` groups: the stored one, else assigned now
/// (see the module doc) and stored for good.
pub async fn group_of(
    state: &AppState,
    code: &str,
    subject: &str,
    groups: i64,
) -> Result<i64, ApiError> {
    sqlx::query(
        "INSERT INTO ab_assignments (test_code, subject, plan, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
    )
    .bind(code)
    .bind(subject)
    .bind(assign(code, subject, groups))
    .bind(clock::now_s())
    .execute(&state.db.pool)
    .await?;
    Ok(
        sqlx::query_scalar("SELECT plan FROM ab_assignments WHERE test_code = $1 AND subject = $2")
            .bind(code)
            .bind(subject)
            .fetch_one(&state.db.pool)
            .await?,
    )
}

/// The group an experiment put the subject in.
#[derive(Debug, Serialize)]
pub struct Assignment {
    pub plan: i64,
    pub test_code: String,
}

/// `GET /v1/common/ab-test` → `{plan, test_code}`.
pub async fn ab_test(
    State(state): State<AppState>,
    user: MaybeUser,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<AbTestQuery>,
) -> ApiResult<Assignment> {
    let code = params::text(q.test_code.as_deref())
        .ok_or_else(|| ApiError::invalid("test_code", "missing"))?;
    let groups = *state
        .content
        .snapshot()?
        .seeds
        .experiments
        .tests
        .get(code)
        .ok_or_else(|| {
            ApiError::invalid(
                "test_code",
                format!(
                    "unknown experiment {:?}",
                    code.chars().take(64).collect::<String>()
                ),
            )
        })?;
    if q.extra.as_ref().is_some_and(|e| e.len() > 2000) {
        return Err(ApiError::invalid("extra", "at most 2000 characters"));
    }
    let serial = headers
        .get(HEADER_CLIENT_SERIAL)
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|s| !s.is_empty());
    let subject = match (params::text(q.user_id.as_deref()), &user.0, serial) {
        (Some(id), _, _) => id_like("user_id", id)?,
        (None, Some(u), _) => u.uid.clone(),
        (None, None, Some(sn)) => format!("sn:{}", id_like(HEADER_CLIENT_SERIAL, sn)?),
        (None, None, None) => {
            return Err(ApiError::invalid(
                "user_id",
                "missing: give the user id (or log in)",
            ));
        }
    };
    let plan = group_of(&state, code, &subject, groups).await?;
    ok(Assignment {
        plan,
        test_code: code.to_owned(),
    })
}
