//! Session and account rules: the logged-in test, stored values with expiry, user info, the
//! token's user, plan levels and tiers (core `session`,
//! docs/behaviour/accounts-and-sessions.md#logged-in-test, #tokens-and-sessions).

use aivg_core::session::{self, UserInfo};
use serde_json::Value;
use wasm_bindgen::prelude::*;

use crate::convert::{from_js, int_arg, opt_int_arg, opt_time_arg, time_arg, to_js_value};
use crate::error::to_js;

// Hand-written: a mapped type over `UserInfo`'s keys (any subset, any value), which tsify cannot
// derive; a struct repeating the fields would drift from `UserInfo`.
#[wasm_bindgen(typescript_custom_section)]
const TS_SESSION: &str = r#"
/**
 * User info as a function reads it: any subset of the fields; values of the wrong type read
 * as their defaults (ids may be numbers).
 */
export type UserInfoInput = { [K in keyof UserInfo]?: unknown };
"#;

/// Whether a stored record `{ expire, data }` may still be used at `nowMs` (valid while now < expire).
/// ```js
/// storedValueValid({ expire: Date.now() + 1000, data: 1 }, Date.now()) // true
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = storedValueValid)]
pub fn stored_value_valid(
    #[wasm_bindgen(unchecked_param_type = "unknown")] record: JsValue,
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
) -> Result<bool, JsValue> {
    let record: Value = from_js("record", record)?;
    Ok(session::stored_value_valid(
        &record,
        time_arg("nowMs", now_ms)?,
    ))
}

/// Reads a stored value from the raw storage text (`null`: nothing stored) at `nowMs`.
/// ```js
/// readStoredValue(localStorage.getItem("k"), Date.now()) // { value: ..., remove: false }
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = readStoredValue, unchecked_return_type = "StoredRead")]
pub fn read_stored_value(
    raw: Option<String>,
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
) -> Result<JsValue, JsValue> {
    to_js_value(&session::read_stored_value(
        raw.as_deref(),
        time_arg("nowMs", now_ms)?,
    ))
}

/// The record to store for `data` at `nowMs`, expiring `ttlMs` later (null: never).
/// ```js
/// makeStoredRecord({ a: 1 }, 1750000000000, 86400000) // { expire: 1750086400000, data: { a: 1 } }
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = makeStoredRecord, unchecked_return_type = "StoredRecord")]
pub fn make_stored_record(
    #[wasm_bindgen(unchecked_param_type = "unknown")] data: JsValue,
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
    #[wasm_bindgen(js_name = ttlMs)] ttl_ms: Option<f64>,
) -> Result<JsValue, JsValue> {
    let data: Value = from_js("data", data)?;
    to_js_value(&session::make_stored_record(
        data,
        time_arg("nowMs", now_ms)?,
        opt_time_arg("ttlMs", ttl_ms)?,
    ))
}

/// The shell's logged-in test (docs/behaviour/accounts-and-sessions.md#logged-in-test): the
/// user-info record exists, is not expired and holds a non-empty object.
/// ```js
/// isLoggedIn(JSON.parse(localStorage.getItem("mediaio.user-info")), Date.now())
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = isLoggedIn)]
pub fn is_logged_in(
    #[wasm_bindgen(unchecked_param_type = "unknown")] record: JsValue,
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
) -> Result<bool, JsValue> {
    let record: Value = from_js("record", record)?;
    Ok(session::is_logged_in(&record, time_arg("nowMs", now_ms)?))
}

/// Reads user info tolerantly into wire shape with every field present; throws
/// `invalid_user_info` for a non-object.
/// ```js
/// parseUserInfo({ uid: 9 }).uid // "9"
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = parseUserInfo, unchecked_return_type = "UserInfo")]
pub fn parse_user_info(
    #[wasm_bindgen(unchecked_param_type = "unknown")] value: JsValue,
) -> Result<JsValue, JsValue> {
    let value: Value = from_js("value", value)?;
    to_js_value(&session::parse_user_info(&value).map_err(to_js)?)
}

/// Reads a login / renew answer tolerantly; throws `invalid_token_response` for a non-object.
/// ```js
/// parseTokenResponse({ jwt: "a.b.c", access_token: "t" }).is_new // false
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = parseTokenResponse, unchecked_return_type = "TokenResponse")]
pub fn parse_token_response(
    #[wasm_bindgen(unchecked_param_type = "unknown")] value: JsValue,
) -> Result<JsValue, JsValue> {
    let value: Value = from_js("value", value)?;
    to_js_value(&session::parse_token_response(&value).map_err(to_js)?)
}

/// Reads user info (wire field names) leniently, as core reads it from JSON.
fn user_arg(name: &str, value: JsValue) -> Result<UserInfo, JsValue> {
    let value: Value = from_js(name, value)?;
    UserInfo::from_value(&value).map_err(to_js)
}

/// The name shown for a user: nickname, full name, first, last, e-mail, else "User".
/// ```js
/// displayName({ firstname: "Bo", lastname: "Li" }) // "Bo Li"
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = displayName)]
pub fn display_name(
    #[wasm_bindgen(unchecked_param_type = "UserInfoInput")] user: JsValue,
) -> Result<String, JsValue> {
    Ok(session::display_name(&user_arg("user", user)?))
}

/// The uid a session token (JWT) names: its `uid` claim, else `sub`; throws `malformed_token`
/// or `token_without_uid`.
/// ```js
/// tokenUid(token) // "12345"
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = tokenUid)]
pub fn token_uid(token: &str) -> Result<String, JsValue> {
    session::token_uid(token).map_err(to_js)
}

/// The decoded (unverified) JSON payload of a JWT; throws `malformed_token`.
/// ```js
/// jwtPayload(token).uid // 12345
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = jwtPayload, unchecked_return_type = "{ [claim: string]: unknown }")]
pub fn jwt_payload(token: &str) -> Result<JsValue, JsValue> {
    to_js_value(&session::jwt_payload(token).map_err(to_js)?)
}

/// Checks the stored user-info record against the token at `nowMs`
/// (docs/behaviour/accounts-and-sessions.md#tokens-and-sessions); throws `malformed_token` /
/// `token_without_uid` for a token naming no user.
/// ```js
/// cachedUserInfo(record, token, Date.now()) // { user: {...} | null, clear: false }
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = cachedUserInfo, unchecked_return_type = "CachedUserInfo")]
pub fn cached_user_info(
    #[wasm_bindgen(unchecked_param_type = "unknown")] record: JsValue,
    token: &str,
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
) -> Result<JsValue, JsValue> {
    let record: Value = from_js("record", record)?;
    let now = time_arg("nowMs", now_ms)?;
    to_js_value(&session::cached_user_info(&record, token, now).map_err(to_js)?)
}

/// The record to store for freshly fetched user info at `nowMs` (expires 24 h later).
/// ```js
/// userInfoRecord(user, 1750000000000).expire // 1750086400000
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = userInfoRecord, unchecked_return_type = "StoredRecord")]
pub fn user_info_record(
    #[wasm_bindgen(unchecked_param_type = "UserInfoInput")] user: JsValue,
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
) -> Result<JsValue, JsValue> {
    let user = user_arg("user", user)?;
    to_js_value(&session::user_info_record(
        &user,
        time_arg("nowMs", now_ms)?,
    ))
}

/// The displayed plan level: guest when not logged in, vip for premium, standard, else free.
/// ```js
/// planLevel(true, "premium") // "vip"
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = planLevel, unchecked_return_type = "PlanLevel")]
pub fn plan_level(
    #[wasm_bindgen(js_name = isLogin)] is_login: bool,
    #[wasm_bindgen(js_name = verifyLevel)] verify_level: &str,
) -> Result<JsValue, JsValue> {
    to_js_value(&session::plan_level(is_login, verify_level))
}

/// The plan panel's action for a verify level: Renew, Upgrade or Purchase.
/// ```js
/// planActionLabel("standard") // "Upgrade"
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = planActionLabel, unchecked_return_type = "PlanAction")]
pub fn plan_action_label(
    #[wasm_bindgen(js_name = verifyLevel)] verify_level: &str,
) -> Result<JsValue, JsValue> {
    to_js_value(&session::plan_action_label(verify_level))
}

/// Whether a verify level is subscribed (standard or premium).
/// ```js
/// isSubscribed("PREMIUM") // true
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = isSubscribed)]
pub fn is_subscribed(#[wasm_bindgen(js_name = verifyLevel)] verify_level: &str) -> bool {
    session::is_subscribed(verify_level)
}

/// Whether a verify level is premium.
/// ```js
/// isPremium("premium") // true
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = isPremium)]
pub fn is_premium(#[wasm_bindgen(js_name = verifyLevel)] verify_level: &str) -> bool {
    session::is_premium(verify_level)
}

/// Whether a verify level is standard.
/// ```js
/// isStandard("standard") // true
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = isStandard)]
pub fn is_standard(#[wasm_bindgen(js_name = verifyLevel)] verify_level: &str) -> bool {
    session::is_standard(verify_level)
}

/// The tier of a SKU from its `sub_tpl_name` ("premium" / "standard" in it), else basic.
/// ```js
/// tierFromSubTplName("AI Video Standard Monthly") // "standard"
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = tierFromSubTplName, unchecked_return_type = "Tier")]
pub fn tier_from_sub_tpl_name(
    #[wasm_bindgen(js_name = subTplName)] sub_tpl_name: &str,
) -> Result<JsValue, JsValue> {
    to_js_value(&session::tier_from_sub_tpl_name(sub_tpl_name))
}

/// The tier of a SKU id from the table of docs/behaviour/pricing-and-purchase.md#skus; throws
/// `unknown_sku` for other ids.
/// ```js
/// tierFromSkuId(24109016) // "premium"
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = tierFromSkuId, unchecked_return_type = "Tier")]
pub fn tier_from_sku_id(#[wasm_bindgen(js_name = skuId)] sku_id: f64) -> Result<JsValue, JsValue> {
    let id = int_arg("skuId", sku_id)?;
    to_js_value(&session::tier_from_sku_id(id).map_err(to_js)?)
}

/// The tier of a SKU: the table for a known id, otherwise from its `sub_tpl_name`.
/// ```js
/// skuTier(null, "Standard") // "standard"
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = skuTier, unchecked_return_type = "Tier")]
pub fn sku_tier(
    #[wasm_bindgen(js_name = skuId)] sku_id: Option<f64>,
    #[wasm_bindgen(js_name = subTplName)] sub_tpl_name: &str,
) -> Result<JsValue, JsValue> {
    let id = opt_int_arg("skuId", sku_id)?;
    to_js_value(&session::sku_tier(id, sub_tpl_name))
}

/// The flags for a visitor with `token` (null or blank: guest) and user info, if loaded.
/// ```js
/// userFlags(null, null).planLevel // "guest"
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = userFlags, unchecked_return_type = "UserFlags")]
pub fn user_flags(
    token: Option<String>,
    #[wasm_bindgen(unchecked_param_type = "UserInfoInput | null | undefined")] user: JsValue,
) -> Result<JsValue, JsValue> {
    let user = if user.is_null() || user.is_undefined() {
        None
    } else {
        Some(user_arg("user", user)?)
    };
    to_js_value(&session::user_flags(token.as_deref(), user.as_ref()))
}

/// The session constants (user-info storage key and cache lifetime, default user name, token
/// cookie and renew window, login dialog sizes).
/// ```js
/// sessionConstants().userInfoStorageKey // "mediaio.user-info"
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = sessionConstants, unchecked_return_type = "SessionConstants")]
pub fn session_constants() -> Result<JsValue, JsValue> {
    to_js_value(&session::session_constants())
}

/// The effective plan of a verify level and its expiry (epoch s) at `nowS`: a paid level counts
/// while unexpired, then reads free and expired (core's rule, shared with the server).
/// ```js
/// effectivePlan("premium", user.verify.expired_time, Date.now() / 1000) // { level: "premium", isExpired: false }
/// ```
#[cfg(feature = "extra")]
#[wasm_bindgen(js_name = effectivePlan, unchecked_return_type = "EffectivePlan")]
pub fn effective_plan(
    #[wasm_bindgen(js_name = verifyLevel)] verify_level: &str,
    #[wasm_bindgen(js_name = expiredTimeS)] expired_time_s: f64,
    #[wasm_bindgen(js_name = nowS)] now_s: f64,
) -> Result<JsValue, JsValue> {
    let expires = time_arg("expiredTimeS", expired_time_s)?;
    let now = time_arg("nowS", now_s)?;
    to_js_value(&session::effective_plan(verify_level, expires, now))
}

/// When to renew `token` at `nowMs` (core's rule: in the last day of its 2-day life); throws
/// `malformed_token` for a token that is not a JWT.
/// ```js
/// const plan = tokenRenewPlan(getAccessToken(), Date.now()); if (plan.due) await renewToken()
/// ```
#[cfg(feature = "later")]
#[wasm_bindgen(js_name = tokenRenewPlan, unchecked_return_type = "TokenRenewPlan")]
pub fn token_renew_plan(
    token: &str,
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
) -> Result<JsValue, JsValue> {
    let now = time_arg("nowMs", now_ms)?;
    to_js_value(&session::token_renew_plan(token, now).map_err(to_js)?)
}

/// Whether opening the login dialog redirects to the provider instead: the second-way login
/// timestamp (epoch ms) is under an hour old (docs/behaviour/accounts-and-sessions.md#log-in).
/// `null` or a future time: no.
/// ```js
/// secondWayLoginRedirect(Date.now() - 60_000, Date.now()) // true
/// ```
#[cfg(feature = "rules")]
#[wasm_bindgen(js_name = secondWayLoginRedirect)]
pub fn second_way_login_redirect(
    #[wasm_bindgen(js_name = timestampMs)] timestamp_ms: Option<f64>,
    #[wasm_bindgen(js_name = nowMs)] now_ms: f64,
) -> bool {
    session::second_way_login_redirect(timestamp_ms, now_ms)
}
