//! The client-side user flags (docs/behaviour/accounts-and-sessions.md#roles-and-permissions): one
//! object the header, pricing and check-in read.

use super::plan::{PlanLevel, is_premium, is_standard, plan_level};
use super::user::{UserInfo, display_name};
use serde::{Deserialize, Serialize};

/// What the interface needs to know about the visitor.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UserFlags {
    /// A session token exists (docs/behaviour/accounts-and-sessions.md#tokens-and-sessions: "logged
    /// in when a token exists").
    pub is_login: bool,
    /// Standard or premium.
    pub is_subscribed: bool,
    /// Premium.
    pub is_premium: bool,
    /// Standard.
    pub is_standard: bool,
    /// Credit balance (`integral.integral`; 0 when unknown).
    pub cur_credits: i64,
    /// Displayed plan level.
    pub plan_level: PlanLevel,
    /// Displayed name ("" for a guest).
    pub display_name: String,
}

/// The flags for a visitor with `token` (`None` or blank = guest) and user info, if loaded.
///
/// Decided: a guest gets all-false flags, 0 credits, level guest and an empty name, whatever
/// user info is passed (a stale cache must not show a name after logout). A signed-in user whose
/// info is not loaded yet gets level free, 0 credits and the default user name.
pub fn user_flags(token: Option<&str>, user: Option<&UserInfo>) -> UserFlags {
    let is_login = token.is_some_and(|t| !t.trim().is_empty());
    if !is_login {
        return UserFlags {
            is_login,
            is_subscribed: false,
            is_premium: false,
            is_standard: false,
            cur_credits: 0,
            plan_level: PlanLevel::Guest,
            display_name: String::new(),
        };
    }
    let fallback = UserInfo::default();
    let user = user.unwrap_or(&fallback);
    let level = user.verify.level.as_str();
    let premium = is_premium(level);
    let standard = is_standard(level);
    UserFlags {
        is_login,
        is_subscribed: premium || standard,
        is_premium: premium,
        is_standard: standard,
        cur_credits: user.integral.integral,
        plan_level: plan_level(true, level),
        display_name: display_name(user),
    }
}
