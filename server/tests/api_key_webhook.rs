//! A key's default webhook URL changed after it was made (`POST /v1/keys/{id}/webhook`,
//! docs/api.md#completion-webhooks): the tasks the key creates afterwards report to the new URL;
//! the URL passes the same checks as at creation (no inner network, https only; the public
//! address is an IP, so no name is looked up); null or empty removes it; another user's key
//! answers 404, a revoked key 409, and a key itself may not call it.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use crate::common::{TestServer, poll_until};
use crate::media_support::{self, create_ok, wait_done};
use aivg_server::config::webhooks::{Network, WebhookSettings};
use axum::http::StatusCode;
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A receiver on loopback: its base URL and the paths it was called on.
async fn receiver() -> (String, Arc<Mutex<Vec<String>>>) {
    let got: Arc<Mutex<Vec<String>>> = Arc::default();
    let app = axum::Router::new()
        .fallback(
            |axum::extract::State(got): axum::extract::State<Arc<Mutex<Vec<String>>>>,
             uri: axum::http::Uri| async move {
                got.lock().unwrap().push(uri.path().to_owned());
                StatusCode::OK
            },
        )
        .with_state(got.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    (format!("http://{addr}"), got)
}

async fn new_key(s: &TestServer, token: &str) -> (String, i64) {
    let (status, made) = s
        .post(
            "/v1/keys",
            Some(token),
            json!({"name": "hooks", "scopes": ["tasks:create", "tasks:read"]}),
        )
        .await;
    assert_eq!(status, 200, "{made}");
    (
        made["data"]["key"].as_str().unwrap().to_owned(),
        made["data"]["id"].as_i64().unwrap(),
    )
}

async fn set(s: &TestServer, token: &str, id: i64, url: Value) -> (u16, Value) {
    s.post(
        &format!("/v1/keys/{id}/webhook"),
        Some(token),
        json!({ "callback_url": url }),
    )
    .await
}

#[tokio::test]
async fn a_changed_webhook_url_receives_the_keys_next_tasks() {
    let s = media_support::start_with(|c| {
        c.webhooks = WebhookSettings {
            allow_http: true,
            allow_networks: vec![Network::parse("127.0.0.0/8").unwrap()],
        };
    })
    .await;
    let (base, got) = receiver().await;
    let token = s.register("change@example.com").await;
    let (key, id) = new_key(&s, &token).await;

    let (status, body) = set(&s, &token, id, json!(format!("{base}/new"))).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["callback_url"], format!("{base}/new"));
    assert_eq!(body["data"]["id"], id);
    let (_, list) = s.get("/v1/keys", Some(&token)).await;
    assert_eq!(
        list["data"]["list"][0]["callback_url"],
        format!("{base}/new")
    );

    let task = create_ok(&s, &key, "text2image", json!({"prompt": "a red kite"})).await;
    assert_eq!(
        wait_done(&s, &key, "text2image", &task).await["status"],
        "succeeded"
    );
    let paths = poll_until(
        Duration::from_secs(60),
        Duration::from_millis(100),
        || async {
            let g = got.lock().unwrap().clone();
            (!g.is_empty()).then_some(g)
        },
    )
    .await
    .expect("the receiver is called");
    assert_eq!(paths, vec!["/new".to_owned()]);

    // Removed: null and "" both clear it.
    for none in [Value::Null, json!("  ")] {
        let (status, body) = set(&s, &token, id, none).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["callback_url"], "");
    }
}

#[tokio::test]
async fn a_webhook_url_is_checked_as_at_creation_and_only_the_owner_changes_it() {
    let s = TestServer::start().await;
    let token = s.register("owner@example.com").await;
    let (key, id) = new_key(&s, &token).await;
    let (status, body) = set(&s, &token, id, json!("https://93.184.215.14/a")).await;
    assert_eq!(status, 200, "{body}");
    for url in [
        "https://127.0.0.1/hook",
        "https://10.0.0.1/hook",
        "https://169.254.169.254/latest/meta-data",
        "https://[::1]/hook",
        "https://localhost/hook",
        "http://example.com/hook",
        "https://user:pass@example.com/hook",
        "not a url",
    ] {
        let (status, body) = set(&s, &token, id, json!(url)).await;
        assert_eq!(status, 400, "{url}: {body}");
        assert!(
            body["msg"].as_str().unwrap().starts_with("callback_url"),
            "{body}"
        );
    }
    let (_, list) = s.get("/v1/keys", Some(&token)).await;
    assert_eq!(
        list["data"]["list"][0]["callback_url"], "https://93.184.215.14/a",
        "a refused URL changes nothing"
    );
    let (status, body) = s
        .post(
            &format!("/v1/keys/{id}/webhook"),
            Some(&token),
            json!({"callback_url": 5}),
        )
        .await;
    // A body of the wrong shape: the envelope of every JSON body's rejection, naming the field.
    assert_eq!(status, 422, "{body}");
    assert!(
        body["msg"].as_str().unwrap().contains("callback_url"),
        "{body}"
    );

    // Another user's key, a key itself, a revoked key.
    let other = s.register("other@example.com").await;
    let (status, _) = set(&s, &other, id, json!("https://93.184.215.14/b")).await;
    assert_eq!(status, 404);
    let (status, _) = set(&s, &key, id, json!("https://93.184.215.14/b")).await;
    assert_eq!(status, 403, "keys never manage keys");
    let (status, _) = s
        .post(&format!("/v1/keys/{id}/revoke"), Some(&token), json!({}))
        .await;
    assert_eq!(status, 200);
    let (status, body) = set(&s, &token, id, json!("https://93.184.215.14/b")).await;
    assert_eq!(status, 409, "{body}");
    let (status, _) = set(&s, &token, 999_999, json!(null)).await;
    assert_eq!(status, 404);
}
