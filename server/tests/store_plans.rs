//! Plans over real HTTP: buying a subscription, and the free trial once per account.

use crate::common;
use crate::store_support;
use common::TestServer;
use serde_json::json;
use store_support::*;

#[tokio::test]
async fn buy_a_subscription() {
    let s = TestServer::start().await;
    let token = s.register("subscriber@example.com").await;
    let (status, body) = pay(&s, &token, 24_109_015, 0).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["kind"], "subscription");
    let end = body["data"]["expired_time"].as_i64().unwrap();
    assert!((end - (now() + 30 * 86_400)).abs() <= 5, "a month from now");

    let (_, user) = s.post("/v1/user", Some(&token), json!({})).await;
    let user = &user["data"];
    assert_eq!(user["verify"]["level"], "premium");
    assert_eq!(user["verify"]["expired_time"], end);
    assert_eq!(user["verify"]["is_expired"], false);
    assert_eq!(user["subscribe"].as_array().unwrap().len(), 1);
    assert_eq!(user["subscribe"][0]["pid"], 24_109_015);
    assert_eq!(user["subscribe"][0]["name"], "Premium Monthly");
    assert_eq!(user["subscribe"][0]["expired_time"], end);
    assert_eq!(user["subscribe"][0]["is_expired"], false);
    assert_eq!(
        user["integral"]["integral"], 505,
        "5 sign-up + 500 monthly credits (docs/behaviour/credits-and-checkin.md#credits)"
    );
    let (_, body) = s
        .get("/v1/credit/history?type=Acquisition", Some(&token))
        .await;
    assert_eq!(body["data"]["list"][0]["credits"], 500);
    assert_eq!(
        body["data"]["list"][0]["expire_time"], end,
        "monthly credits expire at the period end"
    );
    let (_, body) = s
        .get(
            "/v1/activity/checkin/status?code=daily_checkin",
            Some(&token),
        )
        .await;
    assert_eq!(
        body["data"]["today_checkin_credits"], 10,
        "premium check-in reward"
    );

    // A renewal extends the plan; a standard monthly plan leaves the level premium.
    let (_, body) = pay(&s, &token, 24_109_015, 0).await;
    assert_eq!(body["data"]["start_time"], end);
    let renewed = body["data"]["expired_time"].as_i64().unwrap();
    assert_eq!(renewed, end + 30 * 86_400);
    pay(&s, &token, 24_109_013, 0).await;
    let (_, user) = s.post("/v1/user", Some(&token), json!({})).await;
    assert_eq!(user["data"]["verify"]["level"], "premium");
    assert_eq!(user["data"]["verify"]["expired_time"], renewed);
    assert_eq!(user["data"]["subscribe"].as_array().unwrap().len(), 3);
    assert_eq!(user["data"]["integral"]["integral"], 5 + 500 + 500 + 100);

    // A yearly plan grants 12 months of credits at once; a weekly credit plan keeps the level.
    let (_, body) = pay(&s, &token, 24_109_016, 0).await;
    assert_eq!(body["data"]["credits"], 6000);
    let (_, body) = pay(&s, &token, 24_110_025, 0).await;
    assert_eq!(body["data"]["credits"], 25);
    assert!((body["data"]["expired_time"].as_i64().unwrap() - (now() + 7 * 86_400)).abs() <= 5);

    let (status, body) = s.get("/v1/verify/record", Some(&token)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["total"], 5);
    let first = &body["data"]["list"][4];
    assert_eq!(first["sku_id"], 24_109_015);
    assert_eq!(first["level"], "premium");
    assert_eq!(first["amount"], 19.99);
    let (status, body) = s.get("/v1/verify/record?page_size=0", Some(&token)).await;
    assert_field_error(status, &body, "page_size");

    // Paid users get the membership features and no trial.
    let (status, body) = s
        .post(
            "/v1/feature-code/auth",
            Some(&token),
            json!({"pids": [24109013, "24109015"]}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let features = body["data"]["feature_auth"].as_array().unwrap();
    for f in [
        "watermark_free",
        "ultra_hd",
        "frame_interpolation",
        "unlimited_effect",
    ] {
        assert!(features.contains(&json!(f)), "{f}");
    }
    assert_eq!(body["data"]["free_trial"], json!([]));
    let (status, body) = pay(&s, &token, 24_109_013, 1).await;
    assert_eq!(status, 409, "no trial with a running plan: {body}");
    assert!(body["msg"].as_str().unwrap().contains("zero"));
}

#[tokio::test]
async fn free_trial_once() {
    let s = TestServer::start().await;
    let (_, body) = s
        .post(
            "/v1/feature-code/auth",
            None,
            json!({"pids": [24109013, 24120100, 999]}),
        )
        .await;
    assert_eq!(body["data"]["feature_auth"], json!([]));
    assert_eq!(
        body["data"]["free_trial"],
        json!([24109013]),
        "guests see the trial SKUs they asked about"
    );

    let token = s.register("trial@example.com").await;
    let res = s
        .http
        .get(s.url("/store/checkout?sku_id=24109013&zero=1"))
        .send()
        .await
        .unwrap();
    let html = res.text().await.unwrap();
    assert!(html.contains("$0.00"));
    assert!(
        !html.contains("<s>"),
        "the dialog struck no price for the trial"
    );
    let (status, body) = pay(&s, &token, 24_109_013, 1).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["kind"], "trial");
    assert_eq!(body["data"]["amount"], 0.0);
    assert_eq!(body["data"]["credits"], 50);
    let end = body["data"]["expired_time"].as_i64().unwrap();
    assert!((end - (now() + 3 * 86_400)).abs() <= 5, "3 days");
    let (_, user) = s.post("/v1/user", Some(&token), json!({})).await;
    assert_eq!(user["data"]["is_free_trial"], true);
    assert_eq!(user["data"]["verify"]["level"], "standard");
    assert_eq!(user["data"]["subscribe"][0]["pid"], 24_109_013);
    let (_, body) = s.get("/v1/credit/history", Some(&token)).await;
    assert_eq!(body["data"]["list"][0]["expire_time"], end);

    let (_, body) = s.get("/v1/buy/sku-info?country=US", Some(&token)).await;
    assert_eq!(
        body["data"]["zero_buy_checked"], 0,
        "no second trial offered"
    );
    let (status, body) = pay(&s, &token, 24_109_015, 1).await;
    assert_eq!(status, 409, "{body}");

    // Concurrent trials of a fresh account: exactly one succeeds.
    let token = s.register("trial2@example.com").await;
    let mut tasks = Vec::new();
    for _ in 0..8 {
        let http = s.http.clone();
        let url = s.url("/store/checkout/pay");
        let token = token.clone();
        tasks.push(tokio::spawn(async move {
            let res = http
                .post(url)
                .bearer_auth(token)
                .json(&json!({"sku_id": 24109015, "zero": 1}))
                .send()
                .await
                .unwrap();
            res.status().as_u16()
        }));
    }
    let mut ok = 0;
    for t in tasks {
        let status = t.await.unwrap();
        assert!(status == 200 || status == 409, "{status}");
        ok += usize::from(status == 200);
    }
    assert_eq!(ok, 1);
    assert_eq!(s.balance(&token).await, 5 + 100);
}
