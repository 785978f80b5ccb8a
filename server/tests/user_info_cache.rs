//! The user info kept in memory (src/accounts/user_infos.rs): kept between calls; forgotten once a request
//! of the user that may write has been answered, so the user's next call shows the write; and on
//! PostgreSQL forgotten when PostgreSQL notifies a change no request of this server made. The
//! webhook's and the task recovery's writes are in `stripe_webhook.rs` and
//! `domain_without_http.rs`.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use crate::common;
use crate::media_support;
use common::{TestServer, poll_until};
use serde_json::{Value, json};
use std::time::Duration;

fn on_postgres() -> bool {
    let pg = std::env::var("DATABASE_URL").is_ok_and(|u| u.starts_with("postgres"));
    if !pg {
        eprintln!("skipped: needs DATABASE_URL=postgres://… (npm test runs the suite on both)");
    }
    pg
}

/// A server that keeps user infos for a minute: whatever a test sees change within it was
/// forgotten, not expired.
async fn keeping() -> TestServer {
    TestServer::start_configured(|c| c.user_cache = Duration::from_secs(60)).await
}

async fn info(s: &TestServer, token: &str) -> Value {
    let (status, body) = s.post("/v1/user", Some(token), json!({})).await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

async fn sql(s: &TestServer, statement: &str) {
    let db = aivg_server::db::Db::connect(&s.cfg.database_url)
        .await
        .unwrap();
    sqlx::query(statement).execute(&db.pool).await.unwrap();
}

#[tokio::test]
async fn kept_between_calls_and_forgotten_when_postgres_notifies_a_change() {
    if !on_postgres() {
        return;
    }
    let s = keeping().await;
    let token = s.register("kim@example.com").await;
    let first = info(&s, &token).await;
    // The trigger off, a change made behind the server's back is not seen: the info is kept.
    sql(&s, "ALTER TABLE users DISABLE TRIGGER users_changed").await;
    sql(
        &s,
        "UPDATE users SET nickname = 'quiet' WHERE email = 'kim@example.com'",
    )
    .await;
    assert_eq!(info(&s, &token).await["nickname"], first["nickname"]);
    // With it, the next change shows within moments, long before the minute.
    sql(&s, "ALTER TABLE users ENABLE TRIGGER users_changed").await;
    sql(
        &s,
        "UPDATE users SET nickname = 'loud' WHERE email = 'kim@example.com'",
    )
    .await;
    let came = poll_until(
        Duration::from_secs(60),
        Duration::from_millis(20),
        async || (info(&s, &token).await["nickname"] == "loud").then_some(()),
    )
    .await;
    assert!(came.is_some(), "the notification never came");
    // A grant by another writer (the ledger's own statements) is seen the same way.
    let balance = info(&s, &token).await["integral"]["integral"]
        .as_i64()
        .unwrap();
    media_support::grant(&s, "kim@example.com", 7).await;
    let showed = poll_until(
        Duration::from_secs(60),
        Duration::from_millis(20),
        async || (info(&s, &token).await["integral"]["integral"] == balance + 7).then_some(()),
    )
    .await;
    assert!(showed.is_some(), "the grant never showed");
}

#[tokio::test]
async fn a_users_own_writes_show_in_the_next_call() {
    let s = keeping().await;
    let token = s.register("lee@example.com").await;
    // Granted behind the server's back before anything is kept (SQLite is told of no such write).
    media_support::grant(&s, "lee@example.com", 20).await;
    let before = s.balance(&token).await;
    assert!(before >= 20, "{before}");
    let (_, open) = s
        .get(
            "/v1/activity/checkin/status?code=daily_checkin",
            Some(&token),
        )
        .await;
    assert_eq!(open["data"]["is_checked_in"], false, "{open}");
    // The check-in's grant, answered: the very next calls show it (no waiting).
    let (status, body) = s
        .post(
            "/v1/activity/checkin",
            Some(&token),
            json!({"code": "daily_checkin"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let after_claim = s.balance(&token).await;
    assert!(after_claim > before, "{before} → {after_claim}");
    let (_, claimed) = s
        .get(
            "/v1/activity/checkin/status?code=daily_checkin",
            Some(&token),
        )
        .await;
    assert_eq!(claimed["data"]["is_checked_in"], true, "{claimed}");
    // A creation's spend, the same.
    media_support::create_ok(&s, &token, "text2image", json!({"prompt": "cached"})).await;
    assert!(s.balance(&token).await < after_claim);
    // The same info, read twice with no write between, is the same (kept).
    assert_eq!(info(&s, &token).await, info(&s, &token).await);
}

#[tokio::test]
async fn kept_on_sqlite_until_its_lifetime() {
    if std::env::var("DATABASE_URL").is_ok_and(|u| u.starts_with("postgres")) {
        return;
    }
    let s = TestServer::start_configured(|c| c.user_cache = Duration::from_secs(3)).await;
    let token = s.register("sam@example.com").await;
    let first = info(&s, &token).await;
    // SQL on the file from outside the server: nothing tells the server, so the info is kept...
    sql(
        &s,
        "UPDATE users SET nickname = 'outside' WHERE email = 'sam@example.com'",
    )
    .await;
    assert_eq!(info(&s, &token).await["nickname"], first["nickname"]);
    // ...until its lifetime ends.
    let ended = poll_until(
        Duration::from_secs(60),
        Duration::from_millis(100),
        async || (info(&s, &token).await["nickname"] == "outside").then_some(()),
    )
    .await;
    assert!(ended.is_some(), "the cached answer outlived its lifetime");
}
