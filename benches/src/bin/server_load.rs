//! Open-loop load on the reference server over loopback: a fixed request rate for a fixed time,
//! latency measured from each request's *scheduled* start (so a stalled server cannot hide its
//! queueing: no coordinated omission). Prints requests per second and p50/p99/max latency for
//! `POST /v1/user` and `GET /v1/activity/checkin/status`.
//!
//! `cargo run --release -p aivg-benches --bin server_load -- [rate=1000] [seconds=10]`
//! The server runs in this process on its own runtime (2 worker threads) with a temporary SQLite
//! database (or the PostgreSQL database `DATABASE_URL` names, when it is a postgres:// URL); the load
//! generator runs on a separate single-threaded runtime. The goal of issue 5 is p99 ≤ 10 ms at
//! 1000 requests/s on the 2-core machine; each line says whether it was met. The generator's own
//! lag (how late it sent the most-behind request) is printed too: when it is large, the client,
//! not the server, was the limit, and the latencies include that wait.
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
    let mut max_lag = Duration::ZERO;
    for i in 0..total {
        let scheduled = start + interval * i as u32;
        tokio::time::sleep_until(scheduled.into()).await;
        max_lag = max_lag.max(scheduled.elapsed());
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
    let p99 = percentile(&latencies, 99.0);
    // Issue 5's goal; a report, never an assertion (timings vary with the machine's load).
    let goal = if rate >= 1000 && p99 <= Duration::from_millis(10) && errors == 0 {
        "goal met (p99 <= 10 ms at >= 1000 req/s)"
    } else if rate >= 1000 {
        "goal NOT met (p99 <= 10 ms at >= 1000 req/s, no errors)"
    } else {
        "below the goal's rate"
    };
    println!(
        "{what:>14}: {:.0} req/s achieved (target {rate}), p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms, errors {errors}, generator lag max {:.2} ms; {goal}",
        latencies.len() as f64 / wall,
        percentile(&latencies, 50.0).as_secs_f64() * 1e3,
        p99.as_secs_f64() * 1e3,
        latencies.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
        max_lag.as_secs_f64() * 1e3,
    );
}

fn main() {
    let mut args = Vec::new();
    for a in std::env::args().skip(1) {
        match a.parse::<u64>() {
            Ok(n) if n > 0 => args.push(n),
            _ => {
                eprintln!(
                    "usage: server_load [rate=1000] [seconds=10] (positive whole numbers), got {a:?}"
                );
                std::process::exit(2);
            }
        }
    }
    let rate = args.first().copied().unwrap_or(1000);
    let secs = args.get(1).copied().unwrap_or(10);
    let dir = tempfile::tempdir().expect("temp dir");
    let server_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let mut cfg = aivg_server::config::Config::for_tests(dir.path().to_path_buf());
    // Like production: no test hooks.
    cfg.tasks.test_hooks = false;
    let db = if cfg.database_url.starts_with("postgres") {
        "PostgreSQL"
    } else {
        "SQLite"
    };
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
            .json(&serde_json::json!({
                // A new account each run, so a reused PostgreSQL database works too.
                "email": format!("load-{}@example.com", aivg_server::ids::random_token(10).to_lowercase()),
                "password": "secret123",
            }))
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
        println!("open-loop load on loopback, {rate} req/s for {secs} s each ({db}, server on 2 worker threads)");
        // Warm-up (printed, not part of the result): connections, prepared statements.
        run(&client, &base, &token, "warm-up user", rate.min(200), 1).await;
        run(&client, &base, &token, "user", rate, secs).await;
        run(&client, &base, &token, "checkin/status", rate, secs).await;
    });
    server_rt.block_on(running.stop()).expect("stop");
}
