//! The login dialog's numbers and its one decision
//! (docs/behaviour/accounts-and-sessions.md#log-in).

/// The second-way login window: a timestamp younger than this redirects
/// (docs/behaviour/accounts-and-sessions.md#log-in: 1 hour).
pub const SECOND_WAY_LOGIN_WINDOW_MS: f64 = 3_600_000.0;
/// Lifetime of the access-token cookie
/// (docs/behaviour/accounts-and-sessions.md#tokens-and-sessions: 2 days).
pub const TOKEN_COOKIE_DAYS: u32 = 2;
/// Lifetime of the third-party-cookie check's flag
/// (docs/behaviour/accounts-and-sessions.md#tokens-and-sessions: 2 days).
pub const THIRD_PARTY_COOKIE_FLAG_DAYS: u32 = 2;
/// The login iframe's size in the dialog, about 400×604
/// (docs/behaviour/accounts-and-sessions.md#log-in).
pub const LOGIN_IFRAME_SIZE: (u32, u32) = (400, 604);
/// The popup used when third-party cookies are unsupported, 500×650
/// (docs/behaviour/accounts-and-sessions.md#log-in).
pub const LOGIN_POPUP_SIZE: (u32, u32) = (500, 650);
/// Delay before a failed login redirects to the account provider
/// (docs/behaviour/accounts-and-sessions.md#log-in: 200 ms).
pub const LOGIN_FAILURE_REDIRECT_MS: u32 = 200;

/// Whether opening the login dialog redirects to the provider instead: the second-way login
/// timestamp (epoch ms, from local storage) is under an hour old
/// (docs/behaviour/accounts-and-sessions.md#log-in). A missing or non-finite timestamp, or one in
/// the future, does not redirect.
pub fn second_way_login_redirect(timestamp_ms: Option<f64>, now_ms: f64) -> bool {
    match timestamp_ms {
        Some(t) if t.is_finite() && now_ms.is_finite() => {
            let age = now_ms - t;
            (0.0..SECOND_WAY_LOGIN_WINDOW_MS).contains(&age)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redirects_within_the_hour_only() {
        let now = 1_700_000_000_000.0;
        assert!(second_way_login_redirect(Some(now), now));
        assert!(second_way_login_redirect(Some(now - 3_599_999.0), now));
        assert!(!second_way_login_redirect(Some(now - 3_600_000.0), now));
        assert!(!second_way_login_redirect(Some(now + 1.0), now));
        assert!(!second_way_login_redirect(None, now));
        assert!(!second_way_login_redirect(Some(f64::NAN), now));
    }
}
