//! Video inputs bounded by what their workflow can process (core's `tasks::video_inputs`,
//! docs/behaviour/tasks-and-queue.md#video-inputs): refused before any charge, and the video
//! enhancer's long clips sent to the fake ComfyUI in parts that cover every frame once
//! (docs/engines.md#long-videos).

use crate::engine_support::{fake, server};
use crate::media_support;

use fake_comfyui::FakeComfy;
use media_support::{create, create_ok, fetch, grant, upload, wait_done};
use serde_json::{Value, json};

/// An H.264 MP4 made by ffmpeg from the lavfi `source` (`testsrc=size=160x90:rate=24`), `frames`
/// frames long.
fn clip(source: &str, frames: u32) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("clip.mp4");
    let ok = std::process::Command::new("ffmpeg")
        .args(["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi"])
        .args(["-i", source, "-frames:v", &frames.to_string()])
        .args([
            "-c:v",
            "libx264",
            "-preset",
            "ultrafast",
            "-pix_fmt",
            "yuv420p",
        ])
        .arg(&out)
        .status()
        .unwrap();
    assert!(ok.success());
    std::fs::read(out).unwrap()
}

/// The MD5 of each decoded frame of a video, in order (ffmpeg's `framemd5`).
fn frame_hashes(video: &[u8]) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("v.mp4");
    std::fs::write(&file, video).unwrap();
    let out = std::process::Command::new("ffmpeg")
        .args(["-hide_banner", "-loglevel", "error", "-i"])
        .arg(&file)
        .args(["-map", "0:v:0", "-f", "framemd5", "-"])
        .output()
        .unwrap();
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.rsplit(',').next().map(|h| h.trim().to_owned()))
        .collect()
}

/// The graphs ComfyUI received for task `id`, in the order sent.
fn graphs_of(comfy: &FakeComfy, id: &str) -> Vec<Value> {
    comfy
        .seen()
        .prompts
        .iter()
        .filter(|p| p.prompt_id.contains(id))
        .map(|p| p.graph.clone())
        .collect()
}

#[tokio::test]
async fn a_video_over_its_modules_limit_is_refused_before_any_charge() {
    if !media_support::ffmpeg_ready() {
        return;
    }
    let comfy = fake().await;
    let s = server(&[&comfy.url]).await;
    let token = s.register("large@example.com").await;
    grant(&s, "large@example.com", 100).await;
    let before = s.balance(&token).await;
    let qhd = clip("color=c=black:size=2560x1440:rate=30", 3);
    // 301 frames of 1080p: one more than the enhancer's work limit at that size.
    let long = clip("color=c=black:size=1920x1080:rate=30", 301);
    let cases = [
        ("tool_vrw", qhd.clone(), "1920 × 1080"),
        ("mai_vqe", qhd, "1920 × 1080"),
        ("mai_vqe", long, "300 frames"),
    ];
    for (code, video, limit) in cases {
        let path = upload(&s, &token, code, "mp4", video).await;
        let mut data = json!({"file_path": path});
        if code == "tool_vrw" {
            let mask = upload(&s, &token, code, "png", media_support::png(64, 36)).await;
            data["mask_path"] = json!(mask);
        }
        let (status, body) = create(&s, &token, code, data).await;
        assert_eq!(status, 400, "{code}: {body}");
        let text = body.to_string();
        assert!(
            text.contains("data.file_path") && text.contains(limit),
            "{code}: {text}"
        );
    }
    assert_eq!(s.balance(&token).await, before, "nothing charged");
    assert!(comfy.seen().prompts.is_empty(), "nothing sent");
}

#[tokio::test]
async fn a_long_video_is_enlarged_in_parts_that_cover_every_frame_once() {
    if !media_support::ffmpeg_ready() {
        return;
    }
    let comfy = fake().await;
    let s = server(&[&comfy.url]).await;
    let token = s.register("parts@example.com").await;
    grant(&s, "parts@example.com", 100).await;
    // 110 frames: more than one prompt's (core's upscale_chunk_frames: 48 at this size).
    let per = aivg_core::tasks::video_inputs::upscale_chunk_frames(160, 90);
    let input = clip("testsrc=size=160x90:rate=24", 110);
    let path = upload(&s, &token, "mai_vqe", "mp4", input.clone()).await;
    let id = create_ok(&s, &token, "mai_vqe", json!({"file_path": path})).await;
    let t = wait_done(&s, &token, "mai_vqe", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");

    // One prompt per part, each loading its own uploaded part.
    let graphs = graphs_of(&comfy, &id);
    assert_eq!(
        graphs.len(),
        110_usize.div_ceil(per as usize),
        "{per} a prompt"
    );
    let uploads = comfy.seen().uploads;
    let mut sent = Vec::new();
    for g in &graphs {
        let load = g
            .as_object()
            .unwrap()
            .values()
            .find(|n| n["class_type"] == "LoadVideo")
            .unwrap();
        let name = load["inputs"]["file"].as_str().unwrap();
        let (_, bytes) = uploads.iter().find(|(n, _)| n == name).unwrap();
        let frames = frame_hashes(bytes);
        assert!(frames.len() <= per as usize, "{name}: {}", frames.len());
        sent.extend(frames);
    }
    // Every frame once, in order: the parts' frames are the input's.
    let want = frame_hashes(&input);
    assert_eq!(want.len(), 110);
    assert_eq!(sent, want);

    // The joined result has the input's frames (the fake saves the frames it was given).
    let url = t["result"]["outputs"][0]["url"].as_str().unwrap();
    let (status, _, made) = fetch(&s, url).await;
    assert_eq!(status, 200);
    assert_eq!(frame_hashes(&made), want);
}

#[tokio::test]
async fn restyle_and_erase_send_only_the_frames_they_make() {
    if !media_support::ffmpeg_ready() {
        return;
    }
    let comfy = fake().await;
    let s = server(&[&comfy.url]).await;
    let token = s.register("first@example.com").await;
    grant(&s, "first@example.com", 100).await;
    // 120 frames: more than Wan VACE makes (core's VACE_MAX_FRAMES, 81).
    let input = clip("testsrc=size=160x90:rate=24", 120);
    let want = frame_hashes(&input);
    let first = aivg_core::tasks::video_inputs::VACE_MAX_FRAMES as usize;
    for code in ["video2video", "tool_vrw"] {
        let path = upload(&s, &token, code, "mp4", input.clone()).await;
        let mut data = json!({"file_path": path});
        if code == "tool_vrw" {
            let mask = upload(&s, &token, code, "png", media_support::png(160, 90)).await;
            data["mask_path"] = json!(mask);
        }
        let id = create_ok(&s, &token, code, data).await;
        let t = wait_done(&s, &token, code, &id).await;
        assert_eq!(t["status"], "succeeded", "{code}: {t}");
        let graphs = graphs_of(&comfy, &id);
        assert_eq!(graphs.len(), 1, "{code}");
        let load = graphs[0]
            .as_object()
            .unwrap()
            .values()
            .find(|n| n["class_type"] == "LoadVideo")
            .unwrap();
        let name = load["inputs"]["file"].as_str().unwrap();
        let uploads = comfy.seen().uploads;
        let (_, sent) = uploads.iter().find(|(n, _)| n == name).unwrap();
        assert_eq!(
            frame_hashes(sent),
            want[..first],
            "{code}: the first frames only"
        );
    }
}
