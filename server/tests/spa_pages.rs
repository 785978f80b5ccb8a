//! The index.html sent for a page: the preload hints of its route and language (the app's
//! `page-preloads.json`, src/spa/hints.rs), revalidation by ETag, and the plain file when the build
//! wrote no hints or a malformed file.
#![allow(clippy::unwrap_used)]

use crate::common;
use common::TestServer;

const INDEX: &str =
    "<!doctype html><html><head><title>x</title></head><body><div id=root></div></body></html>";
const PRELOADS: &str = r#"{"i18nHash":"h1","routes":{
  "Home":{"js":["/assets/HomePage-a.js"],"css":["/assets/HomePage-b.css"]},
  "Explore":{"js":["/assets/ExplorePage-c.js"],"css":[]}}}"#;

async fn built(preloads: Option<&str>) -> TestServer {
    built_from(INDEX, preloads).await
}

async fn built_from(index: &str, preloads: Option<&str>) -> TestServer {
    let s = TestServer::start().await;
    let dir = tempfile::tempdir().unwrap();
    let spa = dir.path().join("dist");
    std::fs::create_dir_all(&spa).unwrap();
    std::fs::write(spa.join("index.html"), index).unwrap();
    // The files PRELOADS names, as the build writes them beside its list.
    std::fs::create_dir_all(spa.join("assets")).unwrap();
    for file in ["HomePage-a.js", "HomePage-b.css", "ExplorePage-c.js"] {
        std::fs::write(spa.join("assets").join(file), "").unwrap();
    }
    if let Some(p) = preloads {
        std::fs::write(spa.join("page-preloads.json"), p).unwrap();
    }
    let mut cfg = s.cfg.clone();
    cfg.data_dir = dir.path().join("data");
    cfg.static_dir = Some(spa);
    TestServer::start_with(dir, cfg).await
}

async fn page(s: &TestServer, path: &str, headers: &[(&str, &str)]) -> reqwest::Response {
    let mut req = s.http.get(s.url(path));
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    req.send().await.unwrap()
}

#[tokio::test]
async fn a_page_hints_its_route_files_and_its_language_messages() {
    let s = built(Some(PRELOADS)).await;
    // `/` is Home (core's redirect); no cookie, an English browser.
    let res = page(&s, "/", &[("accept-language", "en-US,en;q=0.9")]).await;
    assert_eq!(res.status().as_u16(), 200);
    let h = res.headers().clone();
    assert_eq!(h["content-type"], "text/html; charset=utf-8");
    assert_eq!(h["cache-control"], "no-cache");
    assert!(
        h["vary"].to_str().unwrap().contains("accept-language"),
        "{h:?}"
    );
    let html = res.text().await.unwrap();
    let head = &html[..html.find("</head>").unwrap()];
    assert!(
        head.contains(r#"<link rel="modulepreload" crossorigin href="/assets/HomePage-a.js">"#),
        "{html}"
    );
    assert!(
        head.contains(
            r#"<link rel="preload" as="style" crossorigin href="/assets/HomePage-b.css">"#
        ),
        "{html}"
    );
    assert!(
        head.contains(
            r#"<link rel="preload" as="fetch" crossorigin href="/_i18n/h1/en/messages.json">"#
        ),
        "{html}"
    );
    assert!(!html.contains("ExplorePage"), "{html}");

    // The language: the prefix, else the language cookie, else the browser's.
    let de = page(&s, "/de/explore", &[("cookie", "i18n_redirected=fr")])
        .await
        .text()
        .await
        .unwrap();
    assert!(
        de.contains("/_i18n/h1/de/messages.json") && de.contains("ExplorePage-c.js"),
        "{de}"
    );
    let fr = page(
        &s,
        "/explore",
        &[("cookie", "i18n_redirected=fr"), ("accept-language", "ja")],
    )
    .await
    .text()
    .await
    .unwrap();
    assert!(fr.contains("/_i18n/h1/fr/messages.json"), "{fr}");
    let jp = page(&s, "/home", &[("accept-language", "ja-JP,ja;q=0.9")])
        .await
        .text()
        .await
        .unwrap();
    assert!(
        jp.contains("/_i18n/h1/jp/messages.json") && jp.contains("HomePage-a.js"),
        "{jp}"
    );
}

#[tokio::test]
async fn a_page_revalidates_by_etag() {
    let s = built(Some(PRELOADS)).await;
    let first = page(&s, "/explore", &[]).await;
    let etag = first.headers()["etag"].to_str().unwrap().to_owned();
    let again = page(&s, "/explore", &[("if-none-match", &etag)]).await;
    assert_eq!(again.status().as_u16(), 304);
    assert!(again.text().await.unwrap().is_empty());
    // Another language is another body, so the old tag no longer matches.
    let other = page(&s, "/de/explore", &[("if-none-match", &etag)]).await;
    assert_eq!(other.status().as_u16(), 200);
}

#[tokio::test]
async fn a_tool_page_preloads_the_pictures_of_its_examples_and_holds_their_answer() {
    let s = built(Some(PRELOADS)).await;
    let demos: serde_json::Value = s
        .http
        .get(s.url("/v1/common/demo/list?key=image-enhancer"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let pictures: Vec<&str> = demos["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|d| [d["before"].as_str().unwrap(), d["after"].as_str().unwrap()])
        .collect();
    assert_eq!(pictures.len(), 6, "three examples: {demos}");
    let html = page(&s, "/de/ai-tools/image-enhancer", &[])
        .await
        .text()
        .await
        .unwrap();
    let head = &html[..html.find("</head>").unwrap()];
    let links: Vec<String> = pictures
        .iter()
        .map(|p| format!(r#"<link rel="preload" as="image" href="{p}">"#))
        .collect();
    for link in &links {
        assert_eq!(head.matches(link.as_str()).count(), 1, "{link} in {head}");
    }
    assert_eq!(head.matches(r#"as="image""#).count(), 6, "{head}");
    // In the examples' order: the first example's pictures are asked for first.
    let at: Vec<usize> = links
        .iter()
        .map(|l| head.find(l.as_str()).unwrap())
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{head}");
    // The API's answer is in the page, so its first render needs no request.
    let (_, data) = head
        .split_once(r#"<script type="application/json" id="aivg-first-screen">"#)
        .unwrap();
    let data: serde_json::Value =
        serde_json::from_str(data.split_once("</script>").unwrap().0).unwrap();
    assert_eq!(data, serde_json::json!({ "demos": demos["data"] }));
    // A page without examples preloads no picture and holds no data.
    let home = page(&s, "/", &[]).await.text().await.unwrap();
    assert!(!home.contains(r#"as="image""#), "{home}");
    assert!(!home.contains("aivg-first-screen"), "{home}");
}

#[tokio::test]
async fn without_a_usable_preload_file_the_page_is_the_plain_index() {
    for preloads in [
        None,
        Some("{not json"),
        Some(r#"{"i18nHash":"h","routes":{},"extra":1}"#),
    ] {
        let s = built(preloads).await;
        let res = page(&s, "/home", &[]).await;
        assert_eq!(res.status().as_u16(), 200, "{preloads:?}");
        assert_eq!(res.text().await.unwrap(), INDEX, "{preloads:?}");
    }
}

#[tokio::test]
async fn a_listed_file_the_app_folder_does_not_hold_is_not_hinted() {
    // A list naming a chunk of another build (or one the build removed): a hint to it would be a 404.
    let s = built(Some(
        r#"{"i18nHash":"h1","routes":{
  "Explore":{"js":["/assets/ExplorePage-c.js","/assets/create-gone.js"],"css":["/assets/gone.css"]}}}"#,
    ))
    .await;
    let html = page(&s, "/explore", &[]).await.text().await.unwrap();
    assert!(
        html.contains(r#"<link rel="modulepreload" crossorigin href="/assets/ExplorePage-c.js">"#),
        "{html}"
    );
    assert!(
        !html.contains("gone") && html.contains("/_i18n/h1/en/messages.json"),
        "{html}"
    );
}

#[tokio::test]
async fn files_and_api_paths_are_not_pages() {
    let s = built(Some(PRELOADS)).await;
    let dir = s.cfg.static_dir.clone().unwrap();
    std::fs::write(dir.join("robots.txt"), "User-agent: *").unwrap();
    assert_eq!(
        page(&s, "/robots.txt", &[]).await.text().await.unwrap(),
        "User-agent: *"
    );
    let api = page(&s, "/v1/no/such/call", &[]).await;
    assert_eq!(api.status().as_u16(), 404);
    assert!(!api.text().await.unwrap().contains("modulepreload"));
}

/// The path of `rest` under `lang`'s prefix (English has none).
fn under(lang: aivg_core::lang::Lang, rest: &str) -> String {
    format!("{}{rest}", lang.prefix())
}

#[tokio::test]
async fn an_unknown_path_is_the_not_found_page_with_404_in_every_language() {
    let s = built(Some(PRELOADS)).await;
    for lang in aivg_core::lang::Lang::ALL {
        for unknown in [under(lang, "/no-such-page"), under(lang, "/404")] {
            let res = page(&s, &unknown, &[]).await;
            assert_eq!(res.status().as_u16(), 404, "{unknown}");
            assert_eq!(res.headers()["content-type"], "text/html; charset=utf-8");
            assert_eq!(res.headers()["cache-control"], "no-cache");
            // The app's page (it shows its not-found screen), never the API's JSON.
            let html = res.text().await.unwrap();
            assert!(html.contains("<div id=root>"), "{unknown}: {html}");
            assert!(html.contains("/_i18n/h1/"), "{unknown}: {html}");
        }
        for known in [
            under(lang, "/home"),
            under(lang, "/explore"),
            under(lang, "/"),
        ] {
            let res = page(&s, &known, &[]).await;
            assert_eq!(res.status().as_u16(), 200, "{known}");
        }
    }
    // `ja` is no language prefix of the site (Japanese is `jp`): the whole path is unknown.
    for unknown in ["/ja/no-such", "/ja/home", "/HOME"] {
        assert_eq!(
            page(&s, unknown, &[]).await.status().as_u16(),
            404,
            "{unknown}"
        );
    }
    // The page that raises an error answers the error page's status.
    assert_eq!(
        page(&s, "/debug/test-error", &[]).await.status().as_u16(),
        500
    );
}

#[tokio::test]
async fn a_not_found_page_is_never_answered_304_and_a_304_keeps_the_200_headers() {
    let s = built(Some(PRELOADS)).await;
    let missing = page(&s, "/no-such-page", &[]).await;
    let etag = missing.headers()["etag"].to_str().unwrap().to_owned();
    let again = page(&s, "/no-such-page", &[("if-none-match", &etag)]).await;
    assert_eq!(again.status().as_u16(), 404);
    assert!(again.text().await.unwrap().contains("<div id=root>"));

    let first = page(&s, "/home", &[]).await;
    let etag = first.headers()["etag"].to_str().unwrap().to_owned();
    let not_modified = page(&s, "/home", &[("if-none-match", &etag)]).await;
    assert_eq!(not_modified.status().as_u16(), 304);
    for name in ["etag", "cache-control", "vary"] {
        assert_eq!(
            not_modified.headers().get(name),
            first.headers().get(name),
            "{name}"
        );
    }
}

/// The browser runs the cached page's inline theme script under the 304's policy: without the
/// script's hash there, a reload would block it (and lose the visitor's theme).
#[tokio::test]
async fn a_304_carries_the_same_content_security_policy_as_its_200() {
    let index = "<!doctype html><html><head><script>document.documentElement.dataset.theme='light'</script></head><body><div id=root></div></body></html>";
    let s = built_from(index, Some(PRELOADS)).await;
    let first = page(&s, "/explore", &[]).await;
    let csp = first.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(csp.contains("'sha256-"), "{csp}");
    let etag = first.headers()["etag"].to_str().unwrap().to_owned();
    let again = page(&s, "/explore", &[("if-none-match", &etag)]).await;
    assert_eq!(again.status().as_u16(), 304);
    assert_eq!(
        again.headers()["content-security-policy"].to_str().unwrap(),
        csp
    );
}
