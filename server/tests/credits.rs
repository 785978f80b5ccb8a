//! Check-in and the credits ledger over real HTTP, including concurrency.

use crate::common;
use common::TestServer;
use serde_json::json;

#[tokio::test]
async fn checkin_once_per_cycle() {
    let s = TestServer::start().await;
    let token = s.register("carl@example.com").await;
    let (status, body) = s
        .get(
            "/v1/activity/checkin/status?code=daily_checkin",
            Some(&token),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["is_checked_in"], false);
    assert_eq!(
        body["data"]["today_checkin_credits"], 3,
        "free users get 3 (docs/behaviour/credits-and-checkin.md#daily-check-in)"
    );

    let (_, body) = s
        .post(
            "/v1/activity/checkin",
            Some(&token),
            json!({"code": "daily_checkin"}),
        )
        .await;
    assert_eq!(body["data"]["success"], true, "{body}");
    assert_eq!(s.balance(&token).await, 8);
    let (_, body) = s
        .get(
            "/v1/activity/checkin/status?code=daily_checkin",
            Some(&token),
        )
        .await;
    assert_eq!(body["data"]["is_checked_in"], true);

    let (status, body) = s
        .post(
            "/v1/activity/checkin",
            Some(&token),
            json!({"code": "daily_checkin"}),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["success"], false);
    assert_eq!(s.balance(&token).await, 8, "a second claim grants nothing");

    let (status, body) = s
        .post(
            "/v1/activity/checkin",
            Some(&token),
            json!({"code": "weekly"}),
        )
        .await;
    assert_eq!(status, 400);
    assert!(body["msg"].as_str().unwrap().contains("code"));
    let (status, _) = s.get("/v1/activity/checkin/status", Some(&token)).await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn twenty_concurrent_checkins_grant_once() {
    let s = TestServer::start().await;
    let token = s.register("dana@example.com").await;
    let mut tasks = Vec::new();
    for _ in 0..20 {
        let http = s.http.clone();
        let url = s.url("/v1/activity/checkin");
        let token = token.clone();
        tasks.push(tokio::spawn(async move {
            let res = http
                .post(url)
                .bearer_auth(token)
                .json(&json!({"code": "daily_checkin"}))
                .send()
                .await
                .unwrap();
            let status = res.status().as_u16();
            let body: serde_json::Value = res.json().await.unwrap();
            (status, body["data"]["success"].as_bool())
        }));
    }
    let mut successes = 0;
    for t in tasks {
        let (status, success) = t.await.unwrap();
        assert_eq!(status, 200);
        if success == Some(true) {
            successes += 1;
        }
    }
    assert_eq!(successes, 1);
    assert_eq!(s.balance(&token).await, 8);
    let (_, body) = s
        .get("/v1/credit/history?type=Acquisition", Some(&token))
        .await;
    assert_eq!(body["data"]["total"], 2, "sign-up and one check-in: {body}");
}

#[tokio::test]
async fn credit_history_pages_and_filters() {
    let s = TestServer::start().await;
    let token = s.register("erin@example.com").await;
    s.post(
        "/v1/activity/checkin",
        Some(&token),
        json!({"code": "daily_checkin"}),
    )
    .await;
    let (status, body) = s.get("/v1/credit/history", Some(&token)).await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["total"], 2);
    let list = body["data"]["list"].as_array().unwrap();
    assert_eq!(list[0]["details"], "Daily check-in");
    assert_eq!(list[0]["type"], "Acquisition");
    assert_eq!(list[0]["credits"], 3);
    assert_eq!(list[0]["expire_time"], 0);
    assert_eq!(list[0]["is_expired"], 0);
    let (_, body) = s
        .get("/v1/credit/history?type=Consumption", Some(&token))
        .await;
    assert_eq!(body["data"]["total"], 0);
    let (_, body) = s
        .get("/v1/credit/history?page=2&page_size=1", Some(&token))
        .await;
    assert_eq!(body["data"]["list"][0]["details"], "Welcome credits");
    for bad in ["?type=Gift", "?page=0", "?page_size=1000", "?page=abc"] {
        let (status, body) = s
            .get(&format!("/v1/credit/history{bad}"), Some(&token))
            .await;
        assert_eq!(status, 400, "{bad}: {body}");
    }
}
