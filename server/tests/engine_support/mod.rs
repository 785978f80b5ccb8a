//! Shared parts of the ComfyUI end-to-end tests: a fake ComfyUI (crate `fakes/comfyui`) with
//! every model of the shipped workflows installed, a server pointing at it, and the inputs each
//! module takes.
#![allow(dead_code, clippy::unwrap_used)]

use crate::common::{TestServer, poll_until};
use crate::media_support::{png, start_with, upload};
use aivg_core::tasks::{FieldKind, TaskModule};
use fake_comfyui::{FakeComfy, Options};
use serde_json::{Map, Value, json};
use std::path::Path;

pub const CLIP_MP4: &[u8] = include_bytes!("../../../fakes/comfyui/assets/clip.mp4");
pub const TONE_MP3: &[u8] = include_bytes!("../../../fakes/comfyui/assets/tone.mp3");

/// A fake ComfyUI knowing ComfyUI's node schemas, with every model of the shipped workflows.
pub async fn fake() -> FakeComfy {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let opts = Options::from_files(
        &root.join("fixtures/comfyui/node_schemas.json"),
        Some(&root.join("server/workflows/index.json")),
    )
    .unwrap();
    let fake = FakeComfy::start(opts).await.unwrap();
    fake.behave(|b| b.step_ms = 5);
    fake
}

/// Waits (at most 5 s) until the fake has a prompt of task `id`.
pub async fn submitted(comfy: &FakeComfy, id: &str) {
    let seen = poll_until(
        std::time::Duration::from_secs(60),
        std::time::Duration::from_millis(20),
        async || {
            let prompts = comfy.seen().prompts;
            prompts
                .iter()
                .any(|p| p.prompt_id.contains(id))
                .then_some(())
        },
    )
    .await;
    assert!(seen.is_some(), "ComfyUI never saw a prompt of task {id}");
}

/// A server whose `AIVG_COMFYUI_URL` lists `urls`.
pub async fn server(urls: &[&str]) -> TestServer {
    let list = urls.join(",");
    start_with(move |cfg| cfg.tasks.comfyui_url = Some(list)).await
}

/// A task's `data` for a module: every field it takes, with uploaded inputs.
pub async fn data_for(s: &TestServer, token: &str, m: &TaskModule) -> Value {
    let mut data = Map::new();
    for f in m.fields {
        let v = match f.kind {
            FieldKind::Prompt => json!("a red fox in the snow"),
            FieldKind::MusicPrompt => json!("calm piano under the rain"),
            FieldKind::Lyrics => json!("la la la under the moon we sing"),
            FieldKind::Speech => json!("Hello, this is a test."),
            FieldKind::Image => json!(upload(s, token, m.code, "png", png(64, 48)).await),
            FieldKind::Mask => json!(upload(s, token, m.code, "png", png(64, 48)).await),
            FieldKind::Video => json!(upload(s, token, m.code, "mp4", CLIP_MP4.to_vec()).await),
            FieldKind::Audio => json!(upload(s, token, m.code, "mp3", TONE_MP3.to_vec()).await),
        };
        data.insert(f.name.to_owned(), v);
    }
    Value::Object(data)
}
