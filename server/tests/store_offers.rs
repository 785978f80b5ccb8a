//! Offers over real HTTP: the 15% coupon, feature-code authorization and the promo SKUs.

use crate::common;
use crate::store_support;
use common::TestServer;
use serde_json::json;
use store_support::*;

#[tokio::test]
async fn coupon_once_and_applied_to_credits() {
    let s = TestServer::start().await;
    let (status, _) = s.post("/v1/buy/coupon/receive", None, json!({})).await;
    assert_eq!(status, 401);
    let token = s.register("coupon@example.com").await;
    let (status, body) = s
        .post(
            "/v1/buy/coupon/receive",
            Some(&token),
            json!({"coupon_id": 999}),
        )
        .await;
    assert_field_error(status, &body, "coupon_id");
    let (status, body) = s
        .post(
            "/v1/buy/coupon/receive",
            Some(&token),
            json!({"coupon_id": [1]}),
        )
        .await;
    assert_field_error(status, &body, "coupon_id");
    let (status, body) = s
        .post("/v1/buy/coupon/receive", Some(&token), json!({}))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["coupon_id"], 13_417);
    assert_eq!(body["data"]["percent"], 15);
    let (status, body) = s
        .post(
            "/v1/buy/coupon/receive",
            Some(&token),
            json!({"coupon_id": "13417"}),
        )
        .await;
    assert_eq!(status, 409);
    assert!(body["msg"].as_str().unwrap().contains("already"), "{body}");

    let (_, body) = pay(&s, &token, 24_120_100, 0).await;
    assert_eq!(body["data"]["amount"], 12.74, "15% off 14.99");
    assert_eq!(body["data"]["coupon_id"], 13_417);
    let (_, body) = pay(&s, &token, 24_120_100, 0).await;
    assert_eq!(body["data"]["amount"], 14.99, "the coupon is used once");
    assert_eq!(body["data"]["coupon_id"], 0);
}

#[tokio::test]
async fn feature_auth_validates_pids() {
    let s = TestServer::start().await;
    let (status, body) = s.post("/v1/feature-code/auth", None, json!({})).await;
    assert_field_error(status, &body, "pids");
    let (status, body) = s
        .post("/v1/feature-code/auth", None, json!({"pids": "24109013"}))
        .await;
    assert_field_error(status, &body, "pids");
    let (status, body) = s
        .post("/v1/feature-code/auth", None, json!({"pids": [1, "a"]}))
        .await;
    assert_field_error(status, &body, "pids[1]");
    let token = s.register("free@example.com").await;
    let (status, body) = s
        .post("/v1/feature-code/auth", Some(&token), json!({"pids": []}))
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        body["data"]["feature_auth"],
        json!([]),
        "free users unlock nothing"
    );
}

#[tokio::test]
async fn promo_sku_grants_its_month_credits() {
    let s = TestServer::start().await;
    let token = s.register("promo@example.com").await;
    // Promo SKUs are sold on pricing plan 3 only: put the buyer there.
    let (_, user) = s.post("/v1/user", Some(&token), json!({})).await;
    sqlx::query("INSERT INTO ab_assignments (test_code, subject, plan, created_at) VALUES ('pricing_plan', $1, 3, 0)")
        .bind(user["data"]["uid"].as_str().unwrap())
        .execute(&s.running.as_ref().unwrap().state.db.pool)
        .await
        .unwrap();
    let (status, body) = pay(&s, &token, 25_284_013, 0).await;
    assert_eq!(status, 200, "{body}");
    let promo = aivg_core::pricing::promo_config(25_284_013).unwrap();
    assert_eq!(body["data"]["credits"], promo.month_credits);
    let (_, user) = s.post("/v1/user", Some(&token), json!({})).await;
    assert_eq!(user["data"]["verify"]["level"], promo.tier.as_str());
}
