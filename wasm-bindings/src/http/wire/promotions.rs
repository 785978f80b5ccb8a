//! Marketing, check-in, A/B tests and activities
//! (docs/behaviour/credits-and-checkin.md#daily-check-in;
//! docs/behaviour/ads-and-experiments.md#promotions).

use super::OpenFields;
use aivg_core::ads::AdItem;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tsify::Tsify;

/// GET /v1/common/ad and /v1/common/marketing: `client` is "" (desktop) or "wap" (mobile).
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct ClientParams {
    /// "" (desktop) or "wap" (mobile).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub client: Option<String>,
}

/// GET /v1/common/marketing: the site's promotions in one object; `free_trial.offered` says
/// whether the visitor's country gets the free trial.
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct MarketingAnswer {
    /// The client asked for.
    pub client: String,
    /// The visitor's country.
    pub country: String,
    /// The running campaign.
    pub campaign: MarketingCampaign,
    /// The free trial.
    pub free_trial: MarketingFreeTrial,
    /// The coupon offered.
    pub coupon: MarketingCoupon,
    /// The countdown banner.
    pub countdown: MarketingCountdown,
    /// The ads.
    pub ads: Vec<AdItem>,
}

/// The campaign of [`MarketingAnswer`].
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct MarketingCampaign {
    /// Query key of the campaign link.
    pub query_key: String,
    /// Query value of the campaign link.
    pub query_value: String,
    /// Activity code.
    pub activity: String,
    /// Title.
    pub title: String,
    /// Running now.
    pub active: bool,
    /// End time.
    pub ends_at: f64,
    /// Credits granted.
    pub credits: f64,
}

/// The free trial of [`MarketingAnswer`].
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct MarketingFreeTrial {
    /// Length in days.
    pub days: f64,
    /// Countries where it is offered.
    pub countries: Vec<String>,
    /// Offered to this visitor.
    pub offered: bool,
}

/// The coupon of [`MarketingAnswer`].
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct MarketingCoupon {
    /// Coupon id.
    pub coupon_id: f64,
    /// Discount in percent.
    pub percent: f64,
}

/// The countdown of [`MarketingAnswer`].
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct MarketingCountdown {
    /// Hours counted down.
    pub hours: f64,
    /// When it starts again.
    pub resets: String,
}

/// GET /v1/activity/checkin/status and POST /v1/activity/checkin: the activity code.
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct ActivityCodeParams {
    /// The activity code.
    pub code: String,
}

/// The answer of GET /v1/activity/checkin/status.
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct CheckinStatusAnswer {
    /// Checked in today.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "boolean | number | string")]
    pub is_checked_in: Option<Value>,
    /// Today's check-in is available.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "boolean | number | string")]
    pub today_available: Option<Value>,
    /// Credits of today's check-in.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "number | string")]
    pub today_checkin_credits: Option<Value>,
    /// The activity runs.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "boolean | number | string")]
    pub activity_active: Option<Value>,
    /// Anything else the server sends.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// The answer of POST /v1/activity/checkin.
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct CheckinClaimAnswer {
    /// Claimed.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "boolean | number")]
    pub success: Option<Value>,
    /// The server's message.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// Anything else the server sends.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// GET /v1/common/ab-test
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct AbTestParams {
    /// The experiment.
    pub test_code: String,
    /// The user, when signed in.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "string | number")]
    pub user_id: Option<Value>,
    /// Extra data, as the experiment wants it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "unknown")]
    pub extra: Option<Value>,
}

/// The answer of GET /v1/common/ab-test.
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct AbTestAnswer {
    /// The plan the user is in.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "number | string")]
    pub plan: Option<Value>,
    /// Anything else the server sends.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// POST /v1/activity/apply (state 1 success, 3 duplicate, 5 ended).
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct ActivityApplyAnswer {
    /// 1 success, 3 duplicate, 5 ended.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "number | string")]
    pub state: Option<Value>,
    /// Anything else the server sends.
    #[serde(flatten)]
    pub extra: OpenFields,
}
