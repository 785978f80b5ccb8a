//! CMS data over real HTTP: a page's title, description and content by its path key, per
//! language with no English fallback, redirect rules (inside and outside the site), and keys
//! that cannot be read.

use crate::common;
use crate::envelope_support;

use aivg_core::request::cms_cache_key;
use common::TestServer;
use envelope_support::assert_field_error;
use serde_json::{Value, json};

async fn cms(s: &TestServer, path: &str) -> (u16, Value) {
    s.get(&format!("/api/cms-data/{}", cms_cache_key(path)), None)
        .await
}

#[tokio::test]
async fn cms_data_by_key_and_redirect_rules() {
    let s = TestServer::start().await;
    let (status, body) = cms(&s, "/home").await;
    assert_eq!(status, 200, "{body}");
    let data = &body["data"];
    assert!(
        data["tdk"]["title"]
            .as_str()
            .unwrap()
            .contains("AI Video Generator")
    );
    assert!(!data["tdk"]["description"].as_str().unwrap().is_empty());
    assert!(!data["tdk"]["keywords"].as_str().unwrap().is_empty());
    assert!(data["content"].as_str().unwrap().contains("<section"));
    assert!(data["head"].is_string() && data["bottom"].is_string());
    assert!(data.get("redirect").is_none());

    let (_, body) = cms(&s, "/de/home").await;
    assert!(
        body["data"]["tdk"]["title"]
            .as_str()
            .unwrap()
            .starts_with("KI-")
    );
    let (_, body) = cms(&s, "/text-to-video/").await;
    assert!(
        body["data"]["tdk"]["title"]
            .as_str()
            .unwrap()
            .contains("Text to Video"),
        "a trailing / is ignored"
    );
    let (_, body) = cms(&s, "/jp/home").await;
    assert_eq!(body["data"], Value::Null, "no English fallback");
    let (status, body) = cms(&s, "/no/such/page").await;
    assert_eq!(status, 200);
    assert_eq!(body["code"], 0);
    assert_eq!(body["data"], Value::Null);

    let (_, body) = cms(&s, "/red1-to-home").await;
    assert_eq!(
        body["data"]["redirect"],
        json!({"to": "/home", "external": false})
    );
    let (_, body) = cms(&s, "/de/red1-to-t2v").await;
    assert_eq!(
        body["data"]["redirect"],
        json!({"to": "/de/text-to-video", "external": false})
    );
    let (_, body) = cms(&s, "/ai/red2-to-ai-root").await;
    assert_eq!(body["data"]["redirect"]["external"], true);
    assert!(
        body["data"]["redirect"]["to"]
            .as_str()
            .unwrap()
            .starts_with("https://")
    );

    // A standard-alphabet or padded key works too; a broken one names the key.
    let (_, body) = s.get("/api/cms-data/L2hvbWU=", None).await;
    assert!(body["data"]["tdk"]["title"].is_string());
    let (status, body) = s.get("/api/cms-data/%21%21%21", None).await;
    assert_field_error(status, &body, "key");
    let (status, body) = s
        .get(&format!("/api/cms-data/{}", cms_cache_key("home")), None)
        .await;
    assert_field_error(status, &body, "key");
}
