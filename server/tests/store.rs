//! The store over real HTTP: SKU lists, the test store's checkout and the purchase poll
//! (plans and trials: store_plans.rs; the coupon, feature codes and promo SKUs: store_offers.rs).

use crate::common;
use crate::store_support;
use common::TestServer;
use serde_json::{Value, json};
use store_support::*;

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
    // Its own database, like every test (on PostgreSQL a shared one would keep the account).
    let s = TestServer::start_configured(|cfg| cfg.test_store = false).await;
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
    // The buy dialog never shows the catalogue's original price (16.99), so neither does the
    // store (docs/behaviour/pricing-and-purchase.md#prices "Real saving").
    assert!(
        !html.contains("<s>") && !html.contains("16.99"),
        "no struck price the dialog did not show: {html}"
    );
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
