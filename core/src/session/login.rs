//! The login dialog's numbers and its one decision (spec 02 §2, §4, §9).

/// The second-way login window: a timestamp younger than this redirects (spec 02 §4, §9: 1 hour).
pub const SECOND_WAY_LOGIN_WINDOW_MS: f64 = 3_600_000.0;
/// Lifetime of the access-token cookie (spec 02 §9: 2 days).
pub const TOKEN_COOKIE_DAYS: u32 = 2;
/// Lifetime of the third-party-cookie check's flag (spec 02 §9: 2 days).
pub const THIRD_PARTY_COOKIE_FLAG_DAYS: u32 = 2;
/// The login iframe's size in the dialog, about 400×604 (spec 02 §2, §9).
pub const LOGIN_IFRAME_SIZE: (u32, u32) = (400, 604);
/// The popup used when third-party cookies are unsupported, 500×650 (spec 02 §2, §9).
pub const LOGIN_POPUP_SIZE: (u32, u32) = (500, 650);
/// Delay before a failed login redirects to the account provider (spec 02 §4: 200 ms).
pub const LOGIN_FAILURE_REDIRECT_MS: u32 = 200;

/// Whether opening the login dialog redirects to the provider instead: the second-way login
/// timestamp (epoch ms, from local storage) is under an hour old (spec 02 §4). A missing or
/// non-finite timestamp, or one in the future, does not redirect.
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
