//! The provider against the fake ComfyUI (`fakes/comfyui`): a whole run, refusals and errors in
//! ComfyUI's words, a lost prompt sent again once, attaching instead of sending twice, cancel,
//! missing models; several servers and the modules' placeholders in [`servers`].

use super::*;

mod servers;
use crate::tasks::modules::InputFiles;
use fake_comfyui::{FakeComfy, Options};
use serde_json::json;
use std::path::Path;
use std::time::Duration;

/// The model files of the shipped text_to_image workflow.
pub(super) const T2I_MODELS: [(&str, &str); 3] = [
    ("diffusion_models", "z_image_turbo_bf16.safetensors"),
    ("text_encoders", "qwen_3_4b.safetensors"),
    ("vae", "ae.safetensors"),
];

/// A fake ComfyUI with ComfyUI's node schemas that knows every model of the shipped workflows
/// and has `models` (folder, file) installed: asking for a known model it lacks is refused with
/// `value_not_in_list`, as ComfyUI does.
pub(super) async fn fake(models: &[(&str, &str)]) -> FakeComfy {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut opts =
        Options::from_files(&root.join("../fixtures/comfyui/node_schemas.json"), None).unwrap();
    let index = std::fs::read_to_string(root.join("workflows/index.json")).unwrap();
    opts.know_index(&serde_json::from_str(&index).unwrap());
    for (folder, file) in models {
        opts.models
            .entry((*folder).to_owned())
            .or_default()
            .insert((*file).to_owned());
    }
    FakeComfy::start(opts).await.unwrap()
}

/// Waits (at most 5 s) until `done` holds.
pub(super) async fn until(what: &str, done: impl Fn() -> bool) {
    for _ in 0..500 {
        if done() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("{what}: not within 5 s");
}

/// The ids of the prompts `comfy` accepted, in order.
pub(super) fn prompt_ids(comfy: &FakeComfy) -> Vec<String> {
    comfy
        .seen()
        .prompts
        .into_iter()
        .map(|p| p.prompt_id)
        .collect()
}

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
        first_run: false,
        placed_on: String::new(),
    }
}

pub(super) fn progress() -> (ProgressSender, tokio::sync::mpsc::UnboundedReceiver<u8>) {
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    (ProgressSender::new(tx), rx)
}

#[tokio::test]
async fn a_whole_run_fills_the_workflow_and_fetches_the_image() {
    let env = env();
    let comfy = fake(&T2I_MODELS).await;
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
    assert_eq!(out.outputs.len(), 1);
    let o = &out.outputs[0];
    // The fake draws the graph's 768 x 1024 at an eighth of its size.
    assert_eq!((o.ext.as_str(), o.width, o.height), ("png", 96, 128));
    assert!(
        comfy.outputs().iter().any(|(_, b)| *b == o.bytes),
        "the engine's own file"
    );
    let seen = comfy.seen();
    let prompt = &seen.prompts[0];
    let graph = &prompt.graph;
    assert_eq!(prompt.prompt_id, "aivg-t1-0");
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
    let comfy = fake(&T2I_MODELS).await;
    let p = provider(&[&comfy.url]);
    p.run(
        &job(&env, "t2", "text2image", json!({"prompt": "x"})),
        progress().0,
    )
    .await
    .unwrap();
    // The model file goes after the provider saw it listed: ComfyUI refuses the prompt.
    comfy.models(|o| o.models.clear());
    let e = p
        .run(
            &job(&env, "t2b", "text2image", json!({"prompt": "x"})),
            progress().0,
        )
        .await
        .unwrap_err();
    assert!(
        e.0.contains("UNETLoader") && e.0.contains("Value not in list"),
        "{e}"
    );

    let comfy = fake(&T2I_MODELS).await;
    comfy.behave(|b| b.fail_next = true);
    let e = provider(&[&comfy.url])
        .run(
            &job(&env, "t3", "text2image", json!({"prompt": "x"})),
            progress().0,
        )
        .await
        .unwrap_err();
    assert_eq!(
        e.0,
        "ComfyUI could not run the workflow: KSampler: Allocation on device 0 would exceed allowed memory. (out of memory)"
    );
}

#[tokio::test]
async fn a_vanished_prompt_is_sent_again_once() {
    let env = env();
    let comfy = fake(&T2I_MODELS).await;
    comfy.behave(|b| b.lose_next = true);
    let out = provider(&[&comfy.url])
        .run(
            &job(&env, "t4", "text2image", json!({"prompt": "x"})),
            progress().0,
        )
        .await
        .unwrap();
    assert_eq!(out.outputs.len(), 1);
    assert_eq!(prompt_ids(&comfy), ["aivg-t4-0", "aivg-t4-1"]);
}

#[tokio::test]
async fn a_prompt_already_there_is_attached_to_not_sent_twice() {
    let env = env();
    let comfy = fake(&T2I_MODELS).await;
    let p = provider(&[&comfy.url]);
    let j = job(&env, "t5", "text2image", json!({"prompt": "x"}));
    p.run(&j, progress().0).await.unwrap();
    // The same task again (a restarted worker): the finished prompt is read, not resent.
    let out = p.run(&j, progress().0).await.unwrap();
    assert_eq!(out.outputs.len(), 1);
    assert_eq!(comfy.seen().prompts.len(), 1);
}

#[tokio::test]
async fn dropping_a_run_interrupts_its_prompt() {
    let env = env();
    let comfy = fake(&T2I_MODELS).await;
    comfy.behave(|b| b.hang = true);
    let p = provider(&[&comfy.url]);
    let j = job(&env, "t6", "text2image", json!({"prompt": "x"}));
    let run = tokio::spawn(async move { p.run(&j, progress().0).await });
    until("the prompt runs", || comfy.running().is_some()).await;
    run.abort();
    until("an interrupt", || !comfy.seen().interrupts.is_empty()).await;
    assert_eq!(comfy.seen().interrupts, [Some("aivg-t6-0".to_owned())]);
}

#[tokio::test]
async fn dropping_a_pending_run_deletes_it_from_the_queue() {
    let env = env();
    let comfy = fake(&T2I_MODELS).await;
    comfy.behave(|b| b.hang = true);
    // Two slots: the second prompt waits in ComfyUI's queue (with one it would wait in ours).
    let p = provider(&[&format!("{}#slots=2", comfy.url)]);
    let first = job(&env, "t7", "text2image", json!({"prompt": "x"}));
    let second = job(&env, "t8", "text2image", json!({"prompt": "y"}));
    let p2 = p.clone();
    let a = tokio::spawn(async move { p.run(&first, progress().0).await });
    let b = tokio::spawn(async move { p2.run(&second, progress().0).await });
    until("one prompt waits", || comfy.pending().len() == 1).await;
    let pending = comfy.pending();
    // Stop the one that waits in the queue.
    if pending[0] == "aivg-t8-0" {
        b.abort()
    } else {
        a.abort()
    }
    until("a delete", || !comfy.seen().deletes.is_empty()).await;
    let seen = comfy.seen();
    assert_eq!(seen.deletes, pending);
    assert!(seen.interrupts.is_empty(), "the running one is left alone");
}

#[tokio::test]
async fn missing_models_fail_with_their_download_urls() {
    let env = env();
    let comfy = fake(&T2I_MODELS[..2]).await;
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
    assert!(comfy.seen().prompts.is_empty());
}
