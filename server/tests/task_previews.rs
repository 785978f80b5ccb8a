//! Live previews (docs/behaviour/tasks-and-queue.md#live-previews): the preview frames the fake
//! ComfyUI sends while sampling (binary WebSocket frames, as ComfyUI frames them) become the
//! running task's latest preview, served to its owner only, never its result, and forgotten when
//! the task ends.

use crate::common;
use crate::engine_support;
use crate::media_support;

use common::{TestServer, poll_until};
use engine_support::{fake, server};
use media_support::{create_ok, grant, wait_done};
use serde_json::json;
use std::time::Duration;

/// `GET /v1/ai/preview/{id}`: (status, content type, bytes).
async fn preview(s: &TestServer, token: &str, id: &str) -> (u16, String, Vec<u8>) {
    let res = s
        .http
        .get(s.url(&format!("/v1/ai/preview/{id}")))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    let kind = res
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    (status, kind, res.bytes().await.unwrap().to_vec())
}

#[tokio::test]
async fn the_samplers_previews_reach_the_owner_while_the_task_runs() {
    let comfy = fake().await;
    comfy.behave(|b| {
        b.steps = 10;
        b.step_ms = 200;
    });
    let s = server(&[&comfy.url]).await;
    let token = s.register("pia@example.com").await;
    let other = s.register("oto@example.com").await;
    grant(&s, "pia@example.com", 10).await;
    let id = create_ok(&s, &token, "text2image", json!({"prompt": "a glass fox"})).await;

    let (kind, jpeg) = poll_until(
        Duration::from_secs(60),
        Duration::from_millis(50),
        async || {
            let (status, kind, bytes) = preview(&s, &token, &id).await;
            (status == 200).then_some((kind, bytes))
        },
    )
    .await
    .expect("a live preview while the task runs");
    assert_eq!(kind, "image/jpeg");
    assert!(
        comfy.seen().previews.contains(&jpeg),
        "the engine's own preview, as it sent it"
    );
    let (status, _, _) = preview(&s, &other, &id).await;
    assert_eq!(status, 404, "another user's task has no preview for them");

    let t = wait_done(&s, &token, "text2image", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    let (status, _, _) = preview(&s, &token, &id).await;
    assert_eq!(status, 404, "forgotten when the task ends");
    let out = t["result"]["outputs"].as_array().unwrap();
    assert_eq!(out.len(), 1, "the preview is never a result: {t}");
    assert!(!comfy.seen().previews.is_empty());
}
