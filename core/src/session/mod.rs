//! Session and account rules: logged-in test, stored values with expiry, user info, plan levels and tiers (docs/behaviour/accounts-and-sessions.md#logged-in-test, #roles-and-permissions; docs/behaviour/pricing-and-purchase.md#plans-and-tiers).

mod cache;
mod constants;
pub mod credentials;
mod effective;
mod error;
mod features;
mod flags;
mod lenient;
mod login;
mod plan;
mod renew;
mod stored;
mod token;
mod user;

pub use cache::{
    CachedUserInfo, USER_INFO_CACHE_TTL_MS, USER_INFO_STORAGE_KEY, cached_user_info,
    user_info_record,
};
pub use constants::{SessionConstants, Size, session_constants};
pub use credentials::{
    AccountError, check_new_password, is_invisible, nickname_of, normalise_email,
};
pub use effective::{EffectivePlan, effective_plan};
pub use error::SessionError;
pub use features::{FEATURE_WATERMARK_FREE, MEMBERSHIP_FEATURES, has_feature};
pub use flags::{UserFlags, user_flags};
pub use login::{
    LOGIN_FAILURE_REDIRECT_MS, LOGIN_IFRAME_SIZE, LOGIN_POPUP_SIZE, SECOND_WAY_LOGIN_WINDOW_MS,
    THIRD_PARTY_COOKIE_FLAG_DAYS, TOKEN_COOKIE_DAYS, second_way_login_redirect,
};
pub use plan::{
    PlanAction, PlanLevel, SKU_TIER_TABLE, Tier, is_premium, is_standard, is_subscribed,
    plan_action_label, plan_level, sku_tier, tier_from_sku_id, tier_from_sub_tpl_name,
};
pub use renew::{
    RENEWED_TOKEN_GRACE_MS, TOKEN_COOKIE_NAME, TOKEN_LIFETIME_MS, TOKEN_RENEW_BEFORE_MS,
    TokenRenewPlan, token_renew_plan,
};
pub use stored::{
    StoredRead, StoredRecord, is_logged_in, make_stored_record, read_stored_value,
    stored_value_valid,
};
pub use token::{jwt_payload, token_uid};
pub use user::{
    DEFAULT_USER_NAME, Integral, Subscription, TokenResponse, UserInfo, Verify, display_name,
    parse_token_response, parse_user_info,
};
