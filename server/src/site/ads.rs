//! `GET /v1/common/ad?client=` (ad items, docs/behaviour/ads-and-experiments.md#ads) and `GET
//! /v1/common/marketing?client=` (marketing configuration; the answer is not shown in the spec).
//!
//! Decisions: `client` is "" (desktop, also when absent) or `wap` (mobile); anything else answers
//! 400 naming `client`. Ads answer a plain list of core's `AdItem` (module, activity, turn_url,
//! white_thumbnail); the header ad (main_header) is the 3-day free trial, which the app hides for
//! subscribers by core's rule. Marketing gathers what the app's promotions need in one object:
//! the prelaunch campaign (query key/value, activity code, whether it still runs), the visitor's
//! country and the free trial (days, countries, and `offered`: whether this visitor's country
//! gets it, the same test the checkout makes), the coupon, the promo countdown and the ads of the
//! client. The app shows the free-trial box only where the trial is offered.

use super::seed::Ad;
use super::seed_media::{content_url, media_url};
use crate::api::{ApiError, ApiResult, ok};
use crate::clock;
use crate::params::{self, ApiQuery};
use crate::state::AppState;
use aivg_core::ads::{AdItem, AdModule};
use aivg_core::pricing::{
    COUPON_PERCENT, DEFAULT_COUPON_ID, FREE_TRIAL_COUNTRIES, FREE_TRIAL_DAYS, is_free_trial_country,
};
use axum::extract::State;
use axum::http::HeaderMap;
use serde::Deserialize;
use serde_json::{Value, json};

/// `client`: "" or "wap".
#[derive(Debug, Deserialize)]
pub struct ClientQuery {
    pub client: Option<String>,
}

/// Whether the client is mobile (`wap`).
fn is_wap(raw: Option<&str>) -> Result<bool, ApiError> {
    match params::text(raw) {
        None => Ok(false),
        Some("wap") => Ok(true),
        Some(other) => Err(ApiError::invalid(
            "client",
            format!("must be \"\" (desktop) or \"wap\" (mobile), got {other:?}"),
        )),
    }
}

fn items(ads: &[Ad], origin: &str) -> Result<Vec<AdItem>, ApiError> {
    ads.iter()
        .filter(|a| a.published)
        .map(|a| {
            let module: AdModule =
                serde_json::from_value(json!(a.module)).map_err(ApiError::internal)?;
            Ok(AdItem {
                module,
                activity: a.activity.clone(),
                turn_url: a.turn_url.clone(),
                white_thumbnail: a.uploads.picture.as_deref().map_or_else(
                    || media_url(origin, &a.thumbnail),
                    |key| content_url(origin, key),
                ),
            })
        })
        .collect()
}

/// `GET /v1/common/ad` → `[AdItem]`.
pub async fn ads(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<ClientQuery>,
) -> ApiResult<Vec<AdItem>> {
    let wap = is_wap(q.client.as_deref())?;
    let snap = state.content.snapshot()?;
    let s = &snap.seeds;
    ok(items(
        if wap { &s.ads.wap } else { &s.ads.desktop },
        &crate::links::origin(&state.cfg, &headers),
    )?)
}

/// `GET /v1/common/marketing` → `{client, country, campaign, free_trial, coupon, countdown, ads}`.
pub async fn marketing(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<ClientQuery>,
) -> ApiResult<Value> {
    let wap = is_wap(q.client.as_deref())?;
    let snap = state.content.snapshot()?;
    let s = &snap.seeds;
    let campaign = &s.activities.campaign;
    let activity = s
        .activities
        .activities
        .get(&campaign.activity)
        .ok_or_else(|| ApiError::internal("campaign activity"))?;
    let ads = items(
        if wap { &s.ads.wap } else { &s.ads.desktop },
        &crate::links::origin(&state.cfg, &headers),
    )?;
    let country = super::country::request_country(&state, &headers);
    ok(json!({
        "client": if wap { "wap" } else { "" },
        "country": country,
        "campaign": {
            "query_key": campaign.query_key,
            "query_value": campaign.query_value,
            "activity": campaign.activity,
            "title": activity.title,
            "active": clock::now_s() < activity.ends_at,
            "ends_at": activity.ends_at,
            "credits": activity.credits,
        },
        "free_trial": {
            "days": FREE_TRIAL_DAYS,
            "countries": FREE_TRIAL_COUNTRIES,
            "offered": is_free_trial_country(&country),
        },
        "coupon": { "coupon_id": DEFAULT_COUPON_ID, "percent": COUPON_PERCENT },
        "countdown": { "hours": 24, "resets": "daily" },
        "ads": ads,
    }))
}
