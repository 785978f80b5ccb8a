//! How the built SPA's hashed files are sent: the precompressed `.br` / `.gz` the app's build writes
//! beside them, by the browser's `Accept-Encoding`, with their type and immutable caching; the
//! plain file otherwise.
#![allow(clippy::unwrap_used)]

use crate::common;
use common::TestServer;

const WASM: &[u8] = b"\0asm\x01\0\0\0 plain bytes of the module";
const WASM_BR: &[u8] = b"brotli bytes (stand-in)";
const WASM_GZ: &[u8] = b"gzip bytes (stand-in)";

async fn get(s: &TestServer, path: &str, accept: &str) -> reqwest::Response {
    // reqwest is built without decompression here, so bodies arrive as sent.
    s.http
        .get(s.url(path))
        .header("accept-encoding", accept)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn hashed_assets_are_sent_precompressed_when_accepted() {
    let s = TestServer::start().await;
    let dir = tempfile::tempdir().unwrap();
    let spa = dir.path().join("dist");
    std::fs::create_dir_all(spa.join("assets")).unwrap();
    std::fs::write(spa.join("index.html"), "<!doctype html><title>x</title>").unwrap();
    std::fs::write(spa.join("assets/aivg_core_bg-1a2b.wasm"), WASM).unwrap();
    std::fs::write(spa.join("assets/aivg_core_bg-1a2b.wasm.br"), WASM_BR).unwrap();
    std::fs::write(spa.join("assets/aivg_core_bg-1a2b.wasm.gz"), WASM_GZ).unwrap();
    let mut cfg = s.cfg.clone();
    cfg.data_dir = dir.path().join("data");
    cfg.static_dir = Some(spa);
    let built = TestServer::start_with(dir, cfg).await;

    let path = "/assets/aivg_core_bg-1a2b.wasm";
    for (accept, encoding, body) in [
        ("gzip, deflate, br, zstd", Some("br"), WASM_BR),
        ("gzip", Some("gzip"), WASM_GZ),
        ("identity", None, WASM),
    ] {
        let res = get(&built, path, accept).await;
        assert_eq!(res.status().as_u16(), 200, "{accept}");
        let h = res.headers().clone();
        assert_eq!(
            h.get("content-encoding").map(|v| v.to_str().unwrap()),
            encoding,
            "{accept}"
        );
        // instantiateStreaming needs the module's own type, whatever the encoding.
        assert_eq!(h["content-type"], "application/wasm", "{accept}");
        assert_eq!(h["cache-control"], "public, max-age=31536000, immutable");
        assert!(
            h.get_all("vary")
                .iter()
                .any(|v| v.to_str().unwrap().contains("accept-encoding")),
            "{accept}: {h:?}"
        );
        assert_eq!(res.bytes().await.unwrap().as_ref(), body, "{accept}");
    }
}

/// `/docs/api` answers the API reference page the app's build writes (docs-api.html), revalidated
/// like index.html, and a 404 (not the SPA's index.html) when the build has none.
#[tokio::test]
async fn the_api_reference_page_is_served_when_built() {
    let s = TestServer::start().await;
    let dir = tempfile::tempdir().unwrap();
    let spa = dir.path().join("dist");
    std::fs::create_dir_all(&spa).unwrap();
    std::fs::write(spa.join("index.html"), "<!doctype html><title>app</title>").unwrap();
    let mut cfg = s.cfg.clone();
    cfg.data_dir = dir.path().join("data");
    cfg.static_dir = Some(spa.clone());
    let built = TestServer::start_with(dir, cfg).await;

    let res = get(&built, "/docs/api", "identity").await;
    assert_eq!(res.status().as_u16(), 404);
    assert!(!res.text().await.unwrap().contains("<title>app</title>"));

    let page = "<!doctype html><title>API reference</title><div id=\"api-reference\"></div>";
    std::fs::write(spa.join("docs-api.html"), page).unwrap();
    for path in ["/docs/api", "/docs/api/"] {
        let res = get(&built, path, "identity").await;
        assert_eq!(res.status().as_u16(), 200, "{path}");
        let h = res.headers().clone();
        assert!(
            h["content-type"].to_str().unwrap().starts_with("text/html"),
            "{path}: {h:?}"
        );
        assert_eq!(h["cache-control"], "no-cache", "{path}");
        assert!(h.contains_key("content-security-policy"), "{path}: {h:?}");
        assert_eq!(res.text().await.unwrap(), page, "{path}");
    }
}
