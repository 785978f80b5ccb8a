//! A small fake ComfyUI on an ephemeral port, speaking the parts of its API the provider uses:
//! `POST /prompt`, `GET /ws?clientId` (progress then `executing` with node null),
//! `GET /history/{id}`, `GET /queue` (always empty: prompts finish at once), `GET /view`,
//! `POST /upload/image`. The prompt id is the client's when it sends one (as ComfyUI does).
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use axum::Router;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::response::IntoResponse;
use axum::routing::{get, post};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

#[derive(Default)]
pub struct Seen {
    /// Workflows received, with their client id.
    pub prompts: Vec<(String, Value)>,
    /// Their prompt ids, in the same order.
    pub ids: Vec<String>,
    pub uploads: usize,
    pub ws_clients: usize,
    pub views: usize,
}

#[derive(Clone)]
struct Fake {
    seen: Arc<Mutex<Seen>>,
    image: Arc<Vec<u8>>,
}

/// A running fake: its base URL and what it saw.
pub struct FakeComfy {
    pub url: String,
    pub seen: Arc<Mutex<Seen>>,
}

/// Starts the fake; `/view` answers `image`.
pub async fn start(image: Vec<u8>) -> FakeComfy {
    let seen = Arc::new(Mutex::new(Seen::default()));
    let fake = Fake {
        seen: Arc::clone(&seen),
        image: Arc::new(image),
    };
    let app = Router::new()
        .route("/prompt", post(prompt))
        .route("/ws", get(ws))
        .route("/history/{id}", get(history))
        .route("/queue", get(queue))
        .route("/view", get(view))
        .route("/upload/image", post(upload))
        .with_state(fake);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    FakeComfy { url, seen }
}

async fn prompt(State(f): State<Fake>, axum::Json(body): axum::Json<Value>) -> impl IntoResponse {
    let client = body["client_id"].as_str().unwrap_or_default().to_owned();
    let mut seen = f.seen.lock().unwrap();
    seen.prompts.push((client, body["prompt"].clone()));
    let n = seen.prompts.len();
    let id = body["prompt_id"]
        .as_str()
        .map_or_else(|| format!("p{n}"), str::to_owned);
    seen.ids.push(id.clone());
    axum::Json(json!({ "prompt_id": id, "number": n, "node_errors": {} }))
}

async fn ws(
    State(f): State<Fake>,
    Query(q): Query<HashMap<String, String>>,
    up: WebSocketUpgrade,
) -> impl IntoResponse {
    let client = q.get("clientId").cloned().unwrap_or_default();
    f.seen.lock().unwrap().ws_clients += 1;
    up.on_upgrade(move |socket| run_ws(f, client, socket))
}

/// Waits for the client's prompt, then reports four steps of progress and the end.
async fn run_ws(f: Fake, client: String, mut socket: WebSocket) {
    let send = |v: Value| Message::Text(v.to_string().into());
    let _ = socket
        .send(send(
            json!({"type": "status", "data": {"status": {"exec_info": {"queue_remaining": 0}}}}),
        ))
        .await;
    let mut id = None;
    for _ in 0..500 {
        {
            let seen = f.seen.lock().unwrap();
            if let Some(n) = seen.prompts.iter().position(|(c, _)| *c == client) {
                id = seen.ids.get(n).cloned();
            }
        }
        if id.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let Some(id) = id else { return };
    let _ = socket
        .send(send(
            json!({"type": "execution_start", "data": {"prompt_id": id}}),
        ))
        .await;
    for step in 1..=4 {
        let _ = socket.send(send(json!({"type": "progress", "data": {"value": step, "max": 4, "prompt_id": id, "node": "3"}}))).await;
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let _ = socket
        .send(send(
            json!({"type": "executing", "data": {"node": null, "prompt_id": id}}),
        ))
        .await;
    tokio::time::sleep(Duration::from_millis(200)).await;
}

async fn queue() -> impl IntoResponse {
    axum::Json(json!({ "queue_running": [], "queue_pending": [] }))
}

/// The entry of a prompt it was sent (none for others, as after a restart).
async fn history(State(f): State<Fake>, Path(id): Path<String>) -> impl IntoResponse {
    if !f.seen.lock().unwrap().ids.contains(&id) {
        return axum::Json(json!({}));
    }
    axum::Json(json!({
        id.clone(): {
            "prompt": [],
            "outputs": {
                "9": { "images": [
                    { "filename": format!("aivg_{id}_00001_.png"), "subfolder": "", "type": "output" },
                    { "filename": "preview.png", "subfolder": "", "type": "temp" }
                ] }
            },
            "status": { "status_str": "success", "completed": true, "messages": [] }
        }
    }))
}

async fn view(
    State(f): State<Fake>,
    Query(q): Query<HashMap<String, String>>,
) -> impl IntoResponse {
    assert_eq!(q.get("type").map(String::as_str), Some("output"));
    f.seen.lock().unwrap().views += 1;
    ([("content-type", "image/png")], f.image.as_ref().clone())
}

async fn upload(State(f): State<Fake>, body: axum::body::Bytes) -> impl IntoResponse {
    assert!(
        body.windows(5).any(|w| w == b"aivg_"),
        "the multipart body names the file"
    );
    f.seen.lock().unwrap().uploads += 1;
    axum::Json(json!({ "name": "uploaded.png", "subfolder": "", "type": "input" }))
}
