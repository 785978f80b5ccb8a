//! Calls answered at once, without the queue: the text and image checks, image info, the
//! watermark-free download (paid plans only), and the prompt helpers (polish, prompt from an image).

use crate::common;
use crate::media_support;

use common::TestServer;
use media_support::{create_ok, dims, fetch, png, result, set_plan, upload, wait_done};
use serde_json::json;

#[tokio::test]
async fn instant_algorithms() {
    let s = TestServer::start().await;
    let token = s.register("ina@example.com").await;
    let (status, body) = s
        .post(
            "/v1/ai/create/t_sensitive_detect",
            Some(&token),
            json!({"data": {"prompt": "a NUDE statue"}}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["status"], "succeeded");
    let id = body["data"]["task_id"].as_str().unwrap();
    let t = result(&s, &token, "t_sensitive_detect", id).await;
    assert_eq!(t["result"]["pass"], false);
    assert_eq!(t["result"]["words"][0], "nude");
    let id = create_ok(
        &s,
        &token,
        "t_sensitive_detect",
        json!({"prompt": "a calm sea"}),
    )
    .await;
    assert_eq!(
        result(&s, &token, "t_sensitive_detect", &id).await["result"]["pass"],
        true
    );
    let image = upload(&s, &token, "i_sensitive_detect", "png", png(6, 4)).await;
    let id = create_ok(
        &s,
        &token,
        "i_sensitive_detect",
        json!({"file_path": image}),
    )
    .await;
    assert_eq!(
        result(&s, &token, "i_sensitive_detect", &id).await["result"]["pass"],
        true
    );
    let id = create_ok(&s, &token, "image_fkp", json!({"file_path": image})).await;
    let t = result(&s, &token, "image_fkp", &id).await;
    assert_eq!(t["result"]["width"], 6);
    assert_eq!(s.balance(&token).await, 5, "instant algorithms are free");

    // Watermark-free download: paid plans only.
    let made = create_ok(&s, &token, "text2image", json!({"prompt": "a fox"})).await;
    let t = wait_done(&s, &token, "text2image", &made).await;
    let out = t["result"]["outputs"][0]["oss_path"]
        .as_str()
        .unwrap()
        .to_owned();
    let body = json!({"prev_task": made, "data": {"file_path": out}});
    let (status, answer) = s
        .post(
            "/v1/ai/create/watermark_download",
            Some(&token),
            body.clone(),
        )
        .await;
    assert_eq!(status, 403, "{answer}");
    assert_eq!(answer["code"], aivg_server::tasks::CODE_UPGRADE_REQUIRED);
    set_plan(&s, "ina@example.com", "premium").await;
    let (status, answer) = s
        .post("/v1/ai/create/watermark_download", Some(&token), body)
        .await;
    assert_eq!(status, 200, "{answer}");
    let id = answer["data"]["task_id"].as_str().unwrap();
    let t = result(&s, &token, "watermark_download", id).await;
    let dl = t["result"]["outputs"][0]["download_url"].as_str().unwrap();
    let (status, headers, bytes) = fetch(&s, dl).await;
    assert_eq!(status, 200);
    assert!(
        headers["content-disposition"]
            .to_str()
            .unwrap()
            .starts_with("attachment")
    );
    assert_eq!(dims(&bytes), (1024, 1024));
    let (status, _) = s
        .post(
            "/v1/ai/create/watermark_download",
            Some(&token),
            json!({"prev_task": made, "data": {"file_path": image}}),
        )
        .await;
    assert_eq!(status, 400, "only the task's own outputs");
}

#[tokio::test]
async fn prompt_helpers() {
    let s = TestServer::start().await;
    let token = s.register("pam@example.com").await;
    let (status, body) = s
        .post(
            "/v1/ai/prompt/polish",
            Some(&token),
            json!({"prompt": "  a cat  surfing ", "algorithm": "text2video"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let polished = body["data"]["prompt"].as_str().unwrap();
    assert!(polished.starts_with("A cat surfing, "), "{polished}");
    let (_, again) = s
        .post(
            "/v1/ai/prompt/polish",
            Some(&token),
            json!({"prompt": "a cat surfing", "algorithm": "text2video"}),
        )
        .await;
    assert_eq!(again["data"]["prompt"], polished);
    let (status, body) = s
        .post("/v1/ai/prompt/polish", Some(&token), json!({}))
        .await;
    assert_eq!(status, 400);
    assert!(body["msg"].as_str().unwrap().starts_with("prompt"));

    let blue: Vec<u8> = (0..16 * 8).flat_map(|_| [30u8, 60, 220, 255]).collect();
    let img =
        aivg_core::imaging::encode_image(&blue, 16, 8, aivg_core::imaging::ImageFormat::Png, 90)
            .unwrap();
    let path = upload(&s, &token, "img2prompt", "png", img).await;
    let (status, body) = s
        .post(
            "/v1/ai/prompt/img2prompt",
            Some(&token),
            json!({"file_path": path}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["orientation"], "landscape");
    assert_eq!(body["data"]["colors"][0], "blue");
    assert!(body["data"]["prompt"].as_str().unwrap().contains("16x8"));
    let (status, _) = s
        .post("/v1/ai/prompt/img2prompt", Some(&token), json!({}))
        .await;
    assert_eq!(status, 400);
}
