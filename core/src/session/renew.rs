//! When the session token is renewed (docs/behaviour/accounts-and-sessions.md#tokens-and-sessions
//! `GET /v1/token/renew`; #tokens-and-sessions token cookie 2 days).
//!
//! The spec names the call and the 2-day lifetime, not when the client calls it. Decided, as a
//! user of such a site expects (staying logged in while they keep coming back): the token is
//! renewed once less than half its lifetime is left, i.e. in its last day. A page open at that
//! moment renews then; a page opened later (app start) renews at once. A token already expired
//! cannot be renewed (the server refuses it), and a token without an `exp` claim is never renewed
//! (nothing says when it ends).

use super::error::SessionError;
use super::login::TOKEN_COOKIE_DAYS;
use super::token::jwt_payload;
use serde::Serialize;

const DAY_MS: i64 = 86_400_000;
/// Lifetime of an access token, ms: the token cookie's 2 days
/// (docs/behaviour/accounts-and-sessions.md#tokens-and-sessions). The server issues tokens for this
/// long and the client's cookie lives as long.
pub const TOKEN_LIFETIME_MS: i64 = TOKEN_COOKIE_DAYS as i64 * DAY_MS;
/// Renew once this little of the token's life is left (half the lifetime: 1 day).
pub const TOKEN_RENEW_BEFORE_MS: i64 = TOKEN_LIFETIME_MS / 2;
/// How long a token replaced by a renewal still works (decision): calls already on their way with
/// it, in this tab or another, finish instead of reading as "logged out".
pub const RENEWED_TOKEN_GRACE_MS: i64 = 60_000;
/// Name of the cookie that carries the token across tabs and visits (decision: the spec shows a
/// token cookie and its lifetime, not its name).
pub const TOKEN_COOKIE_NAME: &str = "aivg_token";

/// What to do about a token at a moment.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TokenRenewPlan {
    /// Epoch ms the token ends (its `exp`), when it has one.
    pub expires_at_ms: Option<i64>,
    /// Epoch ms from which it should be renewed.
    pub renew_at_ms: Option<i64>,
    /// Renew now: inside the renew window and not yet expired.
    pub due: bool,
    /// Already past its end: renewing would be refused.
    pub expired: bool,
}

/// The renew plan of `token` at `now_ms` (see the module doc). Errors: a token that is not a
/// JWT (`malformed_token`).
pub fn token_renew_plan(token: &str, now_ms: i64) -> Result<TokenRenewPlan, SessionError> {
    let payload = jwt_payload(token)?;
    let exp_s = payload.get("exp").and_then(|v| {
        v.as_i64()
            .or_else(|| v.as_f64().filter(|f| f.is_finite()).map(|f| f as i64))
    });
    let Some(exp_s) = exp_s else {
        return Ok(TokenRenewPlan {
            expires_at_ms: None,
            renew_at_ms: None,
            due: false,
            expired: false,
        });
    };
    let expires_at_ms = exp_s.saturating_mul(1000);
    let renew_at_ms = expires_at_ms.saturating_sub(TOKEN_RENEW_BEFORE_MS);
    let expired = now_ms >= expires_at_ms;
    Ok(TokenRenewPlan {
        expires_at_ms: Some(expires_at_ms),
        renew_at_ms: Some(renew_at_ms),
        due: !expired && now_ms >= renew_at_ms,
        expired,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::Engine as _;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;

    fn token(payload: &str) -> String {
        format!("e30.{}.sig", URL_SAFE_NO_PAD.encode(payload))
    }

    #[test]
    fn two_days_renewed_in_the_last_one() {
        assert_eq!(TOKEN_LIFETIME_MS, 172_800_000);
        assert_eq!(TOKEN_RENEW_BEFORE_MS, 86_400_000);
    }

    #[test]
    fn malformed_tokens_are_errors() {
        assert!(token_renew_plan("not a jwt", 0).is_err());
    }

    #[test]
    fn without_exp_nothing_is_planned() {
        let plan = token_renew_plan(&token(r#"{"uid":"u1"}"#), 5).unwrap();
        assert_eq!(plan.renew_at_ms, None);
        assert!(!plan.due && !plan.expired);
    }
}
