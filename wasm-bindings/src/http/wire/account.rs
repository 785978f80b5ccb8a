//! Login, token, user info, feature codes and credit history
//! (docs/behaviour/accounts-and-sessions.md#log-in).

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
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "unknown[]")]
    pub feature_auth: Option<Vec<Value>>,
    /// Feature codes on free trial.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "unknown[]")]
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
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "number | string")]
    pub plan: Option<Value>,
    /// The provider's extra login parameters.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// The answer of POST /v1/oauth/token.
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct TokenAnswer {
    /// The session token (older name).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub jwt: Option<String>,
    /// The session token.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub access_token: Option<String>,
    /// A new account.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "number | boolean")]
    pub is_new: Option<Value>,
    /// On the free trial.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "number | boolean")]
    pub is_free_trial: Option<Value>,
    /// Account creation time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub created_at: Option<f64>,
    /// Anything else the server sends.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// The answer of GET /v1/token/renew.
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct TokenRenewAnswer {
    /// The session token (older name).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub jwt: Option<String>,
    /// The session token.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub access_token: Option<String>,
    /// Anything else the server sends.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// POST /v1/user: the user info as sent (read it with core's parseUserInfo).
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct UserInfoAnswer {
    /// User id.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "string | number")]
    pub uid: Option<Value>,
    /// Nickname.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nickname: Option<String>,
    /// First name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub firstname: Option<String>,
    /// Last name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lastname: Option<String>,
    /// E-mail, as sent.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "unknown")]
    pub email: Option<Value>,
    /// Avatar URL.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub avatar: Option<String>,
    /// Membership level.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verify: Option<UserInfoVerify>,
    /// Credits.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub integral: Option<UserInfoIntegral>,
    /// Subscriptions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subscribe: Option<Vec<UserInfoSubscription>>,
    /// On the free trial.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "number | boolean")]
    pub is_free_trial: Option<Value>,
    /// Account creation time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub created_at: Option<f64>,
    /// Anything else the server sends.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// The membership level of [`UserInfoAnswer`].
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct UserInfoVerify {
    /// Level name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    /// Expiry time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expired_time: Option<f64>,
    /// Expired.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "number | boolean")]
    pub is_expired: Option<Value>,
    /// Anything else the server sends.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// The credits of [`UserInfoAnswer`].
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct UserInfoIntegral {
    /// Credit balance.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "number | string")]
    pub integral: Option<Value>,
    /// Anything else the server sends.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// One subscription of [`UserInfoAnswer`].
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct UserInfoSubscription {
    /// Plan id.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "number | string")]
    pub pid: Option<Value>,
    /// Plan name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Expiry time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expired_time: Option<f64>,
    /// Expired.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "number | boolean")]
    pub is_expired: Option<Value>,
    /// Anything else the server sends.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// GET /v1/credit/history: core's CreditHistoryQuery (page from 1; page_size default 15).
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct CreditHistoryParams {
    /// Which records: all, acquisition or consumption (any case; "" is all).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(
        type = r#""all" | "acquisition" | "consumption" | "Acquisition" | "Consumption" | """#
    )]
    pub r#type: Option<String>,
    /// Page, from 1.
    pub page: f64,
    /// Records per page.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page_size: Option<f64>,
}

/// The answer of GET /v1/credit/history.
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct CreditHistoryAnswer {
    /// The records, as sent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub list: Option<Vec<OpenFields>>,
    /// Records in all.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "number | string")]
    pub total: Option<Value>,
    /// Anything else the server sends.
    #[serde(flatten)]
    pub extra: OpenFields,
}
