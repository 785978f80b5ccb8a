//! The metered tools' monthly minutes (docs/behaviour/tasks-and-queue.md#minute-metered-tools: the
//! standard plan's 15, 10 and 10 minutes of translate, denoise and vocal remover; core's
//! `tasks::minutes`): enforced when a task is created, counted from the input's length, given back
//! by failed and cancelled tasks, renewed with the UTC month, and read by `GET /v1/ai/minutes`.
//! Audio lengths come from WAV headers (no ffmpeg needed); the translate and run-through cases make
//! real media with ffmpeg.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use crate::common;
use crate::media_support;

use aivg_core::request::CODE_UPGRADE_REQUIRED;
use aivg_core::tasks::CODE_MINUTES_USED_UP;
use common::TestServer;
use media_support::{create, ffmpeg_ready, grant, pool, set_plan, upload, wait_done};
use serde_json::{Value, json};

/// A silent mono 8-bit WAV of `seconds` at 1000 Hz (1000 bytes a second: ten minutes is 600 KB).
fn wav(seconds: u32) -> Vec<u8> {
    let rate: u32 = 1000;
    let data = seconds * rate;
    let mut b = Vec::with_capacity(44 + data as usize);
    b.extend_from_slice(b"RIFF");
    b.extend_from_slice(&(36 + data).to_le_bytes());
    b.extend_from_slice(b"WAVEfmt ");
    b.extend_from_slice(&16u32.to_le_bytes());
    b.extend_from_slice(&1u16.to_le_bytes()); // PCM
    b.extend_from_slice(&1u16.to_le_bytes()); // mono
    b.extend_from_slice(&rate.to_le_bytes());
    b.extend_from_slice(&rate.to_le_bytes()); // byte rate
    b.extend_from_slice(&1u16.to_le_bytes()); // block align
    b.extend_from_slice(&8u16.to_le_bytes()); // bits
    b.extend_from_slice(b"data");
    b.extend_from_slice(&data.to_le_bytes());
    b.resize(44 + data as usize, 128);
    b
}

/// A `seconds`-long 16×16 MP4 at one frame a second (small and quick to make).
fn mp4(seconds: u32) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("clip.mp4");
    let ok = std::process::Command::new("ffmpeg")
        .args([
            "-hide_banner",
            "-loglevel",
            "error",
            "-y",
            "-f",
            "lavfi",
            "-i",
        ])
        .arg(format!("color=c=blue:s=16x16:r=1:d={seconds}"))
        .args(["-c:v", "libx264", "-pix_fmt", "yuv420p"])
        .arg(&out)
        .status()
        .unwrap()
        .success();
    assert!(ok, "ffmpeg made no video");
    std::fs::read(out).unwrap()
}

/// A user with credits on `level` (None: free).
async fn user(s: &TestServer, email: &str, level: Option<&str>) -> String {
    let token = s.register(email).await;
    grant(s, email, 500).await;
    if let Some(level) = level {
        set_plan(s, email, level).await;
    }
    token
}

async fn audio(s: &TestServer, token: &str, algorithm: &str, seconds: u32) -> String {
    upload(s, token, algorithm, "wav", wav(seconds)).await
}

/// The tool's row of `GET /v1/ai/minutes`.
async fn minutes(s: &TestServer, token: &str, tool: &str) -> Value {
    let (status, body) = s.get("/v1/ai/minutes", Some(token)).await;
    assert_eq!(status, 200, "{body}");
    let list = body["data"]["list"].as_array().unwrap();
    assert_eq!(list.len(), 3, "{body}");
    list.iter().find(|r| r["tool"] == tool).unwrap().clone()
}

#[tokio::test]
async fn standard_denoise_stops_at_ten_minutes() {
    let s = TestServer::start().await;
    let token = user(&s, "std@example.com", Some("standard")).await;
    let six = audio(&s, &token, "audio_denoise", 360).await;
    let (status, body) = create(&s, &token, "audio_denoise", json!({ "file_path": six })).await;
    assert_eq!(status, 200, "{body}");
    let row = minutes(&s, &token, "denoise").await;
    assert_eq!(row["limit_minutes"], 10);
    assert_eq!(row["used_seconds"], 360);
    assert_eq!(row["remaining_seconds"], 240);

    // Five more minutes do not fit in the four left: refused, nothing charged.
    let before = s.balance(&token).await;
    let five = audio(&s, &token, "audio_denoise", 300).await;
    let (status, body) = create(&s, &token, "audio_denoise", json!({ "file_path": five })).await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(body["code"], CODE_MINUTES_USED_UP, "{body}");
    let msg = body["msg"].as_str().unwrap();
    assert!(
        msg.contains("Your 10 minutes of noise reduction this month are used up: 4:00 left, and this file is 5:00"),
        "{msg}"
    );
    assert_eq!(
        s.balance(&token).await,
        before,
        "a refused task costs nothing"
    );

    // Exactly the four minutes left fit; then nothing is left.
    let four = audio(&s, &token, "audio_denoise", 240).await;
    let (status, body) = create(&s, &token, "audio_denoise", json!({ "file_path": four })).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(minutes(&s, &token, "denoise").await["remaining_seconds"], 0);
    // The vocal remover has its own ten minutes.
    let (status, body) = create(&s, &token, "vocal_remover", json!({ "file_path": five })).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        minutes(&s, &token, "vocalRemover").await["used_seconds"],
        300
    );
}

#[tokio::test]
async fn failed_cancelled_and_last_months_tasks_give_their_minutes_back() {
    let s = TestServer::start().await;
    let token = user(&s, "back@example.com", Some("standard")).await;
    let nine = audio(&s, &token, "vocal_remover", 540).await;
    let (status, body) = create(&s, &token, "vocal_remover", json!({ "file_path": nine })).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = create(&s, &token, "vocal_remover", json!({ "file_path": nine })).await;
    assert_eq!(
        (status, body["code"].clone()),
        (403, json!(CODE_MINUTES_USED_UP)),
        "{body}"
    );

    for (change, args) in [
        (
            "UPDATE tasks SET status = 'failed' WHERE algorithm = $1",
            None,
        ),
        (
            "UPDATE tasks SET status = 'cancelled' WHERE algorithm = $1",
            None,
        ),
        // Made before the 1st (UTC) of this month: another month's minutes.
        (
            "UPDATE tasks SET status = 'succeeded', created_ms = $2 WHERE algorithm = $1",
            Some(
                aivg_core::tasks::month_window(aivg_server::clock::now_ms())
                    .unwrap()
                    .start_ms
                    - 1,
            ),
        ),
    ] {
        let mut q = sqlx::query(change).bind("vocal_remover");
        if let Some(ms) = args {
            q = q.bind(ms);
        }
        q.execute(&pool(&s)).await.unwrap();
        assert_eq!(
            minutes(&s, &token, "vocalRemover").await["used_seconds"],
            0,
            "{change}"
        );
    }
    let (status, body) = create(&s, &token, "vocal_remover", json!({ "file_path": nine })).await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn free_users_are_offered_the_upgrade_and_premium_has_no_limit() {
    let s = TestServer::start().await;
    let free = user(&s, "free@example.com", None).await;
    let path = audio(&s, &free, "vocal_remover", 5).await;
    let (status, body) = create(&s, &free, "vocal_remover", json!({ "file_path": path })).await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(body["code"], CODE_UPGRADE_REQUIRED, "{body}");
    assert!(
        body["msg"].as_str().unwrap().starts_with(
            "Vocal removal is not included in your plan: the Standard plan has 10 minutes a month"
        ),
        "{body}"
    );
    let row = minutes(&s, &free, "vocalRemover").await;
    assert_eq!(
        (
            row["limit_minutes"].clone(),
            row["remaining_seconds"].clone()
        ),
        (json!(0), json!(0))
    );

    let premium = user(&s, "vip@example.com", Some("premium")).await;
    let long = audio(&s, &premium, "audio_denoise", 1200).await;
    for _ in 0..2 {
        let (status, body) =
            create(&s, &premium, "audio_denoise", json!({ "file_path": long })).await;
        assert_eq!(status, 200, "{body}");
    }
    let row = minutes(&s, &premium, "denoise").await;
    assert_eq!(row["limit_minutes"], Value::Null);
    assert_eq!(row["remaining_seconds"], Value::Null);
    assert_eq!(row["used_seconds"], 2400);
    let (_, body) = s.get("/v1/ai/minutes", Some(&premium)).await;
    let d = &body["data"];
    assert_eq!(d["level"], "premium");
    assert!(d["renews_at"].as_i64().unwrap() > d["month_start"].as_i64().unwrap());
}

#[tokio::test]
async fn bad_input_is_refused_with_the_field_named() {
    let s = TestServer::start().await;
    let token = user(&s, "bad@example.com", Some("standard")).await;
    let (status, body) = s.get("/v1/ai/minutes", None).await;
    assert_eq!(status, 401, "{body}");
    let (status, body) = create(&s, &token, "audio_denoise", json!({})).await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["msg"].as_str().unwrap().contains("data.file_path"),
        "{body}"
    );
    // A picture is not an audio file.
    let png = upload(&s, &token, "audio_denoise", "png", media_support::png(8, 8)).await;
    let (status, body) = create(&s, &token, "audio_denoise", json!({ "file_path": png })).await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["msg"]
            .as_str()
            .unwrap()
            .contains("must be an audio file"),
        "{body}"
    );
    // An audio file whose length cannot be read: its minutes are unknown.
    let junk = upload(
        &s,
        &token,
        "audio_denoise",
        "wav",
        b"not a wave file".to_vec(),
    )
    .await;
    let (status, body) = create(&s, &token, "audio_denoise", json!({ "file_path": junk })).await;
    assert_eq!(status, 400, "{body}");
    let msg = body["msg"].as_str().unwrap();
    assert!(
        msg.contains("data.file_path") && msg.contains("could not be read"),
        "{msg}"
    );
    assert_eq!(minutes(&s, &token, "denoise").await["used_seconds"], 0);
}

#[tokio::test]
async fn translate_counts_video_minutes_and_the_audio_tools_run() {
    if !ffmpeg_ready() {
        return;
    }
    let s = TestServer::start().await;
    let token = user(&s, "tr@example.com", Some("standard")).await;
    let ten = upload(&s, &token, "video_translate", "mp4", mp4(600)).await;
    let (status, body) = create(
        &s,
        &token,
        "video_translate",
        json!({ "file_path": ten, "voice_id": "en-US-ava" }),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let id = body["data"]["task_id"].as_str().unwrap().to_owned();
    let six = upload(&s, &token, "video_translate", "mp4", mp4(360)).await;
    let (status, body) = create(&s, &token, "video_translate", json!({ "file_path": six })).await;
    assert_eq!(status, 403, "{body}");
    assert!(
        body["msg"].as_str().unwrap().contains("Your 15 minutes of translation this month are used up: 5:00 left, and this file is 6:00"),
        "{body}"
    );
    // The local engine has no speech model: a labelled preview of the video.
    let t = wait_done(&s, &token, "video_translate", &id).await;
    assert_eq!(
        (t["status"].clone(), t["result"]["preview"].clone()),
        (json!("succeeded"), json!(true)),
        "{t}"
    );

    // Denoise and vocal removal are real ffmpeg work into WAV files.
    for algorithm in ["audio_denoise", "vocal_remover"] {
        let path = audio(&s, &token, algorithm, 2).await;
        let (status, body) = create(&s, &token, algorithm, json!({ "file_path": path })).await;
        assert_eq!(status, 200, "{body}");
        let id = body["data"]["task_id"].as_str().unwrap().to_owned();
        let t = wait_done(&s, &token, algorithm, &id).await;
        assert_eq!(t["status"], "succeeded", "{t}");
        let out = &t["result"]["outputs"][0];
        assert_eq!(out["content_type"], "audio/wav", "{t}");
        assert_ne!(t["result"]["preview"], true, "{t}");
    }
}
