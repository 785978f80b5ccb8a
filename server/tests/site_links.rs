//! The account menu's links (src/site/links.rs): this server's own terms and privacy pages, the
//! signed-in user's account page and no Discord link by default; the operator's links when set.
#![allow(clippy::unwrap_used)]

use crate::common;
use common::TestServer;

async fn page(s: &TestServer, path: &str, cookie: Option<&str>) -> reqwest::Response {
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let mut req = http.get(s.url(path));
    if let Some(c) = cookie {
        req = req.header("cookie", c);
    }
    req.send().await.unwrap()
}

#[tokio::test]
async fn by_default_the_links_are_this_server_s_own_pages() {
    let s = TestServer::start().await;
    let (status, body) = s.get("/v1/common/links", None).await;
    assert_eq!(status, 200, "{body}");
    let links = &body["data"];
    assert_eq!(links["terms"], "/legal/terms");
    assert_eq!(links["privacy"], "/legal/privacy");
    assert_eq!(links["account_center"], "/account");
    assert!(links["discord"].is_null(), "{links}");
    for path in ["/legal/terms", "/legal/privacy"] {
        let res = page(&s, path, None).await;
        assert_eq!(res.status().as_u16(), 200, "{path}");
        assert!(
            res.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("text/html")
        );
        let text = res.text().await.unwrap();
        assert!(text.contains("127.0.0.1"), "{path} names the site: {text}");
        assert!(!text.contains("media.io"), "{path}");
    }
}

#[tokio::test]
async fn the_account_center_is_the_signed_in_user_s_page() {
    let s = TestServer::start().await;
    let signed_out = page(&s, "/account", None).await;
    assert_eq!(signed_out.status().as_u16(), 303);
    assert_eq!(signed_out.headers()["location"], "/home");
    let stale = page(&s, "/account", Some("aivg_token=not-a-token")).await;
    assert_eq!(stale.status().as_u16(), 303);

    let token = s.register("center@example.com").await;
    let mine = page(
        &s,
        "/account",
        Some(&format!("theme=x; aivg_token={token}")),
    )
    .await;
    assert_eq!(mine.status().as_u16(), 200);
    assert_eq!(mine.headers()["cache-control"], "no-store");
    let text = mine.text().await.unwrap();
    assert!(text.contains("center@example.com"), "{text}");
    assert!(text.contains("data-field=\"credits\""), "{text}");
}

#[tokio::test]
async fn the_operator_s_links_and_name_win() {
    let s = TestServer::start_configured(|cfg| {
        cfg.links.terms = Some("https://example.org/terms".into());
        cfg.links.discord = Some("https://discord.gg/example".into());
        cfg.links.operator = Some("Example Studio Ltd".into());
    })
    .await;
    let (_, body) = s.get("/v1/common/links", None).await;
    assert_eq!(body["data"]["terms"], "https://example.org/terms");
    assert_eq!(body["data"]["discord"], "https://discord.gg/example");
    assert_eq!(body["data"]["privacy"], "/legal/privacy");
    let text = page(&s, "/legal/privacy", None).await.text().await.unwrap();
    assert!(text.contains("Example Studio Ltd"), "{text}");
}
