//! The local provider's video paths through ffmpeg, on a real clip that ffmpeg
//! itself renders in the test (`testsrc` picture + `sine` sound): media info read by ffprobe, the
//! video enhancer (4× upscale + sharpen), the labelled-copy tools, a file ffmpeg cannot read
//! (failed + refunded), and the clear error when `AIVG_FFMPEG` names a program that is absent.
//!
//! ffmpeg is a requirement of the test suite (scripts/setup.sh installs Debian's `ffmpeg`
//! package). On a machine without it these tests fail with that message, unless
//! `AIVG_SKIP_FFMPEG_TESTS=1` is set (then they are skipped and say so).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use crate::common;
use crate::media_support;

use common::TestServer;
use media_support::{create_ok, fetch, ffmpeg_ready, grant, upload, wait_done};
use serde_json::{Value, json};
use std::path::Path;
use std::process::Command;

/// Renders a `w`×`h` H.264 + AAC clip of `seconds` with ffmpeg's test sources; answers its bytes.
fn test_clip(dir: &Path, w: u32, h: u32, seconds: u32) -> Vec<u8> {
    let out = dir.join(format!("testsrc-{w}x{h}.mp4"));
    let status = Command::new("ffmpeg")
        .args(["-hide_banner", "-loglevel", "error", "-y"])
        .args([
            "-f",
            "lavfi",
            "-i",
            &format!("testsrc=size={w}x{h}:rate=10"),
        ])
        .args(["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100"])
        .args(["-t", &seconds.to_string()])
        .args(["-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac"])
        .arg(&out)
        .status()
        .unwrap();
    assert!(status.success(), "ffmpeg renders the test clip");
    std::fs::read(&out).unwrap()
}

/// ffprobe's view of a file: (width, height, has an audio stream).
fn probe(dir: &Path, bytes: &[u8]) -> (u64, u64, bool) {
    let path = dir.join("probe-input.mp4");
    std::fs::write(&path, bytes).unwrap();
    let out = Command::new("ffprobe")
        .args([
            "-v",
            "error",
            "-show_entries",
            "stream=codec_type,width,height",
        ])
        .args(["-of", "json"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success(), "ffprobe reads the output");
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let streams = json["streams"].as_array().unwrap();
    let video = streams
        .iter()
        .find(|s| s["codec_type"] == "video")
        .expect("a video stream");
    let audio = streams.iter().any(|s| s["codec_type"] == "audio");
    (
        video["width"].as_u64().unwrap(),
        video["height"].as_u64().unwrap(),
        audio,
    )
}

/// Downloads the first output of a finished task.
async fn output_bytes(s: &TestServer, task: &Value) -> Vec<u8> {
    let url = task["result"]["outputs"][0]["url"]
        .as_str()
        .unwrap_or_else(|| panic!("no output: {task}"));
    let (status, _, bytes) = fetch(s, url).await;
    assert_eq!(status, 200);
    bytes
}

#[tokio::test]
async fn mediainfo_of_a_real_clip_comes_from_ffprobe() {
    if !ffmpeg_ready() {
        return;
    }
    let s = TestServer::start().await;
    let token = s.register("probe@example.com").await;
    let clip = test_clip(s.dir.path(), 320, 240, 2);
    let path = upload(&s, &token, "video2video", "mp4", clip.clone()).await;
    let (status, info) = s
        .get(
            &format!("/v1/common/oss/mediainfo?oss_path={path}"),
            Some(&token),
        )
        .await;
    assert_eq!(status, 200, "{info}");
    let d = &info["data"];
    assert_eq!(
        (d["width"].as_u64(), d["height"].as_u64()),
        (Some(320), Some(240))
    );
    assert_eq!(d["size"].as_u64(), Some(clip.len() as u64));
    assert_eq!(d["ext"], "mp4");
    assert_eq!(d["media_type"], "video");
    let duration = d["duration"].as_f64().unwrap();
    assert!((1.9..=2.2).contains(&duration), "about 2 s: {duration}");

    // The video sensitivity check takes the same upload (instant and free,
    // docs/behaviour/uploads.md#uploads).
    let id = create_ok(&s, &token, "v_sensitive_detect", json!({"file_path": path})).await;
    let (status, t) = s
        .get(
            &format!("/v1/ai/result/v_sensitive_detect/{id}"),
            Some(&token),
        )
        .await;
    assert_eq!(status, 200, "{t}");
    assert_eq!(t["data"]["status"], "succeeded");
    assert_eq!(t["data"]["result"]["pass"], true);
    assert_eq!(s.balance(&token).await, 5, "free");
    // An image is not a video.
    let image = upload(
        &s,
        &token,
        "v_sensitive_detect",
        "png",
        media_support::png(4, 4),
    )
    .await;
    let (status, body) = s
        .post(
            "/v1/ai/create/v_sensitive_detect",
            Some(&token),
            json!({"data": {"file_path": image}}),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["msg"].as_str().unwrap().starts_with("data.file_path"),
        "{body}"
    );
}

#[tokio::test]
async fn video_tools_process_a_real_clip() {
    if !ffmpeg_ready() {
        return;
    }
    let s = TestServer::start().await;
    let email = "clips@example.com";
    let token = s.register(email).await;
    grant(&s, email, 40).await;
    let clip = test_clip(s.dir.path(), 320, 240, 1);
    let path = upload(&s, &token, "tool_vqe", "mp4", clip).await;

    // The enhancer really upscales 4×, as on the engines (and keeps the sound).
    let id = create_ok(&s, &token, "tool_vqe", json!({"file_path": path})).await;
    let t = wait_done(&s, &token, "tool_vqe", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    let out = &t["result"]["outputs"][0];
    assert_eq!(out["media_type"], "video");
    assert_eq!(out["ext"], "mp4");
    assert_eq!(
        (out["width"].as_u64(), out["height"].as_u64()),
        (Some(1280), Some(960))
    );
    assert_eq!(
        t["result"]["preview"], false,
        "a real result, not a stand-in"
    );
    let bytes = output_bytes(&s, &t).await;
    assert_eq!(probe(s.dir.path(), &bytes), (1280, 960, true));

    // The tools without a model copy the clip with a PREVIEW band, same size, labelled (the
    // eraser takes the painted mask of what to erase).
    let mask = upload(&s, &token, "tool_erv", "png", media_support::png(320, 240)).await;
    for algorithm in ["tool_erv", "video2anime"] {
        let data = if algorithm == "tool_erv" {
            json!({"file_path": path, "mask_path": mask})
        } else {
            json!({"file_path": path})
        };
        let id = create_ok(&s, &token, algorithm, data).await;
        let t = wait_done(&s, &token, algorithm, &id).await;
        assert_eq!(t["status"], "succeeded", "{algorithm}: {t}");
        assert_eq!(t["result"]["preview"], true, "{algorithm}");
        assert!(
            t["result"]["note"].as_str().unwrap().contains("Preview"),
            "{algorithm}: {t}"
        );
        let bytes = output_bytes(&s, &t).await;
        assert_eq!(probe(s.dir.path(), &bytes), (320, 240, true), "{algorithm}");
    }
    // 5 free + 40 granted − 5 (tool_vqe) − 5 (tool_erv) − 15 (video2anime), prices in core's task catalogue.
    assert_eq!(s.balance(&token).await, 20);
}

#[tokio::test]
async fn a_file_ffmpeg_cannot_read_fails_and_is_refunded() {
    if !ffmpeg_ready() {
        return;
    }
    let s = TestServer::start().await;
    let email = "garbage@example.com";
    let token = s.register(email).await;
    grant(&s, email, 10).await;
    let path = upload(
        &s,
        &token,
        "tool_vqe",
        "mp4",
        b"not a video at all".to_vec(),
    )
    .await;
    let id = create_ok(&s, &token, "tool_vqe", json!({"file_path": path})).await;
    let t = wait_done(&s, &token, "tool_vqe", &id).await;
    assert_eq!(t["status"], "failed", "{t}");
    let error = t["error"].as_str().unwrap();
    assert!(
        error.contains("ffmpeg could not process the video"),
        "{error}"
    );
    assert_eq!(s.balance(&token).await, 15, "the 5 credits came back");
}

#[tokio::test]
async fn an_absent_ffmpeg_program_is_a_clear_error() {
    if !ffmpeg_ready() {
        return;
    }
    // A real clip, so the only thing missing is the program `AIVG_FFMPEG` names.
    let s =
        media_support::start_with(|cfg| cfg.tasks.ffmpeg = "/nonexistent/bin/ffmpeg".into()).await;
    let email = "noprog@example.com";
    let token = s.register(email).await;
    let clip = test_clip(s.dir.path(), 160, 120, 1);
    let path = upload(&s, &token, "mai_vqe", "mp4", clip).await;
    let id = create_ok(&s, &token, "mai_vqe", json!({"file_path": path})).await;
    let t = wait_done(&s, &token, "mai_vqe", &id).await;
    assert_eq!(t["status"], "failed", "{t}");
    assert_eq!(
        t["error"],
        "ffmpeg is not installed: this video tool needs ffmpeg on the server"
    );
    assert_eq!(s.balance(&token).await, 5, "refunded");
}
