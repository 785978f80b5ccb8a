//! SKUs and prices as site content (docs/operations.md#editing-content): an admin changes a
//! SKU's price and credits in the console's Content API; the public SKU list and a purchase
//! through the test store use the new values at once; a bad edit is refused naming the field
//! and changes nothing; the edit is in the audit trail.

use crate::common;
use crate::media_support;
use crate::store_support;

use common::TestServer;
use media_support::pool;
use serde_json::{Value, json};
use store_support::pay;

/// A pay-as-you-go pack of the seed (100 credits for 14.99).
const PACK: u64 = 24_120_100;

async fn make_admin(s: &TestServer, email: &str) -> String {
    let token = s.register(email).await;
    sqlx::query("UPDATE users SET role = 'admin' WHERE email = $1")
        .bind(email)
        .execute(&pool(s))
        .await
        .unwrap();
    token
}

/// The stored `skus` document and its version.
async fn skus_doc(s: &TestServer, admin: &str) -> (Value, i64) {
    let (status, body) = s.get("/v1/admin/content/skus", Some(admin)).await;
    assert_eq!(status, 200, "{body}");
    (
        body["data"]["document"].clone(),
        body["data"]["version"].as_i64().unwrap(),
    )
}

/// The document with `field` of SKU `id` set to `value`.
fn with(doc: &Value, id: u64, field: &str, value: Value) -> Value {
    let mut doc = doc.clone();
    let sku = doc["skus"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|s| s["sku_id"] == id)
        .unwrap();
    sku[field] = value;
    doc
}

/// SKU `id` as the public buy dialog lists it.
async fn listed(s: &TestServer, id: u64) -> aivg_core::pricing::Sku {
    let (status, body) = s.get("/v1/buy/sku-info?plan=4&country=US", None).await;
    assert_eq!(status, 200, "{body}");
    let skus: Vec<aivg_core::pricing::Sku> =
        serde_json::from_value(body["data"]["sku_buy_list"].clone()).unwrap();
    skus.into_iter().find(|s| s.sku_id == Some(id)).unwrap()
}

#[tokio::test]
async fn an_admin_reprices_a_sku_and_the_store_sells_it_at_once() {
    let s = TestServer::start().await;
    let admin = make_admin(&s, "pricer@example.com").await;
    let before = listed(&s, PACK).await;
    assert_eq!((before.price, before.credits()), (Some(14.99), Some(100)));

    let (doc, version) = skus_doc(&s, &admin).await;
    let edited = with(
        &with(&doc, PACK, "price", json!(9.99)),
        PACK,
        "credits",
        json!(150),
    );
    let (status, body) = s
        .post(
            "/v1/admin/content/skus",
            Some(&admin),
            json!({"version": version, "document": edited}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["version"], version + 1, "{body}");

    let now = listed(&s, PACK).await;
    assert_eq!((now.price, now.credits()), (Some(9.99), Some(150)));
    let buyer = s.register("buyer@example.com").await;
    let balance = s.balance(&buyer).await;
    let (status, body) = pay(&s, &buyer, PACK, 0).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["credits"], 150, "{body}");
    assert_eq!(body["data"]["amount"], 9.99, "{body}");
    assert_eq!(s.balance(&buyer).await, balance + 150);

    let (status, body) = s.get("/v1/admin/audit", Some(&admin)).await;
    assert_eq!(status, 200, "{body}");
    let e = &body["data"]["list"][0];
    assert_eq!(e["action"], "content_edit", "{e}");
    assert_eq!(e["target"], "content:skus", "{e}");

    // Refused edits name the field and change nothing.
    let (doc, version) = skus_doc(&s, &admin).await;
    for (field, value) in [
        ("price", json!(-1)),
        ("original_price", json!(1e12)),
        ("credits", json!(0)),
        ("period_unit", json!(2)),
        ("trial", json!(true)),
        ("price", json!("cheap")),
    ] {
        let (status, body) = s
            .post(
                "/v1/admin/content/skus",
                Some(&admin),
                json!({"version": version, "document": with(&doc, PACK, field, value)}),
            )
            .await;
        assert_eq!(status, 400, "{field}: {body}");
        let msg = body["msg"].as_str().unwrap();
        assert!(msg.contains(field), "{msg:?} names {field}");
    }
    let mut twice = doc.clone();
    let first = twice["skus"][0].clone();
    twice["skus"].as_array_mut().unwrap().push(first);
    let (status, body) = s
        .post(
            "/v1/admin/content/skus",
            Some(&admin),
            json!({"version": version, "document": twice}),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(body["msg"].as_str().unwrap().contains("sku_id"), "{body}");
    assert_eq!(skus_doc(&s, &admin).await.1, version);
    let now = listed(&s, PACK).await;
    assert_eq!((now.price, now.credits()), (Some(9.99), Some(150)));
}

/// A credit SKU edit is checked against core's credit SKU sets and price rules
/// (docs/behaviour/pricing-and-purchase.md#purchase-popup, #prices): a refusal names the SKU and
/// the field, and the store keeps selling what it sold.
#[tokio::test]
async fn a_sku_edit_outside_cores_purchase_rules_is_refused() {
    let s = TestServer::start().await;
    let admin = make_admin(&s, "rules@example.com").await;
    let (doc, version) = skus_doc(&s, &admin).await;
    // A monthly plan of 50 credits and the weekly 25.
    const MONTHLY_50: u64 = 24_111_050;
    const WEEKLY_25: u64 = 24_110_025;
    let mut without_weekly = doc.clone();
    without_weekly["skus"]
        .as_array_mut()
        .unwrap()
        .retain(|s| s["sku_id"] != WEEKLY_25);
    let mut duplicate = doc.clone();
    let mut copy = duplicate["skus"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["sku_id"] == MONTHLY_50)
        .unwrap()
        .clone();
    copy["sku_id"] = json!(24_111_051);
    duplicate["skus"].as_array_mut().unwrap().push(copy);
    let cases = [
        // An amount no set names.
        (
            with(&doc, MONTHLY_50, "credits", json!(30)),
            "sku 24111050: credits",
        ),
        // A pack outside 10..500 and not 1000 or 2000.
        (
            with(&doc, PACK, "credits", json!(750)),
            "sku 24120100: credits",
        ),
        // No set sells yearly credit plans.
        (
            with(&doc, MONTHLY_50, "period_unit", json!("year")),
            "sku 24111050: period_unit",
        ),
        // A credit plan named like a membership would be read as one by core.
        (
            with(&doc, MONTHLY_50, "name", json!("Premium credits")),
            "sku 24111050: name",
        ),
        (with(&doc, PACK, "price", json!(0)), "sku 24120100: price"),
        (
            with(&doc, PACK, "original_price", json!(9.99)),
            "sku 24120100: original_price",
        ),
        (duplicate, "sku 24111051: credits"),
        (without_weekly, "weekly plan of 25 credits"),
    ];
    for (document, names) in cases {
        let (status, body) = s
            .post(
                "/v1/admin/content/skus",
                Some(&admin),
                json!({"version": version, "document": document}),
            )
            .await;
        assert_eq!(status, 400, "{names}: {body}");
        let msg = body["msg"].as_str().unwrap();
        assert!(msg.contains(names), "{msg:?} names {names}");
    }
    assert_eq!(skus_doc(&s, &admin).await.1, version);
    let pack = listed(&s, PACK).await;
    assert_eq!((pack.price, pack.credits()), (Some(14.99), Some(100)));
}
