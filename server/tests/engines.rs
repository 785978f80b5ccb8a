//! Routing across engines through the real server: the engines file's order per module, the
//! environment's order (ComfyUI first, then fal), the next engine taking over when one cannot
//! run a module, and the table `aivg-server engines` prints.
#![allow(clippy::unwrap_used, clippy::panic)]

use crate::engine_support;
use crate::fal_support;
use crate::media_support;

use fal_support::{engines_file, fake, use_fal};
use media_support::{create_ok, grant, png, start_with, upload, wait_done};
use serde_json::json;
use std::process::Command;

#[tokio::test]
async fn the_engines_file_routes_each_module() {
    let fal = fake().await;
    let comfy = engine_support::fake().await;
    let comfy_url = comfy.url.clone();
    let s = start_with(|cfg| {
        use_fal(cfg, &fal);
        cfg.tasks.comfyui_url = Some(comfy_url);
        cfg.tasks.engines = Some(engines_file(
            "default = [\"fal\", \"comfyui\"]\n[modules]\ntext2image = [\"comfyui\", \"fal\"]\n\
             mai_fs = [\"local\"]\n[fal.models]\ntext_to_video = \"fal-ai/wan/v2.2-a14b/text-to-video\"\n",
        ));
    })
    .await;
    let token = s.register("rue@example.com").await;
    grant(&s, "rue@example.com", 100).await;

    let id = create_ok(&s, &token, "text2image", json!({"prompt": "on comfy"})).await;
    assert_eq!(
        wait_done(&s, &token, "text2image", &id).await["status"],
        "succeeded"
    );
    assert!(
        comfy
            .seen()
            .prompts
            .iter()
            .any(|p| p.prompt_id.contains(&id))
    );

    let id = create_ok(&s, &token, "text2video", json!({"prompt": "on fal"})).await;
    assert_eq!(
        wait_done(&s, &token, "text2video", &id).await["status"],
        "succeeded"
    );
    let seen = fal.seen();
    assert_eq!(seen.submits.len(), 1, "only the video went to fal");
    assert_eq!(seen.submits[0].model, "fal-ai/wan/v2.2-a14b/text-to-video");

    let path = upload(&s, &token, "mai_fs", "png", png(16, 16)).await;
    let id = create_ok(&s, &token, "mai_fs", json!({"file_path": path})).await;
    let t = wait_done(&s, &token, "mai_fs", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    // Made on this server: the local background remover (the U²-Net model when installed, else
    // the labelled preview), never sent to ComfyUI or fal (the counts below).
    assert_eq!(t["result"]["outputs"][0]["ext"], "png", "{t}");
    assert_eq!(comfy.seen().prompts.len(), 1);
    assert_eq!(fal.seen().submits.len(), 1);
}

#[tokio::test]
async fn with_both_in_the_environment_comfyui_goes_first_and_fal_takes_over() {
    let fal = fake().await;
    let mut comfy = engine_support::fake().await;
    comfy.go_down().await;
    let comfy_url = comfy.url.clone();
    let s = start_with(|cfg| {
        use_fal(cfg, &fal);
        cfg.tasks.comfyui_url = Some(comfy_url);
    })
    .await;
    let token = s.register("eve@example.com").await;
    grant(&s, "eve@example.com", 10).await;
    let id = create_ok(&s, &token, "text2image", json!({"prompt": "comfy is down"})).await;
    let t = wait_done(&s, &token, "text2image", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    assert_eq!(fal.seen().submits.len(), 1, "fal took it");
    // Without a model there, nothing falls back: the crop tool still runs locally.
    let path = upload(&s, &token, "tool_sf", "png", png(8, 8)).await;
    let id = create_ok(
        &s,
        &token,
        "tool_sf",
        json!({"file_path": path, "max_side": 4}),
    )
    .await;
    let t = wait_done(&s, &token, "tool_sf", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    assert_eq!(t["result"]["preview"], false);
}

#[tokio::test]
async fn no_engine_that_can_run_it_fails_with_every_reason() {
    let s = start_with(|cfg| {
        cfg.tasks.engines = Some(engines_file("default = [\"comfyui\", \"fal\"]\n"));
    })
    .await;
    let token = s.register("nor@example.com").await;
    grant(&s, "nor@example.com", 10).await;
    let before = s.balance(&token).await;
    let id = create_ok(&s, &token, "text2image", json!({"prompt": "nowhere"})).await;
    let t = wait_done(&s, &token, "text2image", &id).await;
    assert_eq!(t["status"], "failed", "{t}");
    let error = t["error"].as_str().unwrap();
    assert!(
        error.contains("comfyui: AIVG_COMFYUI_URL is not set"),
        "{error}"
    );
    assert!(error.contains("fal: AIVG_FAL_KEY is not set"), "{error}");
    assert_eq!(t["refunded"], true);
    assert_eq!(s.balance(&token).await, before);
}

fn engines_command(envs: &[(&str, &str)]) -> (i32, String) {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_aivg-server"))
        .arg("engines")
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("AIVG_DATA_DIR", dir.path())
        .env("RUST_LOG", "error")
        .envs(envs.iter().copied())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    (out.status.code().unwrap_or(-1), text)
}

fn row<'a>(text: &'a str, code: &str) -> &'a str {
    text.lines()
        .find(|l| l.split_whitespace().next() == Some(code))
        .unwrap_or_else(|| panic!("no row {code} in:\n{text}"))
}

#[test]
fn the_engines_command_prints_the_routes() {
    // Nothing configured: every module runs locally.
    let (code, text) = engines_command(&[]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("fal.ai: AIVG_FAL_KEY is not set"), "{text}");
    assert!(row(&text, "text2image").contains("local (a labelled preview)"));
    assert!(row(&text, "tool_sf").contains("local (on this server)"));

    // The key alone: every module with a fal model goes there.
    let (code, text) = engines_command(&[
        ("AIVG_FAL_KEY", "k:s"),
        ("AIVG_PUBLIC_URL", "https://video.example.com"),
    ]);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("fal.ai https://queue.fal.run: key set"),
        "{text}"
    );
    assert!(row(&text, "text2image").contains("fal (fal-ai/flux/schnell)"));
    assert!(row(&text, "txt2Song").contains("fal (fal-ai/ace-step)"));
    assert!(row(&text, "tool_sf").contains("local"));

    // A file: its orders and models; a module that can run nowhere exits 1.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("engines.toml");
    std::fs::write(
        &path,
        "default = [\"fal\"]\n[modules]\ntext2video = [\"comfyui\"]\nmai_fs = [\"comfyui\", \"local\"]\n\
         [fal.models]\ntext_to_image = \"fal-ai/flux/dev\"\n",
    )
    .unwrap();
    let (code, text) = engines_command(&[
        ("AIVG_FAL_KEY", "k:s"),
        ("AIVG_PUBLIC_URL", "https://video.example.com"),
        ("AIVG_ENGINES_FILE", path.to_str().unwrap()),
    ]);
    assert_eq!(code, 1, "{text}");
    assert!(row(&text, "text2image").contains("fal (fal-ai/flux/dev)"));
    let t2v = row(&text, "text2video");
    assert!(t2v.contains("CANNOT RUN"), "{t2v}");
    assert!(t2v.contains("AIVG_COMFYUI_URL is not set"), "{t2v}");
    // The local engine takes it and says whether the background model is installed.
    let mai_fs = row(&text, "mai_fs");
    assert!(
        mai_fs.contains("local (") && mai_fs.contains("background model"),
        "{mai_fs}"
    );

    // A mistake in the file stops the command with the reason.
    std::fs::write(&path, "[modules]\ntext2video = [\"gpu\"]\n").unwrap();
    let (code, _) = engines_command(&[("AIVG_ENGINES_FILE", path.to_str().unwrap())]);
    assert_eq!(code, 2);
}
