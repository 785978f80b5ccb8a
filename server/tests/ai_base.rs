//! The canonical link names pages under the site's `/ai` base
//! (docs/behaviour/languages-and-routes.md#page-frame): this server answers those addresses with a
//! permanent redirect to the page it serves at its root.

use crate::common;

use common::TestServer;

#[tokio::test]
async fn ai_base_addresses_lead_to_the_served_pages() {
    let s = TestServer::start().await;
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    for (from, to) in [
        ("/ai", "/"),
        ("/ai/home", "/home"),
        (
            "/ai/de/text-to-video?prompt=cat",
            "/de/text-to-video?prompt=cat",
        ),
        ("/ai//evil.example/x", "/evil.example/x"),
    ] {
        let res = http.get(s.url(from)).send().await.unwrap();
        assert_eq!(res.status().as_u16(), 308, "{from}");
        assert_eq!(res.headers()["location"], to, "{from}");
    }
    // A placeholder route of its own under /ai is not redirected.
    let res = http.get(s.url("/ai/red2-to-t2v")).send().await.unwrap();
    assert_ne!(res.status().as_u16(), 308);
}
