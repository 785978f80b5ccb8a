//! Charging and refunds over a task's life: a cancel or a failure refunds exactly once, a retry
//! charges again, an unreachable ComfyUI fails the task and refunds it, and a restart hands running
//! tasks back to the queue without charging twice.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use crate::common;
use crate::media_support;

use common::TestServer;
use media_support::{create_ok, grant, result, wait_done, wait_for};
use serde_json::{Value, json};
use std::time::Duration;

/// Refund entries of the user's credit history.
async fn refunds(s: &TestServer, token: &str) -> usize {
    let (_, body) = s
        .get(
            "/v1/credit/history?type=Acquisition&page_size=100",
            Some(token),
        )
        .await;
    body["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["details"].as_str().unwrap().starts_with("Refund"))
        .count()
}

#[tokio::test]
async fn cancel_refunds_once() {
    let s = TestServer::start().await;
    let token = s.register("cal@example.com").await;
    let id = create_ok(
        &s,
        &token,
        "text2image",
        json!({"prompt": "[slow] a quiet lake"}),
    )
    .await;
    wait_for(&s, &token, "text2image", &id, &["running"]).await;
    assert_eq!(s.balance(&token).await, 3);
    let (status, body) = s
        .post(&format!("/v1/ai/cancel/{id}"), Some(&token), json!({}))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["status"], "cancelled");
    assert_eq!(body["data"]["refunded"], true);
    assert_eq!(s.balance(&token).await, 5);
    let (status, _) = s
        .post(&format!("/v1/ai/cancel/{id}"), Some(&token), json!({}))
        .await;
    assert_eq!(status, 409, "nothing left to cancel");
    // The job stopped: it stays cancelled.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        result(&s, &token, "text2image", &id).await["status"],
        "cancelled"
    );
    assert_eq!(s.balance(&token).await, 5);
    assert_eq!(refunds(&s, &token).await, 1);
    // A queued task can be cancelled too; another user's cannot be touched.
    let other = s.register("cat@example.com").await;
    let (status, _) = s
        .post(&format!("/v1/ai/cancel/{id}"), Some(&other), json!({}))
        .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn failure_refunds_exactly_once() {
    let s = TestServer::start().await;
    let token = s.register("fay@example.com").await;
    let id = create_ok(
        &s,
        &token,
        "text2image",
        json!({"prompt": "[fail] a broken mirror"}),
    )
    .await;
    let t = wait_done(&s, &token, "text2image", &id).await;
    assert_eq!(t["status"], "failed", "{t}");
    assert!(t["error"].as_str().unwrap().contains("[fail]"));
    assert_eq!(t["refunded"], true);
    assert_eq!(t["result"], Value::Null);
    assert_eq!(s.balance(&token).await, 5);
    let (status, _) = s
        .post(&format!("/v1/ai/cancel/{id}"), Some(&token), json!({}))
        .await;
    assert_eq!(status, 409);
    let (status, _) = s
        .post(&format!("/v1/ai/del/{id}"), Some(&token), json!({}))
        .await;
    assert_eq!(status, 200);
    assert_eq!(s.balance(&token).await, 5);
    assert_eq!(refunds(&s, &token).await, 1);
}

#[tokio::test]
async fn retry_runs_again_and_charges_again() {
    let s = TestServer::start().await;
    let token = s.register("rex@example.com").await;
    let id = create_ok(&s, &token, "text2image", json!({"prompt": "a red kite"})).await;
    wait_done(&s, &token, "text2image", &id).await;
    assert_eq!(s.balance(&token).await, 3);
    let (status, body) = s
        .post("/v1/ai/retry", Some(&token), json!({"task_id": id}))
        .await;
    assert_eq!(status, 200, "{body}");
    let new_id = body["data"]["task_id"].as_str().unwrap().to_owned();
    assert_ne!(new_id, id);
    assert_eq!(body["data"]["retry_of"], id.as_str());
    let t = wait_done(&s, &token, "text2image", &new_id).await;
    assert_eq!(t["status"], "succeeded");
    assert_eq!(t["retry_of"], id.as_str());
    assert_eq!(s.balance(&token).await, 1);
    // Retrying a running task is refused; with no credits left, 402.
    let slow = {
        grant(&s, "rex@example.com", 2).await;
        create_ok(&s, &token, "text2image", json!({"prompt": "[slow] a kite"})).await
    };
    let (status, _) = s
        .post("/v1/ai/retry", Some(&token), json!({"task_id": slow}))
        .await;
    assert_eq!(status, 409);
    // A task is retried once: retrying it again answers its retry and charges nothing; the
    // retry itself can be retried (here with no credits left: 402).
    let (status, body) = s
        .post("/v1/ai/retry", Some(&token), json!({"task_id": id}))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["task_id"], new_id.as_str());
    assert_eq!(body["data"]["retry_of"], id.as_str());
    let (status, body) = s
        .post("/v1/ai/retry", Some(&token), json!({"task_id": new_id}))
        .await;
    assert_eq!(status, 402, "{body}");
    let (status, body) = s.post("/v1/ai/retry", Some(&token), json!({})).await;
    assert_eq!(status, 400);
    assert!(body["msg"].as_str().unwrap().starts_with("task_id"));
}

/// Ten retries of one failed task sent at once make one task, charged once; every answer names it
/// (docs/behaviour/tasks-and-queue.md#deleting-and-retrying).
#[tokio::test]
async fn concurrent_retries_of_a_task_make_one_task() {
    let s = TestServer::start().await;
    let token = s.register("retry-race@example.com").await;
    grant(&s, "retry-race@example.com", 40).await;
    let id = create_ok(&s, &token, "text2image", json!({"prompt": "[fail] a kite"})).await;
    let t = wait_done(&s, &token, "text2image", &id).await;
    assert_eq!(t["status"], "failed", "{t}");
    let before = s.balance(&token).await;
    let calls = (0..10).map(|_| s.post("/v1/ai/retry", Some(&token), json!({"task_id": id})));
    let answers = futures_util::future::join_all(calls).await;
    let mut ids = std::collections::BTreeSet::new();
    for (status, body) in &answers {
        assert_eq!(*status, 200, "{body}");
        assert_eq!(body["data"]["retry_of"], id.as_str());
        ids.insert(body["data"]["task_id"].as_str().unwrap().to_owned());
    }
    assert_eq!(ids.len(), 1, "one retry: {ids:?}");
    let (_, list) = s
        .post("/v1/ai/task", Some(&token), json!({"page_size": 100}))
        .await;
    assert_eq!(list["data"]["total"], 2, "the task and one retry: {list}");
    // The retry fails too (same prompt) and is refunded: charged once, refunded once.
    let retry = ids.first().unwrap();
    wait_done(&s, &token, "text2image", retry).await;
    assert_eq!(s.balance(&token).await, before);
    let (_, history) = s
        .get(
            "/v1/credit/history?type=Consumption&page_size=100",
            Some(&token),
        )
        .await;
    assert_eq!(
        history["data"]["list"].as_array().unwrap().len(),
        2,
        "two charges, the task's and its retry's: {history}"
    );
}

#[tokio::test]
async fn restart_hands_running_tasks_back_and_keeps_queued_ones() {
    let s = TestServer::start().await;
    let token = s.register("ray@example.com").await;
    grant(&s, "ray@example.com", 10).await;
    let a = create_ok(&s, &token, "text2image", json!({"prompt": "[slow] one"})).await;
    let b = create_ok(&s, &token, "text2image", json!({"prompt": "[slow] two"})).await;
    wait_for(&s, &token, "text2image", &a, &["running"]).await;
    wait_for(&s, &token, "text2image", &b, &["running"]).await;
    let c = create_ok(&s, &token, "text2image", json!({"prompt": "three"})).await;
    assert_eq!(
        result(&s, &token, "text2image", &c).await["status"],
        "queued",
        "both workers are busy"
    );
    assert_eq!(s.balance(&token).await, 15 - 6);

    // A graceful stop hands the running tasks back to the queue: the next start runs them
    // again, charged once, instead of failing them.
    let s = s.restart().await;
    for id in [&a, &b] {
        let t = wait_for(&s, &token, "text2image", id, &["running"]).await;
        assert_eq!(t["refunded"], false, "{t}");
        assert_eq!(t["error"], Value::Null, "{t}");
    }
    assert_eq!(s.balance(&token).await, 15 - 6, "nothing charged twice");
    for id in [&a, &b] {
        let (status, _) = s
            .post(&format!("/v1/ai/cancel/{id}"), Some(&token), json!({}))
            .await;
        assert_eq!(status, 200);
    }
    let t = wait_done(&s, &token, "text2image", &c).await;
    assert_eq!(
        t["status"], "succeeded",
        "the queued task ran after the restart: {t}"
    );
    assert_eq!(s.balance(&token).await, 15 - 2);
    assert_eq!(refunds(&s, &token).await, 2);
    // A second restart changes nothing.
    let s = s.restart().await;
    assert_eq!(s.balance(&token).await, 13);
}

#[tokio::test]
async fn comfyui_unreachable_fails_and_refunds() {
    let s =
        media_support::start_with(|cfg| cfg.tasks.comfyui_url = Some("http://127.0.0.1:9".into()))
            .await;
    let token = s.register("uno@example.com").await;
    let id = create_ok(&s, &token, "text2image", json!({"prompt": "a teapot"})).await;
    let t = wait_done(&s, &token, "text2image", &id).await;
    assert_eq!(t["status"], "failed");
    assert!(t["error"].as_str().unwrap().contains("ComfyUI"), "{t}");
    assert_eq!(s.balance(&token).await, 5);
}

/// Parallel creations of one user are charged one after the other: the tasks its credits cover
/// are accepted, the rest refused with nothing charged, and every charge drew exactly its credits.
/// The calls go through two instances on one database: within an instance a user's creations
/// queue one after the other (`db::WriteGate`), across instances they meet only in the database
/// (on PostgreSQL each is one statement, and one that another writer beat falls back to the
/// locking transaction: `tasks/create_pg.rs`).
#[tokio::test]
async fn parallel_creations_of_one_user_never_overdraw() {
    let s = media_support::start_with(|cfg| {
        cfg.tasks.workers = 1;
        cfg.tasks.max_queued_per_user = 50;
    })
    .await;
    let token = s.register("par@example.com").await;
    let price = i64::from(aivg_core::tasks::task_module("text2image").unwrap().credits);
    // Enough for exactly `covered` tasks, with a remainder under one price.
    let covered = 4;
    let remainder = price - 1;
    let top_up = covered * price + remainder - s.balance(&token).await;
    grant(&s, "par@example.com", top_up).await;
    // A second instance on the same database: each instance's calls queue in its own write gate
    // (one per user on PostgreSQL), the two instances' calls meet only in the database (its
    // optimistic lock on PostgreSQL, then the locking transaction).
    let mut cfg = s.cfg.clone();
    cfg.addr = std::net::SocketAddr::from(([127, 0, 0, 1], 0));
    let b = TestServer::start_with(tempfile::tempdir().unwrap(), cfg).await;
    let mut calls = Vec::new();
    for n in 0..12 {
        let via = if n % 2 == 0 { &s } else { &b };
        let http = via.http.clone();
        let (url, token) = (via.url("/v1/ai/create/text2image"), token.clone());
        calls.push(tokio::spawn(async move {
            let res = http
                .post(url)
                .bearer_auth(token)
                .json(&json!({"data": {"prompt": format!("[slow] parallel {n}")}}))
                .send()
                .await
                .unwrap();
            res.status().as_u16()
        }));
    }
    let mut answers = Vec::new();
    for c in calls {
        answers.push(c.await.unwrap());
    }
    let accepted = answers.iter().filter(|&&a| a == 200).count();
    assert_eq!(accepted, 4, "{answers:?}");
    assert!(answers.iter().all(|&a| a == 200 || a == 402), "{answers:?}");
    assert_eq!(s.balance(&token).await, remainder);
    // Each consumption drew exactly its credits from the grants.
    let pool = media_support::pool(&s);
    let mismatched: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM credit_entries e WHERE e.type = 'Consumption' AND e.credits <>
           (SELECT CAST(COALESCE(SUM(a.credits), 0) AS BIGINT) FROM credit_allocations a WHERE a.entry_id = e.id)",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(mismatched, 0);
}
