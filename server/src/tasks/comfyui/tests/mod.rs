//! The provider against [`super::fake`]: a whole run, refusals and errors in ComfyUI's words, a
//! lost prompt sent again once, attaching instead of sending twice, cancel, missing models;
//! several servers and the modules' placeholders in [`servers`].
#![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)]

use super::fake::{self, Mode};
use super::*;

mod servers;
use crate::tasks::modules::InputFiles;
use serde_json::json;
use std::time::Duration;

/// The model files of the shipped text_to_image workflow.
pub(super) const T2I_MODELS: [(&str, &str); 3] = [
    ("diffusion_models", "z_image_turbo_bf16.safetensors"),
    ("text_encoders", "qwen_3_4b.safetensors"),
    ("vae", "ae.safetensors"),
];

pub(super) struct Env {
    _dir: tempfile::TempDir,
    pub(super) files: crate::uploads::storage::Files,
}

pub(super) fn env() -> Env {
    let dir = tempfile::tempdir().unwrap();
    let cfg = crate::config::Config::for_tests(dir.path().to_path_buf());
    let files = crate::uploads::storage::Files::new(&cfg, b"secret");
    Env { _dir: dir, files }
}

pub(super) fn provider(urls: &[&str]) -> ComfyUi {
    let settings = TaskSettings {
        comfyui_url: Some(urls.join(",")),
        comfyui_idle: Duration::from_millis(800),
        comfyui_read_timeout: Duration::from_secs(5),
        comfyui_reprobe: Duration::from_secs(3600),
        ..TaskSettings::default()
    };
    ComfyUi::new_quiet(&settings)
}

pub(super) fn job(env: &Env, task_id: &str, code: &str, data: Value) -> Job {
    Job {
        task_id: task_id.into(),
        module: crate::tasks::modules::find(code).unwrap(),
        data,
        inputs: InputFiles::new(),
        files: env.files.clone(),
        ffmpeg: "ffmpeg".into(),
        models: crate::models::Models::new(crate::models::ModelSettings::default()),
    }
}

pub(super) fn progress() -> (ProgressSender, tokio::sync::mpsc::UnboundedReceiver<u8>) {
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    (ProgressSender(tx), rx)
}

#[tokio::test]
async fn a_whole_run_fills_the_workflow_and_fetches_the_image() {
    let env = env();
    let comfy = fake::start(Mode::Succeed, &T2I_MODELS).await;
    let p = provider(&[&comfy.url]);
    let j = job(
        &env,
        "t1",
        "text2image",
        json!({"prompt": "a red kite", "aspect_ratio": "3:4", "seed": 5}),
    );
    let (tx, mut rx) = progress();
    let out = p.run(&j, tx).await.unwrap();
    assert!(!out.preview);
    assert_eq!(out.outputs.len(), 1, "the temp preview is skipped");
    let o = &out.outputs[0];
    assert_eq!((o.ext.as_str(), o.width, o.height), ("png", 48, 32));
    let seen = comfy.seen.lock().unwrap();
    let (id, _, graph) = &seen.prompts[0];
    assert_eq!(id, "aivg-t1-0");
    assert_eq!(graph["57:27"]["inputs"]["text"], "a red kite");
    assert_eq!(graph["57:13"]["inputs"]["width"], 768);
    assert_eq!(graph["57:3"]["inputs"]["seed"], 5);
    assert_eq!(graph["9"]["inputs"]["filename_prefix"], "aivg/t1");
    let mut steps = Vec::new();
    while let Ok(p) = rx.try_recv() {
        steps.push(p);
    }
    assert!(steps.contains(&90), "progress reached 90 %: {steps:?}");
    assert!(steps.windows(2).all(|w| w[0] <= w[1]), "{steps:?}");
}

#[tokio::test]
async fn refusals_and_errors_are_told_in_comfyuis_words() {
    let env = env();
    let comfy = fake::start(Mode::Refuse, &T2I_MODELS).await;
    let e = provider(&[&comfy.url])
        .run(
            &job(&env, "t2", "text2image", json!({"prompt": "x"})),
            progress().0,
        )
        .await
        .unwrap_err();
    assert!(
        e.0.contains("UNETLoader") && e.0.contains("Value not in list"),
        "{e}"
    );

    let comfy = fake::start(Mode::Fail, &T2I_MODELS).await;
    let e = provider(&[&comfy.url])
        .run(
            &job(&env, "t3", "text2image", json!({"prompt": "x"})),
            progress().0,
        )
        .await
        .unwrap_err();
    assert_eq!(
        e.0,
        "ComfyUI could not run the workflow: VAEDecode: CUDA out of memory"
    );
}

#[tokio::test]
async fn a_vanished_prompt_is_sent_again_once() {
    let env = env();
    let comfy = fake::start(Mode::VanishOnce, &T2I_MODELS).await;
    let out = provider(&[&comfy.url])
        .run(
            &job(&env, "t4", "text2image", json!({"prompt": "x"})),
            progress().0,
        )
        .await
        .unwrap();
    assert_eq!(out.outputs.len(), 1);
    let ids: Vec<String> = comfy
        .seen
        .lock()
        .unwrap()
        .prompts
        .iter()
        .map(|p| p.0.clone())
        .collect();
    assert_eq!(ids, ["aivg-t4-0", "aivg-t4-1"]);
}

#[tokio::test]
async fn a_prompt_already_there_is_attached_to_not_sent_twice() {
    let env = env();
    let comfy = fake::start(Mode::Succeed, &T2I_MODELS).await;
    let p = provider(&[&comfy.url]);
    let j = job(&env, "t5", "text2image", json!({"prompt": "x"}));
    p.run(&j, progress().0).await.unwrap();
    // The same task again (a restarted worker): the finished prompt is read, not resent.
    let out = p.run(&j, progress().0).await.unwrap();
    assert_eq!(out.outputs.len(), 1);
    assert_eq!(comfy.seen.lock().unwrap().prompts.len(), 1);
}

#[tokio::test]
async fn dropping_a_run_interrupts_its_prompt() {
    let env = env();
    let comfy = fake::start(Mode::Hang, &T2I_MODELS).await;
    let p = provider(&[&comfy.url]);
    let j = job(&env, "t6", "text2image", json!({"prompt": "x"}));
    let run = tokio::spawn(async move { p.run(&j, progress().0).await });
    for _ in 0..200 {
        if comfy.seen.lock().unwrap().running.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    run.abort();
    for _ in 0..200 {
        if !comfy.seen.lock().unwrap().interrupts.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(comfy.seen.lock().unwrap().interrupts, ["aivg-t6-0"]);
}

#[tokio::test]
async fn dropping_a_pending_run_deletes_it_from_the_queue() {
    let env = env();
    let comfy = fake::start(Mode::Hang, &T2I_MODELS).await;
    let p = provider(&[&comfy.url]);
    let first = job(&env, "t7", "text2image", json!({"prompt": "x"}));
    let second = job(&env, "t8", "text2image", json!({"prompt": "y"}));
    let p2 = p.clone();
    let a = tokio::spawn(async move { p.run(&first, progress().0).await });
    let b = tokio::spawn(async move { p2.run(&second, progress().0).await });
    for _ in 0..300 {
        if comfy.seen.lock().unwrap().pending.len() == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let pending = comfy.seen.lock().unwrap().pending.clone();
    assert_eq!(pending.len(), 1);
    // Stop the one that waits in the queue.
    if pending[0] == "aivg-t8-0" {
        b.abort()
    } else {
        a.abort()
    }
    for _ in 0..200 {
        if !comfy.seen.lock().unwrap().deletes.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let seen = comfy.seen.lock().unwrap();
    assert_eq!(seen.deletes, pending);
    assert!(seen.interrupts.is_empty(), "the running one is left alone");
}

#[tokio::test]
async fn missing_models_fail_with_their_download_urls() {
    let env = env();
    let comfy = fake::start(Mode::Succeed, &T2I_MODELS[..2]).await;
    let e = provider(&[&comfy.url])
        .run(
            &job(&env, "t9", "text2image", json!({"prompt": "x"})),
            progress().0,
        )
        .await
        .unwrap_err();
    assert!(e.0.starts_with("Text to image cannot run"), "{e}");
    assert!(
        e.0.contains("vae/ae.safetensors (download: https://"),
        "{e}"
    );
    assert!(comfy.seen.lock().unwrap().prompts.is_empty());
}
