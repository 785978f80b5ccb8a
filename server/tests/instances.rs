//! Several instances on one database: a task whose instance died (its heartbeat expired) is
//! queued again and run once, charged once; one that lost its instance too often is failed and
//! refunded; on PostgreSQL the event stream of one instance shows a task another instance runs.
#![allow(clippy::unwrap_used)]

use crate::common;
use crate::media_support;

use common::TestServer;
use media_support::{create_ok, grant, read_events, result, wait_done, wait_for};
use serde_json::json;
use std::time::Duration;

/// Makes a task look like it belongs to an instance that died long ago.
async fn orphan(s: &TestServer, task_id: &str, attempts: i64) {
    let db = &s.running.as_ref().unwrap().state.db.pool;
    sqlx::query(
        "UPDATE tasks SET owner = 'i-dead', heartbeat_ms = 0, attempts = $1 WHERE task_id = $2",
    )
    .bind(attempts)
    .bind(task_id)
    .execute(db)
    .await
    .unwrap();
}

#[tokio::test]
async fn a_dead_instances_task_runs_again_then_gives_up() {
    let s = TestServer::start().await;
    let token = s.register("ida@example.com").await;
    grant(&s, "ida@example.com", 10).await;
    let a = create_ok(&s, &token, "text2image", json!({"prompt": "[slow] lost"})).await;
    wait_for(&s, &token, "text2image", &a, &["running"]).await;
    // Its owner is now a dead instance: this one lets go of it at its next status check...
    orphan(&s, &a, 1).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    // ...and a stop hands back only its own tasks, so the orphan stays running until a start
    // finds its heartbeat expired and queues it again.
    let s = s.restart().await;
    let t = wait_for(&s, &token, "text2image", &a, &["running"]).await;
    assert_eq!(t["refunded"], false, "{t}");
    assert_eq!(s.balance(&token).await, 15 - 2, "charged once");
    let claims: i64 = sqlx::query_scalar("SELECT attempts FROM tasks WHERE task_id = $1")
        .bind(&a)
        .fetch_one(&s.running.as_ref().unwrap().state.db.pool)
        .await
        .unwrap();
    assert_eq!(claims, 2, "claimed again by the new instance");

    // Lost a third time: failed and refunded, never looping.
    orphan(&s, &a, 3).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let s = s.restart().await;
    let t = wait_done(&s, &token, "text2image", &a).await;
    assert_eq!(t["status"], "failed", "{t}");
    assert_eq!(t["refunded"], true, "{t}");
    assert!(
        t["error"].as_str().unwrap().contains("several times"),
        "{t}"
    );
    assert_eq!(s.balance(&token).await, 15);
}

/// After `kill -9` a task's heartbeat is recent; a server that is its SQLite file's only one
/// queues it again when it starts instead of waiting for the heartbeat to expire.
#[tokio::test]
async fn the_only_server_of_an_sqlite_file_requeues_lost_tasks_at_start() {
    if std::env::var("DATABASE_URL").is_ok_and(|u| u.starts_with("postgres")) {
        eprintln!("skipped: an SQLite file's own server (PostgreSQL waits for heartbeats)");
        return;
    }
    let s = TestServer::start().await;
    let token = s.register("kil@example.com").await;
    let a = create_ok(&s, &token, "text2image", json!({"prompt": "[slow] killed"})).await;
    wait_for(&s, &token, "text2image", &a, &["running"]).await;
    let db = &s.running.as_ref().unwrap().state.db.pool;
    sqlx::query("UPDATE tasks SET owner = 'i-killed', heartbeat_ms = $1 WHERE task_id = $2")
        .bind(aivg_server::clock::now_ms() + 60_000)
        .bind(&a)
        .execute(db)
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let s = s.restart().await;
    // The start has run its recovery before it answered.
    let owner: String = sqlx::query_scalar("SELECT owner FROM tasks WHERE task_id = $1")
        .bind(&a)
        .fetch_one(&s.running.as_ref().unwrap().state.db.pool)
        .await
        .unwrap();
    assert_ne!(owner, "i-killed", "queued again at start");
    let t = wait_done(&s, &token, "text2image", &a).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    assert_eq!(s.balance(&token).await, 5 - 2, "charged once");
}

#[tokio::test]
async fn two_instances_share_one_task_stream_on_postgres() {
    if !std::env::var("DATABASE_URL").is_ok_and(|u| u.starts_with("postgres")) {
        eprintln!("skipped: needs DATABASE_URL=postgres://… (npm test runs the suite on both)");
        return;
    }
    let a = TestServer::start().await;
    // B: the same database and data folder, its own address, workers and event relay.
    let mut cfg = a.cfg.clone();
    cfg.addr = std::net::SocketAddr::from(([127, 0, 0, 1], 0));
    let b_dir = tempfile::tempdir().unwrap();
    let b = TestServer::start_with(b_dir, cfg).await;
    let token = a.register("pat@example.com").await;
    grant(&a, "pat@example.com", 10).await;
    let mut stream = b
        .http
        .get(b.url("/v1/ai/events"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    read_events(&mut stream, |name, _| name == "updateList").await;
    let id = create_ok(&a, &token, "text2image", json!({"prompt": "two instances"})).await;
    // Whichever instance runs it, B's stream shows it end.
    read_events(&mut stream, |name, data| {
        name == "updateTask" && data["task_id"] == id.as_str() && data["status"] == "succeeded"
    })
    .await;
    let t = result(&b, &token, "text2image", &id).await;
    assert_eq!(t["status"], "succeeded");
    assert_eq!(a.balance(&token).await, 15 - 2);
}
