//! A user's plan level as it stands at a moment
//! (docs/behaviour/accounts-and-sessions.md#roles-and-permissions `verify{level, expired_time,
//! is_expired}`): the one rule the server's user info, upload quota and check-in reward share.
//!
//! Decided (the spec shows the fields, not the rule): a paid level (standard, premium) counts
//! while its expiry (epoch seconds) is after now; from the expiry on the user is free and the
//! plan reads expired. Free and inactive have no expiry and stand as they are; any other value
//! (empty, unknown) reads as free. Levels are compared trimmed and lower-cased.

use serde::Serialize;

/// The effective plan of a user.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EffectivePlan {
    /// `free`, `standard`, `premium` or `inactive`.
    #[cfg_attr(
        feature = "tsify",
        tsify(type = "\"free\" | \"standard\" | \"premium\" | \"inactive\"")
    )]
    pub level: &'static str,
    /// A paid plan whose expiry has passed.
    pub is_expired: bool,
}

/// The effective plan of a stored verify level and expiry at `now_s` (see the module doc).
pub fn effective_plan(verify_level: &str, expired_time_s: i64, now_s: i64) -> EffectivePlan {
    let key = verify_level.trim().to_ascii_lowercase();
    let paid = match key.as_str() {
        "standard" => Some("standard"),
        "premium" => Some("premium"),
        _ => None,
    };
    match paid {
        Some(level) if expired_time_s > now_s => EffectivePlan {
            level,
            is_expired: false,
        },
        Some(_) => EffectivePlan {
            level: "free",
            is_expired: true,
        },
        None => EffectivePlan {
            level: if key == "inactive" {
                "inactive"
            } else {
                "free"
            },
            is_expired: false,
        },
    }
}
