//! Failures stay contained: a panicking handler answers 500 and the server goes on; a panicking
//! task worker fails and refunds that task and takes the next; a stream reader too slow for the
//! event ring is dropped (its stream ends, nothing piles up for it); a cancel refunds by the
//! documented rule (everything while queued, the part not done while running).
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use crate::common;
use crate::media_support;

use aivg_server::tasks::TaskEvent;
use aivg_server::tasks::hub::EVENT_RING;
use common::{TestServer, poll_until};
use media_support::{create_ok, grant, pool, read_events, user_id, wait_done, wait_for};
use serde_json::json;
use std::time::Duration;

#[tokio::test]
async fn a_panicking_handler_answers_500_and_the_server_goes_on() {
    let s = TestServer::start().await;
    let state = s.running.as_ref().unwrap().state.clone();
    // The server's own routes and layers, plus one route that panics.
    async fn boom() -> &'static str {
        panic!("a bug in a handler")
    }
    let routes = aivg_server::app::routes().route("/boom", axum::routing::get(boom));
    let app = aivg_server::app::with_layers(routes, state);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move {
        axum::serve(
            listener,
            app.into_make_service_with_connect_info::<std::net::SocketAddr>(),
        )
        .await
    });
    for _ in 0..3 {
        let res = s.http.get(format!("{base}/boom")).send().await.unwrap();
        assert_eq!(res.status().as_u16(), 500);
        let body: serde_json::Value = res.json().await.unwrap();
        assert_eq!(body["code"], 500);
        assert_eq!(body["msg"], "internal server error", "no detail leaks");
        let res = s
            .http
            .get(format!("{base}/v1/common/country"))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200, "the server is still up");
    }
}

#[tokio::test]
async fn a_panicking_worker_fails_and_refunds_its_task_and_goes_on() {
    let s = TestServer::start_configured(|c| c.tasks.workers = 1).await;
    let token = s.register("pam@example.com").await;
    let id = create_ok(
        &s,
        &token,
        "text2image",
        json!({"prompt": "[panic] a bug in a provider"}),
    )
    .await;
    let t = wait_done(&s, &token, "text2image", &id).await;
    assert_eq!(t["status"], "failed", "{t}");
    assert_eq!(t["refunded"], true);
    assert!(
        t["error"].as_str().unwrap().contains("internal error"),
        "{t}"
    );
    assert_eq!(s.balance(&token).await, 5);
    // The one worker takes the next task.
    let next = create_ok(&s, &token, "text2image", json!({"prompt": "a calm sea"})).await;
    let t = wait_done(&s, &token, "text2image", &next).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    assert_eq!(s.balance(&token).await, 3);
}

#[tokio::test]
async fn a_stream_reader_too_slow_for_the_ring_is_dropped() {
    let s = TestServer::start().await;
    let token = s.register("sly@example.com").await;
    let user = user_id(&s, "sly@example.com").await;
    let tasks = s.running.as_ref().unwrap().state.tasks.clone();
    let before = tasks.stream_count();
    let mut res = s
        .http
        .get(s.url("/v1/ai/events"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    read_events(&mut res, |name, _| name == "updateList").await;
    assert_eq!(tasks.stream_count(), before + 1);
    // Twice the ring, with no pause in which the stream could send: its reader falls behind.
    for n in 0..EVENT_RING * 2 {
        tasks.emit_local(TaskEvent {
            user_id: user,
            name: "updateTask",
            data: json!({"task_id": format!("t{n}"), "status": "running"}),
        });
    }
    let mut received = 0;
    let ended = tokio::time::timeout(Duration::from_secs(10), async {
        while let Some(chunk) = res.chunk().await.unwrap() {
            received += String::from_utf8_lossy(&chunk).matches("event: ").count();
        }
    })
    .await;
    assert!(
        ended.is_ok(),
        "the lagging stream ends (the client reconnects)"
    );
    assert!(
        received < EVENT_RING * 2,
        "{received} events were sent first"
    );
    let let_go = poll_until(
        Duration::from_secs(60),
        Duration::from_millis(100),
        async || (tasks.stream_count() == before).then_some(()),
    )
    .await;
    assert!(
        let_go.is_some(),
        "the dropped stream still holds its place in the ring"
    );
}

async fn cancel(s: &TestServer, token: &str, id: &str) -> serde_json::Value {
    let (status, body) = s
        .post(&format!("/v1/ai/cancel/{id}"), Some(token), json!({}))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["status"], "cancelled");
    body["data"].clone()
}

async fn set_progress(s: &TestServer, id: &str, progress: i64) {
    sqlx::query("UPDATE tasks SET progress = $1 WHERE task_id = $2")
        .bind(progress)
        .bind(id)
        .execute(&pool(s))
        .await
        .unwrap();
}

#[tokio::test]
async fn a_cancel_refunds_what_was_not_done() {
    use aivg_core::credits::{CancelledAt, cancel_refund};
    let s = TestServer::start_configured(|c| c.tasks.workers = 1).await;
    let token = s.register("kim@example.com").await;
    grant(&s, "kim@example.com", 20).await;
    let price = aivg_core::credits::module_credits("text2image").unwrap();
    let price = i64::from(price);
    let running = create_ok(&s, &token, "text2image", json!({"prompt": "[slow] one"})).await;
    wait_for(&s, &token, "text2image", &running, &["running"]).await;
    let queued = create_ok(&s, &token, "text2image", json!({"prompt": "[slow] two"})).await;
    let mut balance = 25 - 2 * price;
    assert_eq!(s.balance(&token).await, balance);

    // Still queued: everything back.
    let t = cancel(&s, &token, &queued).await;
    assert_eq!(t["refunded"], true);
    balance += price;
    assert_eq!(s.balance(&token).await, balance);

    // Running at 60 %: the work done is charged (rounded down), the rest comes back.
    set_progress(&s, &running, 60).await;
    let t = cancel(&s, &token, &running).await;
    let back = cancel_refund(price, CancelledAt::Running { progress: 60 });
    assert!(back > 0 && back < price, "a part: {back} of {price}");
    assert!(t["error"].as_str().unwrap().contains("60 %"), "{t}");
    balance += back;
    assert_eq!(s.balance(&token).await, balance);

    // Running at 100 %: nothing comes back, and the task says so.
    let done = create_ok(&s, &token, "text2image", json!({"prompt": "[slow] three"})).await;
    wait_for(&s, &token, "text2image", &done, &["running"]).await;
    set_progress(&s, &done, 100).await;
    let t = cancel(&s, &token, &done).await;
    assert_eq!(t["refunded"], false, "{t}");
    assert!(
        t["error"].as_str().unwrap().contains("none were refunded"),
        "{t}"
    );
    assert_eq!(s.balance(&token).await, balance - price);
    let (status, _) = s
        .post(&format!("/v1/ai/cancel/{done}"), Some(&token), json!({}))
        .await;
    assert_eq!(status, 409, "once");
}
