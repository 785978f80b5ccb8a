//! A create call that is refused charges nothing: too few credits answer 402, bad input names the
//! field, an unknown algorithm is a 404 and another user's upload is not found.

use crate::common;
use crate::media_support;

use common::TestServer;
use media_support::{create, png, upload};
use serde_json::json;

#[tokio::test]
async fn insufficient_credits_answer_402_and_charge_nothing() {
    let s = TestServer::start().await;
    let token = s.register("ivy@example.com").await;
    let (status, body) = create(
        &s,
        &token,
        "text2video",
        json!({"prompt": "a dragon over mountains"}),
    )
    .await;
    assert_eq!(status, 402, "{body}");
    assert_eq!(body["code"], aivg_server::tasks::CODE_INSUFFICIENT_CREDITS);
    assert!(body["msg"].as_str().unwrap().contains("10"), "{body}");
    assert_eq!(s.balance(&token).await, 5);
    let (_, list) = s.post("/v1/ai/task", Some(&token), json!({})).await;
    assert_eq!(list["data"]["total"], 0, "no task was recorded");
    let (_, h) = s
        .get("/v1/credit/history?type=Consumption", Some(&token))
        .await;
    assert_eq!(h["data"]["total"], 0);
}

#[tokio::test]
async fn bad_input_names_the_field() {
    let s = TestServer::start().await;
    let token = s.register("bud@example.com").await;
    let video = upload(&s, &token, "video2video", "mp4", b"fake video".to_vec()).await;
    let cases = [
        ("text2image", json!({}), "data.prompt"),
        ("text2image", json!({"prompt": "   "}), "data.prompt"),
        ("text2image", json!({"prompt": 3}), "data.prompt"),
        (
            "text2image",
            json!({"prompt": "x", "aspect_ratio": "5:1"}),
            "data.aspect_ratio",
        ),
        ("txt2Music", json!({"prompt": "short"}), "data.prompt"),
        ("txt2Song", json!({"lyrics": "la la"}), "data.lyrics"),
        (
            "txt2Music",
            json!({"prompt": "calm piano at night", "duration": 999}),
            "data.duration",
        ),
        ("mai_imagesharpen", json!({}), "data.file_path"),
        (
            "mai_imagesharpen",
            json!({"file_path": video}),
            "data.file_path",
        ),
        (
            "mai_imagesharpen",
            json!({"file_path": "../x"}),
            "data.file_path",
        ),
        ("tool_vqe", json!({}), "data.file_path"),
        ("talking_face_tts", json!({}), "data.file_path"),
        ("t_sensitive_detect", json!({}), "data.prompt"),
    ];
    for (algorithm, data, field) in cases {
        let (status, body) = create(&s, &token, algorithm, data.clone()).await;
        assert_eq!(status, 400, "{algorithm} {data}: {body}");
        assert!(
            body["msg"].as_str().unwrap().starts_with(field),
            "{algorithm} {data}: {body}"
        );
    }
    let (status, _) = create(&s, &token, "make_magic", json!({"prompt": "x"})).await;
    assert_eq!(status, 404);
    let (status, body) = s
        .post(
            "/v1/ai/create/text2image",
            Some(&token),
            json!({"data": [1]}),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    // Another user's upload is not found.
    let other = s.register("bea@example.com").await;
    let theirs = upload(&s, &other, "mai_imagesharpen", "png", png(4, 4)).await;
    let (status, body) = create(&s, &token, "mai_imagesharpen", json!({"file_path": theirs})).await;
    assert_eq!(status, 404, "{body}");
    let (status, _) = create(&s, &token, "text2image", json!({"prompt": "x"})).await;
    assert_eq!(status, 200);
    assert_eq!(
        s.balance(&token).await,
        3,
        "only the accepted task was charged"
    );
    let (status, _) = s
        .post(
            "/v1/ai/create/text2image",
            None,
            json!({"data": {"prompt": "x"}}),
        )
        .await;
    assert_eq!(status, 401);
}

/// Music longer than ACE-Step makes (core's longest duration, 240 s) is refused before any charge,
/// and the message names the limit; the longest allowed piece is accepted.
#[tokio::test]
async fn music_longer_than_the_engine_makes_is_refused_naming_the_limit() {
    let s = TestServer::start().await;
    let token = s.register("mia@example.com").await;
    let limit = aivg_core::tasks::MAX_TASK_DURATION_S;
    assert_eq!(limit, 240, "ACE-Step makes at most 240 s");
    for algorithm in ["txt2Music", "mai_tcm"] {
        let data = json!({"prompt": "calm piano at night", "duration": limit + 1});
        let (status, body) = create(&s, &token, algorithm, data).await;
        assert_eq!(status, 400, "{algorithm}: {body}");
        let msg = body["msg"].as_str().unwrap();
        assert!(msg.starts_with("data.duration"), "{msg}");
        assert!(msg.contains("240"), "the message names the limit: {msg}");
    }
    assert_eq!(s.balance(&token).await, 5, "a refused task charges nothing");
    let data = json!({"prompt": "calm piano at night", "duration": limit});
    let (status, body) = create(&s, &token, "txt2Music", data).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(s.balance(&token).await, 0);
}
