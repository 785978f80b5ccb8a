//! What each kind of task makes, over real HTTP: images of the asked size, enhanced uploads, music
//! as WAV, video with ffmpeg and its animated PNG stand-in without; each output downloads through
//! its signed URL and the media-info call describes it.
#![allow(clippy::panic, clippy::indexing_slicing)]

use crate::common;
use crate::media_support;

use common::TestServer;
use media_support::{create_ok, dims, fetch, grant, png, upload, wait_done};
use serde_json::{Value, json};

/// Downloads the first output of a finished task.
async fn first_output(s: &TestServer, task: &Value) -> Vec<u8> {
    let url = task["result"]["outputs"][0]["url"]
        .as_str()
        .unwrap_or_else(|| panic!("no output: {task}"));
    let (status, _, bytes) = fetch(s, url).await;
    assert_eq!(status, 200);
    bytes
}

#[tokio::test]
async fn text2image_succeeds_with_a_downloadable_image() {
    let s = TestServer::start().await;
    let token = s.register("tia@example.com").await;
    let id = create_ok(
        &s,
        &token,
        "text2image",
        json!({"prompt": "a lighthouse at dusk", "aspect_ratio": "16:9"}),
    )
    .await;
    assert_eq!(s.balance(&token).await, 3, "5 sign-up credits - 2");
    let t = wait_done(&s, &token, "text2image", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    assert_eq!(t["progress"], 100);
    assert_eq!(t["taskId"], id.as_str());
    assert_eq!(t["error"], Value::Null);
    assert_eq!(t["result"]["preview"], true);
    let out = &t["result"]["outputs"][0];
    assert_eq!(
        (out["width"].as_u64(), out["height"].as_u64()),
        (Some(1024), Some(576))
    );
    assert_eq!(out["media_type"], "image");
    assert_eq!(out["ext"], "png");
    let bytes = first_output(&s, &t).await;
    assert_eq!(bytes.len() as u64, out["size"].as_u64().unwrap());
    assert_eq!(dims(&bytes), (1024, 576));
    // Same prompt, same preview.
    let again = create_ok(
        &s,
        &token,
        "text2image",
        json!({"prompt": "a lighthouse at dusk", "aspect_ratio": "16:9"}),
    )
    .await;
    let t2 = wait_done(&s, &token, "text2image", &again).await;
    assert_eq!(first_output(&s, &t2).await, bytes);
    // The history says what was bought.
    let (_, h) = s
        .get("/v1/credit/history?type=Consumption", Some(&token))
        .await;
    assert_eq!(h["data"]["list"][0]["details"], "Text to image");
    assert_eq!(h["data"]["list"][0]["credits"], 2);
}

#[tokio::test]
async fn image_enhancer_doubles_an_uploaded_png() {
    let s = TestServer::start().await;
    let token = s.register("ian@example.com").await;
    let path = upload(&s, &token, "mai_imagesharpen", "png", png(10, 6)).await;
    let id = create_ok(&s, &token, "mai_imagesharpen", json!({"file_path": path})).await;
    let t = wait_done(&s, &token, "mai_imagesharpen", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    assert_eq!(t["result"]["preview"], false);
    assert_eq!(t["result"]["outputs"][0]["width"], 20);
    assert_eq!(dims(&first_output(&s, &t).await), (20, 12));
    assert_eq!(s.balance(&token).await, 4);
    // The output's media info, through the oss call.
    let out_path = t["result"]["outputs"][0]["oss_path"].as_str().unwrap();
    let (status, info) = s
        .get(
            &format!("/v1/common/oss/mediainfo?oss_path={out_path}"),
            Some(&token),
        )
        .await;
    assert_eq!(status, 200, "{info}");
    assert_eq!(
        (
            info["data"]["width"].as_u64(),
            info["data"]["height"].as_u64()
        ),
        (Some(20), Some(12))
    );
}

#[tokio::test]
async fn video_modules_without_ffmpeg() {
    let s = media_support::start_with(|cfg| cfg.tasks.ffmpeg = "/nonexistent/ffmpeg".into()).await;
    let token = s.register("vid@example.com").await;
    grant(&s, "vid@example.com", 20).await;
    let video = upload(&s, &token, "tool_vqe", "mp4", b"fake video".to_vec()).await;
    let id = create_ok(&s, &token, "tool_vqe", json!({"file_path": video})).await;
    let t = wait_done(&s, &token, "tool_vqe", &id).await;
    assert_eq!(t["status"], "failed");
    assert!(
        t["error"]
            .as_str()
            .unwrap()
            .contains("ffmpeg is not installed"),
        "{t}"
    );
    assert_eq!(s.balance(&token).await, 25);
    // Generated video falls back to an animated PNG preview.
    let id = create_ok(
        &s,
        &token,
        "text2video",
        json!({"prompt": "waves at night", "aspect_ratio": "9:16"}),
    )
    .await;
    let t = wait_done(&s, &token, "text2video", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    assert!(
        t["result"]["note"]
            .as_str()
            .unwrap()
            .contains("animated PNG")
    );
    let bytes = first_output(&s, &t).await;
    assert!(bytes.windows(4).any(|w| w == b"acTL"), "an APNG");
    assert_eq!(dims(&bytes), (144, 256));
}

#[tokio::test]
async fn music_is_a_wav() {
    let s = TestServer::start().await;
    let token = s.register("mo@example.com").await;
    grant(&s, "mo@example.com", 10).await;
    let id = create_ok(
        &s,
        &token,
        "txt2Song",
        json!({"lyrics": "la la la under the moon", "prompt": ""}),
    )
    .await;
    let t = wait_done(&s, &token, "txt2Song", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    let out = &t["result"]["outputs"][0];
    assert_eq!(out["media_type"], "audio");
    assert_eq!(out["duration"], 3.0);
    let path = out["oss_path"].as_str().unwrap();
    let (_, info) = s
        .get(
            &format!("/v1/common/oss/mediainfo?oss_path={path}"),
            Some(&token),
        )
        .await;
    assert_eq!(info["data"]["duration"], 3.0);
    let bytes = first_output(&s, &t).await;
    assert!(bytes.starts_with(b"RIFF"));
}

/// With ffmpeg (see `media_support::ffmpeg_ready`): a generated clip, then a video tool on it.
#[tokio::test]
async fn video_modules_with_ffmpeg() {
    if !media_support::ffmpeg_ready() {
        return;
    }
    let s = TestServer::start().await;
    let token = s.register("fred@example.com").await;
    grant(&s, "fred@example.com", 20).await;
    let id = create_ok(
        &s,
        &token,
        "text2video",
        json!({"prompt": "a paper boat", "aspect_ratio": "16:9"}),
    )
    .await;
    let t = wait_done(&s, &token, "text2video", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    let out = &t["result"]["outputs"][0];
    assert_eq!(out["ext"], "mp4");
    assert_eq!(out["media_type"], "video");
    assert_eq!(
        (out["width"].as_u64(), out["height"].as_u64()),
        (Some(512), Some(288))
    );
    let clip = first_output(&s, &t).await;
    let path = upload(&s, &token, "tool_vqe", "mp4", clip).await;
    let id = create_ok(&s, &token, "tool_vqe", json!({"file_path": path})).await;
    let t = wait_done(&s, &token, "tool_vqe", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    assert_eq!(t["result"]["outputs"][0]["media_type"], "video");
}
