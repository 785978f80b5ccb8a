//! Open-loop load on the reference server over loopback: a fixed request rate for a fixed time,
//! latency measured from each request's *scheduled* start (so a stalled server cannot hide its
//! queueing: no coordinated omission). Prints requests per second and p50/p99/max latency for
//! `POST /v1/user` and `GET /v1/activity/checkin/status`.
//!
//! `cargo run --release -p aivg-benches --bin server_load -- [rate=1000] [seconds=10]`
//! The server runs in this process on its own runtime (2 worker threads) with a temporary SQLite
//! database; the load generator runs on a separate single-threaded runtime.
#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::time::{Duration, Instant};

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

async fn run(client: &reqwest::Client, base: &str, token: &str, what: &str, rate: u64, secs: u64) {
    let interval = Duration::from_nanos(1_000_000_000 / rate);
    let total = rate * secs;
    let start = Instant::now();
    let mut handles = Vec::with_capacity(total as usize);
    for i in 0..total {
        let scheduled = start + interval * i as u32;
        tokio::time::sleep_until(scheduled.into()).await;
        let req = match what {
            "user" => client
                .post(format!("{base}/v1/user"))
                .json(&serde_json::json!({})),
            _ => client.get(format!(
                "{base}/v1/activity/checkin/status?code=daily_checkin"
            )),
        }
        .bearer_auth(token);
        handles.push(tokio::spawn(async move {
            let ok = matches!(req.send().await, Ok(r) if r.status().is_success());
            (scheduled.elapsed(), ok)
        }));
    }
    let mut latencies = Vec::with_capacity(handles.len());
    let mut errors = 0;
    for h in handles {
        let (lat, ok) = h.await.expect("request task");
        if !ok {
            errors += 1;
        }
        latencies.push(lat);
    }
    let wall = start.elapsed().as_secs_f64();
    latencies.sort();
    println!(
        "{what:>14}: {:.0} req/s achieved (target {rate}), p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms, errors {errors}",
        latencies.len() as f64 / wall,
        percentile(&latencies, 50.0).as_secs_f64() * 1e3,
        percentile(&latencies, 99.0).as_secs_f64() * 1e3,
        latencies.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
    );
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let rate = args.first().copied().unwrap_or(1000).max(1);
    let secs = args.get(1).copied().unwrap_or(10).max(1);
    let dir = tempfile::tempdir().expect("temp dir");
    let server_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let cfg = aivg_server::config::Config::for_tests(dir.path().to_path_buf());
    let running = server_rt
        .block_on(aivg_server::start(cfg))
        .expect("server starts");
    let base = format!("http://{}", running.addr);
    let client_rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    client_rt.block_on(async {
        let client = reqwest::Client::builder().pool_max_idle_per_host(512).build().unwrap();
        let reg: serde_json::Value = client
            .post(format!("{base}/account/register"))
            .json(&serde_json::json!({"email": "load@example.com", "password": "secret123"}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let code = reg["data"]["code"].as_str().expect("code").to_owned();
        let tok: serde_json::Value = client
            .post(format!("{base}/v1/oauth/token"))
            .json(&serde_json::json!({"code": code}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let token = tok["data"]["access_token"].as_str().expect("token").to_owned();
        println!("open-loop load on loopback, {rate} req/s for {secs} s each (SQLite, server on 2 worker threads)");
        // Warm-up: connections, prepared statements.
        run(&client, &base, &token, "user", rate.min(200), 1).await;
        run(&client, &base, &token, "user", rate, secs).await;
        run(&client, &base, &token, "checkin/status", rate, secs).await;
    });
    server_rt.block_on(running.stop()).expect("stop");
}
