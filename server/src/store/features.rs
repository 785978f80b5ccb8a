//! `POST /v1/feature-code/auth {pids}` → `{feature_auth, free_trial}`
//! (docs/behaviour/accounts-and-sessions.md#roles-and-permissions;
//! docs/behaviour/calls-and-errors.md#request-rules: feature access is decided by the server,
//! details not shown).
//!
//! Decisions: `feature_auth` lists the feature codes the user's running plan unlocks: the
//! membership features of docs/behaviour/pricing-and-purchase.md#plans-and-tiers (watermark_free,
//! ultra_hd, frame_interpolation, unlimited_effect) for standard and premium, nothing for free
//! users and guests. `free_trial` lists the given `pids` (SKU ids) that offer the 3-day trial to
//! this user: SKUs with a trial, for guests and for users who never had a trial and have no running
//! plan. Guests may call it.

use super::sku_info::trial_open;
use super::subscriptions;
use crate::accounts::auth::MaybeUser;
use crate::api::{ApiError, ApiJson, ApiResult, ok};
use crate::clock;
use crate::params;
use crate::state::AppState;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use serde_json::Value;

const MAX_PIDS: usize = 100;

/// `{pids}`: SKU ids as numbers or numeric text.
#[derive(Debug, Deserialize)]
pub struct AuthBody {
    #[serde(default)]
    pub pids: Value,
}

/// The answer: the membership feature codes the user holds, and which of the asked SKUs may
/// start a free trial.
#[derive(Debug, Serialize)]
pub struct FeatureAuth {
    pub feature_auth: Vec<String>,
    pub free_trial: Vec<i64>,
}

/// `POST /v1/feature-code/auth`.
pub async fn auth(
    State(state): State<AppState>,
    user: MaybeUser,
    ApiJson(body): ApiJson<AuthBody>,
) -> ApiResult<FeatureAuth> {
    let items = match &body.pids {
        Value::Array(items) => items,
        Value::Null => return Err(ApiError::invalid("pids", "missing: give a list of SKU ids")),
        other => {
            return Err(ApiError::invalid(
                "pids",
                format!("must be a list of SKU ids, got {other}"),
            ));
        }
    };
    if items.len() > MAX_PIDS {
        return Err(ApiError::invalid("pids", format!("at most {MAX_PIDS} ids")));
    }
    let mut pids = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let field = format!("pids[{i}]");
        let pid = params::json_int(&field, item, 1, i64::MAX)?
            .ok_or_else(|| ApiError::invalid(&field, "must be a SKU id"))?;
        pids.push(pid);
    }
    let catalog = state.content.catalog()?;
    let paid = match &user.0 {
        Some(u) => {
            let mut conn = state.db.pool.acquire().await?;
            subscriptions::active_plan(&mut conn, u.id, clock::now_s())
                .await?
                .is_some()
        }
        None => false,
    };
    let feature_auth: Vec<String> = if paid {
        catalog.membership_codes().to_vec()
    } else {
        Vec::new()
    };
    let open = trial_open(&state, &user).await?;
    let free_trial: Vec<i64> = pids
        .into_iter()
        .filter(|pid| {
            open && u64::try_from(*pid)
                .ok()
                .and_then(|id| catalog.find(id))
                .is_some_and(|p| p.trial)
        })
        .collect();
    ok(FeatureAuth {
        feature_auth,
        free_trial,
    })
}
