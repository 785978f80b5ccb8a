//! The event stream: a user's task updates pushed to that user only (added, running, done,
//! deleted), and its authentication: a single-use ticket instead of the token in the URL, and
//! the stream ends when its session is logged out.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use crate::common;
use crate::media_support;

use common::TestServer;
use media_support::{create_ok, read_events};
use serde_json::json;
use std::time::Duration;

async fn ticket(s: &TestServer, token: &str) -> String {
    let (status, body) = s.post("/v1/ai/events/ticket", Some(token), json!({})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["expires_in"], 60);
    body["data"]["ticket"].as_str().unwrap().to_owned()
}

async fn open(s: &TestServer, query: &str) -> reqwest::Response {
    s.http
        .get(s.url(&format!("/v1/ai/events?{query}")))
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn a_ticket_opens_one_stream_and_the_token_stays_out_of_urls() {
    let s = TestServer::start().await;
    let token = s.register("tia@example.com").await;
    let (status, _) = s.post("/v1/ai/events/ticket", None, json!({})).await;
    assert_eq!(status, 401, "a ticket needs a signed-in user");
    let t = ticket(&s, &token).await;
    assert_eq!(
        open(&s, &format!("ticket={t}")).await.status().as_u16(),
        200
    );
    assert_eq!(
        open(&s, &format!("ticket={t}")).await.status().as_u16(),
        401,
        "single use"
    );
    assert_eq!(open(&s, "ticket=made-up").await.status().as_u16(), 401);
    assert_eq!(
        open(&s, &format!("token={token}")).await.status().as_u16(),
        401,
        "the access token is not taken from the URL"
    );
    // An expired ticket is refused.
    let t = ticket(&s, &token).await;
    sqlx::query("UPDATE event_tickets SET expires_ms = 1 WHERE ticket = $1")
        .bind(&t)
        .execute(&s.running.as_ref().unwrap().state.db.pool)
        .await
        .unwrap();
    assert_eq!(
        open(&s, &format!("ticket={t}")).await.status().as_u16(),
        401
    );
}

#[tokio::test]
async fn a_ticket_of_a_logged_out_session_opens_nothing() {
    let s = TestServer::start().await;
    let token = s.register("tlo@example.com").await;
    let t = ticket(&s, &token).await;
    let (status, _) = s.post("/v1/logout", Some(&token), json!({})).await;
    assert_eq!(status, 200);
    let res = open(&s, &format!("ticket={t}")).await;
    assert_eq!(res.status().as_u16(), 401);
    let body: serde_json::Value = res.json().await.unwrap();
    assert!(
        body["msg"]
            .as_str()
            .unwrap()
            .contains("session of this ticket has ended"),
        "{body}"
    );
}

#[tokio::test]
async fn the_stream_ends_when_its_session_logs_out() {
    let s = TestServer::start().await;
    let token = s.register("lou@example.com").await;
    let t = ticket(&s, &token).await;
    let mut res = open(&s, &format!("ticket={t}")).await;
    assert_eq!(res.status().as_u16(), 200);
    let (status, _) = s.post("/v1/logout", Some(&token), json!({})).await;
    assert_eq!(status, 200);
    // Within one session check (15 s) the server closes the stream.
    let ended = tokio::time::timeout(Duration::from_secs(25), async {
        loop {
            match res.chunk().await {
                Ok(Some(_)) => {}
                _ => return,
            }
        }
    })
    .await;
    assert!(ended.is_ok(), "the stream outlived its session");
}

#[tokio::test]
async fn events_stream_task_updates() {
    let s = TestServer::start().await;
    let token = s.register("eve@example.com").await;
    let other = s.register("oz@example.com").await;
    let (status, _) = s.get("/v1/ai/events", None).await;
    assert_eq!(status, 401);
    let (status, body) = s
        .post("/v1/ai/events/ticket", Some(&token), json!({}))
        .await;
    assert_eq!(status, 200, "{body}");
    let ticket = body["data"]["ticket"].as_str().unwrap();
    let mut res = s
        .http
        .get(s.url(&format!("/v1/ai/events?ticket={ticket}")))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    assert!(
        res.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/event-stream")
    );
    let first = read_events(&mut res, |_, _| true).await;
    assert_eq!(first[0].0, "updateList");
    // Another user's task is not pushed to this stream.
    create_ok(&s, &other, "text2image", json!({"prompt": "not for eve"})).await;
    let id = create_ok(
        &s,
        &token,
        "text2image",
        json!({"prompt": "a parade of lanterns"}),
    )
    .await;
    let seen = read_events(&mut res, |name, d| {
        name == "updateTask" && d["status"] == "succeeded"
    })
    .await;
    assert!(
        seen.iter().all(|(_, d)| d["task_id"] == id.as_str()),
        "{seen:?}"
    );
    assert!(seen.iter().any(|(n, _)| n == "addTask"), "{seen:?}");
    assert!(
        seen.iter()
            .any(|(n, d)| n == "updateTask" && d["status"] == "running")
    );
    let done = &seen.last().unwrap().1;
    assert!(
        done["result"]["outputs"][0]["url"]
            .as_str()
            .unwrap()
            .contains("/oss/file/")
    );
    // Deletion is pushed too; the Bearer header works as well.
    let mut res2 = s
        .http
        .get(s.url("/v1/ai/events"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    read_events(&mut res2, |_, _| true).await;
    s.post(&format!("/v1/ai/del/{id}"), Some(&token), json!({}))
        .await;
    let seen = read_events(&mut res2, |name, _| name == "delTask").await;
    assert_eq!(seen.last().unwrap().1["task_id"], id.as_str());
}
