//! Checkouts over real HTTP: Stripe Checkout Sessions made against a fake Stripe API, the test
//! store's one-time checkout ids, SKUs only for the buyer's country and pricing plan, and the
//! test store off unless asked for.

use crate::common;
use crate::stripe_support;
use common::TestServer;
use serde_json::json;
use stripe_support::{PUBLIC_URL, checkout, set_pricing_plan, stripe_server};

#[tokio::test]
async fn checkout_sessions_carry_the_catalogue_price_and_grant_nothing_yet() {
    let (s, fake) = stripe_server().await;
    let token = s.register("stripe-buyer@example.com").await;

    let (status, body) = checkout(&s, &token, 24_120_100, 0).await;
    assert_eq!(status, 200, "{body}");
    let data = &body["data"];
    assert_eq!(data["provider"], "stripe");
    assert_eq!(data["url"], "https://checkout.fake/c/pay/cs_test_1");
    let id = data["checkout_id"].as_str().unwrap();
    assert!(id.starts_with("co_") && id.len() > 30, "{id}");
    assert!(!data["url"].as_str().unwrap().contains(&token));
    let f = |k: &str| fake.field(0, k).unwrap_or_default();
    assert_eq!(f("mode"), "payment");
    assert_eq!(f("line_items[0][price_data][unit_amount]"), "1499");
    assert_eq!(f("line_items[0][price_data][currency]"), "usd");
    assert_eq!(
        f("line_items[0][price_data][product_data][name]"),
        "100 Credits"
    );
    assert_eq!(f("client_reference_id"), id);
    assert_eq!(f("metadata[checkout_id]"), id);
    assert_eq!(f("payment_intent_data[metadata][checkout_id]"), id);
    assert_eq!(
        f("success_url"),
        format!("{PUBLIC_URL}/pay/return?status=paid")
    );
    assert_eq!(
        f("cancel_url"),
        format!("{PUBLIC_URL}/pay/return?status=cancelled")
    );
    let expires: i64 = f("expires_at").parse().unwrap();
    assert!(
        (expires - aivg_server::clock::now_s() - 35 * 60).abs() <= 5,
        "35 minutes"
    );

    // A plan is a subscription at its period; a trial bills the full price after 3 days.
    let (status, body) = checkout(&s, &token, 24_109_015, 0).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(fake.field(1, "mode").unwrap(), "subscription");
    assert_eq!(
        fake.field(1, "line_items[0][price_data][recurring][interval]")
            .unwrap(),
        "month"
    );
    assert_eq!(
        fake.field(1, "line_items[0][price_data][unit_amount]")
            .unwrap(),
        "1999"
    );
    assert_eq!(fake.field(1, "subscription_data[trial_period_days]"), None);
    let (status, body) = checkout(&s, &token, 24_109_014, 1).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        fake.field(2, "line_items[0][price_data][recurring][interval]")
            .unwrap(),
        "year"
    );
    assert_eq!(
        fake.field(2, "subscription_data[trial_period_days]")
            .unwrap(),
        "3"
    );
    assert_eq!(
        fake.field(2, "line_items[0][price_data][unit_amount]")
            .unwrap(),
        "8388"
    );

    // The return page only tells; nothing is granted before Stripe's signed webhook.
    let res = s
        .http
        .get(s.url("/pay/return?status=paid"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    assert!(res.text().await.unwrap().contains("Payment received"));
    assert_eq!(s.balance(&token).await, 5);
    let (_, body) = s
        .get("/v1/buy/trade-info?time_before=60", Some(&token))
        .await;
    assert_eq!(body["data"]["total"], 0);

    // Bad input and guests.
    let (status, body) = checkout(&s, &token, 42, 0).await;
    assert_eq!(status, 400);
    assert!(body["msg"].as_str().unwrap().contains("sku_id"), "{body}");
    let (status, body) = checkout(&s, &token, 24_120_100, 1).await;
    assert!(
        body["msg"].as_str().unwrap().contains("zero"),
        "{status} {body}"
    );
    let (status, _) = s
        .post("/v1/pay/checkout", None, json!({"sku_id": 24_120_100}))
        .await;
    assert_eq!(status, 401);
    assert_eq!(fake.count(), 3, "refused checkouts never reach Stripe");
}

#[tokio::test]
async fn skus_not_listed_for_the_buyer_are_refused() {
    let (s, fake) = stripe_server().await;
    let token = s.register("market@example.com").await;
    // The India-only yearly plan, bought from the default country (US).
    let (status, body) = checkout(&s, &token, 24_149_003, 0).await;
    assert_eq!(status, 400, "{body}");
    let msg = body["msg"].as_str().unwrap();
    assert!(
        msg.contains("sku_id") && msg.contains("not sold in US"),
        "{msg}"
    );
    // From India it is listed, and the other premium yearly plan is not.
    let in_india = |sku: u64| {
        s.http
            .post(s.url("/v1/pay/checkout"))
            .bearer_auth(&token)
            .header("x-country", "IN")
            .json(&json!({"sku_id": sku, "zero": 0}))
            .send()
    };
    assert_eq!(in_india(24_149_003).await.unwrap().status().as_u16(), 200);
    assert_eq!(in_india(24_109_016).await.unwrap().status().as_u16(), 400);
    // A body cannot choose the country.
    let (status, _) = s
        .post(
            "/v1/pay/checkout",
            Some(&token),
            json!({"sku_id": 24_149_003, "country": "IN"}),
        )
        .await;
    assert_eq!(status, 400);

    // Promo SKUs are sold only on pricing plan 3.
    set_pricing_plan(&s, &token, 4).await;
    let (status, body) = checkout(&s, &token, 25_284_013, 0).await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["msg"].as_str().unwrap().contains("pricing plan 4"),
        "{body}"
    );
    set_pricing_plan(&s, &token, 3).await;
    let (status, body) = checkout(&s, &token, 25_284_013, 0).await;
    assert_eq!(status, 200, "{body}");

    // No free trial where the site offers none.
    let res = s
        .http
        .post(s.url("/v1/pay/checkout"))
        .bearer_auth(&token)
        .header("x-country", "DE")
        .json(&json!({"sku_id": 24_109_013, "zero": 1}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 400);
    let body: serde_json::Value = res.json().await.unwrap();
    assert!(body["msg"].as_str().unwrap().contains("zero"), "{body}");
    assert_eq!(fake.count(), 2);

    // The test store's pay call follows the same listing.
    let s = TestServer::start().await;
    let token = s.register("market-test@example.com").await;
    let pay = |sku: u64| {
        s.post(
            "/store/checkout/pay",
            Some(&token),
            json!({"sku_id": sku, "zero": 0}),
        )
    };
    let (status, body) = pay(24_149_003).await;
    assert_eq!(status, 400, "{body}");
    assert!(body["msg"].as_str().unwrap().contains("not sold in US"));
    set_pricing_plan(&s, &token, 1).await;
    assert_eq!(pay(25_284_013).await.0, 400);
    assert_eq!(s.balance(&token).await, 5, "refused sales grant nothing");
}

#[tokio::test]
async fn the_test_store_pays_a_one_time_checkout_id() {
    let s = TestServer::start().await;
    let token = s.register("checkout-id@example.com").await;
    let (status, body) = checkout(&s, &token, 24_120_100, 0).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["provider"], "test");
    let url = body["data"]["url"].as_str().unwrap();
    let id = body["data"]["checkout_id"].as_str().unwrap();
    assert_eq!(url, format!("{}/store/checkout?checkout={id}", s.base));
    assert!(!url.contains(&token) && !url.contains("token"));

    let res = s.http.get(url).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let html = res.text().await.unwrap();
    assert!(html.contains("100 Credits") && html.contains(id));
    assert!(!html.contains(&token));

    // Paid with the id alone, once.
    let pay = |id: String| s.post("/store/checkout/pay", None, json!({"checkout": id}));
    let (status, body) = pay(id.to_owned()).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["credits"], 100);
    let (status, body) = pay(id.to_owned()).await;
    assert_eq!(status, 409, "{body}");
    assert!(body["msg"].as_str().unwrap().contains("checkout"));
    assert_eq!(s.balance(&token).await, 105);
    let res = s.http.get(url).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 409, "a used checkout shows no page");
    let (_, body) = s
        .get("/v1/buy/trade-info?time_before=60", Some(&token))
        .await;
    assert_eq!(body["data"]["list"][0]["sku_id_list"][0], 24_120_100);
    for bad in ["co_unknown", "x' OR 1=1", ""] {
        let (status, _) = pay(bad.to_owned()).await;
        assert!(status == 409 || status == 401, "{bad}: {status}");
    }

    // An expired checkout cannot be paid.
    let (_, body) = checkout(&s, &token, 24_120_010, 0).await;
    let id = body["data"]["checkout_id"].as_str().unwrap().to_owned();
    let pool = &s.running.as_ref().unwrap().state.db.pool;
    sqlx::query("UPDATE checkouts SET expires_at = 1 WHERE id = $1")
        .bind(&id)
        .execute(pool)
        .await
        .unwrap();
    assert_eq!(pay(id).await.0, 409);
    assert_eq!(s.balance(&token).await, 105);
}

#[tokio::test]
async fn the_test_store_routes_answer_404_when_it_is_off() {
    let (s, _fake) = stripe_server().await;
    let token = s.register("no-test-store@example.com").await;
    let res = s
        .http
        .get(s.url("/store/checkout?sku_id=24120100&zero=0"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 404);
    let (status, _) = s
        .post(
            "/store/checkout/pay",
            Some(&token),
            json!({"sku_id": 24_120_100, "zero": 0}),
        )
        .await;
    assert_eq!(status, 404);
    assert_eq!(s.balance(&token).await, 5);

    // Neither Stripe nor the test store: no checkout, no webhook.
    let s = TestServer::start_configured(|cfg| cfg.test_store = false).await;
    let token = s.register("no-provider@example.com").await;
    let (status, body) = checkout(&s, &token, 24_120_100, 0).await;
    assert_eq!(status, 404);
    assert!(
        body["msg"]
            .as_str()
            .unwrap()
            .contains("AIVG_STRIPE_SECRET_KEY")
    );
    let (status, _) = s.post("/v1/pay/stripe/webhook", None, json!({})).await;
    assert_eq!(status, 404);
}

/// A single-use coupon discounts one purchase: three checkouts made with it, one is quoted with
/// it (it reserves the coupon), the others at the full price; each pays what it was quoted
/// (docs/behaviour/pricing-and-purchase.md#coupons-are-used-once).
#[tokio::test]
async fn a_coupon_discounts_one_of_several_test_store_checkouts() {
    let s = TestServer::start().await;
    let token = s.register("coupon-thrice@example.com").await;
    let (status, body) = s
        .post("/v1/buy/coupon/receive", Some(&token), json!({}))
        .await;
    assert_eq!(status, 200, "{body}");
    let mut ids = Vec::new();
    let mut quoted = Vec::new();
    for _ in 0..3 {
        let (status, body) = checkout(&s, &token, 24_120_100, 0).await;
        assert_eq!(status, 200, "{body}");
        ids.push(body["data"]["checkout_id"].as_str().unwrap().to_owned());
        quoted.push(body["data"]["amount"].as_f64().unwrap());
    }
    assert_eq!(
        quoted,
        [12.74, 14.99, 14.99],
        "the first checkout holds the coupon"
    );
    let mut paid = Vec::new();
    // Paid in reverse order: the order of payment changes nothing.
    for id in ids.iter().rev() {
        let (status, body) = s
            .post("/store/checkout/pay", None, json!({"checkout": id}))
            .await;
        assert_eq!(status, 200, "{body}");
        paid.push((
            body["data"]["amount"].as_f64().unwrap(),
            body["data"]["coupon_id"].as_i64().unwrap(),
        ));
    }
    assert_eq!(paid, [(14.99, 0), (14.99, 0), (12.74, 13_417)]);
    // A payment quoted with a coupon another purchase has used (here marked used behind the
    // store's back) is refused before paying, and charges nothing.
    let (_, body) = checkout(&s, &token, 24_120_100, 0).await;
    assert_eq!(body["data"]["amount"], 14.99, "the coupon is used up");
    let pool = &s.running.as_ref().unwrap().state.db.pool;
    sqlx::query("UPDATE coupons SET used_trade_id = ''")
        .execute(pool)
        .await
        .unwrap();
    let (_, body) = checkout(&s, &token, 24_120_100, 0).await;
    assert_eq!(body["data"]["amount"], 12.74, "{body}");
    let id = body["data"]["checkout_id"].as_str().unwrap().to_owned();
    sqlx::query("UPDATE coupons SET used_trade_id = 'tother'")
        .execute(pool)
        .await
        .unwrap();
    let before = s.balance(&token).await;
    let (status, body) = s
        .post("/store/checkout/pay", None, json!({"checkout": id}))
        .await;
    assert_eq!(status, 409, "{body}");
    assert!(body["msg"].as_str().unwrap().contains("coupon"), "{body}");
    assert_eq!(s.balance(&token).await, before);
}

/// On Stripe the amount is fixed when the session is made: only the checkout holding the coupon
/// is sent at the discounted price.
#[tokio::test]
async fn a_coupon_discounts_one_of_several_stripe_sessions() {
    let (s, fake) = stripe_server().await;
    let token = s.register("coupon-stripe@example.com").await;
    let (status, body) = s
        .post("/v1/buy/coupon/receive", Some(&token), json!({}))
        .await;
    assert_eq!(status, 200, "{body}");
    let clients: Vec<_> = (0..3)
        .map(|_| checkout(&s, &token, 24_120_100, 0))
        .collect();
    let answers = futures_util::future::join_all(clients).await;
    for (status, body) in &answers {
        assert_eq!(*status, 200, "{body}");
    }
    let mut amounts: Vec<String> = (0..3)
        .map(|i| {
            fake.field(i, "line_items[0][price_data][unit_amount]")
                .unwrap()
        })
        .collect();
    amounts.sort();
    assert_eq!(
        amounts,
        ["1274", "1499", "1499"],
        "made at once, one holds it"
    );
}
