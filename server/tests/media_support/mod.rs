//! Helpers of the upload and task tests: images, uploads, credits, plans, waiting for tasks.
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use crate::common::{TestServer, poll_until};
use aivg_core::imaging::{ImageFormat, decode_image, encode_image};
use aivg_server::config::Config;
use serde_json::Value;
use std::time::Duration;

/// A `w`×`h` PNG with a little pattern.
pub fn png(w: u32, h: u32) -> Vec<u8> {
    let px: Vec<u8> = (0..w * h)
        .flat_map(|i| [(i * 7 % 256) as u8, (i * 13 % 256) as u8, 200, 255])
        .collect();
    encode_image(&px, w, h, ImageFormat::Png, 90).unwrap()
}

/// The size of an encoded image.
pub fn dims(bytes: &[u8]) -> (u32, u32) {
    let img = decode_image(bytes).unwrap();
    (img.width, img.height)
}

/// A server whose configuration `f` adjusts (same harness: SQLite or a fresh PostgreSQL database).
pub async fn start_with(f: impl FnOnce(&mut Config)) -> TestServer {
    let TestServer {
        running,
        dir,
        mut cfg,
        ..
    } = TestServer::start().await;
    running.unwrap().stop().await.unwrap();
    f(&mut cfg);
    TestServer::start_with(dir, cfg).await
}

pub fn pool(s: &TestServer) -> sqlx::AnyPool {
    s.running.as_ref().unwrap().state.db.pool.clone()
}

pub async fn user_id(s: &TestServer, email: &str) -> i64 {
    let row = sqlx::query("SELECT id FROM users WHERE email = $1")
        .bind(email)
        .fetch_one(&pool(s))
        .await
        .unwrap();
    sqlx::Row::try_get(&row, "id").unwrap()
}

/// Grants credits to a user through the ledger.
pub async fn grant(s: &TestServer, email: &str, credits: i64) {
    let id = user_id(s, email).await;
    let mut tx = pool(s).begin().await.unwrap();
    aivg_server::ledger::lock_user(&mut tx, id).await.unwrap();
    let entry = aivg_server::ledger::Entry {
        user_id: id,
        reason: "test",
        details: "Test credits",
        credits,
        date: aivg_server::clock::now_s(),
        expire_time: 0,
        reference: "",
    };
    aivg_server::ledger::grant(&mut tx, &entry).await.unwrap();
    tx.commit().await.unwrap();
}

/// Puts a user on a paid plan for a month.
pub async fn set_plan(s: &TestServer, email: &str, level: &str) {
    sqlx::query("UPDATE users SET verify_level = $1, verify_expired_time = $2 WHERE email = $3")
        .bind(level)
        .bind(aivg_server::clock::now_s() + 30 * 86_400)
        .bind(email)
        .execute(&pool(s))
        .await
        .unwrap();
}

/// Uploads bytes through a grant; answers the oss_path.
pub async fn upload(
    s: &TestServer,
    token: &str,
    algorithm: &str,
    ext: &str,
    bytes: Vec<u8>,
) -> String {
    let (status, body) = s
        .get(
            &format!("/v1/common/oss/token?algorithm={algorithm}&ext={ext}"),
            Some(token),
        )
        .await;
    assert_eq!(status, 200, "grant: {body}");
    let url = body["data"]["upload_url"].as_str().unwrap().to_owned();
    let res = s.http.put(&url).body(bytes).send().await.unwrap();
    let status = res.status().as_u16();
    let answer: Value = res.json().await.unwrap();
    assert_eq!(status, 200, "upload: {answer}");
    body["data"]["oss_path"].as_str().unwrap().to_owned()
}

/// GET of a full URL: (status, headers, bytes).
pub async fn fetch(s: &TestServer, url: &str) -> (u16, reqwest::header::HeaderMap, Vec<u8>) {
    let res = s.http.get(url).send().await.unwrap();
    let status = res.status().as_u16();
    let headers = res.headers().clone();
    (status, headers, res.bytes().await.unwrap().to_vec())
}

/// Creates a task; answers (status, body).
pub async fn create(s: &TestServer, token: &str, algorithm: &str, data: Value) -> (u16, Value) {
    s.post(
        &format!("/v1/ai/create/{algorithm}"),
        Some(token),
        serde_json::json!({ "data": data }),
    )
    .await
}

/// Creates a task that must be accepted; answers its id.
pub async fn create_ok(s: &TestServer, token: &str, algorithm: &str, data: Value) -> String {
    let (status, body) = create(s, token, algorithm, data).await;
    assert_eq!(status, 200, "create {algorithm}: {body}");
    body["data"]["task_id"].as_str().unwrap().to_owned()
}

/// The task's current view.
pub async fn result(s: &TestServer, token: &str, algorithm: &str, id: &str) -> Value {
    let (status, body) = s
        .get(&format!("/v1/ai/result/{algorithm}/{id}"), Some(token))
        .await;
    assert_eq!(status, 200, "result: {body}");
    body["data"].clone()
}

/// Polls until the task's status is one of `statuses` (at most 30 s).
pub async fn wait_for(
    s: &TestServer,
    token: &str,
    algorithm: &str,
    id: &str,
    statuses: &[&str],
) -> Value {
    let reached = poll_until(
        Duration::from_secs(60),
        Duration::from_millis(100),
        async || {
            let t = result(s, token, algorithm, id).await;
            statuses
                .contains(&t["status"].as_str().unwrap_or_default())
                .then_some(t)
        },
    )
    .await;
    if let Some(t) = reached {
        return t;
    }
    panic!(
        "task {id} never reached {statuses:?}: {}",
        result(s, token, algorithm, id).await
    );
}

/// Polls until the task has ended.
pub async fn wait_done(s: &TestServer, token: &str, algorithm: &str, id: &str) -> Value {
    wait_for(
        s,
        token,
        algorithm,
        id,
        &["succeeded", "failed", "cancelled"],
    )
    .await
}

/// Whether the ffmpeg tests run: ffmpeg and ffprobe present, or an explicit skip with
/// `AIVG_SKIP_FFMPEG_TESTS=1`. They are requirements of the suite (scripts/setup.sh installs
/// Debian's `ffmpeg`), so their absence otherwise fails the test with that message.
pub fn ffmpeg_ready() -> bool {
    let runs = |program: &str| {
        std::process::Command::new(program)
            .arg("-version")
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if runs("ffmpeg") && runs("ffprobe") {
        return true;
    }
    if std::env::var("AIVG_SKIP_FFMPEG_TESTS").is_ok_and(|v| v == "1") {
        eprintln!("ffmpeg/ffprobe not installed and AIVG_SKIP_FFMPEG_TESTS=1: skipped");
        return false;
    }
    panic!(
        "ffmpeg and ffprobe are needed by this test: run scripts/setup.sh (apt-get install ffmpeg), or set AIVG_SKIP_FFMPEG_TESTS=1 to skip it"
    );
}

/// Reads server-sent events until `until` holds for one; answers the events seen (name, data).
pub async fn read_events(
    res: &mut reqwest::Response,
    until: impl Fn(&str, &Value) -> bool,
) -> Vec<(String, Value)> {
    let mut buf = String::new();
    let mut seen = Vec::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let chunk = tokio::time::timeout_at(deadline, res.chunk())
            .await
            .expect("events arrive in time")
            .unwrap()
            .unwrap();
        buf.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = buf.find("\n\n") {
            let block: String = buf.drain(..end + 2).collect();
            let name = block
                .lines()
                .find_map(|l| l.strip_prefix("event: "))
                .unwrap_or_default()
                .to_owned();
            let data = block
                .lines()
                .find_map(|l| l.strip_prefix("data: "))
                .unwrap_or("null");
            let data: Value = serde_json::from_str(data).unwrap_or(Value::Null);
            let done = until(&name, &data);
            seen.push((name, data));
            if done {
                return seen;
            }
        }
    }
}
