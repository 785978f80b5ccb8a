//! The console's Payments page and Overview series (docs/operations.md#payments): trades with
//! their Stripe ids, the Stripe events and what each did, and a refund through Stripe's API (the
//! fake) whose `charge.refunded` webhook then takes the credits back; a refund is asked once, also
//! when two admins click at once. The Overview answers per-day series over 7, 30 or 90 days.

use crate::common;
use crate::stripe_support;
use common::TestServer;
use fake_stripe::events::{charge_refunded, session_completed};
use serde_json::{Value, json};
use stripe_support::{paid_checkout, post_event, stripe_server, stripe_server_configured};

/// Makes the account of `email` an admin (as `aivg-server admin grant` does).
async fn make_admin(s: &TestServer, email: &str) {
    sqlx::query("UPDATE users SET role = 'admin' WHERE email = $1")
        .bind(email)
        .execute(&s.running.as_ref().unwrap().state.db.pool)
        .await
        .unwrap();
}

/// Buys the 100-credit pack through the fake Stripe, paid with payment intent `pi`.
async fn buy_pack(s: &TestServer, token: &str, pi: &str) {
    let (checkout_id, session) = paid_checkout(s, token, 24_120_100, 0).await;
    let e = session_completed(
        &format!("evt_{pi}"),
        &session,
        &checkout_id,
        1499,
        json!({"payment_intent": pi}),
    );
    assert_eq!(post_event(s, &e).await, (200, "granted".into()));
}

async fn trades(s: &TestServer, admin: &str) -> Vec<Value> {
    let (status, page) = s.get("/v1/admin/payments", Some(admin)).await;
    assert_eq!(status, 200, "{page}");
    page["data"]["list"].as_array().unwrap().clone()
}

#[tokio::test]
async fn an_admin_refunds_a_purchase_and_the_webhook_takes_the_credits_back() {
    let (s, fake) = stripe_server().await;
    let admin = s.register("cashier@example.com").await;
    make_admin(&s, "cashier@example.com").await;
    let buyer = s.register("buyer@example.com").await;
    buy_pack(&s, &buyer, "pi_console").await;
    assert_eq!(s.balance(&buyer).await, 105);

    let list = trades(&s, &admin).await;
    assert_eq!(list.len(), 1, "{list:?}");
    let trade = &list[0];
    assert_eq!(trade["email"], "buyer@example.com");
    assert_eq!(trade["sku_id"], 24_120_100);
    assert_eq!(trade["amount_cents"], 1499);
    assert_eq!(trade["provider"], "stripe");
    assert_eq!(trade["status"], "paid");
    assert_eq!(trade["payment_intent"], "pi_console");
    assert!(
        trade["session_id"]
            .as_str()
            .unwrap()
            .starts_with("cs_test_")
    );
    assert_eq!(trade["refundable"], true);
    let trade_id = trade["trade_id"].as_str().unwrap().to_owned();

    let (status, events) = s.get("/v1/admin/payments/events", Some(&admin)).await;
    assert_eq!(status, 200, "{events}");
    let first = &events["data"]["list"][0];
    assert_eq!(first["event_id"], "evt_pi_console");
    assert_eq!(first["type"], "checkout.session.completed");
    let outcome: Value = serde_json::from_str(first["outcome"].as_str().unwrap()).unwrap();
    assert_eq!(outcome["result"], "granted", "{events}");

    // Bad inputs are refused naming the field; nothing is asked of Stripe.
    let refund_path = format!("/v1/admin/payments/{trade_id}/refund");
    for (path, body, field) in [
        (refund_path.as_str(), json!({"reason": " "}), "reason"),
        (refund_path.as_str(), json!({}), "reason"),
        (
            refund_path.as_str(),
            json!({"reason": "a\u{202e}b"}),
            "reason",
        ),
        (
            "/v1/admin/payments/no%20such/refund",
            json!({"reason": "x"}),
            "id",
        ),
    ] {
        let (status, answer) = s.post(path, Some(&admin), body).await;
        assert_eq!(status, 400, "{answer}");
        assert!(
            answer["msg"].as_str().unwrap().starts_with(field),
            "{answer}"
        );
    }
    let (status, _) = s
        .post(
            "/v1/admin/payments/T404/refund",
            Some(&admin),
            json!({"reason": "x"}),
        )
        .await;
    assert_eq!(status, 404);
    let (status, _) = s.get("/v1/admin/payments?page=0", Some(&admin)).await;
    assert_eq!(status, 400);
    assert!(fake.refund_forms().is_empty());

    let (status, refunded) = s
        .post(
            &refund_path,
            Some(&admin),
            json!({"reason": "Customer asked by e-mail"}),
        )
        .await;
    assert_eq!(status, 200, "{refunded}");
    assert_eq!(refunded["data"]["refund_id"], "re_test_1");
    assert_eq!(refunded["data"]["trade"]["status"], "refunded");
    assert_eq!(refunded["data"]["trade"]["refundable"], false);
    let forms = fake.refund_forms();
    assert_eq!(forms.len(), 1);
    assert!(
        forms[0].contains(&("payment_intent".into(), "pi_console".into())),
        "{forms:?}"
    );
    assert!(forms[0].contains(&("metadata[trade_id]".into(), trade_id.clone())));
    // Not twice.
    let (status, again) = s
        .post(&refund_path, Some(&admin), json!({"reason": "again"}))
        .await;
    assert_eq!(status, 409, "{again}");
    assert_eq!(fake.refund_forms().len(), 1);
    // The credits stay until Stripe's webhook says the money went back.
    assert_eq!(s.balance(&buyer).await, 105);
    let back = charge_refunded("evt_back", "pi_console", 1499, 1499);
    assert_eq!(post_event(&s, &back).await, (200, "took_back".into()));
    assert_eq!(s.balance(&buyer).await, 5);
    let (_, history) = s
        .get("/v1/credit/history?type=Consumption", Some(&buyer))
        .await;
    assert_eq!(history["data"]["list"][0]["credits"], 100, "{history}");

    let (_, events) = s.get("/v1/admin/payments/events", Some(&admin)).await;
    let list = events["data"]["list"].as_array().unwrap();
    assert_eq!(events["data"]["total"], 2, "{events}");
    let back = list.iter().find(|e| e["event_id"] == "evt_back").unwrap();
    assert_eq!(back["type"], "charge.refunded");
    let outcome: Value = serde_json::from_str(back["outcome"].as_str().unwrap()).unwrap();
    assert_eq!(outcome, json!({"result": "took_back", "credits": 100}));
    let list = trades(&s, &admin).await;
    assert_eq!(list[0]["clawed_credits"], 100);
    assert_eq!(list[0]["refund_id"], "re_test_1");

    let (_, audit) = s.get("/v1/admin/audit", Some(&admin)).await;
    let entry = &audit["data"]["list"][0];
    assert_eq!(entry["action"], "payment_refund", "{audit}");
    assert_eq!(entry["target"], format!("trade:{trade_id}"));
    assert!(entry["before"].as_str().unwrap().starts_with("paid 1499"));
    assert!(
        entry["after"]
            .as_str()
            .unwrap()
            .ends_with("Customer asked by e-mail")
    );
}

#[tokio::test]
async fn two_admins_refunding_at_once_refund_once() {
    let (s, fake) = stripe_server().await;
    let one = s.register("one@example.com").await;
    let two = s.register("two@example.com").await;
    make_admin(&s, "one@example.com").await;
    make_admin(&s, "two@example.com").await;
    let buyer = s.register("race@example.com").await;
    buy_pack(&s, &buyer, "pi_race").await;
    let trade_id = trades(&s, &one).await[0]["trade_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let path = format!("/v1/admin/payments/{trade_id}/refund");
    let (a, b) = tokio::join!(
        s.post(&path, Some(&one), json!({"reason": "first"})),
        s.post(&path, Some(&two), json!({"reason": "second"})),
    );
    let mut statuses = [a.0, b.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "{a:?} {b:?}");
    assert_eq!(fake.refund_forms().len(), 1, "Stripe was asked once");
    let (_, audit) = s.get("/v1/admin/audit", Some(&one)).await;
    assert_eq!(audit["data"]["total"], 1, "{audit}");
}

#[tokio::test]
async fn a_test_store_trade_is_not_refunded_through_stripe() {
    let s = TestServer::start().await;
    let admin = s.register("store-admin@example.com").await;
    make_admin(&s, "store-admin@example.com").await;
    let (status, body) = crate::store_support::pay(&s, &admin, 24_120_100, 0).await;
    assert_eq!(status, 200, "{body}");
    let list = trades(&s, &admin).await;
    assert_eq!(list.len(), 1, "{list:?}");
    assert_eq!(list[0]["provider"], "test");
    assert_eq!(list[0]["refundable"], false);
    assert_eq!(list[0]["payment_intent"], "");
    let path = format!(
        "/v1/admin/payments/{}/refund",
        list[0]["trade_id"].as_str().unwrap()
    );
    let (status, answer) = s.post(&path, Some(&admin), json!({"reason": "x"})).await;
    assert_eq!(status, 409, "{answer}");
}

#[tokio::test]
async fn the_overview_answers_daily_series_over_the_chosen_range() {
    let s = TestServer::start().await;
    let admin = s.register("watch@example.com").await;
    make_admin(&s, "watch@example.com").await;
    s.register("new@example.com").await;
    for days in [7, 30, 90] {
        let (status, body) = s
            .get(&format!("/v1/admin/overview?days={days}"), Some(&admin))
            .await;
        assert_eq!(status, 200, "{body}");
        let series = &body["data"]["series"];
        assert_eq!(series["days"], days);
        let signups = series["signups"].as_array().unwrap();
        assert_eq!(signups.len(), usize::try_from(days).unwrap());
        assert_eq!(signups.last().unwrap(), 2, "both accounts made today");
        let granted = series["credits_granted"].as_array().unwrap();
        assert_eq!(granted.last().unwrap(), 10, "5 sign-up credits each");
        assert_eq!(
            series["queue_depth"].as_array().unwrap().len(),
            granted.len()
        );
        assert_eq!(
            series["failure_rate"].as_array().unwrap().len(),
            granted.len()
        );
    }
    let (status, body) = s.get("/v1/admin/overview?days=8", Some(&admin)).await;
    assert_eq!(status, 400, "{body}");
    assert!(body["msg"].as_str().unwrap().starts_with("days"), "{body}");
}

/// The Payments routes count against the admin's list allowance like every `/v1/admin/` call
/// (`AIVG_LIMIT_LIST`): past it, reads and refunds answer 429 and Stripe is not called.
#[tokio::test]
async fn payments_calls_are_rate_limited_per_admin() {
    let (s, fake) = stripe_server_configured(|c| {
        c.limits.list_user = Some(aivg_server::limits::Rate::new(
            3,
            std::time::Duration::from_secs(3600),
        ));
    })
    .await;
    let admin = s.register("limited@example.com").await;
    make_admin(&s, "limited@example.com").await;
    for path in [
        "/v1/admin/payments",
        "/v1/admin/payments/events",
        "/v1/admin/payments",
    ] {
        let (status, body) = s.get(path, Some(&admin)).await;
        assert_eq!(status, 200, "{body}");
    }
    let (status, body) = s.get("/v1/admin/payments", Some(&admin)).await;
    assert_eq!(status, 429, "{body}");
    let (status, body) = s
        .post(
            "/v1/admin/payments/T1/refund",
            Some(&admin),
            json!({"reason": "x"}),
        )
        .await;
    assert_eq!(status, 429, "{body}");
    assert!(fake.refund_forms().is_empty());
}
