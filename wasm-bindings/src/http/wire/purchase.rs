//! SKUs, trade info, checkout and coupons (docs/behaviour/pricing-and-purchase.md#purchase-popup).

use super::OpenFields;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tsify::Tsify;

/// GET /v1/buy/sku-info
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct SkuInfoParams {
    /// The plan whose SKUs are listed.
    #[tsify(type = "number | string")]
    pub plan: Value,
    /// The buyer's country.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub country: Option<String>,
}

/// The answer of GET /v1/buy/sku-info.
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct SkuInfoAnswer {
    /// The SKUs, as sent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sku_buy_list: Option<Vec<OpenFields>>,
    /// The free-trial box is ticked.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "number | boolean")]
    pub zero_buy_checked: Option<Value>,
    /// Anything else the server sends.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// GET /v1/buy/trade-info: `time_before` = whole seconds since the buy dialog opened.
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct TradeInfoParams {
    /// Whole seconds since the buy dialog opened.
    pub time_before: f64,
}

/// The answer of GET /v1/buy/trade-info.
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct TradeInfoAnswer {
    /// Trades in all.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<f64>,
    /// The trades.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub list: Option<Vec<TradeInfoItem>>,
    /// Anything else the server sends.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// One trade of [`TradeInfoAnswer`].
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct TradeInfoItem {
    /// The SKUs bought.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "Array<number | string>")]
    pub sku_id_list: Option<Vec<Value>>,
    /// Anything else the server sends.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// POST /v1/pay/checkout: a one-time checkout of a SKU (`zero`: the free trial; `time_zone`: the
/// buyer's IANA zone, for the halloween discount on credit packs).
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct CheckoutParams {
    /// The SKU bought.
    #[tsify(type = "number | string")]
    pub sku_id: Value,
    /// The free trial.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "number | boolean")]
    pub zero: Option<Value>,
    /// The purchase session id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub session: Option<String>,
    /// Where the purchase started.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// The buyer's IANA zone.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_zone: Option<String>,
}

/// Where to send the buyer (`url` carries only the one-time id, never the access token) and
/// what the checkout charges.
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct CheckoutAnswer {
    /// The one-time checkout id.
    pub checkout_id: String,
    /// The payment page.
    pub url: String,
    /// The payment provider.
    pub provider: String,
    /// When the checkout expires.
    pub expires_at: f64,
    /// The amount charged.
    pub amount: f64,
    /// Its currency.
    pub currency: String,
}

/// POST /v1/buy/coupon/receive
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct CouponParams {
    /// The coupon claimed.
    #[tsify(type = "number | string")]
    pub coupon_id: Value,
}
