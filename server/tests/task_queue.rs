//! The fair queue: per-user limits on running and waiting tasks, and round-robin between users.

use crate::media_support;

use media_support::{create, create_ok, grant, start_with, wait_for};
use serde_json::json;

#[tokio::test]
async fn a_user_over_the_waiting_limit_is_refused_before_any_charge() {
    let s = start_with(|cfg| {
        cfg.tasks.workers = 1;
        cfg.tasks.max_queued_per_user = 2;
    })
    .await;
    let token = s.register("qa@example.com").await;
    grant(&s, "qa@example.com", 20).await;
    let a = create_ok(&s, &token, "text2image", json!({"prompt": "[slow] a"})).await;
    wait_for(&s, &token, "text2image", &a, &["running"]).await;
    create_ok(&s, &token, "text2image", json!({"prompt": "b"})).await;
    create_ok(&s, &token, "text2image", json!({"prompt": "c"})).await;
    let before = s.balance(&token).await;
    let (status, body) = create(&s, &token, "text2image", json!({"prompt": "d"})).await;
    assert_eq!(status, 429, "{body}");
    assert_eq!(body["code"], aivg_core::credits::CODE_TOO_MANY_QUEUED);
    assert!(
        body["msg"].as_str().unwrap_or_default().contains("waiting"),
        "{body}"
    );
    assert_eq!(s.balance(&token).await, before, "nothing charged");
    // Another user is not affected.
    let other = s.register("qb@example.com").await;
    create_ok(&s, &other, "text2image", json!({"prompt": "e"})).await;
}

#[tokio::test]
async fn workers_take_turns_between_users() {
    let s = start_with(|cfg| {
        cfg.tasks.workers = 1;
        cfg.tasks.max_running_per_user = 1;
    })
    .await;
    let ann = s.register("ann@example.com").await;
    let bob = s.register("bob@example.com").await;
    grant(&s, "ann@example.com", 20).await;
    let a1 = create_ok(&s, &ann, "text2image", json!({"prompt": "[slow] a1"})).await;
    wait_for(&s, &ann, "text2image", &a1, &["running"]).await;
    let a2 = create_ok(&s, &ann, "text2image", json!({"prompt": "[slow] a2"})).await;
    let b1 = create_ok(&s, &bob, "text2image", json!({"prompt": "[slow] b1"})).await;
    // Ann's first task ends: the worker takes Bob's, although Ann's second came first.
    let (status, _) = s
        .post(&format!("/v1/ai/cancel/{a1}"), Some(&ann), json!({}))
        .await;
    assert_eq!(status, 200);
    wait_for(&s, &bob, "text2image", &b1, &["running"]).await;
    let t = media_support::result(&s, &ann, "text2image", &a2).await;
    assert_eq!(t["status"], "queued", "{t}");
    for (token, id) in [(&ann, &a2), (&bob, &b1)] {
        s.post(&format!("/v1/ai/cancel/{id}"), Some(token), json!({}))
            .await;
    }
}
