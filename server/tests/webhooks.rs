//! Signed completion webhooks over real HTTP (docs/api.md#completion-webhooks): a receiver on
//! loopback (allowed by the test-only settings) gets the end of a task, signed with the secret
//! shown when the key was made; a failing receiver is tried again and every attempt is listed;
//! a delivery still due survives a restart and its address is checked again at the call;
//! callback URLs into inner networks are refused; a key's deliveries are its owner's alone; two
//! instances on one PostgreSQL deliver each end once; ended deliveries are purged after 30 days.
#![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::expect_used)]

use crate::common;
use crate::media_support;

use aivg_server::config::webhooks::{Network, WebhookSettings};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use common::{TestServer, poll_until};
use hmac::{Hmac, Mac};
use media_support::{create_ok, wait_done};
use serde_json::{Value, json};
use sha2::Sha256;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The longest wait for what should come within seconds (a busy CI machine is slow).
const WAIT: Duration = Duration::from_secs(60);
const EVERY: Duration = Duration::from_millis(100);

/// What a receiver got: (path, headers, body).
type Received = Arc<Mutex<Vec<(String, HeaderMap, String)>>>;

/// A receiver on loopback answering the statuses of `answers` in turn (the last one after
/// that); answers its base URL and what it got.
async fn receiver(answers: Vec<u16>) -> (String, Received) {
    let got: Received = Arc::default();
    let app = axum::Router::new()
        .fallback(
            |State((got, answers)): State<(Received, Arc<Vec<u16>>)>,
             uri: axum::http::Uri,
             headers: HeaderMap,
             body: String| async move {
                let mut g = got.lock().unwrap();
                g.push((uri.path().to_owned(), headers, body));
                let n = g.len().min(answers.len()) - 1;
                (
                    StatusCode::from_u16(answers[n]).unwrap(),
                    "receiver says hi",
                )
            },
        )
        .with_state((got.clone(), Arc::new(answers)));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    (format!("http://{addr}"), got)
}

/// What the tests allow: http and loopback.
fn loopback_allowed() -> WebhookSettings {
    WebhookSettings {
        allow_http: true,
        allow_networks: vec![Network::parse("127.0.0.0/8").unwrap()],
    }
}

/// Makes a key with every scope and `callback_url` (when given); answers the key, its id and
/// its webhook secret.
async fn key_with(
    s: &TestServer,
    token: &str,
    callback_url: Option<&str>,
) -> (String, i64, String) {
    let mut body = json!({"name": "hooks", "scopes": ["tasks:create", "tasks:read"]});
    if let Some(url) = callback_url {
        body["callback_url"] = json!(url);
    }
    let (status, made) = s.post("/v1/keys", Some(token), body).await;
    assert_eq!(status, 200, "{made}");
    let d = &made["data"];
    (
        d["key"].as_str().unwrap().to_owned(),
        d["id"].as_i64().unwrap(),
        d["webhook_secret"].as_str().unwrap().to_owned(),
    )
}

/// Verifies a delivery as a receiver does (the Standard Webhooks scheme), with nothing from the
/// server's code: answers the body as JSON.
fn verified(secret: &str, headers: &HeaderMap, body: &str) -> Value {
    let header = |n: &str| headers.get(n).unwrap().to_str().unwrap().to_owned();
    let (id, ts, sig) = (
        header("webhook-id"),
        header("webhook-timestamp"),
        header("webhook-signature"),
    );
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    assert!(
        (ts.parse::<i64>().unwrap() - now).abs() < 300,
        "fresh: {ts}"
    );
    let key = STANDARD
        .decode(secret.strip_prefix("whsec_").unwrap())
        .unwrap();
    let mut mac = Hmac::<Sha256>::new_from_slice(&key).unwrap();
    mac.update(format!("{id}.{ts}.{body}").as_bytes());
    let expected = format!("v1,{}", STANDARD.encode(mac.finalize().into_bytes()));
    assert!(
        sig.split(' ').any(|s| s == expected),
        "the signature verifies: {sig}"
    );
    assert_eq!(header("content-type"), "application/json");
    serde_json::from_str(body).unwrap()
}

/// Waits until the receiver got `n` calls.
async fn calls(got: &Received, n: usize) -> Vec<(String, HeaderMap, String)> {
    poll_until(WAIT, EVERY, || async {
        let g = got.lock().unwrap().clone();
        (g.len() >= n).then_some(g)
    })
    .await
    .unwrap_or_else(|| panic!("{n} calls expected, got {}", got.lock().unwrap().len()))
}

async fn deliveries(s: &TestServer, token: &str, key_id: i64) -> Value {
    let (status, body) = s
        .get(&format!("/v1/keys/{key_id}/deliveries"), Some(token))
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"]["list"].clone()
}

#[tokio::test]
async fn a_receiver_gets_the_signed_end_of_a_task() {
    let s = media_support::start_with(|c| c.webhooks = loopback_allowed()).await;
    let (base, got) = receiver(vec![200]).await;
    let token = s.register("hook@example.com").await;
    let (key, key_id, secret) = key_with(&s, &token, Some(&format!("{base}/default"))).await;
    assert!(secret.starts_with("whsec_"), "{secret}");

    // The key's default URL.
    let id = create_ok(&s, &key, "text2image", json!({"prompt": "a red kite"})).await;
    let done = wait_done(&s, &key, "text2image", &id).await;
    assert_eq!(done["status"], "succeeded");
    let first = calls(&got, 1).await;
    let (path, headers, body) = &first[0];
    assert_eq!(path, "/default");
    let message = verified(&secret, headers, body);
    assert_eq!(message["type"], "task.succeeded", "{message}");
    assert_eq!(message["data"]["task_id"], id.as_str());
    assert_eq!(message["data"]["status"], "succeeded");
    assert!(
        message["data"]["result"]["outputs"][0]["download_url"].is_string(),
        "{message}"
    );

    // A URL of the task's own, for a task that fails.
    let (status, created) = s
        .post(
            "/v1/ai/create/text2image",
            Some(&key),
            json!({"data": {"prompt": "[fail] a kite"}, "callback_url": format!("{base}/own")}),
        )
        .await;
    assert_eq!(status, 200, "{created}");
    let failed = created["data"]["task_id"].as_str().unwrap().to_owned();
    let both = calls(&got, 2).await;
    let (path, headers, body) = &both[1];
    assert_eq!(path, "/own");
    let message = verified(&secret, headers, body);
    assert_eq!(message["type"], "task.failed");
    assert_eq!(message["data"]["task_id"], failed.as_str());

    let list = deliveries(&s, &token, key_id).await;
    assert_eq!(list.as_array().unwrap().len(), 2, "{list}");
    assert_eq!(list[0]["task_id"], failed.as_str(), "newest first");
    for d in list.as_array().unwrap() {
        assert_eq!(d["state"], "delivered", "{d}");
        assert_eq!(d["tries"][0]["status"], 200, "{d}");
    }
    assert_eq!(
        list[1]["msg_id"],
        first[0].1["webhook-id"].to_str().unwrap()
    );
}

#[tokio::test]
async fn a_failing_receiver_is_tried_again_and_each_attempt_listed() {
    let s = media_support::start_with(|c| c.webhooks = loopback_allowed()).await;
    let (base, got) = receiver(vec![500, 200]).await;
    let token = s.register("retry@example.com").await;
    let (key, key_id, secret) = key_with(&s, &token, Some(&format!("{base}/hook"))).await;
    let id = create_ok(&s, &key, "text2image", json!({"prompt": "a kite"})).await;
    // The first attempt at once, the second 5 s later (webhooks/schedule.rs).
    let two = calls(&got, 2).await;
    let ids: Vec<&str> = two
        .iter()
        .map(|(_, h, _)| h["webhook-id"].to_str().unwrap())
        .collect();
    assert_eq!(ids[0], ids[1], "one message, tried twice");
    verified(&secret, &two[1].1, &two[1].2);
    let list = poll_until(WAIT, EVERY, || async {
        let list = deliveries(&s, &token, key_id).await;
        (list[0]["state"] == "delivered").then_some(list)
    })
    .await
    .expect("delivered on the second attempt");
    let d = &list[0];
    assert_eq!(d["task_id"], id.as_str());
    assert_eq!(d["attempts"], 2);
    let tries = d["tries"].as_array().unwrap();
    assert_eq!(tries.len(), 2, "{d}");
    assert_eq!(tries[0]["status"], 500);
    assert!(
        tries[0]["error"].as_str().unwrap().contains("HTTP 500"),
        "{d}"
    );
    assert_eq!(tries[1]["status"], 200);
    assert!(tries[1]["at_ms"].as_i64().unwrap() - tries[0]["at_ms"].as_i64().unwrap() >= 4_900);
}

#[tokio::test]
async fn a_due_delivery_survives_a_restart_and_its_address_is_checked_again() {
    let mut s = media_support::start_with(|c| c.webhooks = loopback_allowed()).await;
    let (base, got) = receiver(vec![500]).await;
    let token = s.register("again@example.com").await;
    let (key, key_id, _) = key_with(&s, &token, Some(&format!("{base}/hook"))).await;
    create_ok(&s, &key, "text2image", json!({"prompt": "a kite"})).await;
    calls(&got, 1).await;
    poll_until(WAIT, EVERY, || async {
        let list = deliveries(&s, &token, key_id).await;
        (list[0]["tries"].as_array().unwrap().len() == 1).then_some(())
    })
    .await
    .expect("the first attempt recorded");

    // The operator no longer allows loopback: the next attempt, made by the restarted server,
    // refuses the address instead of calling it.
    s.cfg.webhooks.allow_networks.clear();
    let s = s.restart().await;
    let list = poll_until(WAIT, EVERY, || async {
        let list = deliveries(&s, &token, key_id).await;
        (list[0]["tries"].as_array().unwrap().len() == 2).then_some(list)
    })
    .await
    .expect("the second attempt, after the restart");
    let second = &list[0]["tries"][1];
    assert_eq!(second["status"], 0, "{second}");
    assert!(
        second["error"].as_str().unwrap().contains("loopback"),
        "{second}"
    );
    assert_eq!(list[0]["state"], "pending", "more attempts later");
    assert_eq!(got.lock().unwrap().len(), 1, "not called again");
}

#[tokio::test]
async fn callback_urls_into_inner_networks_are_refused() {
    let s = TestServer::start().await;
    let token = s.register("ssrf@example.com").await;
    for url in [
        "https://127.0.0.1/hook",
        "https://10.0.0.1/hook",
        "https://169.254.169.254/latest/meta-data",
        "https://[::1]/hook",
        "https://localhost/hook",
        "http://example.com/hook",
        "not a url",
    ] {
        let (status, body) = s
            .post(
                "/v1/keys",
                Some(&token),
                json!({"name": "x", "scopes": ["tasks:create"], "callback_url": url}),
            )
            .await;
        assert_eq!(status, 400, "{url}: {body}");
        assert!(
            body["msg"].as_str().unwrap().starts_with("callback_url"),
            "{body}"
        );
    }
    let (key, _, _) = key_with(&s, &token, None).await;
    for who in [&key, &token] {
        let (status, body) = s
            .post(
                "/v1/ai/create/text2image",
                Some(who),
                json!({"data": {"prompt": "a kite"}, "callback_url": "https://192.168.1.10/hook"}),
            )
            .await;
        assert_eq!(status, 400, "{body}");
        assert!(
            body["msg"].as_str().unwrap().starts_with("callback_url"),
            "{body}"
        );
    }
    assert_eq!(s.balance(&token).await, 5, "nothing charged");
}

#[tokio::test]
async fn a_keys_deliveries_are_its_owners_alone() {
    let s = TestServer::start().await;
    let token = s.register("own@example.com").await;
    let (key, key_id, _) = key_with(&s, &token, None).await;
    assert_eq!(deliveries(&s, &token, key_id).await, json!([]));
    let other = s.register("snoop@example.com").await;
    let path = format!("/v1/keys/{key_id}/deliveries");
    let (status, body) = s.get(&path, Some(&other)).await;
    assert_eq!(status, 404, "{body}");
    let (status, body) = s.get(&path, Some(&key)).await;
    assert_eq!(status, 403, "a key never reads deliveries: {body}");
}

#[tokio::test]
async fn two_instances_on_postgres_deliver_each_end_once() {
    if !std::env::var("DATABASE_URL").is_ok_and(|u| u.starts_with("postgres")) {
        eprintln!("skipped: needs DATABASE_URL=postgres://… (npm test runs the suite on both)");
        return;
    }
    let a = media_support::start_with(|c| c.webhooks = loopback_allowed()).await;
    // B: the same database, its own address, task workers and delivery worker.
    let mut cfg = a.cfg.clone();
    cfg.addr = std::net::SocketAddr::from(([127, 0, 0, 1], 0));
    let b = TestServer::start_with(tempfile::tempdir().unwrap(), cfg).await;
    let (base, got) = receiver(vec![200]).await;
    let token = a.register("pair@example.com").await;
    media_support::grant(&a, "pair@example.com", 20).await;
    let (key, key_id, _) = key_with(&a, &token, Some(&format!("{base}/hook"))).await;
    let mut ids = Vec::new();
    for (n, s) in [&a, &b, &a, &b, &a, &b].into_iter().enumerate() {
        ids.push(
            create_ok(
                s,
                &key,
                "text2image",
                json!({"prompt": format!("kite {n}")}),
            )
            .await,
        );
    }
    let all = calls(&got, ids.len()).await;
    // Whichever instance ran each task and claimed its delivery, each end came once.
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(
        got.lock().unwrap().len(),
        ids.len(),
        "no end delivered twice"
    );
    let mut msg_ids: Vec<String> = all
        .iter()
        .map(|(_, h, _)| h["webhook-id"].to_str().unwrap().to_owned())
        .collect();
    msg_ids.sort();
    msg_ids.dedup();
    assert_eq!(msg_ids.len(), ids.len());
    let list = deliveries(&b, &token, key_id).await;
    assert_eq!(list.as_array().unwrap().len(), ids.len(), "{list}");
    for d in list.as_array().unwrap() {
        assert_eq!(d["state"], "delivered", "{d}");
        assert_eq!(d["tries"].as_array().unwrap().len(), 1, "{d}");
    }
}

#[tokio::test]
async fn ended_deliveries_are_purged_after_thirty_days() {
    let s = TestServer::start().await;
    let token = s.register("purge@example.com").await;
    let (_, key_id, _) = key_with(&s, &token, None).await;
    let state = &s.running.as_ref().unwrap().state;
    let pool = &state.db.pool;
    let now = aivg_server::clock::now_ms();
    let old = now - aivg_server::housekeeping::WEBHOOK_DELIVERY_KEEP_MS - 1000;
    let user_id: i64 = sqlx::query_scalar("SELECT user_id FROM api_keys WHERE id = $1")
        .bind(key_id)
        .fetch_one(pool)
        .await
        .unwrap();
    for (n, (state, done_ms)) in [("delivered", old), ("failed", now), ("pending", 0)]
        .into_iter()
        .enumerate()
    {
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO webhook_deliveries (msg_id, task_id, user_id, key_id, url, event, state, next_ms, created_ms, done_ms)
             VALUES ($1, $2, $3, $4, 'https://example.com/', 'task.succeeded', $5, 0, $6, $7) RETURNING id",
        )
        .bind(format!("msg_{n}"))
        .bind(format!("task{n}"))
        .bind(user_id)
        .bind(key_id)
        .bind(state)
        .bind(old)
        .bind(done_ms)
        .fetch_one(pool)
        .await
        .unwrap();
        sqlx::query("INSERT INTO webhook_attempts (delivery_id, at_ms, status, error, duration_ms) VALUES ($1, $2, 200, '', 5)")
            .bind(id)
            .bind(old)
            .execute(pool)
            .await
            .unwrap();
    }
    let purged = aivg_server::housekeeping::purge(pool, &state.cfg.housekeeping, now)
        .await
        .unwrap();
    assert_eq!(purged.webhook_deliveries, 1);
    let list = deliveries(&s, &token, key_id).await;
    let left: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["msg_id"].as_str().unwrap())
        .collect();
    assert_eq!(
        left,
        ["msg_2", "msg_1"],
        "a recent end and a pending one stay"
    );
    let attempts: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM webhook_attempts")
        .fetch_one(pool)
        .await
        .unwrap();
    assert_eq!(attempts, 2, "the purged delivery's attempt went with it");
}
