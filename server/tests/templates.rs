//! Template lists over real HTTP: the two-image ratio bounds of duo templates
//! (docs/behaviour/uploads.md#aspect-ratios) and the audio templates of the text-to-music screen
//! (docs/behaviour/calls-and-errors.md#messages template list modal,
//! docs/behaviour/tasks-and-queue.md#templates "Template item for audio").
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use crate::common;
use crate::media_support;

use common::TestServer;
use media_support::{fetch, png, upload};
use serde_json::{Value, json};

const STYLES: [&str; 4] = ["Lo-fi", "Orchestral", "Acoustic", "EDM"];

fn assert_field_error(status: u16, body: &Value, field: &str) {
    assert_eq!(status, 400, "{body}");
    let msg = body["msg"].as_str().unwrap();
    assert!(msg.starts_with(field), "message {msg:?} names {field}");
}

fn list(body: &Value) -> &Vec<Value> {
    body["data"]["list"].as_array().unwrap()
}

#[tokio::test]
async fn duo_templates_carry_ratio_bounds() {
    let s = TestServer::start().await;
    let (status, body) = s.get("/v1/workflow/info?id=1013", None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["info"]["ratio_lower"], 0.5);
    assert_eq!(body["data"]["info"]["ratio_upper"], 2.0);
    let (_, body) = s.get("/v1/workflow/info?id=1001", None).await;
    let info = body["data"]["info"].as_object().unwrap();
    assert!(!info.contains_key("ratio_lower") && !info.contains_key("ratio_upper"));
}

#[tokio::test]
async fn direct_checks_the_two_images_ratio() {
    let s = TestServer::start().await;
    let token = s.register("duo@example.com").await;
    let wide = upload(&s, &token, "effect", "png", png(400, 100)).await;
    let tall = upload(&s, &token, "effect", "png", png(100, 400)).await;
    let direct = |token: Option<String>, a: &str, b: &str| {
        let body = json!({"tpl_id": 1013, "fields": {"file_path": a, "file_path_2": b}});
        let s = &s;
        async move { s.post("/v1/workflow/direct", token.as_deref(), body).await }
    };
    let (status, body) = direct(Some(token.clone()), &wide, &tall).await;
    assert_field_error(status, &body, "fields.file_path_2");
    let msg = body["msg"].as_str().unwrap();
    assert!(msg.contains("shapes differ too much"), "{msg}");
    assert!(msg.contains("0.50 to 2.00"), "{msg}");

    let three_four = upload(&s, &token, "effect", "png", png(300, 400)).await;
    let six_eight = upload(&s, &token, "effect", "png", png(600, 800)).await;
    let (status, body) = direct(Some(token.clone()), &three_four, &six_eight).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"]["payload"]["data"]["file_path_2"],
        six_eight.as_str()
    );

    // Sizes that cannot be read (a guest's call, a path that is no upload) do not block.
    let (status, body) = direct(None, &wide, &tall).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = direct(Some(token.clone()), &wide, "u/none.png").await;
    assert_eq!(status, 200, "{body}");
    // Another user's uploads are not read.
    let other = s.register("odd@example.com").await;
    let (status, body) = direct(Some(other), &wide, &tall).await;
    assert_eq!(status, 200, "{body}");
    // Templates without bounds take any pair.
    let (status, body) = s
        .post(
            "/v1/workflow/direct",
            Some(&token),
            json!({"tpl_id": 1001, "fields": {"file_path": wide}}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn music_templates_list_with_audio_previews() {
    let s = TestServer::start().await;
    let (status, body) = s
        .get(
            "/v1/workflow/list?fun_module=music&media=audio&page_size=100",
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["paginate"]["total"], 11);
    let templates = list(&body);
    assert_eq!(templates.len(), 11);
    for t in templates {
        assert_eq!(t["fun_module"], "music", "{t}");
        assert_eq!(t["media"], "audio");
        assert!(!t["description"].as_str().unwrap().is_empty());
        let preview = t["preview_url"].as_str().unwrap();
        assert!(preview.ends_with(&format!("/static/seed/tpl-{}-preview.wav", t["tpl_id"])));
        assert_eq!(t["cover_conf"]["preview_url"], preview);
        let thumb = t["thumbnail"].as_str().unwrap();
        assert!(
            thumb.contains("/static/seed/style-m-") && thumb.ends_with(".svg"),
            "{thumb}"
        );
        assert_eq!(t["thumbnail_link"], thumb);
        assert_eq!(t["extra"]["format"], "wav");
        let info = &t["info"];
        assert_eq!(info["algorithm"], "mai_tcm");
        assert_eq!(info["module"], "txt2Music");
        assert_eq!(info["request"][0]["field"], "prompt");
        assert!(info["prompt"].as_str().unwrap().chars().count() >= 10);
        assert!(STYLES.contains(&info["style"].as_str().unwrap()), "{info}");
        assert!([30, 60].contains(&info["duration"].as_i64().unwrap()));
    }
    let (status, _, _) = fetch(&s, templates[0]["thumbnail"].as_str().unwrap()).await;
    assert_eq!(status, 200, "the style cover is served");
    let (_, body) = s
        .get("/v1/workflow/list?fun_module=music&fun_category=8", None)
        .await;
    assert_eq!(body["data"]["paginate"]["total"], 3);
    let (_, body) = s.get("/v1/workflow/info?id=2001", None).await;
    assert_eq!(body["data"]["fun_module"], "music");

    // The effect pages see no change: no audio by default, and none among the recommendations.
    let (_, body) = s.get("/v1/workflow/list?page_size=100", None).await;
    assert_eq!(body["data"]["paginate"]["total"], 62);
    assert!(list(&body).iter().all(|t| t["fun_module"] == "effect"));
    assert!(
        !list(&body)[0]
            .as_object()
            .unwrap()
            .contains_key("description")
    );
    let (_, body) = s.get("/v1/workflow/list?media=audio", None).await;
    assert_eq!(body["data"]["paginate"]["total"], 0);
    let (_, body) = s.get("/v1/recommend/tpl", None).await;
    assert!(list(&body).iter().all(|t| t["media"] != "audio"));
    let (_, body) = s.get("/v1/recommend/tpl?tag=music", None).await;
    assert_eq!(body["data"]["total"], 0);
    let (_, body) = s
        .get("/v1/recommend/tpl?tag=music&fun_module=music", None)
        .await;
    assert_eq!(body["data"]["total"], 11);
}

#[tokio::test]
async fn category_tabs_per_module() {
    let s = TestServer::start().await;
    let (status, body) = s.get("/v1/workflow/ct/list", None).await;
    assert_eq!(status, 200, "{body}");
    let values: Vec<&str> = list(&body)
        .iter()
        .map(|t| t["value"].as_str().unwrap())
        .collect();
    assert_eq!(values, ["video", "image"], "unchanged without fun_module");
    let (_, effect) = s.get("/v1/workflow/ct/list?fun_module=effect", None).await;
    assert_eq!(effect["data"], body["data"]);

    let (status, body) = s.get("/v1/workflow/ct/list?fun_module=music", None).await;
    assert_eq!(status, 200, "{body}");
    let tabs = list(&body);
    assert_eq!(tabs.len(), 1);
    assert_eq!(tabs[0]["name"], "Audio");
    assert_eq!(tabs[0]["value"], "audio");
    let cats: Vec<(i64, &str, i64)> = tabs[0]["categories"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            assert_eq!(c["media"], "audio");
            (
                c["id"].as_i64().unwrap(),
                c["title"].as_str().unwrap(),
                c["total"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        cats,
        [(7, "Cinematic", 4), (8, "Chill", 3), (9, "Upbeat", 4)]
    );

    let (_, body) = s
        .post(
            "/v1/workflow/category/list",
            None,
            json!({"fun_module": "music"}),
        )
        .await;
    assert_eq!(list(&body).len(), 3);
    let (_, body) = s.post("/v1/workflow/category/list", None, json!({})).await;
    assert_eq!(list(&body).len(), 6, "effect categories by default");

    for path in [
        "/v1/workflow/ct/list?fun_module=a%20b",
        "/v1/workflow/list?fun_module=a%20b",
        "/v1/recommend/tpl?fun_module=a%20b",
    ] {
        let (status, body) = s.get(path, None).await;
        assert_field_error(status, &body, "fun_module");
    }
    let (status, body) = s.get("/v1/workflow/list?media=sound", None).await;
    assert_field_error(status, &body, "media");
    let (status, body) = s
        .post("/v1/workflow/category/list", None, json!({"fun_module": 3}))
        .await;
    assert_field_error(status, &body, "fun_module");
    let (status, body) = s
        .post(
            "/v1/workflow/category/list",
            None,
            json!({"fun_module": "music", "media": "sound"}),
        )
        .await;
    assert_field_error(status, &body, "media");
}

#[tokio::test]
async fn audio_previews_are_wav_files() {
    let s = TestServer::start().await;
    let (status, headers, bytes) = fetch(&s, &s.url("/static/seed/tpl-2001-preview.wav")).await;
    assert_eq!(status, 200);
    assert_eq!(headers["content-type"], "audio/wav");
    assert!(
        headers["cache-control"]
            .to_str()
            .unwrap()
            .contains("max-age=86400")
    );
    assert!(bytes.starts_with(b"RIFF") && &bytes[8..12] == b"WAVE");
    // 8 s of 16-bit mono at 22,050 Hz after the 44-byte header.
    let data_len = u32::from_le_bytes(bytes[40..44].try_into().unwrap());
    assert_eq!(data_len, 8 * 22_050 * 2);
    assert_eq!(bytes.len(), 44 + data_len as usize);
    assert_eq!(
        aivg_server::uploads::mediainfo::wav_duration(&bytes),
        Some(8.0)
    );
    let (_, _, again) = fetch(&s, &s.url("/static/seed/tpl-2001-preview.wav")).await;
    assert_eq!(again, bytes, "the same tune every time");
    let (_, _, other) = fetch(&s, &s.url("/static/seed/tpl-2002-preview.wav")).await;
    assert_ne!(other, bytes, "each template has its own tune");

    let res = s
        .http
        .get(s.url("/static/seed/tpl-2001-preview.wav"))
        .header("Range", "bytes=0-99")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 206);
    assert_eq!(
        res.headers()["content-range"],
        format!("bytes 0-99/{}", bytes.len()).as_str()
    );
    assert_eq!(res.bytes().await.unwrap().as_ref(), &bytes[..100]);

    for name in [
        "tpl-9999-preview.wav",
        "tpl-1001-preview.wav",
        "tpl-2001.wav",
        "tpl-2001.svg",
        "tpl-2001-preview.svg",
        "style-m-lofi.wav",
    ] {
        let (status, _, _) = fetch(&s, &s.url(&format!("/static/seed/{name}"))).await;
        assert_eq!(status, 404, "{name}");
    }
}
