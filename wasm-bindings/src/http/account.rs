//! Account and money calls (docs/behaviour/accounts-and-sessions.md#accounts "Account and money",
//! plus the credit history and the promotion apply call of
//! docs/behaviour/calls-and-errors.md#the-calls). Answers are the envelope's `data` as the server
//! sends it; read them with core's parsers (`parseUserInfo`, check-in data, SKUs ...).

use super::answer::call_data;
use super::transport::{Call, Method};
use crate::convert::from_js;
use aivg_core::credits::CreditHistoryQuery;
use wasm_bindgen::prelude::*;

http_call! {
    /// Which feature codes the user may use (docs/behaviour/accounts-and-sessions.md#accounts).
    /// ```js
    /// const { feature_auth, free_trial } = await authFeatureCodes({ pids: [101, 102] })
    /// ```
    auth_feature_codes => authFeatureCodes(params: "FeatureAuthParams") Post "/v1/feature-code/auth" -> "Promise<FeatureAuthAnswer>"
}

http_call! {
    /// Exchanges the account provider's login code for a token
    /// (docs/behaviour/accounts-and-sessions.md#log-in).
    /// ```js
    /// const { access_token, is_new } = await exchangeOauthToken({ code, plan: 4 })
    /// ```
    exchange_oauth_token => exchangeOauthToken(params: "OauthTokenParams") Post "/v1/oauth/token" -> "Promise<TokenAnswer>"
}

http_call! {
    /// Renews the session token (docs/behaviour/accounts-and-sessions.md#tokens-and-sessions);
    /// never broadcasts "logged out".
    /// ```js
    /// const { access_token } = await renewToken()
    /// ```
    renew_token => renewToken() Get "/v1/token/renew" -> "Promise<TokenRenewAnswer>"
}

http_call! {
    /// The signed-in user's info (docs/behaviour/accounts-and-sessions.md#accounts); read it with
    /// core's `parseUserInfo`.
    /// ```js
    /// const user = await getUserInfo()
    /// ```
    get_user_info => getUserInfo() Post "/v1/user" -> "Promise<UserInfoAnswer>"
}

http_call! {
    /// Ends the session on the server
    /// (docs/behaviour/accounts-and-sessions.md#tokens-and-sessions); the caller then clears its
    /// credentials.
    /// ```js
    /// await logout().catch(console.warn); setAccessToken(null)
    /// ```
    logout => logout() Post "/v1/logout" -> "Promise<unknown>"
}

http_call! {
    /// The verification record (docs/behaviour/credits-and-checkin.md#the-ledger; parameters and
    /// answer not shown).
    /// ```js
    /// const record = await getVerifyRecord({})
    /// ```
    get_verify_record => getVerifyRecord(params?: "Record<string, unknown>") Get "/v1/verify/record" -> "Promise<unknown>"
}

http_call! {
    /// The SKUs of a pricing plan for a country
    /// (docs/behaviour/pricing-and-purchase.md#markets-and-batches).
    /// ```js
    /// const { sku_buy_list, zero_buy_checked } = await getSkuInfo({ plan: 4, country: "US" })
    /// ```
    get_sku_info => getSkuInfo(params: "SkuInfoParams") Get "/v1/buy/sku-info" -> "Promise<SkuInfoAnswer>"
}

http_call! {
    /// Purchases since the buy dialog opened, for the payment poll
    /// (docs/behaviour/pricing-and-purchase.md#purchase-popup).
    /// ```js
    /// const { total, list } = await getTradeInfo({ time_before: 42 })
    /// ```
    get_trade_info => getTradeInfo(params: "TradeInfoParams") Get "/v1/buy/trade-info" -> "Promise<TradeInfoAnswer>"
}

http_call! {
    /// A one-time checkout of a SKU listed for the buyer: open the answer's `url` (the test
    /// store's page or the payment provider's) in the tab the buy click opened.
    /// ```js
    /// const { url } = await createCheckout({ sku_id: 24120100, zero: 0, session: sessionId })
    /// ```
    create_checkout => createCheckout(params: "CheckoutParams") Post "/v1/pay/checkout" -> "Promise<CheckoutAnswer>"
}

http_call! {
    /// The advertisement items (docs/behaviour/ads-and-experiments.md#ads); `client` is "" on
    /// desktop, "wap" on mobile.
    /// ```js
    /// const ads = await getAds({ client: "wap" })
    /// ```
    get_ads => getAds(params?: "ClientParams") Get "/v1/common/ad" -> "Promise<unknown>"
}

http_call! {
    /// Claims a coupon, e.g. the 15% one (docs/behaviour/pricing-and-purchase.md#coupons).
    /// ```js
    /// await receiveCoupon({ coupon_id: 13417 })
    /// ```
    receive_coupon => receiveCoupon(params: "CouponParams") Post "/v1/buy/coupon/receive" -> "Promise<unknown>"
}

http_call! {
    /// Claims today's check-in credits (docs/behaviour/credits-and-checkin.md#daily-check-in).
    /// ```js
    /// const { success, message } = await claimCheckin({ code: "daily_checkin" })
    /// ```
    claim_checkin => claimCheckin(params: "ActivityCodeParams") Post "/v1/activity/checkin" -> "Promise<CheckinClaimAnswer>"
}

http_call! {
    /// The check-in state of the user (docs/behaviour/tasks-and-queue.md#task-states); read it with
    /// core's check-in data reader.
    /// ```js
    /// const status = await getCheckinStatus({ code: "daily_checkin" })
    /// ```
    get_checkin_status => getCheckinStatus(params: "ActivityCodeParams") Get "/v1/activity/checkin/status" -> "Promise<CheckinStatusAnswer>"
}

http_call! {
    /// The experiment group of a test (docs/behaviour/ads-and-experiments.md#experiments: plan 2
    /// means variant B).
    /// ```js
    /// const { plan } = await getAbTest({ test_code: "login_test", user_id: uid })
    /// ```
    get_ab_test => getAbTest(params: "AbTestParams") Get "/v1/common/ab-test" -> "Promise<AbTestAnswer>"
}

http_call! {
    /// Marketing configuration (docs/behaviour/accounts-and-sessions.md#accounts; answer not
    /// shown).
    /// ```js
    /// const marketing = await getMarketing({ client: "" })
    /// ```
    get_marketing => getMarketing(params?: "ClientParams") Get "/v1/common/marketing" -> "Promise<MarketingAnswer>"
}

http_call! {
    /// Applies a promotion, e.g. the prelaunch campaign
    /// (docs/behaviour/ads-and-experiments.md#prelaunch-promotion).
    /// ```js
    /// const { state } = await applyActivity({ code: "nano2_free" })
    /// ```
    apply_activity => applyActivity(params: "ActivityCodeParams") Post "/v1/activity/apply" -> "Promise<ActivityApplyAnswer>"
}

/// One page of the credit history (docs/behaviour/tasks-and-queue.md#the-queue: type, page,
/// page_size); the query is read as core's `CreditHistoryQuery` (page_size defaults to 15) and sent
/// with its wire names.
/// ```js
/// const { list, total } = await getCreditHistory({ type: "consumption", page: 1, page_size: 15 })
/// ```
#[wasm_bindgen(js_name = getCreditHistory, unchecked_return_type = "CreditHistoryAnswer")]
pub async fn get_credit_history(
    #[wasm_bindgen(unchecked_param_type = "CreditHistoryParams")] query: JsValue,
) -> Result<JsValue, JsValue> {
    let query: CreditHistoryQuery = from_js("query", query)?;
    let params = serde_json::to_value(query).map_err(crate::error::conversion)?;
    call_data(Call::new(Method::Get, "/v1/credit/history", params)).await
}
