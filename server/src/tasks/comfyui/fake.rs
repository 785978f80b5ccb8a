//! A small ComfyUI for this module's tests, speaking the routes the provider uses the way
//! ComfyUI's `server.py` does (ids chosen by the client, 400 with `node_errors`, queue items
//! `[number, id, prompt, extra, outputs]`, history only of prompts it ran, WebSocket messages
//! with `prompt_id`). The server's end-to-end tests have their own fake (`fakes/comfyui`).
#![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)]

use axum::Router;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::{get, post};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What the fake does with a prompt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Four steps of progress, then a PNG output.
    Succeed,
    /// 400 with `node_errors` (a missing model file).
    Refuse,
    /// `execution_error` in VAEDecode.
    Fail,
    /// Runs until interrupted.
    Hang,
    /// The first prompt is accepted and forgotten (a restart); later ones succeed.
    VanishOnce,
}

#[derive(Debug, Default)]
pub struct Seen {
    /// (prompt id, client id, graph).
    pub prompts: Vec<(String, String, Value)>,
    pub uploads: Vec<String>,
    pub interrupts: Vec<String>,
    pub deletes: Vec<String>,
    pub running: Option<String>,
    pub pending: Vec<String>,
    pub history: HashMap<String, Value>,
    vanished: bool,
}

#[derive(Clone)]
struct Fake {
    mode: Mode,
    seen: Arc<Mutex<Seen>>,
    models: Arc<Vec<(String, String)>>,
    image: Arc<Vec<u8>>,
}

/// A running fake.
pub struct FakeComfy {
    pub url: String,
    pub seen: Arc<Mutex<Seen>>,
}

fn schemas() -> Value {
    let v: Value = serde_json::from_str(include_str!(
        "../../../../fixtures/comfyui/node_schemas.json"
    ))
    .unwrap();
    v["nodes"].clone()
}

/// Starts a fake with `models` (folder, file) installed.
pub async fn start(mode: Mode, models: &[(&str, &str)]) -> FakeComfy {
    let seen = Arc::new(Mutex::new(Seen::default()));
    let image = crate::tasks::local::preview::png(
        &crate::tasks::local::preview::frame(48, 32, 1, 0.0),
        48,
        32,
    )
    .unwrap();
    let fake = Fake {
        mode,
        seen: Arc::clone(&seen),
        models: Arc::new(
            models
                .iter()
                .map(|(f, m)| ((*f).to_owned(), (*m).to_owned()))
                .collect(),
        ),
        image: Arc::new(image),
    };
    let app = Router::new()
        .route("/prompt", post(prompt))
        .route("/ws", get(ws))
        .route("/history/{id}", get(history))
        .route("/queue", get(queue).post(queue_delete))
        .route("/interrupt", post(interrupt))
        .route("/view", get(view))
        .route("/upload/image", post(upload))
        .route("/object_info", get(|| async { axum::Json(schemas()) }))
        .route("/models/{folder}", get(list_models))
        .with_state(fake);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    FakeComfy { url, seen }
}

async fn prompt(State(f): State<Fake>, axum::Json(body): axum::Json<Value>) -> impl IntoResponse {
    if f.mode == Mode::Refuse {
        let refused = json!({
            "error": {"type": "prompt_outputs_failed_validation", "message": "Prompt outputs failed validation", "details": "", "extra_info": {}},
            "node_errors": {"57:28": {"class_type": "UNETLoader", "dependent_outputs": ["9"], "errors": [
                {"type": "value_not_in_list", "message": "Value not in list", "details": "unet_name: 'z_image_turbo_bf16.safetensors' not in []", "extra_info": {}}
            ]}}
        });
        return (StatusCode::BAD_REQUEST, axum::Json(refused));
    }
    let id = body["prompt_id"].as_str().unwrap().to_owned();
    let client = body["client_id"].as_str().unwrap_or_default().to_owned();
    let mut seen = f.seen.lock().unwrap();
    seen.prompts
        .push((id.clone(), client, body["prompt"].clone()));
    if f.mode == Mode::VanishOnce && !seen.vanished {
        seen.vanished = true;
    } else if seen.running.is_none() {
        seen.running = Some(id.clone());
    } else {
        seen.pending.push(id.clone());
    }
    let n = seen.prompts.len();
    (
        StatusCode::OK,
        axum::Json(json!({"prompt_id": id, "number": n, "node_errors": {}})),
    )
}

async fn ws(
    State(f): State<Fake>,
    Query(q): Query<HashMap<String, String>>,
    up: WebSocketUpgrade,
) -> impl IntoResponse {
    let client = q.get("clientId").cloned().unwrap_or_default();
    up.on_upgrade(move |socket| run_ws(f, client, socket))
}

/// Runs the client's running prompt: messages, then its history entry.
async fn run_ws(f: Fake, client: String, mut socket: WebSocket) {
    let text = |v: Value| Message::Text(v.to_string().into());
    let _ = socket
        .send(text(json!({"type": "status", "data": {"status": {"exec_info": {"queue_remaining": 0}}, "sid": client}})))
        .await;
    let id = loop {
        let found = {
            let seen = f.seen.lock().unwrap();
            seen.prompts
                .iter()
                .find(|(id, c, _)| *c == client && seen.running.as_ref() == Some(id))
                .map(|(id, _, _)| id.clone())
        };
        if let Some(id) = found {
            break id;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    let send = |t: &str, mut data: Value| {
        data["prompt_id"] = json!(id);
        text(json!({"type": t, "data": data}))
    };
    let _ = socket.send(send("execution_start", json!({}))).await;
    match f.mode {
        Mode::Hang => {
            let _ = socket
                .send(send(
                    "progress",
                    json!({"value": 1, "max": 10, "node": "57:3"}),
                ))
                .await;
            loop {
                tokio::time::sleep(Duration::from_millis(20)).await;
                if f.seen.lock().unwrap().interrupts.contains(&id) {
                    let _ = socket
                        .send(send(
                            "execution_interrupted",
                            json!({"node_id": "57:3", "node_type": "KSampler", "executed": []}),
                        ))
                        .await;
                    return;
                }
            }
        }
        Mode::Fail => {
            let _ = socket
                .send(send("execution_error", json!({"node_id": "57:8", "node_type": "VAEDecode", "executed": [], "exception_type": "torch.OutOfMemoryError", "exception_message": "CUDA out of memory", "traceback": [], "current_inputs": {}, "current_outputs": []})))
                .await;
            finish(&f, &id, false);
        }
        _ => {
            for step in 1..=4 {
                let _ = socket
                    .send(send(
                        "progress",
                        json!({"value": step, "max": 4, "node": "57:3"}),
                    ))
                    .await;
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            finish(&f, &id, true);
            let _ = socket.send(send("executing", json!({"node": null}))).await;
            let _ = socket.send(send("execution_success", json!({}))).await;
        }
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
}

fn finish(f: &Fake, id: &str, ok: bool) {
    let mut seen = f.seen.lock().unwrap();
    seen.running = None;
    // SaveVideo lists its file under `images` too (with `animated`), as ComfyUI does.
    let video = seen.prompts.iter().any(|(p, _, g)| {
        p == id
            && g.as_object()
                .unwrap()
                .values()
                .any(|n| n["class_type"] == "SaveVideo")
    });
    let ext = if video { "mp4" } else { "png" };
    let entry = if ok {
        json!({"outputs": {"9": {"animated": [video], "images": [
            {"filename": format!("{id}_00001_.{ext}"), "subfolder": "aivg", "type": "output"},
            {"filename": "preview.png", "subfolder": "", "type": "temp"}
        ]}}, "status": {"status_str": "success", "completed": true, "messages": []}})
    } else {
        json!({"outputs": {}, "status": {"status_str": "error", "completed": false, "messages": [
            ["execution_error", {"prompt_id": id, "node_type": "VAEDecode", "exception_message": "CUDA out of memory"}]
        ]}})
    };
    seen.history.insert(id.to_owned(), entry);
    if !seen.pending.is_empty() {
        let next = seen.pending.remove(0);
        seen.running = Some(next);
    }
}

async fn history(State(f): State<Fake>, Path(id): Path<String>) -> impl IntoResponse {
    let seen = f.seen.lock().unwrap();
    axum::Json(match seen.history.get(&id) {
        Some(e) => json!({ id: e }),
        None => json!({}),
    })
}

async fn queue(State(f): State<Fake>) -> impl IntoResponse {
    let seen = f.seen.lock().unwrap();
    let item = |id: &String| json!([0, id, {}, {}, []]);
    axum::Json(json!({
        "queue_running": seen.running.iter().map(item).collect::<Vec<_>>(),
        "queue_pending": seen.pending.iter().map(item).collect::<Vec<_>>(),
    }))
}

async fn queue_delete(State(f): State<Fake>, axum::Json(body): axum::Json<Value>) -> StatusCode {
    let mut seen = f.seen.lock().unwrap();
    for id in body["delete"].as_array().into_iter().flatten() {
        let id = id.as_str().unwrap().to_owned();
        seen.pending.retain(|p| *p != id);
        seen.deletes.push(id);
    }
    StatusCode::OK
}

async fn interrupt(State(f): State<Fake>, axum::Json(body): axum::Json<Value>) -> StatusCode {
    let mut seen = f.seen.lock().unwrap();
    let id = body["prompt_id"].as_str().unwrap_or_default().to_owned();
    if seen.running.as_ref() == Some(&id) {
        seen.running = None;
    }
    seen.interrupts.push(id);
    StatusCode::OK
}

async fn view(
    State(f): State<Fake>,
    Query(q): Query<HashMap<String, String>>,
) -> impl IntoResponse {
    assert_eq!(q.get("type").map(String::as_str), Some("output"));
    assert_eq!(q.get("subfolder").map(String::as_str), Some("aivg"));
    ([("content-type", "image/png")], f.image.as_ref().clone())
}

async fn upload(State(f): State<Fake>, body: axum::body::Bytes) -> impl IntoResponse {
    let text = String::from_utf8_lossy(&body);
    let name = text
        .split("filename=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .unwrap_or_default()
        .to_owned();
    f.seen.lock().unwrap().uploads.push(name.clone());
    axum::Json(json!({"name": name, "subfolder": "", "type": "input"}))
}

async fn list_models(State(f): State<Fake>, Path(folder): Path<String>) -> impl IntoResponse {
    let files: Vec<&String> = f
        .models
        .iter()
        .filter(|(d, _)| *d == folder)
        .map(|(_, m)| m)
        .collect();
    axum::Json(json!(files))
}

/// A TCP proxy in front of a server, to make it vanish: `kill` closes the listener and every
/// connection, as a crashed machine would.
pub struct Proxy {
    pub url: String,
    tasks: Arc<Mutex<tokio::task::JoinSet<()>>>,
}

impl Proxy {
    pub async fn start(target: &str) -> Self {
        let target = target.trim_start_matches("http://").to_owned();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let tasks = Arc::new(Mutex::new(tokio::task::JoinSet::new()));
        let inner = Arc::clone(&tasks);
        tasks.lock().unwrap().spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                let target = target.clone();
                inner.lock().unwrap().spawn(async move {
                    if let Ok(mut outbound) = tokio::net::TcpStream::connect(target).await {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                    }
                });
            }
        });
        Self { url, tasks }
    }

    pub fn kill(&self) {
        self.tasks.lock().unwrap().abort_all();
    }
}
