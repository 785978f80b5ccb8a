//! The store area (docs/behaviour/pricing-and-purchase.md#purchase-popup): the SKU catalog of the
//! buy dialog, a built-in test store that records trades and grants credits and plans through the
//! ledger, the purchase poll, the 15% coupon, feature-code authorization and the plan-change
//! record. Who may buy what is [`eligibility`]; real payments are `crate::pay`.
//!
//! | call | answer |
//! |---|---|
//! | `GET /v1/buy/sku-info?plan&country` | `{sku_buy_list, zero_buy_checked}` ([`sku_info`]) |
//! | `GET /store/checkout?checkout=` (or `?sku_id&zero`: a preview) | the test store's HTML page ([`checkout`]) |
//! | `POST /store/checkout/pay {checkout}` or `{sku_id, zero, session}` + Bearer | the receipt ([`purchase`]) |
//! | `GET /v1/buy/trade-info?time_before` | `{total, list}` of recent trades ([`trades`]) |
//! | `GET /v1/verify/record?page&page_size` | the user's plan changes ([`trades`]) |
//! | `POST /v1/buy/coupon/receive {coupon_id}` | the coupon, once per user ([`coupon`]) |
//! | `POST /v1/feature-code/auth {pids}` | `{feature_auth, free_trial}` ([`features`]) |

pub mod catalog;
pub mod checkout;
pub mod coupon;
pub mod eligibility;
pub mod features;
pub mod purchase;
pub mod sku_info;
pub mod subscriptions;
pub mod trades;

use crate::state::AppState;
use axum::Router;
use axum::routing::{get, post};

/// The routes of this area, merged into the app router.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/v1/buy/sku-info", get(sku_info::sku_info))
        .route("/store/checkout", get(checkout::page))
        .route("/store/checkout/pay", post(checkout::pay))
        .route("/v1/buy/trade-info", get(trades::trade_info))
        .route("/v1/verify/record", get(trades::verify_record))
        .route("/v1/buy/coupon/receive", post(coupon::receive))
        .route("/v1/feature-code/auth", post(features::auth))
}
