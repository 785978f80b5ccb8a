//! Analytics over real HTTP: a batch is validated and stored, the stats report counts it and takes
//! the p75 of each web vital per page, and the report is guarded by its token.
#![allow(clippy::unwrap_used)]

use crate::common;
use common::TestServer;
use serde_json::{Value, json};

const TOKEN: &str = "stats-secret-token";

async fn server_with_token() -> TestServer {
    let dir = tempfile::tempdir().unwrap();
    let mut cfg = aivg_server::config::Config::for_tests(dir.path().to_path_buf());
    cfg.database_url = common::database_url(dir.path()).await;
    cfg.stats_token = Some(TOKEN.into());
    TestServer::start_with(dir, cfg).await
}

fn vital(page: &str, metric: &str, value: f64) -> Value {
    json!({"name": "web_vitals", "page": page, "at": 1_700_000_000_000_i64, "data": {"metric": metric, "value": value, "rating": "good"}})
}

async fn stats(s: &TestServer, token: Option<&str>) -> (u16, Value) {
    s.get("/v1/analytics/stats", token).await
}

#[tokio::test]
async fn events_are_stored_and_reported() {
    let s = server_with_token().await;
    let view = |page: &str| json!({"name": "page_view", "page": page, "at": 1_700_000_000_000_i64, "data": {"route": "Home"}});
    let events = json!({"session_id": "abc", "events": [
        view("/home"), view("/explore"), view("/home"),
        vital("/home", "FCP", 400.0), vital("/home", "FCP", 100.0),
        vital("/home", "FCP", 300.0), vital("/home", "FCP", 200.0),
        vital("/home", "LCP", 3000.0),
        vital("/explore", "LCP", 900.0),
        {"name": "api_call", "page": "/home", "at": 1_700_000_000_001_i64, "data": {"url": "/v1/user", "httpStatus": 200}},
    ]});
    let (status, body) = s.post("/v1/analytics/events", None, events).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["stored"], 10);

    let (status, body) = stats(&s, Some(TOKEN)).await;
    assert_eq!(status, 200, "{body}");
    let report = &body["data"];
    assert_eq!(
        report["events"][0],
        json!({"name": "web_vitals", "count": 6})
    );
    assert_eq!(
        report["events"][1],
        json!({"name": "page_view", "count": 3})
    );
    assert_eq!(report["events"][2], json!({"name": "api_call", "count": 1}));
    let vitals = report["vitals"].as_array().unwrap();
    assert_eq!(
        vitals,
        &vec![
            json!({"page": "/explore", "metric": "LCP", "samples": 1, "p75": 900.0, "good": true}),
            json!({"page": "/home", "metric": "FCP", "samples": 4, "p75": 300.0, "good": true}),
            json!({"page": "/home", "metric": "LCP", "samples": 1, "p75": 3000.0, "good": false}),
        ]
    );
}

#[tokio::test]
async fn beacons_in_text_plain_are_accepted() {
    let s = server_with_token().await;
    // navigator.sendBeacon with a string body sends text/plain.
    let res = s
        .http
        .post(s.url("/v1/analytics/events"))
        .header("content-type", "text/plain;charset=UTF-8")
        .body(json!({"events": [vital("/home", "LCP", 1200.0)]}).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let (_, body) = stats(&s, Some(TOKEN)).await;
    assert_eq!(body["data"]["vitals"][0]["samples"], 1);
}

#[tokio::test]
async fn a_bad_event_rejects_the_batch_and_names_it() {
    let s = server_with_token().await;
    let cases = [
        (
            json!({"events": [vital("/a", "FCP", 1.0), {"name": "bad name", "page": "/", "at": 1}]}),
            "events[1].name",
        ),
        (
            json!({"events": [vital("/a", "TTFB", 1.0)]}),
            "events[0].data.metric",
        ),
        (
            json!({"events": [{"name": "x", "page": "/", "at": "now"}]}),
            "events[0].at",
        ),
        (json!({"events": "page_view"}), "events"),
        (json!({"nothing": 1}), "events"),
    ];
    for (body, field) in cases {
        let (status, answer) = s.post("/v1/analytics/events", None, body.clone()).await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(answer["code"], 400);
        assert!(
            answer["msg"].as_str().unwrap().starts_with(field),
            "{body} → {answer}"
        );
    }
    let (_, body) = stats(&s, Some(TOKEN)).await;
    assert_eq!(
        body["data"]["events"],
        json!([]),
        "nothing of a rejected batch is stored"
    );
}

#[tokio::test]
async fn the_report_needs_its_token() {
    let s = server_with_token().await;
    assert_eq!(stats(&s, None).await.0, 401);
    assert_eq!(stats(&s, Some("wrong")).await.0, 401);
    assert_eq!(stats(&s, Some(TOKEN)).await.0, 200);
    // Without a configured token the report does not exist.
    let plain = TestServer::start().await;
    let (status, body) = stats(&plain, Some(TOKEN)).await;
    assert_eq!(status, 404);
    assert!(body["msg"].as_str().unwrap().contains("AIVG_STATS_TOKEN"));
}

#[tokio::test]
async fn the_stats_command_prints_the_same_report() {
    let s = server_with_token().await;
    let (status, _) = s
        .post(
            "/v1/analytics/events",
            None,
            json!({"events": [vital("/home", "FCP", 640.0), {"name": "page_view", "page": "/home", "at": 1}]}),
        )
        .await;
    assert_eq!(status, 200);
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_aivg-server"))
            .args(args)
            .env("AIVG_DATA_DIR", s.dir.path())
            .env("DATABASE_URL", &s.cfg.database_url)
            .output()
            .unwrap()
    };
    let out = run(&["stats", "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed: Value = serde_json::from_slice(&out.stdout).unwrap();
    let (_, body) = stats(&s, Some(TOKEN)).await;
    assert_eq!(printed, body["data"]);
    assert_eq!(printed["vitals"][0]["p75"], 640.0);

    let out = run(&["stats"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("page_view") && text.contains("/home") && text.contains("640.0"),
        "{text}"
    );

    let out = run(&["stats", "--yaml"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("usage"));
}
