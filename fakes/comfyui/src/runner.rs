//! Runs queued prompts one at a time, sending ComfyUI's execution messages to the prompt's
//! client and writing its history entry and output files.

use crate::{Frame, Item, Shared, outputs};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(0))
}

pub(crate) fn queue_remaining(shared: &Shared) -> usize {
    let s = shared.state.lock().unwrap();
    s.pending.len() + usize::from(s.running.is_some())
}

/// Sends `status` to everyone (ComfyUI does on every queue change).
pub(crate) fn status(shared: &Shared) {
    let n = queue_remaining(shared);
    let _ = shared.events.send((
        None,
        Frame::Json(
            json!({"type": "status", "data": {"status": {"exec_info": {"queue_remaining": n}}}}),
        ),
    ));
}

fn send(shared: &Shared, item: &Item, kind: &str, mut data: Value) {
    data["prompt_id"] = json!(item.prompt_id);
    let _ = shared.events.send((
        Some(item.client()),
        Frame::Json(json!({"type": kind, "data": data})),
    ));
}

/// ComfyUI's binary event type of an encoded preview (`server.py` `BinaryEventTypes.PREVIEW_IMAGE`).
const PREVIEW_IMAGE: u32 = 1;
/// The preview's image type in that frame: 1 JPEG, 2 PNG (`server.py` `send_image`).
const JPEG: u32 = 1;
/// The side of the fake's previews (ComfyUI's TAESD previews are a latent's size ×8, at most 512).
const PREVIEW_SIDE: u32 = 64;

/// Sends the sampler's preview of `step` of `steps` to the prompt's client as ComfyUI frames it:
/// a 4-byte big-endian event type, a 4-byte image type, then the JPEG (`server.py`
/// `send_image` → `send_bytes` → `encode_bytes`). The picture is a flat colour moving from dark
/// to light with the step, so each preview differs.
fn preview(shared: &Shared, item: &Item, step: u64, steps: u64) {
    let level = u8::try_from(40 + (200 * step) / steps.max(1)).unwrap_or(u8::MAX);
    let img = image::RgbImage::from_pixel(
        PREVIEW_SIDE,
        PREVIEW_SIDE,
        image::Rgb([level, 90, 255 - level]),
    );
    let mut jpeg = Vec::new();
    if image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 80)
        .encode_image(&img)
        .is_err()
    {
        return;
    }
    let mut frame = Vec::with_capacity(8 + jpeg.len());
    frame.extend_from_slice(&PREVIEW_IMAGE.to_be_bytes());
    frame.extend_from_slice(&JPEG.to_be_bytes());
    frame.extend_from_slice(&jpeg);
    shared.state.lock().unwrap().seen.previews.push(jpeg);
    let _ = shared
        .events
        .send((Some(item.client()), Frame::Binary(frame)));
}

/// The executor loop.
pub(crate) async fn run(shared: Arc<Shared>) {
    loop {
        let next = {
            let mut s = shared.state.lock().unwrap();
            if s.running.is_none() {
                if let Some(item) = s.pending.pop_front() {
                    s.running = Some(item.clone());
                    s.interrupt = false;
                    s.finish = false;
                    Some((item, s.epoch))
                } else {
                    None
                }
            } else {
                None
            }
        };
        match next {
            Some((item, epoch)) => {
                let start = now_ms();
                status(&shared);
                execute(&shared, &item, epoch).await;
                {
                    let mut s = shared.state.lock().unwrap();
                    s.seen.runs.push((item.prompt_id.clone(), start, now_ms()));
                    if s.running
                        .as_ref()
                        .is_some_and(|r| r.prompt_id == item.prompt_id)
                    {
                        s.running = None;
                    }
                }
                status(&shared);
                // ComfyUI's `prompt_worker`: `task_done` (the queue lets the prompt go, its
                // history written, `status` sent), then `executing {node: null}` to the sender.
                if shared.state.lock().unwrap().epoch == epoch {
                    send(&shared, &item, "executing", json!({"node": null}));
                }
            }
            None => {
                tokio::select! {
                    () = shared.wake.notified() => {}
                    () = tokio::time::sleep(Duration::from_millis(50)) => {}
                }
            }
        }
    }
}

/// Node ids in a stable order: loaders first, outputs last (a plausible execution order).
fn order(graph: &Value, outputs: &[String]) -> Vec<String> {
    let mut ids: Vec<String> = graph
        .as_object()
        .map(|m| m.keys().cloned().collect())
        .unwrap_or_default();
    ids.sort_by_key(|id| {
        (
            outputs.contains(id),
            id.parse::<f64>().unwrap_or(f64::MAX) as i64,
            id.clone(),
        )
    });
    ids
}

async fn execute(shared: &Shared, item: &Item, epoch: u64) {
    let b = shared.state.lock().unwrap().behaviour.clone();
    let live = || shared.state.lock().unwrap().epoch == epoch;
    let mut messages =
        vec![json!(["execution_start", {"prompt_id": item.prompt_id, "timestamp": now_ms()}])];
    send(
        shared,
        item,
        "execution_start",
        json!({"timestamp": now_ms()}),
    );
    send(
        shared,
        item,
        "execution_cached",
        json!({"nodes": [], "timestamp": now_ms()}),
    );
    let ids = order(&item.graph, &item.outputs);
    let sampler = ids
        .iter()
        .find(|id| {
            item.graph[id.as_str()]["class_type"]
                .as_str()
                .is_some_and(|c| c.contains("Sampler"))
        })
        .or_else(|| item.outputs.first())
        .cloned()
        .unwrap_or_default();
    let mut executed = Vec::new();
    let mut ui_outputs = serde_json::Map::new();
    for id in &ids {
        let class = item.graph[id.as_str()]["class_type"]
            .as_str()
            .unwrap_or_default();
        send(
            shared,
            item,
            "executing",
            json!({"node": id, "display_node": id}),
        );
        if *id == sampler {
            let mut step = 0;
            loop {
                if !live() {
                    return;
                }
                if shared.state.lock().unwrap().interrupt {
                    let data = json!({"prompt_id": item.prompt_id, "node_id": id, "node_type": class, "executed": executed, "timestamp": now_ms()});
                    send(shared, item, "execution_interrupted", data.clone());
                    messages.push(json!(["execution_interrupted", data]));
                    record(shared, item, epoch, json!({}), "error", false, messages);
                    return;
                }
                if step >= b.steps && (!b.hang || shared.state.lock().unwrap().finish) {
                    break;
                }
                step += 1;
                if step <= b.steps {
                    send(
                        shared,
                        item,
                        "progress",
                        json!({"value": step, "max": b.steps, "node": id}),
                    );
                    if b.previews {
                        preview(shared, item, step, b.steps);
                    }
                }
                tokio::time::sleep(Duration::from_millis(b.step_ms)).await;
            }
            if b.fail_next {
                shared.state.lock().unwrap().behaviour.fail_next = false;
                let data = json!({"prompt_id": item.prompt_id, "node_id": id, "node_type": class, "executed": executed,
                    "exception_message": "Allocation on device 0 would exceed allowed memory. (out of memory)",
                    "exception_type": "torch.OutOfMemoryError", "traceback": ["  File \"execution.py\", line 496, in execute\n"],
                    "current_inputs": {}, "current_outputs": {}, "timestamp": now_ms()});
                send(shared, item, "execution_error", data.clone());
                messages.push(json!(["execution_error", data]));
                record(shared, item, epoch, json!({}), "error", false, messages);
                return;
            }
        }
        if item.outputs.contains(id) {
            let counter = {
                let mut s = shared.state.lock().unwrap();
                s.counter += 1;
                s.counter
            };
            let given = loaded_video(shared, &item.graph);
            if let Some((ui, files)) = outputs::write(
                class,
                &item.graph[id.as_str()]["inputs"],
                &item.graph,
                counter,
                given,
            ) {
                let mut s = shared.state.lock().unwrap();
                for f in files {
                    s.files
                        .insert((f.subfolder, f.filename, f.kind.to_owned()), f.bytes);
                }
                drop(s);
                send(
                    shared,
                    item,
                    "executed",
                    json!({"node": id, "display_node": id, "output": ui}),
                );
                ui_outputs.insert(id.clone(), ui);
            }
        }
        executed.push(id.clone());
    }
    if !live() {
        return;
    }
    let done = json!({"prompt_id": item.prompt_id, "timestamp": now_ms()});
    send(
        shared,
        item,
        "execution_success",
        json!({"timestamp": now_ms()}),
    );
    messages.push(json!(["execution_success", done]));
    record(
        shared,
        item,
        epoch,
        Value::Object(ui_outputs),
        "success",
        true,
        messages,
    );
}

/// Writes the history entry (`GET /history/{id}`'s shape).
fn record(
    shared: &Shared,
    item: &Item,
    epoch: u64,
    outputs: Value,
    status: &str,
    completed: bool,
    messages: Vec<Value>,
) {
    let mut s = shared.state.lock().unwrap();
    if s.epoch != epoch {
        return;
    }
    let entry = json!({
        "prompt": item.entry(),
        "outputs": outputs,
        "status": {"status_str": status, "completed": completed, "messages": messages},
        "meta": {},
    });
    s.history.insert(item.prompt_id.clone(), entry);
}

/// The uploaded file the graph's `LoadVideo` reads, if it was uploaded: a fake that computes
/// nothing saves the frames it was given (see `outputs::write`).
fn loaded_video(shared: &Shared, graph: &Value) -> Option<Vec<u8>> {
    let name = graph.as_object()?.values().find_map(|n| {
        (n["class_type"] == "LoadVideo")
            .then(|| n["inputs"]["file"].as_str())
            .flatten()
    })?;
    let (subfolder, file) = name.rsplit_once('/').unwrap_or(("", name));
    let s = shared.state.lock().unwrap();
    s.files
        .get(&(subfolder.to_owned(), file.to_owned(), "input".to_owned()))
        .cloned()
}
