//! Subscriptions of a user: the `subscribe` list of the user info
//! (docs/behaviour/pricing-and-purchase.md#subscriptions) and the plan level they give.
//!
//! The plan level stored on `users` (verify_level, verify_expired_time) is recomputed after each
//! subscription: the highest tier among the user's unexpired standard/premium subscriptions, and
//! the latest end among that tier's. Credit plans (tier basic) never change the level.
//!
//! The user's effective level ([`effective_level`]) is read here too, once per request by what
//! the plan decides (a metered tool's minutes, the upload quota, the check-in reward, downloads
//! without watermark), and passed down to the rule.

use aivg_core::session::Subscription;
use sqlx::{AnyConnection, FromRow};

/// A subscription as the user info lists it.
#[derive(FromRow)]
struct SubscriptionRow {
    pid: i64,
    name: String,
    expired_time: i64,
}

/// The user's subscriptions, newest first, in core's wire shape.
pub async fn list(
    conn: &mut AnyConnection,
    user_id: i64,
    now: i64,
) -> Result<Vec<Subscription>, sqlx::Error> {
    let rows: Vec<SubscriptionRow> = sqlx::query_as(
        "SELECT pid, name, expired_time FROM subscriptions WHERE user_id = $1 ORDER BY start_time DESC, id DESC",
    )
    .bind(user_id)
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| Subscription {
            is_expired: r.expired_time <= now,
            pid: r.pid,
            name: r.name,
            expired_time: r.expired_time,
        })
        .collect())
}

/// Whether the user, or another account of the same identity (`identity.rs`: the e-mail with
/// its aliases folded), has ever started a free trial: one per person as far as the site can tell.
pub async fn had_trial(conn: &mut AnyConnection, user_id: i64) -> Result<bool, sqlx::Error> {
    let trials: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM subscriptions s JOIN users u ON u.id = s.user_id
         WHERE s.is_free_trial = 1 AND u.identity = (SELECT identity FROM users WHERE id = $1)",
    )
    .bind(user_id)
    .fetch_one(conn)
    .await?;
    Ok(trials > 0)
}

/// A running paid plan.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct ActivePlan {
    /// `standard` or `premium`.
    pub tier: String,
    /// Its latest end, epoch seconds.
    pub until: i64,
}

/// The active plan: the highest unexpired tier and its latest end, or `None`.
pub async fn active_plan(
    conn: &mut AnyConnection,
    user_id: i64,
    now: i64,
) -> Result<Option<ActivePlan>, sqlx::Error> {
    sqlx::query_as(
        "SELECT tier, CAST(MAX(expired_time) AS BIGINT) AS until FROM subscriptions
         WHERE user_id = $1 AND expired_time > $2 AND tier IN ('standard', 'premium')
         GROUP BY tier ORDER BY CASE WHEN tier = 'premium' THEN 0 ELSE 1 END LIMIT 1",
    )
    .bind(user_id)
    .bind(now)
    .fetch_optional(conn)
    .await
}

/// When a new period of this product starts: at the end of the user's latest unexpired
/// subscription of the same product (a renewal extends it), else now.
pub async fn next_start(
    conn: &mut AnyConnection,
    user_id: i64,
    pid: i64,
    now: i64,
) -> Result<i64, sqlx::Error> {
    let until: i64 = sqlx::query_scalar(
        "SELECT CAST(COALESCE(MAX(expired_time), 0) AS BIGINT) FROM subscriptions
         WHERE user_id = $1 AND pid = $2 AND expired_time > $3 AND is_free_trial = 0",
    )
    .bind(user_id)
    .bind(pid)
    .bind(now)
    .fetch_one(conn)
    .await?;
    Ok(until.max(now))
}

/// Stores the plan level of [`active_plan`] on the user row (free when none is active).
pub async fn refresh_level(
    conn: &mut AnyConnection,
    user_id: i64,
    now: i64,
    is_free_trial: Option<bool>,
) -> Result<(), sqlx::Error> {
    let plan = active_plan(conn, user_id, now).await?;
    let (level, until) = match &plan {
        Some(p) => (p.tier.as_str(), p.until),
        None => ("free", 0),
    };
    sqlx::query("UPDATE users SET verify_level = $1, verify_expired_time = $2 WHERE id = $3")
        .bind(level)
        .bind(until)
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    if let Some(trial) = is_free_trial {
        sqlx::query("UPDATE users SET is_free_trial = $1 WHERE id = $2")
            .bind(i64::from(trial))
            .bind(user_id)
            .execute(conn)
            .await?;
    }
    Ok(())
}

/// The plan level stored on a user ([`refresh_level`]).
#[derive(FromRow)]
struct StoredLevel {
    verify_level: String,
    verify_expired_time: i64,
}

/// The user's effective plan level at `now_s` (core's `effective_plan`: a paid level counts only
/// while unexpired).
pub async fn effective_level(
    conn: &mut AnyConnection,
    user_id: i64,
    now_s: i64,
) -> Result<&'static str, sqlx::Error> {
    let stored: StoredLevel =
        sqlx::query_as("SELECT verify_level, verify_expired_time FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_one(conn)
            .await?;
    let plan =
        aivg_core::session::effective_plan(&stored.verify_level, stored.verify_expired_time, now_s);
    Ok(plan.level)
}
