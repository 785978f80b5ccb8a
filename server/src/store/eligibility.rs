//! Who may buy what: only SKUs listed for the buyer's country and pricing plan, the same listing
//! `GET /v1/buy/sku-info` shows (the test store's pay call and every checkout check it).
//!
//! Decisions:
//! - the buyer's country is the request's (`site::country`: the CDN's header, else
//!   `AIVG_DEFAULT_COUNTRY`), never a value of the body, so a buyer cannot pick another
//!   country's prices;
//! - the buyer's pricing plan is their group in the `pricing_plan` experiment, the subject being
//!   the account's uid (what `GET /v1/common/ab-test` answers a signed-in user); a buyer never
//!   seen by the experiment is assigned now, by the same rule; without the experiment in the seed,
//!   core's default plan;
//! - the free trial is offered only in core's free-trial countries (as the SKU list does).

use super::catalog::Product;
use crate::accounts::auth::AuthUser;
use crate::api::ApiError;
use crate::state::AppState;
use aivg_core::pricing::{DEFAULT_PRICING_PLAN, is_free_trial_country, pricing_plan};
use axum::http::HeaderMap;

/// The experiment whose group is the pricing plan
/// (docs/behaviour/ads-and-experiments.md#experiments).
pub const PRICING_EXPERIMENT: &str = "pricing_plan";

/// Where and under which pricing plan a buyer shops.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Market {
    pub country: String,
    pub plan: u8,
}

/// The buyer's market (see the module doc).
pub async fn market_of(
    state: &AppState,
    user: &AuthUser,
    headers: &HeaderMap,
) -> Result<Market, ApiError> {
    let country = crate::site::country::request_country(state, headers);
    let groups = state
        .content
        .snapshot()?
        .seeds
        .experiments
        .tests
        .get(PRICING_EXPERIMENT)
        .copied();
    let plan = match groups {
        Some(groups) => {
            let group =
                crate::site::experiments::group_of(state, PRICING_EXPERIMENT, &user.uid, groups)
                    .await?;
            #[allow(clippy::cast_precision_loss)] // a group number is tiny
            pricing_plan(Some(group as f64))
        }
        None => DEFAULT_PRICING_PLAN,
    };
    Ok(Market { country, plan })
}

/// Refuses a product (or its free trial) that is not offered in the buyer's market.
pub fn check_listed(product: &Product, zero: bool, market: &Market) -> Result<(), ApiError> {
    if !product.listed_for(market.plan, &market.country) {
        return Err(ApiError::invalid(
            "sku_id",
            format!(
                "{} (SKU {}) is not sold in {} on pricing plan {}: pick one from GET /v1/buy/sku-info",
                product.name, product.sku_id, market.country, market.plan
            ),
        ));
    }
    if zero && !is_free_trial_country(&market.country) {
        return Err(ApiError::invalid(
            "zero",
            format!("the free trial is not offered in {}", market.country),
        ));
    }
    Ok(())
}
