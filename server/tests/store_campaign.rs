//! The halloween campaign at checkout over real HTTP
//! (docs/behaviour/pricing-and-purchase.md#coupons "halloween banner 20 percent"): while the banner
//! runs in the buyer's zone a credit pack costs 20 % less, on the test store and on Stripe; the
//! coupon and the campaign never stack; plans keep their price; a zone that is not one is refused
//! by name. Every test here runs on the debug build's test clock, set to 28 October 2026 at noon
//! UTC (the banner runs 24–31 October).
//!
//! A test binary of its own (server/Cargo.toml), not a module of `integration`: the test clock is
//! the process's, and in a shared process it would move every other test's "now" too.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

mod common;
mod stripe_support;
use aivg_server::store::purchase::halloween_runs;
use common::TestServer;
use serde_json::{Value, json};
use stripe_support::stripe_server;

/// 2026-10-28T12:00:00Z.
const HALLOWEEN_NOON_MS: i64 = 1_793_188_800_000;
/// The 100-credit pack at 14.99 (server/seed's catalogue).
const PACK: u64 = 24_120_100;
/// Premium monthly, a plan at 19.99.
const PLAN: u64 = 24_109_015;

fn halloween_clock() {
    aivg_server::clock::set_test_now_ms(HALLOWEEN_NOON_MS);
}

async fn checkout(s: &TestServer, token: &str, sku_id: u64, time_zone: &str) -> (u16, Value) {
    s.post(
        "/v1/pay/checkout",
        Some(token),
        json!({"sku_id": sku_id, "zero": 0, "session": "dialog-1", "time_zone": time_zone}),
    )
    .await
}

#[test]
fn the_banner_days_follow_the_buyers_zone() {
    // 2026-10-23T10:30Z: already 24 October at 00:30 on Kiritimati (UTC+14), still the 23rd in UTC.
    let eve = 1_792_751_400;
    assert!(halloween_runs("Pacific/Kiritimati", eve).unwrap());
    assert!(!halloween_runs("UTC", eve).unwrap());
    assert!(!halloween_runs("", eve).unwrap(), "no zone: UTC");
    assert!(halloween_runs("Europe/Berlin", HALLOWEEN_NOON_MS / 1000).unwrap());
    // 2026-11-01T12:00Z: over everywhere.
    assert!(!halloween_runs("Pacific/Kiritimati", 1_793_534_400).unwrap());
    let err = halloween_runs("Mars/Olympus_Mons", eve).unwrap_err();
    assert!(format!("{err:?}").contains("time_zone"), "{err:?}");
}

#[tokio::test]
async fn a_pack_costs_20_percent_less_and_the_test_store_charges_that() {
    halloween_clock();
    let s = TestServer::start().await;
    let token = s.register("pumpkin@example.com").await;
    let before = s.balance(&token).await;

    let (status, body) = checkout(&s, &token, PACK, "Europe/Berlin").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"]["amount"], 11.99,
        "20% off 14.99, half up to the cent"
    );
    let id = body["data"]["checkout_id"].as_str().unwrap().to_owned();

    // The store's page shows the campaign price with the list price struck through.
    let page = reqwest::get(s.url(&format!("/store/checkout?checkout={id}")))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        page.contains("$11.99") && page.contains("<s>$14.99</s>"),
        "{page}"
    );

    let (status, body) = s
        .post("/store/checkout/pay", None, json!({"checkout": id}))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["amount"], 11.99);
    assert_eq!(body["data"]["coupon_id"], 0);
    assert_eq!(
        s.balance(&token).await,
        before + 100,
        "the pack's credits in full"
    );

    // A plan is billed at its price every period: no campaign price.
    let (status, body) = checkout(&s, &token, PLAN, "Europe/Berlin").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["amount"], 19.99);
}

#[tokio::test]
async fn the_coupon_and_the_campaign_never_stack_and_the_coupon_is_kept() {
    halloween_clock();
    let s = TestServer::start().await;
    let token = s.register("coupon-pumpkin@example.com").await;
    let (status, body) = s
        .post("/v1/buy/coupon/receive", Some(&token), json!({}))
        .await;
    assert_eq!(status, 200, "{body}");

    // Direct pay (scripts): 20% beats the 15% coupon, which stays unused.
    let (status, body) = s
        .post(
            "/store/checkout/pay",
            Some(&token),
            json!({"sku_id": PACK, "session": "s-1", "time_zone": "America/New_York"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["amount"], 11.99);
    assert_eq!(body["data"]["coupon_id"], 0, "the coupon is not used");

    let unused: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM coupons WHERE used_trade_id = ''")
        .fetch_one(&s.running.as_ref().unwrap().state.db.pool)
        .await
        .unwrap();
    assert_eq!(unused, 1, "the coupon stays for a later purchase");

    // No zone: UTC, where it is the 28th too. A zone that is no zone is refused by name.
    let (status, body) = checkout(&s, &token, PACK, "").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["amount"], 11.99);
    let (status, body) = checkout(&s, &token, PACK, "Atlantis/Capital").await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["msg"].as_str().unwrap().contains("time_zone"),
        "{body}"
    );
}

#[tokio::test]
async fn stripe_is_asked_for_the_campaign_price() {
    halloween_clock();
    let (s, fake) = stripe_server().await;
    let token = s.register("stripe-pumpkin@example.com").await;
    let (status, body) = checkout(&s, &token, PACK, "Asia/Tokyo").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        fake.field(0, "line_items[0][price_data][unit_amount]")
            .unwrap(),
        "1199"
    );
    assert_eq!(fake.field(0, "mode").unwrap(), "payment");
}
