//! The files the SPA fetches: build manifests (the development ones, then a built SPA's as they
//! are), icons, cache headers of hashed assets and pages, and the security headers.

use crate::common;

use common::TestServer;
use serde_json::{Value, json};

#[tokio::test]
async fn builds_and_icons() {
    let s = TestServer::start().await;
    let res = s
        .http
        .get(s.url("/builds/latest.json?1700000000000"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let latest: Value = res.json().await.unwrap();
    assert_eq!(latest["id"], "dev");
    assert!(latest["timestamp"].as_i64().unwrap() > 0);
    let meta: Value = s
        .http
        .get(s.url("/builds/meta/dev.json"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(meta["id"], "dev");
    assert_eq!(meta["prerendered"], json!([]));
    assert!(meta["matcher"].is_object());
    let res = s
        .http
        .get(s.url("/builds/meta/abc.json"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 404);

    for name in [
        "home", "explore", "effect", "video", "image", "music", "tools", "gift", "close", "menu",
        "globe", "user",
    ] {
        let res = s
            .http
            .get(s.url(&format!("/app_static/icons/{name}.svg")))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200, "{name}");
        assert_eq!(res.headers()["content-type"], "image/svg+xml");
    }
    let res = s
        .http
        .get(s.url("/app_static/icons/rocket.svg"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 404);

    // With a built SPA, its manifests are served as they are.
    let dir = tempfile::tempdir().unwrap();
    let spa = dir.path().join("dist");
    std::fs::create_dir_all(spa.join("builds/meta")).unwrap();
    std::fs::write(
        spa.join("builds/latest.json"),
        r#"{"id":"b42","timestamp":5}"#,
    )
    .unwrap();
    std::fs::write(
        spa.join("builds/meta/b42.json"),
        r#"{"id":"b42","timestamp":5,"matcher":{},"prerendered":["/home"]}"#,
    )
    .unwrap();
    std::fs::create_dir_all(spa.join("assets")).unwrap();
    std::fs::write(spa.join("assets/index-3f2a9c.js"), "console.log(1)").unwrap();
    std::fs::write(
        spa.join("index.html"),
        "<!doctype html><title>x</title><script>document.documentElement.dataset.theme='dark'</script><script type=\"module\" src=\"/assets/index-3f2a9c.js\"></script>",
    )
    .unwrap();
    let mut cfg = s.cfg.clone();
    cfg.data_dir = dir.path().join("data");
    cfg.static_dir = Some(spa);
    let built = TestServer::start_with(dir, cfg).await;
    // Hashed assets are cached for good; the page and the manifests are revalidated.
    let cache = |path: &'static str| {
        let req = built.http.get(built.url(path));
        async move {
            let res = req.send().await.unwrap();
            assert_eq!(res.status().as_u16(), 200, "{path}");
            res.headers()["cache-control"].to_str().unwrap().to_owned()
        }
    };
    assert_eq!(
        cache("/assets/index-3f2a9c.js").await,
        "public, max-age=31536000, immutable"
    );
    assert_eq!(cache("/home").await, "no-cache");
    // Security headers: the page's own inline script is allowed by its hash, nothing else inline;
    // no other site may frame it.
    let page = built.http.get(built.url("/home")).send().await.unwrap();
    let h = page.headers();
    assert_eq!(h["x-content-type-options"], "nosniff");
    assert_eq!(h["referrer-policy"], "strict-origin-when-cross-origin");
    let csp = h["content-security-policy"].to_str().unwrap().to_owned();
    assert!(csp.contains("frame-ancestors 'self'"), "{csp}");
    assert!(
        csp.contains("script-src 'self' 'wasm-unsafe-eval' 'sha256-"),
        "{csp}"
    );
    assert!(
        !csp.contains("'unsafe-inline' 'sha256")
            && !csp.contains("script-src 'self' 'unsafe-inline'"),
        "{csp}"
    );
    let api = built
        .http
        .get(built.url("/v1/nothing"))
        .send()
        .await
        .unwrap();
    assert_eq!(api.headers()["x-content-type-options"], "nosniff");
    assert_eq!(cache("/builds/latest.json").await, "no-cache");
    let missing = built
        .http
        .get(built.url("/assets/gone-123.js"))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status().as_u16(), 404);
    let latest: Value = built
        .http
        .get(built.url("/builds/latest.json"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(latest["id"], "b42");
    let meta: Value = built
        .http
        .get(built.url("/builds/meta/b42.json"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(meta["prerendered"], json!(["/home"]));
}
