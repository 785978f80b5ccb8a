//! Promotions and the marketing content: activity codes applied once, ads per client, the
//! marketing block, prompt samples and presets (music styles with their drawn covers), demos and
//! voices.

mod common;
mod envelope_support;

use common::TestServer;
use envelope_support::assert_field_error;
use serde_json::json;

#[tokio::test]
async fn activity_apply_once() {
    let s = TestServer::start().await;
    let (status, _) = s
        .post("/v1/activity/apply", None, json!({"code": "nano2_free"}))
        .await;
    assert_eq!(status, 401);
    let token = s.register("promo@example.com").await;
    let (status, body) = s
        .post(
            "/v1/activity/apply",
            Some(&token),
            json!({"code": "nano2_free"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["state"], 1);
    assert_eq!(s.balance(&token).await, 25);
    let (_, body) = s
        .post(
            "/v1/activity/apply",
            Some(&token),
            json!({"code": "nano2_free"}),
        )
        .await;
    assert_eq!(body["data"]["state"], 3);
    assert_eq!(s.balance(&token).await, 25, "a duplicate grants nothing");
    let (_, body) = s.get("/v1/credit/history", Some(&token)).await;
    assert!(body["data"]["list"][0]["expire_time"].as_i64().unwrap() > 0);
    let (_, body) = s
        .post(
            "/v1/activity/apply",
            Some(&token),
            json!({"code": "nano1_free"}),
        )
        .await;
    assert_eq!(body["data"]["state"], 5, "ended");

    let (status, body) = s
        .post(
            "/v1/activity/apply",
            Some(&token),
            json!({"code": "mystery"}),
        )
        .await;
    assert_field_error(status, &body, "code");
    let (status, body) = s.post("/v1/activity/apply", Some(&token), json!({})).await;
    assert_field_error(status, &body, "code");
    let (status, body) = s
        .post("/v1/activity/apply", Some(&token), json!({"code": 5}))
        .await;
    assert_field_error(status, &body, "code");
    let (_, body) = s.get("/v1/common/marketing", None).await;
    assert_eq!(body["data"]["campaign"]["activity"], "nano2_free");
    assert_eq!(body["data"]["campaign"]["active"], true);
}

#[tokio::test]
async fn ads_prompts_and_marketing() {
    let s = TestServer::start().await;
    let (_, body) = s.get("/v1/common/ad?client=", None).await;
    let items: Vec<aivg_core::ads::AdItem> = serde_json::from_value(body["data"].clone()).unwrap();
    assert!(aivg_core::ads::header_ad_item(&items).is_some());
    let (_, body) = s.get("/v1/common/ad?client=wap", None).await;
    let wap = body["data"].as_array().unwrap();
    assert!(wap.iter().any(|a| a["module"] == "hooks_banner_mobile"));
    let res = s
        .http
        .get(wap[0]["white_thumbnail"].as_str().unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let (status, body) = s.get("/v1/common/ad?client=tv", None).await;
    assert_field_error(status, &body, "client");
    let (status, body) = s.get("/v1/common/marketing?client=wap", None).await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["coupon"]["percent"], 15);
    assert_eq!(body["data"]["free_trial"]["days"], 3);
    // The default country (US) gets the free trial; a visitor from Germany does not.
    assert_eq!(body["data"]["country"], "US");
    assert_eq!(body["data"]["free_trial"]["offered"], true);
    let res = s
        .http
        .get(s.url("/v1/common/marketing"))
        .header("x-country", "de")
        .send()
        .await
        .unwrap();
    let body: serde_json::Value = res.json().await.unwrap();
    assert_eq!(body["data"]["country"], "DE");
    assert_eq!(body["data"]["free_trial"]["offered"], false);

    let (_, body) = s.get("/v1/common/prompt_sample?key=text2video", None).await;
    assert!(!body["data"]["list"].as_array().unwrap().is_empty());
    let (status, body) = s.get("/v1/common/prompt_sample", None).await;
    assert_field_error(status, &body, "key");
    let (status, body) = s.get("/v1/common/prompt_sample?key=poetry", None).await;
    assert_field_error(status, &body, "key");

    let (_, body) = s
        .get(
            "/v1/prompt/category-and-presets?algorithm=text2video&lang=de",
            None,
        )
        .await;
    let all: usize = body["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["presets"].as_array().unwrap().len())
        .sum();
    let (_, body) = s
        .get(
            "/v1/prompt/category-and-presets?algorithm=text2video&model_type=basic",
            None,
        )
        .await;
    let basic: usize = body["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["presets"].as_array().unwrap().len())
        .sum();
    assert!(basic < all, "presets made for another model are left out");
    let (status, body) = s
        .get(
            "/v1/prompt/category-and-presets?algorithm=text2video&lang=xx",
            None,
        )
        .await;
    assert_field_error(status, &body, "lang");
    let (status, body) = s.get("/v1/prompt/category-and-presets", None).await;
    assert_field_error(status, &body, "algorithm");

    // Music styles come with a cover picture the server draws; other presets have none.
    let (_, body) = s
        .get("/v1/prompt/category-and-presets?algorithm=txt2Music", None)
        .await;
    let style = &body["data"]["list"][0]["presets"][0];
    let cover = style["cover"].as_str().unwrap().to_owned();
    assert!(cover.starts_with("/static/seed/style-"), "{cover}");
    let res = s.http.get(s.url(&cover)).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let picture = res.text().await.unwrap();
    assert!(
        picture.contains(style["title"].as_str().unwrap()),
        "{picture}"
    );
    assert!(all > 0);

    let (_, body) = s.get("/v1/common/demo/list?key=bg-remover", None).await;
    let demo = &body["data"]["list"][0];
    // The examples' pictures are JPEG photos (site::demo_photo): the "before" side in blocks.
    let mut sides = Vec::new();
    for side in ["before", "after"] {
        let res = s
            .http
            .get(demo[side].as_str().unwrap())
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200);
        assert_eq!(res.headers()["content-type"], "image/jpeg");
        let bytes = res.bytes().await.unwrap();
        let picture = image::load_from_memory_with_format(&bytes, image::ImageFormat::Jpeg)
            .unwrap()
            .to_rgb8();
        assert_eq!(picture.dimensions(), (480, 360), "{side}");
        sides.push(picture);
    }
    assert!(sides[0] != sides[1], "before and after differ");
    let unknown = demo["before"]
        .as_str()
        .unwrap()
        .replace("bg-remover-1-", "bg-remover-9-");
    let res = s.http.get(&unknown).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 404, "{unknown}");
    let (status, body) = s.get("/v1/common/demo/list?key=nope", None).await;
    assert_field_error(status, &body, "key");
    // A tool page without examples (the audio tools) is answered an empty list, not refused: a
    // refusal is an error in the visitor's console on every visit of that page.
    let (status, body) = s.get("/v1/common/demo/list?key=audio-tools", None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["list"], serde_json::json!([]), "{body}");
    let (_, body) = s.get("/v1/ai/tts/voice", None).await;
    assert!(body["data"]["list"].as_array().unwrap().len() >= 10);
}

/// Every screen asks the presets of its module (the catalogue's `presets` key, else its code) in
/// the visitor's language: each answers, video to anime included.
#[tokio::test]
async fn every_module_screen_has_presets_in_every_language() {
    let s = TestServer::start().await;
    for m in aivg_core::tasks::TASK_MODULES {
        let Some(key) = m.presets else { continue };
        for lang in aivg_core::lang::Lang::ALL {
            let (status, body) = s
                .get(
                    &format!(
                        "/v1/prompt/category-and-presets?algorithm={key}&lang={}",
                        lang.code()
                    ),
                    None,
                )
                .await;
            assert_eq!(status, 200, "{} {key} {}: {body}", m.code, lang.code());
            assert!(
                !body["data"]["list"].as_array().unwrap().is_empty(),
                "{key}"
            );
        }
    }
}
