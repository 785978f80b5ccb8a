//! The fake's routes and the outputs it makes (see the crate doc).

use crate::{Behaviour, Request, Shared, Submitted};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::{Value, json};
use std::sync::Arc;

type S = State<Arc<Shared>>;

const CLIP_MP4: &[u8] = include_bytes!("../../comfyui/assets/clip.mp4");

pub(crate) fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/_files/{name}", get(file))
        .fallback(dispatch)
        .with_state(shared)
}

fn answer(status: StatusCode, body: Value) -> Response {
    (status, axum::Json(body)).into_response()
}

fn app_of(model: &str) -> String {
    model.split('/').take(2).collect::<Vec<_>>().join("/")
}

async fn dispatch(
    State(s): S,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let auth = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok());
    if auth != Some(format!("Key {}", s.key).as_str()) {
        s.state.lock().unwrap().seen.unauthorised += 1;
        return answer(
            StatusCode::UNAUTHORIZED,
            json!({"detail": "No user found for Key ID and Secret"}),
        );
    }
    let path = uri.path().trim_start_matches('/').to_owned();
    let parts: Vec<&str> = path.split('/').collect();
    if parts.len() >= 4 && parts[2] == "requests" {
        let app = format!("{}/{}", parts[0], parts[1]);
        let id = parts[3];
        let tail = parts.get(4).copied();
        return if method == Method::GET && tail == Some("status") {
            status(&s, &app, id)
        } else if method == Method::GET && tail.is_none() {
            result(&s, &app, id)
        } else if method == Method::PUT && tail == Some("cancel") {
            cancel(&s, &app, id)
        } else {
            answer(
                StatusCode::METHOD_NOT_ALLOWED,
                json!({"detail": "Method Not Allowed"}),
            )
        };
    }
    if method == Method::POST && parts.len() >= 2 {
        return submit(&s, &path, &body).await;
    }
    answer(StatusCode::NOT_FOUND, json!({"detail": "Not Found"}))
}

fn urls(base: &str, model: &str, id: &str) -> Value {
    let requests = format!("{base}/{}/requests/{id}", app_of(model));
    json!({
        "request_id": id,
        "status_url": format!("{requests}/status"),
        "response_url": requests,
        "cancel_url": format!("{requests}/cancel"),
    })
}

async fn submit(s: &Arc<Shared>, model: &str, body: &[u8]) -> Response {
    let Ok(input) = serde_json::from_slice::<Value>(body) else {
        return answer(
            StatusCode::UNPROCESSABLE_ENTITY,
            json!({"detail": "Request body must be a JSON object"}),
        );
    };
    // fal's runner fetches the inputs: an address it cannot reach fails the request.
    let mut error = None;
    let mut fetched = Vec::new();
    for (key, v) in input.as_object().into_iter().flatten() {
        let Some(url) = v.as_str().filter(|_| key.ends_with("_url")) else {
            continue;
        };
        let (code, len) = match s.http.get(url).send().await {
            Ok(r) => {
                let code = r.status().as_u16();
                (code, r.bytes().await.map_or(0, |b| b.len()))
            }
            Err(_) => (0, 0),
        };
        if code != 200 && error.is_none() {
            error = Some(format!(
                "Could not download the file at {key} (HTTP {code})"
            ));
        }
        fetched.push((key.clone(), url.to_owned(), code, len));
    }
    let base = s.base.lock().unwrap().clone();
    let mut state = s.state.lock().unwrap();
    state.counter += 1;
    let n = state.counter;
    let id = format!("req-{n:04}");
    if let Some(why) = state.behaviour.fail_next.take() {
        error.get_or_insert(why);
    }
    let output = make_output(&mut state.files, &base, model, n);
    state.seen.fetched.extend(fetched);
    state.seen.submits.push(Submitted {
        id: id.clone(),
        model: model.to_owned(),
        input,
    });
    let behaviour = state.behaviour.clone();
    state.requests.insert(
        id.clone(),
        Request {
            model: model.to_owned(),
            polls: 0,
            cancelled: false,
            error,
            output,
            behaviour: behaviour.clone(),
        },
    );
    let mut body = urls(&base, model, &id);
    body["status"] = json!("IN_QUEUE");
    body["queue_position"] = json!(behaviour.queue_polls);
    answer(StatusCode::OK, body)
}

fn done(r: &Request) -> bool {
    let b: &Behaviour = &r.behaviour;
    !b.hang && r.polls > b.queue_polls + b.progress_polls
}

fn find<'a>(state: &'a mut crate::State, app: &str, id: &str) -> Option<&'a mut Request> {
    state
        .requests
        .get_mut(id)
        .filter(|r| app_of(&r.model) == app)
}

fn not_found() -> Response {
    answer(
        StatusCode::NOT_FOUND,
        json!({"detail": "Request not found"}),
    )
}

fn status(s: &Arc<Shared>, app: &str, id: &str) -> Response {
    let base = s.base.lock().unwrap().clone();
    let mut state = s.state.lock().unwrap();
    *state.seen.polls.entry(id.to_owned()).or_default() += 1;
    let Some(r) = find(&mut state, app, id) else {
        return not_found();
    };
    r.polls += 1;
    let mut body = urls(&base, &r.model, id);
    let b = r.behaviour.clone();
    if r.cancelled || done(r) {
        body["status"] = json!("COMPLETED");
        body["logs"] = json!([]);
        return answer(StatusCode::OK, body);
    }
    if b.hang || r.polls <= b.queue_polls {
        body["status"] = json!("IN_QUEUE");
        body["queue_position"] = json!(b.queue_polls.saturating_sub(r.polls));
    } else {
        let k = r.polls - b.queue_polls;
        body["status"] = json!("IN_PROGRESS");
        body["logs"] = json!([{
            "message": format!("Step {k}/{}", b.progress_polls),
            "level": "INFO",
            "source": "user",
            "timestamp": "2025-01-01T00:00:00Z",
        }]);
    }
    answer(StatusCode::ACCEPTED, body)
}

fn result(s: &Arc<Shared>, app: &str, id: &str) -> Response {
    let mut state = s.state.lock().unwrap();
    let Some(r) = find(&mut state, app, id) else {
        return not_found();
    };
    if r.cancelled {
        return answer(
            StatusCode::BAD_REQUEST,
            json!({"detail": "Request was cancelled"}),
        );
    }
    if !done(r) {
        return answer(
            StatusCode::BAD_REQUEST,
            json!({"detail": "Request is still in progress"}),
        );
    }
    match &r.error {
        Some(why) => answer(
            StatusCode::UNPROCESSABLE_ENTITY,
            json!({"detail": [{"loc": ["body"], "msg": why, "type": "value_error"}]}),
        ),
        None => answer(StatusCode::OK, r.output.clone()),
    }
}

fn cancel(s: &Arc<Shared>, app: &str, id: &str) -> Response {
    let mut state = s.state.lock().unwrap();
    let Some(r) = find(&mut state, app, id) else {
        return not_found();
    };
    if done(r) || r.cancelled {
        return answer(
            StatusCode::BAD_REQUEST,
            json!({"status": "ALREADY_COMPLETED"}),
        );
    }
    r.cancelled = true;
    state.seen.cancels.push(id.to_owned());
    answer(
        StatusCode::ACCEPTED,
        json!({"status": "CANCELLATION_REQUESTED"}),
    )
}

async fn file(State(s): S, Path(name): Path<String>) -> Response {
    let mut state = s.state.lock().unwrap();
    let Some((bytes, ct)) = state.files.get(&name).cloned() else {
        return (StatusCode::NOT_FOUND, "no such file").into_response();
    };
    state.seen.served.push((name, bytes.clone()));
    ([(header::CONTENT_TYPE, ct)], bytes).into_response()
}

/// A small PNG, different per request; with transparency for background removal.
fn png(n: u64, alpha: bool) -> Vec<u8> {
    let (w, h) = (24u32, 16u32);
    let img = image::RgbaImage::from_fn(w, h, |x, y| {
        let a = if alpha && !(6..18).contains(&x) {
            0
        } else {
            255
        };
        image::Rgba([(n * 40 % 256) as u8, (x * 10) as u8, (y * 15) as u8, a])
    });
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

/// Half a second of a 16-bit mono WAV tone, its pitch set by `n`.
fn wav(n: u64) -> Vec<u8> {
    let rate: u32 = 8000;
    let samples: u32 = rate / 2;
    let data_len = samples * 2;
    let mut v = Vec::with_capacity(44 + data_len as usize);
    v.extend_from_slice(b"RIFF");
    v.extend_from_slice(&(36 + data_len).to_le_bytes());
    v.extend_from_slice(b"WAVEfmt ");
    v.extend_from_slice(&16u32.to_le_bytes());
    v.extend_from_slice(&1u16.to_le_bytes());
    v.extend_from_slice(&1u16.to_le_bytes());
    v.extend_from_slice(&rate.to_le_bytes());
    v.extend_from_slice(&(rate * 2).to_le_bytes());
    v.extend_from_slice(&2u16.to_le_bytes());
    v.extend_from_slice(&16u16.to_le_bytes());
    v.extend_from_slice(b"data");
    v.extend_from_slice(&data_len.to_le_bytes());
    let freq = 220.0 + (n % 10) as f64 * 55.0;
    for i in 0..samples {
        let t = f64::from(i) / f64::from(rate);
        let s = ((t * freq * std::f64::consts::TAU).sin() * 8000.0) as i16;
        v.extend_from_slice(&s.to_le_bytes());
    }
    v
}

/// The output of request `n` of `model`, in that kind of model's shape, its files stored.
fn make_output(
    files: &mut std::collections::HashMap<String, (Vec<u8>, &'static str)>,
    base: &str,
    model: &str,
    n: u64,
) -> Value {
    let mut put = |name: String, bytes: Vec<u8>, ct: &'static str| {
        files.insert(name.clone(), (bytes, ct));
        format!("{base}/_files/{name}")
    };
    let has = |words: &[&str]| words.iter().any(|w| model.contains(w));
    if has(&["kokoro", "ace-step", "stable-audio", "tts"]) {
        let url = put(format!("out-{n}.wav"), wav(n), "audio/wav");
        json!({"audio": {"url": url, "content_type": "audio/wav", "file_name": "output.wav"}})
    } else if has(&["video", "wan", "infinitalk", "seedvr", "vace"]) {
        let url = put(format!("out-{n}.mp4"), CLIP_MP4.to_vec(), "video/mp4");
        json!({"video": {"url": url, "content_type": "video/mp4", "file_name": "output.mp4"}, "seed": n})
    } else if has(&["birefnet", "esrgan"]) {
        // No content_type: the client goes by the URL's extension.
        let url = put(
            format!("out-{n}.png"),
            png(n, model.contains("birefnet")),
            "image/png",
        );
        json!({"image": {"url": url, "width": 24, "height": 16}})
    } else {
        let url = put(format!("out-{n}.png"), png(n, false), "image/png");
        json!({
            "images": [{"url": url, "content_type": "image/png", "width": 24, "height": 16}],
            "seed": n,
            "has_nsfw_concepts": [false],
        })
    }
}
