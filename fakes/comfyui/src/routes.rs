//! The HTTP and WebSocket routes, answering as ComfyUI's `server.py` does.

use crate::runner::{queue_remaining, status};
use crate::validate::{Rules, validate};
use crate::{Frame, Item, Shared, Submitted};
use axum::Json;
use axum::Router;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Multipart, Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::Arc;

type S = State<Arc<Shared>>;

pub(crate) fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/prompt", post(prompt).get(prompt_info))
        .route("/ws", get(ws))
        .route("/queue", get(queue).post(queue_edit))
        .route("/interrupt", post(interrupt))
        .route("/history", get(history_all))
        .route("/history/{id}", get(history_one))
        .route("/view", get(view))
        .route("/upload/image", post(upload))
        .route("/object_info", get(object_info))
        .route("/object_info/{node}", get(object_info_one))
        .route("/models", get(model_folders))
        .route("/models/{folder}", get(model_files))
        .route("/system_stats", get(system_stats))
        .route("/_fake/seen", get(seen))
        .route("/_fake/behaviour", post(behaviour))
        .route("/_fake/restart", post(restart_route))
        .with_state(shared)
}

async fn prompt(State(sh): S, body: Option<Json<Value>>) -> Response {
    let Some(Json(body)) = body else {
        let e = json!({"error": {"type": "invalid_prompt", "message": "Invalid prompt: the body is not JSON", "details": "", "extra_info": {}}, "node_errors": {}});
        return (StatusCode::BAD_REQUEST, Json(e)).into_response();
    };
    let graph = body.get("prompt").cloned().unwrap_or(Value::Null);
    let checked = {
        let opts = sh.opts.lock().unwrap();
        let state = sh.state.lock().unwrap();
        let rules = Rules {
            object_info: &opts.object_info,
            known_models: &opts.known_models,
            installed: &opts.models,
            uploaded: &state.uploaded,
        };
        validate(&graph, &rules)
    };
    let outputs = match checked {
        Ok(o) => o,
        Err(answer) => {
            sh.state.lock().unwrap().seen.refused += 1;
            return (StatusCode::BAD_REQUEST, Json(answer)).into_response();
        }
    };
    let prompt_id = body
        .get("prompt_id")
        .and_then(Value::as_str)
        .map_or_else(random_id, str::to_owned);
    let client_id = body
        .get("client_id")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    let mut extra = body.get("extra_data").cloned().unwrap_or_else(|| json!({}));
    if !client_id.is_empty() {
        extra["client_id"] = json!(client_id);
    }
    let log = sh.opts.lock().unwrap().prompt_log.clone();
    if let Some(path) = log {
        let line = format!("{prompt_id}\n");
        let appended = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .and_then(|mut f| std::io::Write::write_all(&mut f, line.as_bytes()));
        if let Err(e) = appended {
            eprintln!("fake-comfyui: {}: {e}", path.display());
        }
    }
    let number = {
        let mut s = sh.state.lock().unwrap();
        s.counter += 1;
        let number = s.counter;
        s.seen.prompts.push(Submitted {
            prompt_id: prompt_id.clone(),
            client_id,
            graph: graph.clone(),
        });
        if s.behaviour.lose_next {
            // A restart right after accepting it: the prompt is gone and the sockets close.
            s.behaviour.lose_next = false;
            let hangup = sh.hangup.clone();
            tokio::spawn(async move {
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                let _ = hangup.send(());
            });
        } else {
            s.pending.push_back(Item {
                number,
                prompt_id: prompt_id.clone(),
                graph,
                extra,
                outputs,
            });
            let held = s.pending.len() + usize::from(s.running.is_some());
            s.seen.most_held = s.seen.most_held.max(held);
        }
        number
    };
    sh.wake.notify_one();
    status(&sh);
    Json(json!({"prompt_id": prompt_id, "number": number, "node_errors": {}})).into_response()
}

fn random_id() -> String {
    let n = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    format!("{n:032x}")
}

async fn prompt_info(State(sh): S) -> Json<Value> {
    Json(json!({"exec_info": {"queue_remaining": queue_remaining(&sh)}}))
}

async fn ws(
    State(sh): S,
    Query(q): Query<HashMap<String, String>>,
    up: WebSocketUpgrade,
) -> Response {
    let client = q.get("clientId").cloned().unwrap_or_else(random_id);
    up.on_upgrade(move |socket| socket_loop(sh, client, socket))
}

async fn socket_loop(sh: Arc<Shared>, client: String, mut socket: WebSocket) {
    let mut events = sh.events.subscribe();
    let mut hangup = sh.hangup.subscribe();
    let hello = json!({"type": "status", "data": {"status": {"exec_info": {"queue_remaining": queue_remaining(&sh)}}, "sid": client}});
    if socket
        .send(Message::Text(hello.to_string().into()))
        .await
        .is_err()
    {
        return;
    }
    loop {
        tokio::select! {
            ev = events.recv() => match ev {
                Ok((to, msg)) => {
                    if to.as_ref().is_some_and(|c| *c != client) {
                        continue;
                    }
                    let msg = match msg {
                        Frame::Json(v) => Message::Text(v.to_string().into()),
                        Frame::Binary(b) => Message::Binary(b.into()),
                    };
                    if socket.send(msg).await.is_err() {
                        return;
                    }
                }
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {}
                Err(_) => return,
            },
            _ = hangup.recv() => {
                let _ = socket.send(Message::Close(None)).await;
                return;
            }
            incoming = socket.recv() => {
                if !matches!(incoming, Some(Ok(_))) {
                    return;
                }
            }
        }
    }
}

async fn queue(State(sh): S) -> Json<Value> {
    let mut s = sh.state.lock().unwrap();
    s.seen.queue_calls += 1;
    Json(json!({
        "queue_running": s.running.iter().map(Item::entry).collect::<Vec<_>>(),
        "queue_pending": s.pending.iter().map(Item::entry).collect::<Vec<_>>(),
    }))
}

async fn queue_edit(State(sh): S, Json(body): Json<Value>) -> StatusCode {
    {
        let mut s = sh.state.lock().unwrap();
        if body.get("clear").and_then(Value::as_bool) == Some(true) {
            s.pending.clear();
        }
        for id in body["delete"].as_array().into_iter().flatten() {
            let Some(id) = id.as_str() else { continue };
            s.pending.retain(|i| i.prompt_id != id);
            s.seen.deletes.push(id.to_owned());
        }
    }
    status(&sh);
    StatusCode::OK
}

async fn interrupt(State(sh): S, body: Option<Json<Value>>) -> StatusCode {
    let id = body.and_then(|Json(b)| {
        b.get("prompt_id")
            .and_then(Value::as_str)
            .map(str::to_owned)
    });
    let mut s = sh.state.lock().unwrap();
    // ComfyUI interrupts only when the id is the running prompt's (or when none is given).
    let hit = match (&id, &s.running) {
        (Some(id), Some(r)) => r.prompt_id == *id,
        (None, Some(_)) => true,
        _ => false,
    };
    if hit {
        s.interrupt = true;
    }
    s.seen.interrupts.push(id);
    StatusCode::OK
}

async fn history_all(State(sh): S, Query(q): Query<HashMap<String, String>>) -> Json<Value> {
    let s = sh.state.lock().unwrap();
    let max = q.get("max_items").and_then(|m| m.parse::<usize>().ok());
    let mut all: Vec<(&String, &Value)> = s.history.iter().collect();
    all.sort_by_key(|(_, e)| e["prompt"][0].as_u64().unwrap_or(0));
    let skip = max.map_or(0, |m| all.len().saturating_sub(m));
    Json(Value::Object(
        all.into_iter()
            .skip(skip)
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect(),
    ))
}

async fn history_one(State(sh): S, Path(id): Path<String>) -> Json<Value> {
    let s = sh.state.lock().unwrap();
    Json(
        s.history
            .get(&id)
            .map_or_else(|| json!({}), |e| json!({ id: e })),
    )
}

async fn view(State(sh): S, Query(q): Query<HashMap<String, String>>) -> Response {
    let get = |k: &str| q.get(k).cloned().unwrap_or_default();
    let kind = q
        .get("type")
        .cloned()
        .unwrap_or_else(|| "output".to_owned());
    let key = (get("subfolder"), get("filename"), kind);
    let mut s = sh.state.lock().unwrap();
    let found = s.files.get(&key).cloned();
    match found {
        Some(bytes) => {
            s.seen.views += 1;
            let ct = match key.1.rsplit('.').next() {
                Some("png") => "image/png",
                Some("mp4") => "video/mp4",
                Some("mp3") => "audio/mpeg",
                Some("flac") => "audio/flac",
                _ => "application/octet-stream",
            };
            ([("content-type", ct)], bytes).into_response()
        }
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

async fn upload(State(sh): S, mut form: Multipart) -> Response {
    let mut file: Option<(String, Vec<u8>)> = None;
    let mut subfolder = String::new();
    let mut kind = "input".to_owned();
    while let Ok(Some(field)) = form.next_field().await {
        let name = field.name().unwrap_or_default().to_owned();
        let filename = field.file_name().map(str::to_owned);
        let Ok(bytes) = field.bytes().await else {
            return StatusCode::BAD_REQUEST.into_response();
        };
        match name.as_str() {
            "image" => file = Some((filename.unwrap_or_default(), bytes.to_vec())),
            "subfolder" => subfolder = String::from_utf8_lossy(&bytes).into_owned(),
            "type" => kind = String::from_utf8_lossy(&bytes).into_owned(),
            _ => {}
        }
    }
    // ComfyUI answers 400 without a body when the `image` part is missing.
    let Some((name, bytes)) = file.filter(|(n, _)| !n.is_empty()) else {
        return StatusCode::BAD_REQUEST.into_response();
    };
    let stored = if subfolder.is_empty() {
        name.clone()
    } else {
        format!("{subfolder}/{name}")
    };
    let mut s = sh.state.lock().unwrap();
    s.uploaded.insert(stored);
    s.files.insert(
        (subfolder.clone(), name.clone(), kind.clone()),
        bytes.clone(),
    );
    s.seen.uploads.push((name.clone(), bytes));
    Json(json!({"name": name, "subfolder": subfolder, "type": kind})).into_response()
}

async fn object_info(State(sh): S) -> Json<Value> {
    sh.state.lock().unwrap().seen.object_info_calls += 1;
    Json(sh.opts.lock().unwrap().object_info.clone())
}

async fn object_info_one(State(sh): S, Path(node): Path<String>) -> Json<Value> {
    let opts = sh.opts.lock().unwrap();
    Json(
        opts.object_info
            .get(&node)
            .map_or_else(|| json!({}), |n| json!({ node: n })),
    )
}

async fn model_folders(State(sh): S) -> Json<Value> {
    Json(json!(
        sh.opts.lock().unwrap().models.keys().collect::<Vec<_>>()
    ))
}

async fn model_files(State(sh): S, Path(folder): Path<String>) -> Response {
    let opts = sh.opts.lock().unwrap();
    match opts.models.get(&folder) {
        Some(files) => Json(json!(files)).into_response(),
        // ComfyUI answers 404 for a folder it does not know.
        None => (StatusCode::NOT_FOUND, "Folder not found").into_response(),
    }
}

async fn system_stats(State(sh): S) -> Json<Value> {
    let version = sh.opts.lock().unwrap().comfyui_version.clone();
    let version = version.as_deref().unwrap_or("fake");
    Json(json!({
        "system": {"os": "posix", "ram_total": 0, "ram_free": 0, "comfyui_version": version,
            "python_version": "", "pytorch_version": "", "embedded_python": false, "argv": []},
        "devices": [{"name": "fake", "type": "cpu", "index": 0, "vram_total": 0, "vram_free": 0,
            "torch_vram_total": 0, "torch_vram_free": 0}],
    }))
}

async fn seen(State(sh): S) -> Json<Value> {
    let s = sh.state.lock().unwrap();
    let seen = &s.seen;
    Json(json!({
        "prompts": seen.prompts.iter().map(|p| json!({"prompt_id": p.prompt_id, "client_id": p.client_id, "prompt": p.graph})).collect::<Vec<_>>(),
        "refused": seen.refused,
        "uploads": seen.uploads.iter().map(|(n, b)| json!({"name": n, "size": b.len()})).collect::<Vec<_>>(),
        "interrupts": seen.interrupts,
        "deletes": seen.deletes,
        "views": seen.views,
        "previews": seen.previews.len(),
    }))
}

async fn behaviour(State(sh): S, Json(body): Json<Value>) -> StatusCode {
    let mut s = sh.state.lock().unwrap();
    let b = &mut s.behaviour;
    if let Some(v) = body["steps"].as_u64() {
        b.steps = v;
    }
    if let Some(v) = body["step_ms"].as_u64() {
        b.step_ms = v;
    }
    if let Some(v) = body["fail_next"].as_bool() {
        b.fail_next = v;
    }
    if let Some(v) = body["hang"].as_bool() {
        b.hang = v;
    }
    if let Some(v) = body["previews"].as_bool() {
        b.previews = v;
    }
    if let Some(v) = body["lose_next"].as_bool() {
        b.lose_next = v;
    }
    StatusCode::OK
}

pub(crate) fn restart(sh: &Shared) {
    {
        let mut s = sh.state.lock().unwrap();
        s.pending.clear();
        s.running = None;
        s.history.clear();
        s.epoch += 1;
    }
    let _ = sh.hangup.send(());
}

async fn restart_route(State(sh): S) -> StatusCode {
    restart(&sh);
    StatusCode::OK
}
