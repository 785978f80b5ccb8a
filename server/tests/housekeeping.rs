//! Housekeeping and the upload quota under concurrency: the purge removes expired tokens, codes,
//! tickets and reservations and old analytics and keeps what is current; parallel uploads (or two
//! PUTs on one URL) cannot pass the quota together.
#![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]

use crate::common;
use crate::media_support;

use aivg_server::housekeeping::{self, Purged};
use common::{TestServer, poll_until};
use media_support::{pool, user_id};
use serde_json::Value;
use std::time::Duration;

const DAY_MS: i64 = 86_400_000;

async fn count(s: &TestServer, table: &str) -> i64 {
    let sql = format!("SELECT COUNT(*) FROM {table}");
    sqlx::query_scalar(&sql).fetch_one(&pool(s)).await.unwrap()
}

async fn exec(s: &TestServer, sql: &str, binds: &[Value]) {
    let mut q = sqlx::query(sql);
    for b in binds {
        q = match b {
            Value::Number(n) => q.bind(n.as_i64().unwrap()),
            Value::String(t) => q.bind(t.clone()),
            _ => panic!("bind {b}"),
        };
    }
    q.execute(&pool(s)).await.unwrap();
}

/// One row of each kind, out of date (`old`) or current.
async fn seed(s: &TestServer, user: i64, tag: &str, old: bool) {
    let now = aivg_server::clock::now_ms();
    let at = if old { now - 1000 } else { now + DAY_MS };
    let seen = if old {
        now - 400 * DAY_MS
    } else {
        now - DAY_MS
    };
    let v = |x: &str| Value::String(format!("{x}-{tag}"));
    exec(
        s,
        "INSERT INTO tokens (jti, user_id, expires_ms, revoked) VALUES ($1, $2, $3, 0)",
        &[v("jti"), user.into(), at.into()],
    )
    .await;
    exec(
        s,
        "INSERT INTO auth_codes (code, user_id, is_new, expires_ms, used) VALUES ($1, $2, 0, $3, 0)",
        &[v("code"), user.into(), at.into()],
    )
    .await;
    exec(
        s,
        "INSERT INTO event_tickets (ticket, user_id, jti, expires_ms) VALUES ($1, $2, 'j', $3)",
        &[v("ticket"), user.into(), at.into()],
    )
    .await;
    exec(
        s,
        "INSERT INTO upload_reservations (oss_path, user_id, bytes, expires_ms) VALUES ($1, $2, 10, $3)",
        &[v("users/x/p"), user.into(), at.into()],
    )
    .await;
    exec(
        s,
        "INSERT INTO analytics_events (name, client_ms, received_ms) VALUES ('page_view', $1, $1)",
        &[seen.into()],
    )
    .await;
    exec(
        s,
        "INSERT INTO checkouts (id, user_id, sku_id, amount_cents, currency, provider, expires_at, created_at) VALUES ($1, $2, 1, 100, 'usd', 'test', $3, $3)",
        &[v("co"), user.into(), (at / 1000).into()],
    )
    .await;
    exec(
        s,
        "INSERT INTO payment_events (provider, event_id, type, received_at) VALUES ('stripe', $1, 'x', $2)",
        &[v("evt"), (seen / 1000).into()],
    )
    .await;
}

#[tokio::test]
async fn the_purge_removes_what_is_out_of_date_and_keeps_the_rest() {
    let s = TestServer::start().await;
    let token = s.register("old@example.com").await;
    let user = user_id(&s, "old@example.com").await;
    // Registering left one used code and one live token.
    assert_eq!(count(&s, "auth_codes").await, 1);
    let (status, _) = s
        .post("/v1/user", Some(&token), serde_json::json!({}))
        .await;
    assert_eq!(status, 200);
    seed(&s, user, "old", true).await;
    seed(&s, user, "new", false).await;
    exec(
        &s,
        "INSERT INTO tokens (jti, user_id, expires_ms, revoked) VALUES ('revoked', $1, $2, 1)",
        &[user.into(), (aivg_server::clock::now_ms() + DAY_MS).into()],
    )
    .await;
    let state = &s.running.as_ref().unwrap().state;
    let purged = housekeeping::purge(
        &state.db.pool,
        &state.cfg.housekeeping,
        aivg_server::clock::now_ms(),
    )
    .await
    .unwrap();
    let want = Purged {
        tokens: 2,
        codes: 2,
        tickets: 1,
        reservations: 1,
        checkouts: 1,
        webhook_events: 1,
        idempotency_keys: 0,
        webhook_deliveries: 0,
        analytics: 1,
    };
    assert_eq!(
        purged, want,
        "expired + revoked tokens, expired + used codes"
    );
    for table in [
        "tokens",
        "event_tickets",
        "upload_reservations",
        "analytics_events",
        "checkouts",
        "payment_events",
    ] {
        assert_eq!(
            count(&s, table).await,
            2 - i64::from(table != "tokens"),
            "{table}"
        );
    }
    assert_eq!(count(&s, "auth_codes").await, 1);
    let (status, _) = s
        .post("/v1/user", Some(&token), serde_json::json!({}))
        .await;
    assert_eq!(status, 200, "the live session is kept");
    let again = housekeeping::purge(
        &state.db.pool,
        &state.cfg.housekeeping,
        aivg_server::clock::now_ms(),
    )
    .await
    .unwrap();
    assert_eq!(again.total(), 0);
}

#[tokio::test]
async fn the_purge_runs_on_its_own_schedule() {
    let s = TestServer::start_configured(|c| {
        c.housekeeping.interval = Some(Duration::from_millis(200));
    })
    .await;
    s.register("sched@example.com").await;
    let user = user_id(&s, "sched@example.com").await;
    seed(&s, user, "old", true).await;
    let purged = poll_until(
        Duration::from_secs(60),
        Duration::from_millis(100),
        async || (count(&s, "event_tickets").await == 0).then_some(()),
    )
    .await;
    assert!(
        purged.is_some(),
        "the expired ticket was not purged within 5 s"
    );
}

/// A fresh upload grant: (url, oss_path).
async fn grant(s: &TestServer, token: &str) -> (String, String) {
    let (status, body) = s
        .get(
            "/v1/common/oss/token?algorithm=text2image&ext=png",
            Some(token),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    (
        body["data"]["upload_url"].as_str().unwrap().to_owned(),
        body["data"]["oss_path"].as_str().unwrap().to_owned(),
    )
}

async fn put(s: &TestServer, url: &str, bytes: usize) -> (u16, Value) {
    let res = s.http.put(url).body(vec![7u8; bytes]).send().await.unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn parallel_uploads_cannot_pass_the_quota_together() {
    let s = TestServer::start().await;
    let token = s.register("full@example.com").await;
    let user = user_id(&s, "full@example.com").await;
    // Nearly full: 1500 bytes left of the free quota.
    let left = 1500;
    exec(
        &s,
        "INSERT INTO objects (user_id, oss_path, origin, size, content_type, created_ms) VALUES ($1, 'users/x/filler.png', 'upload', $2, 'image/png', 0)",
        &[user.into(), (aivg_server::uploads::quota::FREE_QUOTA - left).into()],
    )
    .await;
    let (a, b, c) = (
        grant(&s, &token).await,
        grant(&s, &token).await,
        grant(&s, &token).await,
    );
    let answers = tokio::join!(
        put(&s, &a.0, 1000),
        put(&s, &b.0, 1000),
        put(&s, &c.0, 1000)
    );
    let answers = [answers.0, answers.1, answers.2];
    let ok = answers.iter().filter(|(st, _)| *st == 200).count();
    assert_eq!(ok, 1, "exactly one fits: {answers:?}");
    for (status, body) in answers.iter().filter(|(st, _)| *st != 200) {
        assert_eq!(*status, 507, "{body}");
        assert_eq!(body["code"], aivg_server::uploads::CODE_NOT_ENOUGH_SPACE);
    }
    let stored: i64 =
        sqlx::query_scalar("SELECT CAST(SUM(size) AS BIGINT) FROM objects WHERE user_id = $1")
            .bind(user)
            .fetch_one(&pool(&s))
            .await
            .unwrap();
    assert!(stored <= aivg_server::uploads::quota::FREE_QUOTA);
    assert_eq!(
        count(&s, "upload_reservations").await,
        0,
        "none left behind"
    );
}

#[tokio::test]
async fn one_upload_url_serves_one_upload_even_in_parallel() {
    let s = TestServer::start().await;
    let token = s.register("twice@example.com").await;
    let (url, path) = grant(&s, &token).await;
    let (x, y) = tokio::join!(put(&s, &url, 300_000), put(&s, &url, 300_000));
    let mut statuses = [x.0, y.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "{x:?} {y:?}");
    let (status, body) = put(&s, &url, 10).await;
    assert_eq!(status, 409, "{body}");
    let (status, body) = s
        .get(
            &format!("/v1/common/oss/mediainfo?oss_path={path}"),
            Some(&token),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["size"], 300_000);
    assert_eq!(count(&s, "upload_reservations").await, 0);
}
