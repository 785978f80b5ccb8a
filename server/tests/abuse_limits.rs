//! Abuse limits over real HTTP: a flood from one address or account answers 429 with
//! `Retry-After` and the usual envelope, while other addresses and accounts go on; log-in cannot
//! be locked by someone guessing elsewhere and does not tell who has an account; sign-up credits
//! go once per identity. Client addresses come from `X-Forwarded-For`, believed because the test
//! client connects from loopback, a trusted proxy by default.
#![allow(clippy::unwrap_used)]

use crate::common;

use aivg_server::limits::{LimitSettings, Rate};
use common::TestServer;
use serde_json::{Value, json};
use std::time::Duration;

const HOUR: Duration = Duration::from_secs(3600);

async fn server(f: impl FnOnce(&mut LimitSettings)) -> TestServer {
    TestServer::start_configured(|c| {
        c.limits.proxy_header = Some("x-forwarded-for".parse().unwrap());
        f(&mut c.limits);
    })
    .await
}

/// POST from the client address `ip`: (status, Retry-After, body).
async fn post_from(
    s: &TestServer,
    ip: &str,
    path: &str,
    token: Option<&str>,
    body: Value,
) -> (u16, Option<u64>, Value) {
    let mut req = s
        .http
        .post(s.url(path))
        .header("x-forwarded-for", format!("10.1.1.1, {ip}"))
        .json(&body);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let res = req.send().await.unwrap();
    let status = res.status().as_u16();
    let retry = res
        .headers()
        .get("retry-after")
        .map(|v| v.to_str().unwrap().parse().unwrap());
    (status, retry, res.json().await.unwrap_or(Value::Null))
}

fn assert_limited((status, retry, body): &(u16, Option<u64>, Value)) {
    assert_eq!(*status, 429, "{body}");
    assert_eq!(body["code"], 429, "the usual envelope: {body}");
    assert!(
        body["msg"].as_str().unwrap().contains("Try again in"),
        "{body}"
    );
    assert!(retry.is_some_and(|s| s >= 1), "Retry-After is sent");
}

fn credentials(email: &str) -> Value {
    json!({"email": email, "password": "secret123"})
}

#[tokio::test]
async fn a_sign_up_flood_is_refused_while_another_address_signs_up() {
    let s = server(|l| l.signup_ip = Some(Rate::new(3, HOUR))).await;
    for n in 0..3 {
        let email = format!("flood{n}@example.com");
        let (status, _, body) = post_from(
            &s,
            "203.0.113.1",
            "/account/register",
            None,
            credentials(&email),
        )
        .await;
        assert_eq!(status, 200, "{body}");
    }
    let flood = post_from(
        &s,
        "203.0.113.1",
        "/account/register",
        None,
        credentials("flood3@example.com"),
    )
    .await;
    assert_limited(&flood);
    // The client's own hops left of the proxy's do not help it.
    let (status, _, body) = post_from(
        &s,
        "203.0.113.50, 203.0.113.1",
        "/account/register",
        None,
        credentials("spoof@example.com"),
    )
    .await;
    assert_eq!(status, 429, "{body}");
    let (status, _, body) = post_from(
        &s,
        "203.0.113.2",
        "/account/register",
        None,
        credentials("neighbour@example.com"),
    )
    .await;
    assert_eq!(status, 200, "another address signs up: {body}");
}

#[tokio::test]
async fn free_calls_are_limited_per_account_and_per_address() {
    let s = server(|l| {
        l.free_user = Some(Rate::new(4, HOUR));
        l.free_ip = Some(Rate::new(6, HOUR));
    })
    .await;
    let ann = s.register("ann@example.com").await;
    let bob = s.register("bob@example.com").await;
    let polish = json!({"prompt": "a cat"});
    for _ in 0..4 {
        let (status, _, body) = post_from(
            &s,
            "203.0.113.1",
            "/v1/ai/prompt/polish",
            Some(&ann),
            polish.clone(),
        )
        .await;
        assert_eq!(status, 200, "{body}");
    }
    let flood = post_from(
        &s,
        "203.0.113.9",
        "/v1/ai/prompt/polish",
        Some(&ann),
        polish.clone(),
    )
    .await;
    assert_limited(&flood);
    // Bob, from the same first address, still has his own allowance…
    for _ in 0..2 {
        let (status, _, body) = post_from(
            &s,
            "203.0.113.1",
            "/v1/ai/prompt/polish",
            Some(&bob),
            polish.clone(),
        )
        .await;
        assert_eq!(status, 200, "{body}");
    }
    // …until that address's own limit (6: Ann's 4 and Bob's 2) is used up.
    let flood = post_from(
        &s,
        "203.0.113.1",
        "/v1/ai/prompt/polish",
        Some(&bob),
        polish.clone(),
    )
    .await;
    assert_limited(&flood);
    let (status, _, body) = post_from(
        &s,
        "203.0.113.2",
        "/v1/ai/prompt/polish",
        Some(&bob),
        polish,
    )
    .await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn anonymous_writes_are_limited_per_address() {
    let s = server(|l| l.anon_ip = Some(Rate::new(3, HOUR))).await;
    let batch = json!({"events": [{"name": "page_view", "page": "/", "ts": 1}]});
    for _ in 0..3 {
        let (status, _, body) = post_from(
            &s,
            "198.51.100.4",
            "/v1/analytics/events",
            None,
            batch.clone(),
        )
        .await;
        assert_ne!(status, 429, "{body}");
    }
    let flood = post_from(
        &s,
        "198.51.100.4",
        "/v1/analytics/events",
        None,
        batch.clone(),
    )
    .await;
    assert_limited(&flood);
    let report = json!({"explore_id": 1, "reason": "report_reason_1"});
    assert_limited(&post_from(&s, "198.51.100.4", "/v1/explore/report", None, report).await);
    let (status, _, body) =
        post_from(&s, "198.51.100.5", "/v1/analytics/events", None, batch).await;
    assert_ne!(status, 429, "another address: {body}");
}

#[tokio::test]
async fn guessing_a_password_elsewhere_does_not_lock_the_owner_out() {
    let s = server(|l| {
        l.login_ip = Some(Rate::new(100, HOUR));
        l.login_account = Some(Rate::new(5, HOUR));
        l.login_network = Some(Rate::new(1, HOUR));
    })
    .await;
    s.register("owner@example.com").await;
    let guess = json!({"email": "owner@example.com", "password": "guess1234"});
    let mut refused = None;
    for n in 0..12 {
        // The guesser rotates over a few addresses.
        let ip = format!("203.0.113.{}", 10 + n % 3);
        let answer = post_from(&s, &ip, "/account/login", None, guess.clone()).await;
        if answer.0 == 429 {
            assert_limited(&answer);
            refused = Some(n);
            break;
        }
        assert_eq!(answer.0, 400, "{}", answer.2);
    }
    assert_eq!(refused, Some(5), "slowed after the account's allowance");
    let (status, _, body) = post_from(
        &s,
        "198.51.100.77",
        "/account/login",
        None,
        credentials("owner@example.com"),
    )
    .await;
    assert_eq!(
        status, 200,
        "the owner logs in from their own address: {body}"
    );
    assert!(body["data"]["code"].is_string());
    let owner = || {
        post_from(
            &s,
            "198.51.100.77",
            "/account/login",
            None,
            credentials("owner@example.com"),
        )
    };
    for n in 0..3 {
        let (status, _, body) = owner().await;
        assert_eq!(
            status, 200,
            "a correct password spends nothing ({n}): {body}"
        );
    }
    let typo = json!({"email": "owner@example.com", "password": "typo12345"});
    let (status, _, _) = post_from(&s, "198.51.100.77", "/account/login", None, typo).await;
    assert_eq!(status, 400);
    assert_limited(&owner().await);
}

#[tokio::test]
async fn an_unknown_email_and_a_wrong_password_look_alike() {
    let s = server(|_| {}).await;
    s.register("known@example.com").await;
    let wrong = post_from(
        &s,
        "203.0.113.1",
        "/account/login",
        None,
        json!({"email": "known@example.com", "password": "wrong1234"}),
    )
    .await;
    let unknown = post_from(
        &s,
        "203.0.113.1",
        "/account/login",
        None,
        json!({"email": "unknown@example.com", "password": "wrong1234"}),
    )
    .await;
    assert_eq!(wrong.0, unknown.0);
    assert_eq!(wrong.2["code"], unknown.2["code"]);
    assert_eq!(wrong.2["msg"], unknown.2["msg"]);
    assert_eq!(wrong.2["data"], unknown.2["data"]);
}

#[tokio::test]
async fn sign_up_credits_go_once_per_identity() {
    let s = server(|_| {}).await;
    let first = s.register("ann.lee@gmail.com").await;
    assert_eq!(s.balance(&first).await, 5);
    let alias = s.register("annlee+again@googlemail.com").await;
    assert_eq!(s.balance(&alias).await, 0, "an alias of the same mailbox");
    let other = s.register("ann.lee@example.com").await;
    assert_eq!(s.balance(&other).await, 5, "another mailbox");
}

#[tokio::test]
async fn busy_password_hashing_answers_429_with_retry_after() {
    let s = server(|l| {
        l.hash_concurrency = 1;
        l.busy_wait = Duration::from_millis(50);
    })
    .await;
    let limits = s.running.as_ref().unwrap().state.limits.clone();
    let held = limits
        .permit(aivg_server::limits::Work::PasswordHash)
        .await
        .unwrap();
    let answer = post_from(
        &s,
        "203.0.113.1",
        "/account/register",
        None,
        credentials("wait@example.com"),
    )
    .await;
    assert_eq!(answer.1, Some(1));
    assert_eq!(answer.0, 429, "{}", answer.2);
    drop(held);
    let (status, _, body) = post_from(
        &s,
        "203.0.113.1",
        "/account/register",
        None,
        credentials("wait@example.com"),
    )
    .await;
    assert_eq!(status, 200, "{body}");
}

/// The task list and the result batch answer up to 100 task rows per call: they are limited per
/// account (`AIVG_LIMIT_LIST`), and another account, from the same address, goes on.
#[tokio::test]
async fn task_list_calls_are_limited_per_account() {
    let s = server(|l| l.list_user = Some(Rate::new(3, HOUR))).await;
    let ann = s.register("list-ann@example.com").await;
    let bob = s.register("list-bob@example.com").await;
    let page = json!({"page_size": 100});
    for _ in 0..3 {
        let (status, _, body) =
            post_from(&s, "203.0.113.1", "/v1/ai/task", Some(&ann), page.clone()).await;
        assert_eq!(status, 200, "{body}");
    }
    let flood = post_from(&s, "203.0.113.2", "/v1/ai/task", Some(&ann), page.clone()).await;
    assert_limited(&flood);
    // The result batch answers task rows too: the same allowance.
    let batch = json!({"task_ids": ["a"]});
    let flood = post_from(&s, "203.0.113.2", "/v1/ai/result/batch", Some(&ann), batch).await;
    assert_limited(&flood);
    let (status, _, body) = post_from(&s, "203.0.113.1", "/v1/ai/task", Some(&bob), page).await;
    assert_eq!(status, 200, "{body}");
}
