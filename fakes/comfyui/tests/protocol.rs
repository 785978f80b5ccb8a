//! The fake answers as ComfyUI does: validation errors, queue, WebSocket messages, history, view,
//! interrupt, restart, going down.
#![allow(clippy::unwrap_used)]

use fake_comfyui::{FakeComfy, Options};
use futures_util::StreamExt;
use serde_json::{Value, json};
use std::path::Path;

fn options() -> Options {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    Options::from_files(
        &root.join("fixtures/comfyui/node_schemas.json"),
        Some(&root.join("server/workflows/index.json")),
    )
    .unwrap()
}

fn graph(image: &str) -> Value {
    json!({
        "1": {"class_type": "LoadImage", "inputs": {"image": image}},
        "2": {"class_type": "SaveImage", "inputs": {"images": ["1", 0], "filename_prefix": "aivg/t1"}},
    })
}

async fn upload(fake: &FakeComfy, name: &str) {
    let part = reqwest::multipart::Part::bytes(vec![1, 2, 3]).file_name(name.to_owned());
    let form = reqwest::multipart::Form::new().part("image", part);
    let r: Value = reqwest::Client::new()
        .post(format!("{}/upload/image", fake.url))
        .multipart(form)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(r, json!({"name": name, "subfolder": "", "type": "input"}));
}

async fn post(fake: &FakeComfy, path: &str, body: Value) -> (u16, Value) {
    let r = reqwest::Client::new()
        .post(format!("{}{path}", fake.url))
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

async fn get(fake: &FakeComfy, path: &str) -> Value {
    reqwest::get(format!("{}{path}", fake.url))
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

#[tokio::test]
async fn refuses_what_comfyui_refuses() {
    let fake = FakeComfy::start(options()).await.unwrap();
    let (status, body) = post(
        &fake,
        "/prompt",
        json!({"prompt": graph("never-uploaded.png")}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(body["error"]["type"], "prompt_outputs_failed_validation");
    assert_eq!(body["node_errors"]["1"]["class_type"], "LoadImage");
    assert_eq!(
        body["node_errors"]["1"]["errors"][0]["type"],
        "custom_validation_failed"
    );
    let (status, body) = post(
        &fake,
        "/prompt",
        json!({"prompt": {"1": {"class_type": "NoSuchNode", "inputs": {}}}}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(body["error"]["type"], "missing_node_type");
    let (_, body) = post(
        &fake,
        "/prompt",
        json!({"prompt": {"1": {"class_type": "LoadImage", "inputs": {}}}}),
    )
    .await;
    assert_eq!(body["error"]["type"], "prompt_no_outputs");
    let missing_model = json!({
        "1": {"class_type": "UpscaleModelLoader", "inputs": {"model_name": "RealESRGAN_x4plus.safetensors"}},
        "2": {"class_type": "LoadImage", "inputs": {"image": "a.png"}},
        "3": {"class_type": "ImageUpscaleWithModel", "inputs": {"upscale_model": ["1", 0], "image": ["2", 0]}},
        "4": {"class_type": "SaveImage", "inputs": {"images": ["3", 0], "filename_prefix": "x"}},
    });
    upload(&fake, "a.png").await;
    fake.models(|o| o.models.clear());
    let (status, body) = post(&fake, "/prompt", json!({"prompt": missing_model})).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["node_errors"]["1"]["errors"][0]["type"],
        "value_not_in_list"
    );
    assert_eq!(fake.seen().refused, 4);
}

#[tokio::test]
async fn runs_a_prompt_with_messages_history_and_output() {
    let fake = FakeComfy::start(options()).await.unwrap();
    upload(&fake, "in.png").await;
    let ws_url = format!("{}/ws?clientId=c1", fake.url.replace("http", "ws"));
    let (mut ws, _) = tokio_tungstenite::connect_async(ws_url).await.unwrap();
    let (status, body) = post(
        &fake,
        "/prompt",
        json!({"prompt": graph("in.png"), "client_id": "c1", "prompt_id": "p-1"}),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(body["prompt_id"], "p-1");
    let mut kinds = Vec::new();
    while let Some(Ok(msg)) = ws.next().await {
        let Ok(text) = msg.to_text() else { continue };
        let v: Value = serde_json::from_str(text).unwrap();
        let kind = v["type"].as_str().unwrap().to_owned();
        if kind != "status" {
            assert_eq!(v["data"]["prompt_id"], "p-1");
        }
        let done = kind == "executing" && v["data"]["node"].is_null();
        kinds.push(if done { "done".to_owned() } else { kind });
        if done {
            break;
        }
    }
    // ComfyUI's `prompt_worker` order: `execution_success` inside the run, then the queue lets
    // the prompt go (`task_done`: `status`), then `executing {node: null}` to the sender.
    let at = |k: &str| kinds.iter().rposition(|x| x == k).unwrap();
    assert!(at("execution_success") < at("status"), "{kinds:?}");
    assert_eq!(at("done"), kinds.len() - 1, "{kinds:?}");
    for k in [
        "execution_start",
        "executing",
        "progress",
        "executed",
        "execution_success",
    ] {
        assert!(kinds.iter().any(|x| x == k), "{k} in {kinds:?}");
    }
    let h = get(&fake, "/history/p-1").await;
    assert_eq!(h["p-1"]["status"]["status_str"], "success");
    let file = &h["p-1"]["outputs"]["2"]["images"][0];
    assert_eq!(file["subfolder"], "aivg");
    let bytes = reqwest::get(format!(
        "{}/view?filename={}&subfolder=aivg&type=output",
        fake.url,
        file["filename"].as_str().unwrap()
    ))
    .await
    .unwrap()
    .bytes()
    .await
    .unwrap();
    assert_eq!(&bytes[1..4], b"PNG");
}

#[tokio::test]
async fn interrupt_restart_and_going_down() {
    let mut fake = FakeComfy::start(options()).await.unwrap();
    upload(&fake, "in.png").await;
    fake.behave(|b| b.hang = true);
    post(
        &fake,
        "/prompt",
        json!({"prompt": graph("in.png"), "prompt_id": "run"}),
    )
    .await;
    post(
        &fake,
        "/prompt",
        json!({"prompt": graph("in.png"), "prompt_id": "wait"}),
    )
    .await;
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    let q = get(&fake, "/queue").await;
    assert_eq!(q["queue_running"][0][1], "run");
    assert_eq!(q["queue_pending"][0][1], "wait");
    post(&fake, "/queue", json!({"delete": ["wait"]})).await;
    post(&fake, "/interrupt", json!({"prompt_id": "run"})).await;
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let h = get(&fake, "/history/run").await;
    assert_eq!(
        h["run"]["status"]["messages"][1][0],
        "execution_interrupted"
    );
    assert_eq!(get(&fake, "/queue").await["queue_pending"], json!([]));
    fake.restart();
    assert_eq!(get(&fake, "/history").await, json!({}));
    fake.go_down().await;
    assert!(reqwest::get(format!("{}/queue", fake.url)).await.is_err());
    fake.come_back().await.unwrap();
    assert_eq!(get(&fake, "/queue").await["queue_running"], json!([]));
}
