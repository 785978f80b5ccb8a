//! Stripe's webhook over real HTTP: only a valid `Stripe-Signature` within 5 minutes is read,
//! and a paid session grants exactly once per event and per session.

use crate::stripe_support;
use fake_stripe::WEBHOOK_SECRET;
use fake_stripe::events::{event, session_completed};
use serde_json::json;
use stripe_support::{
    paid_checkout, post_event, post_event_signed, stripe_server, stripe_server_configured,
};

fn now() -> i64 {
    aivg_server::clock::now_s()
}

#[tokio::test]
async fn a_signed_session_grants_once() {
    let (s, _fake) = stripe_server().await;
    let token = s.register("webhook@example.com").await;
    let (checkout_id, session) = paid_checkout(&s, &token, 24_120_100, 0).await;
    let paid = session_completed(
        "evt_1",
        &session,
        &checkout_id,
        1499,
        json!({"payment_intent": "pi_1"}),
    );
    assert_eq!(post_event(&s, &paid).await, (200, "granted".into()));
    assert_eq!(s.balance(&token).await, 105);
    let (_, body) = s
        .get("/v1/buy/trade-info?time_before=60", Some(&token))
        .await;
    assert_eq!(body["data"]["total"], 1);
    assert_eq!(body["data"]["list"][0]["sku_id_list"][0], 24_120_100);
    assert_eq!(body["data"]["list"][0]["amount"], 14.99);
    let (_, history) = s.get("/v1/credit/history", Some(&token)).await;
    assert_eq!(
        history["data"]["list"][0]["details"],
        "Purchased 100 Credits"
    );

    // The same event again (Stripe retries), then another event about the same session.
    assert_eq!(post_event(&s, &paid).await, (200, "duplicate".into()));
    let mut again = paid.clone();
    again["id"] = json!("evt_2");
    again["type"] = json!("checkout.session.async_payment_succeeded");
    assert_eq!(post_event(&s, &again).await, (200, "duplicate".into()));
    assert_eq!(s.balance(&token).await, 105);

    // Many deliveries at once still grant nothing more.
    let mut tasks = Vec::new();
    for n in 0..6 {
        let mut e = paid.clone();
        e["id"] = json!(format!("evt_burst_{}", n % 2));
        let body = serde_json::to_vec(&e).unwrap();
        let t = now();
        let sig = format!(
            "t={t},v1={}",
            aivg_server::pay::stripe_signature::sign(WEBHOOK_SECRET, t, &body)
        );
        let req = s
            .http
            .post(s.url("/v1/pay/stripe/webhook"))
            .header("stripe-signature", sig)
            .body(body);
        tasks.push(tokio::spawn(async move {
            req.send().await.unwrap().status().as_u16()
        }));
    }
    for t in tasks {
        assert_eq!(t.await.unwrap(), 200);
    }
    assert_eq!(s.balance(&token).await, 105);
}

#[tokio::test]
async fn a_grant_shows_in_the_next_user_info_while_infos_are_kept() {
    // Infos kept a minute: what the user sees change within it was forgotten, not expired.
    let (s, _fake) =
        stripe_server_configured(|c| c.user_cache = std::time::Duration::from_secs(60)).await;
    let token = s.register("kept@example.com").await;
    let (checkout_id, session) = paid_checkout(&s, &token, 24_120_100, 0).await;
    // Read (and kept) before the payment's notification.
    assert_eq!(s.balance(&token).await, 5);
    assert_eq!(s.balance(&token).await, 5);
    let paid = session_completed(
        "evt_kept",
        &session,
        &checkout_id,
        1499,
        json!({"payment_intent": "pi_kept"}),
    );
    assert_eq!(post_event(&s, &paid).await, (200, "granted".into()));
    // No request of the user made the grant; the webhook forgot the kept info.
    assert_eq!(s.balance(&token).await, 105);
}

#[tokio::test]
async fn bad_signatures_change_nothing() {
    let (s, _fake) = stripe_server().await;
    let token = s.register("forger@example.com").await;
    let (checkout_id, session) = paid_checkout(&s, &token, 24_120_100, 0).await;
    let paid = session_completed("evt_sig", &session, &checkout_id, 1499, json!({}));

    let (status, body) = post_event_signed(&s, &paid, None, now()).await;
    assert_eq!(status, 400);
    assert!(
        body["msg"].as_str().unwrap().contains("Stripe-Signature"),
        "{body}"
    );
    let (status, _) = post_event_signed(&s, &paid, Some("whsec_wrong"), now()).await;
    assert_eq!(status, 400);
    // Expired (or from the future): outside the 5-minute tolerance.
    let (status, body) = post_event_signed(&s, &paid, Some(WEBHOOK_SECRET), now() - 400).await;
    assert_eq!(status, 400);
    assert!(
        body["msg"].as_str().unwrap().contains("5 minutes"),
        "{body}"
    );
    let (status, _) = post_event_signed(&s, &paid, Some(WEBHOOK_SECRET), now() + 400).await;
    assert_eq!(status, 400);
    // A body changed after signing.
    let body = serde_json::to_vec(&paid).unwrap();
    let t = now();
    let sig = aivg_server::pay::stripe_signature::sign(WEBHOOK_SECRET, t, &body);
    let mut tampered = paid.clone();
    tampered["data"]["object"]["amount_total"] = json!(1);
    let res = s
        .http
        .post(s.url("/v1/pay/stripe/webhook"))
        .header("stripe-signature", format!("t={t},v1={sig}"))
        .body(serde_json::to_vec(&tampered).unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 400);
    let res = s
        .http
        .post(s.url("/v1/pay/stripe/webhook"))
        .header("stripe-signature", format!("t={t},v1=zz"))
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 400);
    assert_eq!(s.balance(&token).await, 5, "nothing was granted");

    // None of those recorded the event: the genuine delivery still grants.
    assert_eq!(post_event(&s, &paid).await, (200, "granted".into()));
    assert_eq!(s.balance(&token).await, 105);

    // A signed body that is not an event is refused too.
    let (status, _) =
        post_event_signed(&s, &json!({"hello": 1}), Some(WEBHOOK_SECRET), now()).await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn only_paid_sessions_of_our_checkouts_grant() {
    let (s, _fake) = stripe_server().await;
    let token = s.register("strange@example.com").await;
    let (checkout_id, session) = paid_checkout(&s, &token, 24_120_100, 0).await;
    let unpaid = session_completed(
        "evt_unpaid",
        &session,
        &checkout_id,
        1499,
        json!({"payment_status": "unpaid"}),
    );
    assert_eq!(post_event(&s, &unpaid).await, (200, "ignored".into()));
    let other_session = session_completed("evt_other", "cs_forged", &checkout_id, 1, json!({}));
    assert_eq!(
        post_event(&s, &other_session).await,
        (200, "ignored".into())
    );
    let unknown = session_completed("evt_unknown", &session, "co_nope", 1499, json!({}));
    assert_eq!(post_event(&s, &unknown).await, (200, "ignored".into()));
    let customer = event("evt_customer", "customer.created", json!({"id": "cus_1"}));
    assert_eq!(post_event(&s, &customer).await, (200, "ignored".into()));
    assert_eq!(s.balance(&token).await, 5);

    // Paid later (asynchronous payment methods): granted then.
    let mut later = session_completed("evt_later", &session, &checkout_id, 1499, json!({}));
    later["type"] = json!("checkout.session.async_payment_succeeded");
    assert_eq!(post_event(&s, &later).await, (200, "granted".into()));
    assert_eq!(s.balance(&token).await, 105);
}

#[tokio::test]
async fn a_trial_session_starts_the_trial_once() {
    let (s, _fake) = stripe_server().await;
    let token = s.register("stripe-trial@example.com").await;
    let (first, first_session) = paid_checkout(&s, &token, 24_109_013, 1).await;
    let (second, second_session) = paid_checkout(&s, &token, 24_109_015, 1).await;
    let trial = session_completed(
        "evt_trial",
        &first_session,
        &first,
        0,
        json!({"payment_status": "no_payment_required", "subscription": "sub_trial", "mode": "subscription"}),
    );
    assert_eq!(post_event(&s, &trial).await, (200, "granted".into()));
    assert_eq!(s.balance(&token).await, 5 + 50);
    assert_eq!(stripe_support::level(&s, &token).await.0, "standard");
    // A second trial checkout paid meanwhile is not granted a second trial.
    let again = session_completed(
        "evt_trial_2",
        &second_session,
        &second,
        0,
        json!({"payment_status": "no_payment_required", "subscription": "sub_trial_2"}),
    );
    assert_eq!(post_event(&s, &again).await, (200, "ignored".into()));
    assert_eq!(s.balance(&token).await, 55);
}

/// A coupon discounts one payment: a Stripe payment already taken for a checkout whose coupon
/// another purchase has used (its reservation lapsed) is recorded as paid, with no coupon, and
/// the coupon stays used by the first (docs/behaviour/pricing-and-purchase.md#coupons-are-used-once).
#[tokio::test]
async fn a_paid_session_whose_coupon_was_used_elsewhere_records_no_coupon() {
    let (s, _fake) = stripe_server().await;
    let token = s.register("webhook-coupon@example.com").await;
    let (status, body) = s
        .post("/v1/buy/coupon/receive", Some(&token), json!({}))
        .await;
    assert_eq!(status, 200, "{body}");
    let (first, first_session) = paid_checkout(&s, &token, 24_120_100, 0).await;
    let pool = &s.running.as_ref().unwrap().state.db.pool;
    // The first checkout's reservation lapses; a second checkout is quoted with the coupon.
    sqlx::query("UPDATE checkouts SET expires_at = 1 WHERE id = $1")
        .bind(&first)
        .execute(pool)
        .await
        .unwrap();
    let (second, second_session) = paid_checkout(&s, &token, 24_120_100, 0).await;
    for (n, (checkout, session)) in [(&second, &second_session), (&first, &first_session)]
        .into_iter()
        .enumerate()
    {
        let paid = session_completed(
            &format!("evt_c{n}"),
            session,
            checkout,
            1274,
            json!({"payment_intent": format!("pi_c{n}")}),
        );
        assert_eq!(post_event(&s, &paid).await, (200, "granted".into()));
    }
    let coupons: Vec<(i64,)> =
        sqlx::query_as("SELECT coupon_id FROM trades ORDER BY created_at, trade_id")
            .fetch_all(pool)
            .await
            .unwrap();
    let mut ids: Vec<i64> = coupons.into_iter().map(|(c,)| c).collect();
    ids.sort_unstable();
    assert_eq!(ids, [0, 13_417], "one sale names the coupon");
    assert_eq!(s.balance(&token).await, 205, "both paid purchases granted");
}
