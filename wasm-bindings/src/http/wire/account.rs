//! Login, token, user info, feature codes and credit history (spec 02 §7).

use super::OpenFields;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tsify::Tsify;

/// POST /v1/feature-code/auth
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct FeatureAuthParams {
    /// Feature code ids.
    #[tsify(type = "Array<number | string>")]
    pub pids: Vec<Value>,
}

/// The answer of POST /v1/feature-code/auth.
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct FeatureAuthAnswer {
    /// Feature codes the user may use.
    #[tsify(optional, type = "unknown[]")]
    pub feature_auth: Option<Vec<Value>>,
    /// Feature codes on free trial.
    #[tsify(optional, type = "unknown[]")]
    pub free_trial: Option<Vec<Value>>,
    /// Anything else the server sends.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// POST /v1/oauth/token: the login code plus the provider's extra login parameters.
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct OauthTokenParams {
    /// The provider's login code.
    pub code: String,
    /// The plan chosen before login.
    #[tsify(optional, type = "number | string")]
    pub plan: Option<Value>,
    /// The provider's extra login parameters.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// The answer of POST /v1/oauth/token.
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct TokenAnswer {
    /// The session token (older name).
    #[tsify(optional)]
    pub jwt: Option<String>,
    /// The session token.
    #[tsify(optional)]
    pub access_token: Option<String>,
    /// A new account.
    #[tsify(optional, type = "number | boolean")]
    pub is_new: Option<Value>,
    /// On the free trial.
    #[tsify(optional, type = "number | boolean")]
    pub is_free_trial: Option<Value>,
    /// Account creation time.
    #[tsify(optional)]
    pub created_at: Option<f64>,
    /// Anything else the server sends.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// The answer of GET /v1/token/renew.
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct TokenRenewAnswer {
    /// The session token (older name).
    #[tsify(optional)]
    pub jwt: Option<String>,
    /// The session token.
    #[tsify(optional)]
    pub access_token: Option<String>,
    /// Anything else the server sends.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// POST /v1/user: the user info as sent (read it with core's parseUserInfo).
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct UserInfoAnswer {
    /// User id.
    #[tsify(optional, type = "string | number")]
    pub uid: Option<Value>,
    /// Nickname.
    #[tsify(optional)]
    pub nickname: Option<String>,
    /// First name.
    #[tsify(optional)]
    pub firstname: Option<String>,
    /// Last name.
    #[tsify(optional)]
    pub lastname: Option<String>,
    /// E-mail, as sent.
    #[tsify(optional, type = "unknown")]
    pub email: Option<Value>,
    /// Avatar URL.
    #[tsify(optional)]
    pub avatar: Option<String>,
    /// Membership level.
    #[tsify(optional)]
    pub verify: Option<UserInfoVerify>,
    /// Credits.
    #[tsify(optional)]
    pub integral: Option<UserInfoIntegral>,
    /// Subscriptions.
    #[tsify(optional)]
    pub subscribe: Option<Vec<UserInfoSubscription>>,
    /// On the free trial.
    #[tsify(optional, type = "number | boolean")]
    pub is_free_trial: Option<Value>,
    /// Account creation time.
    #[tsify(optional)]
    pub created_at: Option<f64>,
    /// Anything else the server sends.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// The membership level of [`UserInfoAnswer`].
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct UserInfoVerify {
    /// Level name.
    #[tsify(optional)]
    pub level: Option<String>,
    /// Expiry time.
    #[tsify(optional)]
    pub expired_time: Option<f64>,
    /// Expired.
    #[tsify(optional, type = "number | boolean")]
    pub is_expired: Option<Value>,
    /// Anything else the server sends.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// The credits of [`UserInfoAnswer`].
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct UserInfoIntegral {
    /// Credit balance.
    #[tsify(optional, type = "number | string")]
    pub integral: Option<Value>,
    /// Anything else the server sends.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// One subscription of [`UserInfoAnswer`].
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct UserInfoSubscription {
    /// Plan id.
    #[tsify(optional, type = "number | string")]
    pub pid: Option<Value>,
    /// Plan name.
    #[tsify(optional)]
    pub name: Option<String>,
    /// Expiry time.
    #[tsify(optional)]
    pub expired_time: Option<f64>,
    /// Expired.
    #[tsify(optional, type = "number | boolean")]
    pub is_expired: Option<Value>,
    /// Anything else the server sends.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// GET /v1/credit/history: core's CreditHistoryQuery (page from 1; page_size default 15).
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct CreditHistoryParams {
    /// Which records: all, acquisition or consumption (any case; "" is all).
    #[tsify(
        optional,
        type = r#""all" | "acquisition" | "consumption" | "Acquisition" | "Consumption" | """#
    )]
    pub r#type: Option<String>,
    /// Page, from 1.
    pub page: f64,
    /// Records per page.
    #[tsify(optional)]
    pub page_size: Option<f64>,
}

/// The answer of GET /v1/credit/history.
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct CreditHistoryAnswer {
    /// The records, as sent.
    #[tsify(optional)]
    pub list: Option<Vec<OpenFields>>,
    /// Records in all.
    #[tsify(optional, type = "number | string")]
    pub total: Option<Value>,
    /// Anything else the server sends.
    #[serde(flatten)]
    pub extra: OpenFields,
}
