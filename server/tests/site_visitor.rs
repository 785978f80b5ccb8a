//! What the site knows of a visitor: the country from the configured header (with its default),
//! and the experiment group, stable across requests and restarts.

use crate::common;
use crate::envelope_support;

use common::TestServer;
use envelope_support::assert_field_error;
use serde_json::Value;

#[tokio::test]
async fn country_from_the_configured_header() {
    let s = TestServer::start().await;
    let (_, body) = s.get("/v1/common/country", None).await;
    assert_eq!(body["data"]["country"], "US", "the default country");
    let res = s
        .http
        .get(s.url("/v1/common/country"))
        .header("x-country", "fr")
        .send()
        .await
        .unwrap();
    assert_eq!(res.json::<Value>().await.unwrap()["data"]["country"], "FR");
    let res = s
        .http
        .get(s.url("/v1/common/country"))
        .header("x-country", "France")
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.json::<Value>().await.unwrap()["data"]["country"],
        "US",
        "not a country code"
    );

    // Another header name and default, from the configuration.
    let dir = tempfile::tempdir().unwrap();
    let mut cfg = s.cfg.clone();
    cfg.data_dir = dir.path().to_path_buf();
    cfg.country_header = "cf-ipcountry".into();
    cfg.default_country = "GB".into();
    let other = TestServer::start_with(dir, cfg).await;
    let (_, body) = other.get("/v1/common/country", None).await;
    assert_eq!(body["data"]["country"], "GB");
    let res = other
        .http
        .get(other.url("/v1/common/country"))
        .header("cf-ipcountry", "BR")
        .send()
        .await
        .unwrap();
    assert_eq!(res.json::<Value>().await.unwrap()["data"]["country"], "BR");
}

#[tokio::test]
async fn ab_test_assignment_is_stable() {
    let s = TestServer::start().await;
    let mut plans = Vec::new();
    for user in 0..40 {
        let (status, body) = s
            .get(
                &format!("/v1/common/ab-test?test_code=pricing_plan&user_id=u{user}"),
                None,
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let plan = body["data"]["plan"].as_i64().unwrap();
        assert!((1..=4).contains(&plan));
        plans.push(plan);
    }
    assert!(
        (1..=4).all(|p| plans.contains(&p)),
        "every group is used: {plans:?}"
    );
    let (_, body) = s
        .get(
            "/v1/common/ab-test?test_code=login_test&user_id=u1&extra=%7B%7D",
            None,
        )
        .await;
    assert!((1..=2).contains(&body["data"]["plan"].as_i64().unwrap()));

    let s = s.restart().await;
    for (user, plan) in plans.iter().enumerate() {
        let (_, body) = s
            .get(
                &format!("/v1/common/ab-test?test_code=pricing_plan&user_id=u{user}"),
                None,
            )
            .await;
        assert_eq!(
            body["data"]["plan"], *plan,
            "stable across requests and restarts"
        );
    }

    // The signed-in user's uid, or the client serial header, is the subject without user_id.
    let token = s.register("ab@example.com").await;
    let (_, a) = s
        .get("/v1/common/ab-test?test_code=free_trial", Some(&token))
        .await;
    let (_, b) = s
        .get("/v1/common/ab-test?test_code=free_trial", Some(&token))
        .await;
    assert_eq!(a["data"]["plan"], b["data"]["plan"]);
    let res = s
        .http
        .get(s.url("/v1/common/ab-test?test_code=free_trial"))
        .header("X-Client-Sn", "abc123")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);

    let (status, body) = s
        .get("/v1/common/ab-test?test_code=nope&user_id=u1", None)
        .await;
    assert_field_error(status, &body, "test_code");
    let (status, body) = s.get("/v1/common/ab-test?user_id=u1", None).await;
    assert_field_error(status, &body, "test_code");
    let (status, body) = s.get("/v1/common/ab-test?test_code=login_test", None).await;
    assert_field_error(status, &body, "user_id");
}
