//! Money back and renewals through Stripe's webhook: refunds and disputes take the credits back
//! through the ledger (never below a zero balance), `invoice.paid` renews our subscriptions.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use crate::common;
use crate::stripe_support;
use common::TestServer;
use fake_stripe::events::{charge_refunded, dispute_created, invoice_paid, session_completed};
use serde_json::json;
use stripe_support::{level, paid_checkout, post_event, stripe_server};

const MONTH: i64 = 30 * 86_400;

/// Buys a pack through the fake Stripe with payment intent `pi`.
async fn buy_pack(s: &TestServer, token: &str, sku: u64, amount: i64, pi: &str) {
    let (checkout_id, session) = paid_checkout(s, token, sku, 0).await;
    let e = session_completed(
        &format!("evt_{pi}"),
        &session,
        &checkout_id,
        amount,
        json!({"payment_intent": pi}),
    );
    assert_eq!(post_event(s, &e).await, (200, "granted".into()));
}

/// Spends credits directly through the ledger (as a generation task would).
async fn spend(s: &TestServer, token: &str, credits: i64) {
    let (_, user) = s.post("/v1/user", Some(token), json!({})).await;
    let uid = user["data"]["uid"].as_str().unwrap().to_owned();
    let pool = &s.running.as_ref().unwrap().state.db.pool;
    let id: i64 = sqlx::query_scalar("SELECT id FROM users WHERE uid = $1")
        .bind(&uid)
        .fetch_one(pool)
        .await
        .unwrap();
    let mut tx = pool.begin().await.unwrap();
    aivg_server::ledger::lock_user(&mut tx, id).await.unwrap();
    let entry = aivg_server::ledger::Entry {
        user_id: id,
        reason: "test",
        details: "spent in a test",
        credits,
        date: aivg_server::clock::now_s(),
        expire_time: 0,
        reference: "test",
    };
    aivg_server::ledger::spend(&mut tx, &entry).await.unwrap();
    tx.commit().await.unwrap();
}

#[tokio::test]
async fn refunds_take_the_credits_back() {
    let (s, _fake) = stripe_server().await;
    let token = s.register("refund@example.com").await;
    buy_pack(&s, &token, 24_120_100, 1499, "pi_pack").await;
    assert_eq!(s.balance(&token).await, 105);

    // Half the money back: ceil(100 × 750 / 1499) = 51 credits.
    let half = charge_refunded("evt_r1", "pi_pack", 1499, 750);
    assert_eq!(post_event(&s, &half).await, (200, "took_back".into()));
    assert_eq!(s.balance(&token).await, 54);
    assert_eq!(post_event(&s, &half).await, (200, "duplicate".into()));
    // The rest (Stripe's amount_refunded is cumulative): the other 49.
    let rest = charge_refunded("evt_r2", "pi_pack", 1499, 1499);
    assert_eq!(post_event(&s, &rest).await, (200, "took_back".into()));
    assert_eq!(s.balance(&token).await, 5, "the sign-up credits stay");
    let (_, history) = s
        .get("/v1/credit/history?type=Consumption", Some(&token))
        .await;
    assert_eq!(history["data"]["list"][0]["credits"], 49);
    assert_eq!(history["data"]["list"][1]["credits"], 51);
    // A dispute of the same payment afterwards owes nothing more.
    let dispute = dispute_created("evt_d1", "pi_pack", 1499);
    assert_eq!(post_event(&s, &dispute).await, (200, "ignored".into()));
    assert_eq!(s.balance(&token).await, 5);
    // A refund of a payment that granted nothing here.
    let stranger = charge_refunded("evt_r3", "pi_unknown", 500, 500);
    assert_eq!(post_event(&s, &stranger).await, (200, "ignored".into()));
}

#[tokio::test]
async fn spent_credits_are_not_owed_back() {
    let (s, _fake) = stripe_server().await;
    let token = s.register("spender@example.com").await;
    buy_pack(&s, &token, 24_120_100, 1499, "pi_a").await;
    spend(&s, &token, 95).await;
    assert_eq!(s.balance(&token).await, 10);
    let dispute = dispute_created("evt_d", "pi_a", 1499);
    assert_eq!(post_event(&s, &dispute).await, (200, "took_back".into()));
    assert_eq!(s.balance(&token).await, 0, "never below zero");
    // Credits bought later are not taken for the earlier shortfall.
    buy_pack(&s, &token, 24_120_010, 199, "pi_b").await;
    let again = charge_refunded("evt_r", "pi_a", 1499, 1499);
    assert_eq!(post_event(&s, &again).await, (200, "ignored".into()));
    assert_eq!(s.balance(&token).await, 10);
}

#[tokio::test]
async fn invoice_paid_renews_and_a_dispute_ends_the_plan() {
    let (s, _fake) = stripe_server().await;
    let token = s.register("renewal@example.com").await;
    let (checkout_id, session) = paid_checkout(&s, &token, 24_109_015, 0).await;
    let started = session_completed(
        "evt_start",
        &session,
        &checkout_id,
        1999,
        json!({"mode": "subscription", "subscription": "sub_1", "invoice": "in_1"}),
    );
    assert_eq!(post_event(&s, &started).await, (200, "granted".into()));
    let (plan, end) = level(&s, &token).await;
    assert_eq!(plan, "premium");
    assert_eq!(s.balance(&token).await, 505);

    // The first invoice belongs to the session: nothing more.
    let first = invoice_paid(
        "evt_in1",
        "in_1",
        "sub_1",
        "subscription_create",
        1999,
        "pi_1",
    );
    assert_eq!(post_event(&s, &first).await, (200, "ignored".into()));
    assert_eq!(s.balance(&token).await, 505);

    // A renewal extends the period and grants the next month's credits, once per invoice.
    let renewal = invoice_paid(
        "evt_in2",
        "in_2",
        "sub_1",
        "subscription_cycle",
        1999,
        "pi_2",
    );
    assert_eq!(post_event(&s, &renewal).await, (200, "granted".into()));
    let (_, renewed) = level(&s, &token).await;
    assert_eq!(renewed, end + MONTH);
    assert_eq!(s.balance(&token).await, 1005);
    let mut retry = renewal.clone();
    retry["id"] = json!("evt_in2_again");
    assert_eq!(post_event(&s, &retry).await, (200, "duplicate".into()));
    assert_eq!(s.balance(&token).await, 1005);
    let (_, record) = s.get("/v1/verify/record", Some(&token)).await;
    assert_eq!(record["data"]["total"], 2);

    // Renewals of subscriptions we did not create grant nothing.
    let foreign = invoice_paid(
        "evt_in3",
        "in_3",
        "sub_other",
        "subscription_cycle",
        1999,
        "pi_3",
    );
    assert_eq!(post_event(&s, &foreign).await, (200, "ignored".into()));

    // A dispute of the renewal takes its credits back and ends its period; the first stays.
    let dispute = dispute_created("evt_dispute", "pi_2", 1999);
    assert_eq!(post_event(&s, &dispute).await, (200, "took_back".into()));
    assert_eq!(s.balance(&token).await, 505);
    assert_eq!(level(&s, &token).await, ("premium".into(), end));
    // A refund of the first payment (found through its invoice's payment intent) ends the plan.
    let refund = charge_refunded("evt_refund", "pi_1", 1999, 1999);
    assert_eq!(post_event(&s, &refund).await, (200, "took_back".into()));
    assert_eq!(s.balance(&token).await, 5);
    assert_eq!(level(&s, &token).await.0, "free");
}
