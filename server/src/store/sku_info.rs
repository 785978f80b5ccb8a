//! `GET /v1/buy/sku-info?plan=&country=` → `{sku_buy_list, zero_buy_checked}`
//! (docs/behaviour/pricing-and-purchase.md#skus).
//!
//! Decisions (the server side is not shown):
//! - `plan` is the pricing plan experiment value 1..4 (absent: core's default 4); plan 3 lists
//!   the promo memberships 25284005..25284016 instead of the classic ones, every other plan the
//!   classic memberships 24109013..24109016 (24149003 replaces 24109016 in India);
//! - `country` (two letters) defaults to the visitor's country (see `site::country`); it picks
//!   the pricing batch (core's `pricing_batch`) and whether the free trial is offered (core's
//!   free-trial countries);
//! - order: memberships first, by price highest first (core's `membership_sku_order`), then the
//!   credit plans and packs in core's `credit_sku_order` for the batch (ascending, descending in
//!   batch 2), so a client that keeps the server's order shows the spec's order;
//! - `zero_buy` is set on trial SKUs when the country is a free-trial country and the visitor
//!   (if signed in) has never had a trial and has no running plan; `zero_buy_checked` (the box
//!   starts ticked) is 1 exactly when some listed SKU offers it.
//! - besides core's fields each SKU carries `tier`, `kind` (membership, credit_plan, pack),
//!   `credits` (what a purchase grants), `trial_days` and `trial_credits`.

use super::catalog::Kind;
use super::subscriptions;
use crate::accounts::auth::MaybeUser;
use crate::api::{ApiError, ApiResult, ok};
use crate::clock;
use crate::params::{self, ApiQuery};
use crate::state::AppState;
use aivg_core::pricing::{
    DEFAULT_PRICING_PLAN, FREE_TRIAL_DAYS, PlanTier, Sku, credit_sku_order, is_free_trial_country,
    membership_sku_order, pricing_batch,
};
use axum::extract::State;
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};

/// Query of the call; `_t` and other extra keys are ignored.
#[derive(Debug, Deserialize)]
pub struct SkuInfoQuery {
    pub plan: Option<String>,
    pub country: Option<String>,
}

/// A country parameter: two ASCII letters, upper-cased.
pub fn parse_country(field: &str, raw: &str) -> Result<String, ApiError> {
    let c = raw.trim();
    if c.len() == 2 && c.chars().all(|ch| ch.is_ascii_alphabetic()) {
        Ok(c.to_ascii_uppercase())
    } else {
        Err(ApiError::invalid(
            field,
            format!("must be a two-letter country code like US, got {c:?}"),
        ))
    }
}

/// Whether the user may still start a free trial (guests may, after logging in).
pub async fn trial_open(state: &AppState, user: &MaybeUser) -> Result<bool, ApiError> {
    let Some(u) = &user.0 else { return Ok(true) };
    let mut conn = state.db.pool.acquire().await?;
    let used = subscriptions::had_trial(&mut conn, u.id).await?;
    let running = subscriptions::active_plan(&mut conn, u.id, clock::now_s())
        .await?
        .is_some();
    Ok(!used && !running)
}

/// A listed SKU: core's wire shape and what the store adds (see the module doc).
#[derive(Debug, Clone, Serialize)]
pub struct ListedSku {
    #[serde(flatten)]
    pub sku: Sku,
    pub tier: &'static str,
    pub kind: &'static str,
    pub credits: i64,
    pub trial_days: u32,
    pub trial_credits: i64,
}

/// The answer of the SKU list.
#[derive(Debug, Serialize)]
pub struct SkuInfo {
    pub sku_buy_list: Vec<ListedSku>,
    pub zero_buy_checked: i64,
    pub plan: u8,
    pub country: String,
    pub batch: u8,
}

/// `GET /v1/buy/sku-info`.
pub async fn sku_info(
    State(state): State<AppState>,
    user: MaybeUser,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<SkuInfoQuery>,
) -> ApiResult<SkuInfo> {
    let plan = params::int(
        "plan",
        q.plan.as_deref(),
        Some(i64::from(DEFAULT_PRICING_PLAN)),
        1,
        4,
    )?;
    let plan = u8::try_from(plan).map_err(ApiError::internal)?;
    let country = match params::text(q.country.as_deref()) {
        Some(c) => parse_country("country", c)?,
        None => crate::site::country::request_country(&state, &headers),
    };
    let catalog = state.content.catalog()?;
    let batch = pricing_batch(&country, None);
    let trial_offered = is_free_trial_country(&country) && trial_open(&state, &user).await?;
    // Checkout links name our public origin, never the request's Host header.
    let origin = crate::links::public_origin(&state.cfg);
    let listed: Vec<_> = catalog
        .products
        .iter()
        .filter(|p| p.listed_for(plan, &country))
        .collect();
    let (members, credits): (Vec<_>, Vec<_>) =
        listed.into_iter().partition(|p| p.tier != PlanTier::Basic);
    let to_skus = |ps: &[&super::catalog::Product]| -> Vec<ListedSku> {
        ps.iter()
            .map(|p| ListedSku {
                sku: catalog.to_sku(p, &origin, p.trial && trial_offered),
                tier: p.tier.as_str(),
                kind: match p.kind {
                    Kind::Membership => "membership",
                    Kind::CreditPlan => "credit_plan",
                    Kind::Pack => "pack",
                },
                credits: p.credits_granted(),
                trial_days: if p.trial { FREE_TRIAL_DAYS } else { 0 },
                trial_credits: p.trial_credits,
            })
            .collect()
    };
    let members = to_skus(&members);
    let credits = to_skus(&credits);
    let member_skus: Vec<Sku> = members.iter().map(|l| l.sku.clone()).collect();
    let credit_skus: Vec<Sku> = credits.iter().map(|l| l.sku.clone()).collect();
    let order = membership_sku_order(&member_skus)
        .into_iter()
        .filter_map(|i| members.get(i))
        .chain(
            credit_sku_order(&credit_skus, batch)
                .into_iter()
                .filter_map(|i| credits.get(i)),
        );
    let list: Vec<ListedSku> = order.cloned().collect();
    let any_trial = list.iter().any(|l| l.sku.zero_buy);
    ok(SkuInfo {
        sku_buy_list: list,
        zero_buy_checked: i64::from(any_trial),
        plan,
        country,
        batch,
    })
}
