//! One effective plan level (core's `effective_plan`) behind the user info, the upload quota and
//! the check-in reward: a plan that has expired reads free everywhere, an active one counts
//! everywhere.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use crate::common;

use aivg_server::clock;
use aivg_server::uploads::quota::{FREE_QUOTA, PREMIUM_QUOTA};
use common::TestServer;
use serde_json::Value;
use sqlx::Connection;

async fn set_plan(s: &TestServer, token: &str, level: &str, expires_s: i64) {
    let uid = aivg_core::session::token_uid(token).unwrap();
    sqlx::any::install_default_drivers();
    let mut db = sqlx::AnyConnection::connect(&s.cfg.database_url)
        .await
        .unwrap();
    sqlx::query("UPDATE users SET verify_level = $1, verify_expired_time = $2 WHERE uid = $3")
        .bind(level)
        .bind(expires_s)
        .bind(uid)
        .execute(&mut db)
        .await
        .unwrap();
}

/// (verify level, is_expired, quota limit, check-in reward) as the three calls answer them.
async fn seen(s: &TestServer, token: &str) -> (Value, Value, i64, i64) {
    let (status, user) = s.post("/v1/user", Some(token), serde_json::json!({})).await;
    assert_eq!(status, 200, "{user}");
    let (status, grant) = s
        .get(
            "/v1/common/oss/token?algorithm=image2video&ext=png",
            Some(token),
        )
        .await;
    assert_eq!(status, 200, "{grant}");
    let (status, checkin) = s
        .get(
            "/v1/activity/checkin/status?code=daily_checkin",
            Some(token),
        )
        .await;
    assert_eq!(status, 200, "{checkin}");
    (
        user["data"]["verify"]["level"].clone(),
        user["data"]["verify"]["is_expired"].clone(),
        grant["data"]["quota"]["limit"].as_i64().unwrap(),
        checkin["data"]["today_checkin_credits"].as_i64().unwrap(),
    )
}

#[tokio::test]
async fn user_info_quota_and_checkin_agree_on_the_plan() {
    let s = TestServer::start().await;
    let token = s.register("plan@example.com").await;
    let now = clock::now_s();

    set_plan(&s, &token, "premium", now + 86_400).await;
    let (level, expired, limit, reward) = seen(&s, &token).await;
    assert_eq!(
        (level.as_str(), expired.as_bool()),
        (Some("premium"), Some(false))
    );
    assert_eq!((limit, reward), (PREMIUM_QUOTA, 10));

    set_plan(&s, &token, "premium", now - 1).await;
    let (level, expired, limit, reward) = seen(&s, &token).await;
    assert_eq!(
        (level.as_str(), expired.as_bool()),
        (Some("free"), Some(true))
    );
    assert_eq!((limit, reward), (FREE_QUOTA, 3));

    set_plan(&s, &token, "inactive", 0).await;
    let (level, expired, limit, reward) = seen(&s, &token).await;
    assert_eq!(
        (level.as_str(), expired.as_bool()),
        (Some("inactive"), Some(false))
    );
    // Inactive: the free quota, the default check-in reward
    // (docs/behaviour/credits-and-checkin.md#daily-check-in: "default 2").
    assert_eq!((limit, reward), (FREE_QUOTA, 2));
}
