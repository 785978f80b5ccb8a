//! The seed's texts in the caller's language over real HTTP
//! (docs/behaviour/languages-and-routes.md#site-content-in-the-visitors-language): preset titles by
//! the `lang` query, template names and categories, explore captions and zones by the app's
//! `X-Lang` header; English without either, for an unknown code, and for the prompts a model reads.
#![allow(clippy::unwrap_used)]

use crate::common;
use common::TestServer;
use serde_json::Value;

async fn get_in(s: &TestServer, path: &str, lang: &str) -> Value {
    let res = s
        .http
        .get(s.url(path))
        .header("X-Lang", lang)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200, "{path}");
    res.json().await.unwrap()
}

fn titles(list: &Value, field: &str) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|v| v[field].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn presets_follow_the_lang_query_then_the_header() {
    let s = TestServer::start().await;
    let (_, body) = s
        .get(
            "/v1/prompt/category-and-presets?algorithm=text2video&lang=de",
            None,
        )
        .await;
    assert_eq!(body["data"]["lang"], "de");
    let style = &body["data"]["list"][0];
    assert_eq!(style["name"], "Stil");
    assert_eq!(style["presets"][0]["title"], "Filmisch");
    assert_eq!(
        style["presets"][0]["prompt"], "cinematic lighting, shallow depth of field, film grain",
        "the model reads English"
    );
    assert!(style["presets"][0].get("style").is_none());

    // The music page asks without `lang`: the header decides; a style keeps its English name.
    let body = get_in(
        &s,
        "/v1/prompt/category-and-presets?algorithm=txt2Music",
        "jp",
    )
    .await;
    let lofi = &body["data"]["list"][0]["presets"][0];
    assert_eq!(lofi["title"], "ローファイ");
    assert_eq!(lofi["style"], "Lo-fi");

    let (_, body) = s
        .get("/v1/prompt/category-and-presets?algorithm=txt2Music", None)
        .await;
    assert_eq!(body["data"]["lang"], "en");
    assert_eq!(body["data"]["list"][0]["presets"][0]["title"], "Lo-fi");
}

#[tokio::test]
async fn templates_and_explore_answer_in_the_header_language() {
    let s = TestServer::start().await;
    let body = get_in(&s, "/v1/workflow/info?id=1001", "de").await;
    assert_eq!(body["data"]["name"], "Erde-Zoom-out");
    assert_eq!(body["data"]["category"], "Im Trend");
    let body = get_in(&s, "/v1/workflow/info?id=2001", "fr").await;
    assert_eq!(
        body["data"]["description"],
        "Une montée orchestrale grandiose pour les bandes-annonces et les grandes révélations."
    );
    let body = get_in(&s, "/v1/workflow/list?page_size=100", "ko").await;
    assert!(titles(&body["data"]["list"], "name").contains(&"지구 줌아웃".to_owned()));
    let body = get_in(&s, "/v1/workflow/ct/list", "zh").await;
    assert_eq!(body["data"]["list"][0]["categories"][0]["title"], "热门");

    let body = get_in(&s, "/v1/workflow/explore/list?page_size=100", "jp").await;
    let captions = titles(&body["data"]["list"], "title");
    assert!(captions.contains(&"朝焼けの新雪を駆けるアカギツネ".to_owned()));
    let body = get_in(&s, "/v1/workflow/zone/info?id=1", "es").await;
    assert_eq!(body["data"]["name"], "Selección del equipo");
    assert_eq!(
        body["data"]["list"][0]["title"],
        "Un zorro rojo corriendo por la nieve fresca al amanecer"
    );

    // English without a header, and for a code that is no language.
    let (_, body) = s.get("/v1/workflow/info?id=1001", None).await;
    assert_eq!(body["data"]["name"], "Earth Zoom Out");
    let body = get_in(&s, "/v1/workflow/info?id=1001", "xx").await;
    assert_eq!(body["data"]["name"], "Earth Zoom Out");
    let body = get_in(&s, "/v1/workflow/explore/info?id=1420", "zz").await;
    assert_eq!(
        body["data"]["title"],
        "A red fox running through fresh snow at sunrise"
    );
}
