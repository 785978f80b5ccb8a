//! Cancelling a running task frees its worker at once
//! (docs/behaviour/tasks-and-queue.md#task-states cancel): the job is dropped and the worker takes
//! the next task, whether the cancel reached this instance or another one on the same database. The
//! `[slow]` test hook would hold the worker ~20 s; the deadlines below are failure timeouts well
//! under that, not measurements.
#![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]

use crate::common;
use crate::media_support;

use common::{TestServer, poll_until};
use media_support::{create_ok, grant, result, wait_for};
use serde_json::json;
use std::time::Duration;

/// Polls until `done` holds, at most `seconds` (a failure timeout).
async fn within(seconds: u64, what: &str, mut done: impl AsyncFnMut() -> bool) {
    let within = Duration::from_secs(seconds);
    let every = Duration::from_millis(100);
    if poll_until(within, every, async || done().await.then_some(()))
        .await
        .is_none()
    {
        panic!("{what}: not within {seconds} s (the [slow] job would hold its worker ~20 s)");
    }
}

fn jobs(s: &TestServer) -> Vec<String> {
    s.running.as_ref().unwrap().state.tasks.running_jobs()
}

/// Cancels `slow` through `via`, then checks `worker`'s job let go and its one worker ran `next`.
async fn cancel_and_expect_next(worker: &TestServer, via: &TestServer, token: &str, slow: &str) {
    assert!(jobs(worker).contains(&slow.to_owned()), "the slow job runs");
    let (status, body) = via
        .post(&format!("/v1/ai/cancel/{slow}"), Some(token), json!({}))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["status"], "cancelled");
    within(8, "the cancelled job is dropped", async || {
        !jobs(worker).contains(&slow.to_owned())
    })
    .await;
    let next = create_ok(
        worker,
        token,
        "text2image",
        json!({"prompt": "a quick one"}),
    )
    .await;
    within(
        8,
        "the next task succeeds on the freed worker",
        async || result(worker, token, "text2image", &next).await["status"] == "succeeded",
    )
    .await;
    let slow = result(worker, token, "text2image", slow).await;
    assert_eq!(slow["status"], "cancelled", "{slow}");
    assert_eq!(slow["refunded"], true);
}

#[tokio::test]
async fn cancelling_a_running_task_frees_its_worker() {
    let s = media_support::start_with(|cfg| cfg.tasks.workers = 1).await;
    let token = s.register("cy@example.com").await;
    grant(&s, "cy@example.com", 20).await;
    let slow = create_ok(
        &s,
        &token,
        "text2image",
        json!({"prompt": "[slow] a long wait"}),
    )
    .await;
    wait_for(&s, &token, "text2image", &slow, &["running"]).await;
    cancel_and_expect_next(&s, &s, &token, &slow).await;
}

#[tokio::test]
async fn a_cancel_made_by_another_instance_frees_the_worker() {
    let worker = media_support::start_with(|cfg| cfg.tasks.workers = 1).await;
    // A second instance on the same database and data folder, running no workers: its cancel
    // call has no in-process signal to send, the worker must notice the row.
    let mut cfg = worker.cfg.clone();
    cfg.addr = std::net::SocketAddr::from(([127, 0, 0, 1], 0));
    cfg.tasks.workers = 0;
    let other = TestServer::start_with(tempfile::tempdir().unwrap(), cfg).await;
    let token = worker.register("ina@example.com").await;
    grant(&worker, "ina@example.com", 20).await;
    let slow = create_ok(
        &worker,
        &token,
        "text2image",
        json!({"prompt": "[slow] elsewhere"}),
    )
    .await;
    wait_for(&worker, &token, "text2image", &slow, &["running"]).await;
    cancel_and_expect_next(&worker, &other, &token, &slow).await;
}

/// Whether a process still runs (a zombie waiting to be reaped counts as ended).
fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|stat| stat.rsplit(')').next().map(|rest| rest.trim().to_owned()))
        .is_some_and(|rest| !rest.starts_with('Z') && !rest.starts_with('X'))
}

#[tokio::test]
async fn cancelling_a_local_video_task_stops_its_ffmpeg() {
    // An "ffmpeg" that writes its pid and then works for a long time.
    let dir = tempfile::tempdir().unwrap();
    let pid_file = dir.path().join("ffmpeg.pid");
    let program = dir.path().join("ffmpeg");
    std::fs::write(
        &program,
        format!(
            "#!/bin/sh\necho $$ > {}\nexec sleep 60\n",
            pid_file.display()
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
    let ffmpeg = program.display().to_string();
    let s = media_support::start_with(move |cfg| cfg.tasks.ffmpeg = ffmpeg).await;
    let token = s.register("fern@example.com").await;
    grant(&s, "fern@example.com", 10).await;
    let clip = include_bytes!("../../fakes/comfyui/assets/clip.mp4").to_vec();
    let path = media_support::upload(&s, &token, "mai_vqe", "mp4", clip).await;
    let id = create_ok(&s, &token, "mai_vqe", json!({"file_path": path})).await;
    let mut pid = 0;
    within(10, "ffmpeg starts", async || {
        pid = std::fs::read_to_string(&pid_file)
            .ok()
            .and_then(|p| p.trim().parse().ok())
            .unwrap_or(0);
        pid > 0
    })
    .await;
    assert!(alive(pid));
    let (status, _) = s
        .post(&format!("/v1/ai/cancel/{id}"), Some(&token), json!({}))
        .await;
    assert_eq!(status, 200);
    within(5, "ffmpeg is stopped", async || !alive(pid)).await;
    assert_eq!(
        result(&s, &token, "mai_vqe", &id).await["status"],
        "cancelled"
    );
}
