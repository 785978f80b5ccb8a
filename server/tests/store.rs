//! The store over real HTTP: SKU lists, the test store's checkout, subscriptions, the purchase
//! poll, the coupon and feature-code authorization.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;
use common::TestServer;
use serde_json::{Value, json};

fn ids(list: &Value) -> Vec<u64> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|s| s["sku_id"].as_u64().unwrap())
        .collect()
}

fn now() -> i64 {
    aivg_server::clock::now_s()
}

async fn pay(s: &TestServer, token: &str, sku_id: u64, zero: u8) -> (u16, Value) {
    s.post(
        "/store/checkout/pay",
        Some(token),
        json!({"sku_id": sku_id, "zero": zero, "session": "s-1"}),
    )
    .await
}

fn assert_field_error(status: u16, body: &Value, field: &str) {
    assert!((400..500).contains(&status), "{status} {body}");
    assert_ne!(body["code"], 0, "{body}");
    let msg = body["msg"].as_str().unwrap();
    assert!(msg.contains(field), "message {msg:?} names {field}");
}

#[tokio::test]
async fn sku_info_lists_and_orders() {
    let s = TestServer::start().await;
    let (status, body) = s.get("/v1/buy/sku-info?plan=4&country=US", None).await;
    assert_eq!(status, 200, "{body}");
    let list = &body["data"]["sku_buy_list"];
    let all = ids(list);
    for id in [
        24_109_013, 24_109_014, 24_109_015, 24_109_016, 24_120_010, 24_122_000, 24_111_500,
        24_110_025,
    ] {
        assert!(all.contains(&id), "{id} listed");
    }
    assert!(!all.contains(&24_149_003), "the India SKU only in India");
    assert!(
        !all.iter().any(|id| (25_284_005..=25_284_016).contains(id)),
        "promo SKUs only in plan 3"
    );
    assert_eq!(
        body["data"]["zero_buy_checked"], 1,
        "US is a free-trial country"
    );

    // Core reads every SKU: memberships first by price (highest first), then credits in batch 2
    // order (descending credits).
    let skus: Vec<aivg_core::pricing::Sku> = serde_json::from_value(list.clone()).unwrap();
    let members: Vec<_> = skus
        .iter()
        .take_while(|s| s.tier() != aivg_core::pricing::PlanTier::Basic)
        .collect();
    assert_eq!(members.len(), 4);
    assert!(
        members.windows(2).all(|w| w[0].price >= w[1].price),
        "membership by price desc"
    );
    let credits: Vec<u64> = skus[4..].iter().map(|s| s.credits().unwrap()).collect();
    assert!(
        credits.windows(2).all(|w| w[0] >= w[1]),
        "batch 2 credits descending: {credits:?}"
    );
    for sku in &skus {
        assert_eq!(sku.currency, "USD");
        assert_eq!(sku.currency_symbol, "$");
        assert!(sku.credits().is_some(), "credits code on {:?}", sku.sku_id);
        assert!(sku.buy_url.contains(&format!(
            "/store/checkout?sku_id={}&zero=0",
            sku.sku_id.unwrap()
        )));
    }
    let premium_year = skus.iter().find(|s| s.sku_id == Some(24_109_016)).unwrap();
    assert_eq!(
        premium_year.period_unit,
        Some(aivg_core::pricing::PeriodUnit::Year)
    );
    assert!(premium_year.zero_buy && premium_year.zero_buy_url.ends_with("zero=1"));
    assert_eq!(
        premium_year.credits(),
        Some(500),
        "premium: 500 credits per month"
    );
    let pack = skus.iter().find(|s| s.sku_id == Some(24_122_000)).unwrap();
    assert!(!pack.is_subscription() && aivg_core::pricing::credits_discount_flag(pack));

    // India: batch 1 (ascending), its own premium yearly SKU, no trial.
    let (_, body) = s.get("/v1/buy/sku-info?country=in", None).await;
    let skus: Vec<aivg_core::pricing::Sku> =
        serde_json::from_value(body["data"]["sku_buy_list"].clone()).unwrap();
    let all: Vec<u64> = skus.iter().filter_map(|s| s.sku_id).collect();
    assert!(all.contains(&24_149_003) && !all.contains(&24_109_016));
    let credits: Vec<u64> = skus
        .iter()
        .filter(|s| s.tier() == aivg_core::pricing::PlanTier::Basic)
        .map(|s| s.credits().unwrap())
        .collect();
    assert!(
        credits.windows(2).all(|w| w[0] <= w[1]),
        "batch 1 ascending: {credits:?}"
    );
    assert_eq!(body["data"]["zero_buy_checked"], 0);
    assert!(skus.iter().all(|s| !s.zero_buy));

    // Plan 3: the promo memberships with core's table.
    let (_, body) = s.get("/v1/buy/sku-info?plan=3&country=US", None).await;
    let list = body["data"]["sku_buy_list"].as_array().unwrap();
    for id in 25_284_005..=25_284_016_u64 {
        let sku = list
            .iter()
            .find(|s| s["sku_id"] == id)
            .unwrap_or_else(|| panic!("{id}"));
        let promo = aivg_core::pricing::promo_config(id).unwrap();
        let parsed: aivg_core::pricing::Sku = serde_json::from_value(sku.clone()).unwrap();
        assert_eq!(parsed.credits(), Some(u64::from(promo.month_credits)));
        assert_eq!(parsed.tier(), promo.tier);
        assert_eq!(sku["trial_credits"], promo.try3_day_credits);
    }

    // The country defaults to the request's country header.
    let res = s
        .http
        .get(s.url("/v1/buy/sku-info"))
        .header("x-country", "DE")
        .send()
        .await
        .unwrap();
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["data"]["country"], "DE");
    assert_eq!(body["data"]["zero_buy_checked"], 0);

    let (status, body) = s.get("/v1/buy/sku-info?plan=9", None).await;
    assert_field_error(status, &body, "plan");
    let (status, body) = s.get("/v1/buy/sku-info?plan=x", None).await;
    assert_field_error(status, &body, "plan");
    let (status, body) = s.get("/v1/buy/sku-info?country=USA", None).await;
    assert_field_error(status, &body, "country");
}

#[tokio::test]
async fn the_test_store_is_off_unless_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let mut cfg = aivg_server::config::Config::for_tests(dir.path().join("data"));
    cfg.test_store = false;
    let s = TestServer::start_with(dir, cfg).await;
    let token = s.register("nopay@example.com").await;
    let before = s.balance(&token).await;
    let res = s
        .http
        .get(s.url("/store/checkout?sku_id=24120100&zero=0"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 404);
    let (status, _) = pay(&s, &token, 24_120_100, 0).await;
    assert_eq!(status, 404, "nobody grants themselves credits");
    assert_eq!(s.balance(&token).await, before);
}

#[tokio::test]
async fn buy_credits_through_the_test_store() {
    let s = TestServer::start().await;
    let token = s.register("buyer@example.com").await;

    let res = s
        .http
        .get(s.url("/store/checkout?sku_id=24120100&zero=0&session=abc"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let html = res.text().await.unwrap();
    assert!(html.contains("Test store — no real payment"));
    assert!(html.contains("Pay (test)"));
    assert!(html.contains("100 Credits") && html.contains("$14.99"));
    let res = s
        .http
        .get(s.url("/store/checkout?sku_id=1"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 400);
    assert!(res.text().await.unwrap().contains("sku_id"));
    let res = s
        .http
        .get(s.url("/store/checkout?sku_id=24120100&zero=1"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 400, "packs have no trial");

    let (status, body) = s
        .get("/v1/buy/trade-info?time_before=60", Some(&token))
        .await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["total"], 0);

    let (status, body) = pay(&s, &token, 24_120_100, 0).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["kind"], "credits");
    assert_eq!(body["data"]["credits"], 100);
    assert_eq!(body["data"]["amount"], 14.99);
    assert_eq!(s.balance(&token).await, 105);
    let (_, body) = s.get("/v1/credit/history", Some(&token)).await;
    let top = &body["data"]["list"][0];
    assert_eq!(top["details"], "Purchased 100 Credits");
    assert_eq!(top["credits"], 100);
    assert_eq!(top["expire_time"], 0, "packs are valid indefinitely");

    // The purchase poll sees the trade.
    let (status, body) = s
        .get("/v1/buy/trade-info?time_before=30", Some(&token))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["total"], 1);
    assert_eq!(body["data"]["list"][0]["sku_id_list"][0], 24_120_100);
    assert!(body["data"]["list"][0]["trade_id"].as_str().unwrap().len() > 8);

    // The SKU id may be a string too.
    let (status, body) = s
        .post(
            "/store/checkout/pay",
            Some(&token),
            json!({"sku_id": "24120010"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(s.balance(&token).await, 115);

    let (status, body) = s.get("/v1/buy/trade-info", Some(&token)).await;
    assert_field_error(status, &body, "time_before");
    let (status, body) = s
        .get("/v1/buy/trade-info?time_before=-1", Some(&token))
        .await;
    assert_field_error(status, &body, "time_before");
    let (status, _) = s.get("/v1/buy/trade-info?time_before=5", None).await;
    assert_eq!(status, 401);
    let (status, body) = pay(&s, "not-a-token", 24_120_100, 0).await;
    assert_eq!(status, 401);
    assert_eq!(body["code"], 140_013);
    let (status, body) = s
        .post("/store/checkout/pay", None, json!({"sku_id": 24_120_100}))
        .await;
    assert_eq!((status, body["code"].clone()), (401, json!(140_013)));
    let (status, body) = pay(&s, &token, 42, 0).await;
    assert_field_error(status, &body, "sku_id");
    let (status, body) = s
        .post("/store/checkout/pay", Some(&token), json!({"sku_id": "x"}))
        .await;
    assert_field_error(status, &body, "sku_id");
    let (status, body) = pay(&s, &token, 24_120_100, 1).await;
    assert_field_error(status, &body, "zero");
    let (status, body) = s
        .post(
            "/store/checkout/pay",
            Some(&token),
            json!({"sku_id": 24_120_100, "zero": 7}),
        )
        .await;
    assert_field_error(status, &body, "zero");
    let (status, body) = s
        .post(
            "/store/checkout/pay",
            Some(&token),
            json!({"sku_id": 24_120_100, "session": "<script>"}),
        )
        .await;
    assert_field_error(status, &body, "session");
    assert_eq!(
        s.balance(&token).await,
        115,
        "failed payments grant nothing"
    );
}

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
        "5 sign-up + 500 monthly credits (spec 02 §1)"
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
    assert!(res.text().await.unwrap().contains("$0.00"));
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
