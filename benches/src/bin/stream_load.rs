//! Open event streams: what 10,000 signed-in tabs cost one instance.
//!
//! `cargo run --profile load -p aivg-benches --bin stream_load -- [streams = 10000] [samples = 200]`
//!
//! The server runs in this process (2 worker threads, like the 2-core machine) with a temporary
//! SQLite database, or the PostgreSQL database `DATABASE_URL` names. The streams are opened by a
//! child process (this program again, with `--client`), so this process's resident memory is the
//! server's: memory per stream = RSS growth / streams opened. Printed:
//! - the latency of a user's own `addTask` event, from sending `POST /v1/ai/create` to the event
//!   arriving on that user's stream (p50/p99 of `samples` sequential creations), with 4 streams
//!   open and again with `streams` more open (2 per user, so many users; goal: p99 at most 2×);
//! - server memory per open stream (goal ≤ 32 KB);
//! - the session-check queries per check interval with every stream open (goal: not one per
//!   stream).
//!
//! A report, never an assertion on time.
#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::print_stdout,
    clippy::print_stderr
)]

use aivg_benches::load::accounts;
use std::io::{BufRead, Write};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Streams each load user opens.
const PER_USER: usize = 2;
/// Streams opened at once by the client.
const OPENING: usize = 200;
/// The session-check interval of the bench's server (the default is 15 s; the queries per check
/// do not depend on it).
const CHECK_EVERY: Duration = Duration::from_secs(2);

/// Raises the open-file limit to its hard limit (each stream is a socket on both sides).
fn raise_nofile() -> u64 {
    use rustix::process::{Resource, getrlimit, setrlimit};
    let mut lim = getrlimit(Resource::Nofile);
    lim.current = lim.maximum;
    let _ = setrlimit(Resource::Nofile, lim);
    getrlimit(Resource::Nofile).current.unwrap_or(u64::MAX)
}

fn rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse().ok())
        })
        .unwrap_or(0)
}

/// The child: opens a stream per token of the file, reads them until stdin closes.
fn client(base: &str, tokens_file: &str) {
    raise_nofile();
    let tokens: Vec<String> = std::fs::read_to_string(tokens_file)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    let addr = base.trim_start_matches("http://").to_owned();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async move {
        let sem = std::sync::Arc::new(tokio::sync::Semaphore::new(OPENING));
        let mut opened = tokio::task::JoinSet::new();
        for token in tokens {
            let (addr, sem) = (addr.clone(), sem.clone());
            opened.spawn(async move {
                let permit = sem.acquire_owned().await.unwrap();
                let mut s = tokio::net::TcpStream::connect(&addr).await.ok()?;
                let req = format!(
                    "GET /v1/ai/events HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\n\r\n"
                );
                s.write_all(req.as_bytes()).await.ok()?;
                let mut buf = vec![0u8; 512];
                let n = s.read(&mut buf).await.ok()?;
                let head = String::from_utf8_lossy(&buf[..n]).to_string();
                drop(permit);
                if !head.starts_with("HTTP/1.1 200") {
                    return None;
                }
                // Keeps reading (the keep-alive comments) until the server ends the stream.
                tokio::spawn(async move {
                    let mut buf = [0u8; 256];
                    while matches!(s.read(&mut buf).await, Ok(n) if n > 0) {}
                });
                Some(())
            });
        }
        let (mut ok, mut failed) = (0, 0);
        while let Some(r) = opened.join_next().await {
            match r {
                Ok(Some(())) => ok += 1,
                _ => failed += 1,
            }
        }
        println!("open {ok} failed {failed}");
        std::io::stdout().flush().unwrap();
        // Until the parent closes stdin.
        tokio::task::spawn_blocking(|| {
            let mut line = String::new();
            while std::io::stdin().lock().read_line(&mut line).unwrap_or(0) > 0 {
                line.clear();
            }
        })
        .await
        .unwrap();
    });
}

/// Reads a stream until an `addTask` event for `task_id` arrives (or the stream ends).
async fn wait_add(res: &mut reqwest::Response, pending: &mut String, task_id: &str) -> bool {
    loop {
        while let Some(end) = pending.find("\n\n") {
            let block: String = pending.drain(..end + 2).collect();
            if block.contains("event: addTask") && block.contains(task_id) {
                return true;
            }
        }
        match res.chunk().await {
            Ok(Some(c)) => pending.push_str(&String::from_utf8_lossy(&c)),
            _ => return false,
        }
    }
}

fn pct(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// The p50 and p99 of a phase: of `addTask` (creation sent → event read), and of the creation's
/// answer alone (what the event waits on is the rest).
struct Phase {
    p50: Duration,
    p99: Duration,
    answer_p50: Duration,
    answer_p99: Duration,
}

/// `samples` creations by `token`, each timed until its `addTask` arrives on `res`.
async fn latencies(
    client: &reqwest::Client,
    base: &str,
    token: &str,
    res: &mut reqwest::Response,
    samples: usize,
) -> Phase {
    let mut pending = String::new();
    let mut times = Vec::with_capacity(samples);
    let mut answers = Vec::with_capacity(samples);
    for i in 0..samples {
        let t0 = Instant::now();
        let body: serde_json::Value = client
            .post(format!("{base}/v1/ai/create/text2image"))
            .bearer_auth(token)
            .json(&serde_json::json!({"data": {"prompt": format!("[slow] stream bench {i}")}}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let id = body["data"]["task_id"]
            .as_str()
            .unwrap_or_else(|| panic!("create: {body}"))
            .to_owned();
        answers.push(t0.elapsed());
        assert!(wait_add(res, &mut pending, &id).await, "the stream ended");
        times.push(t0.elapsed());
        // The next creation after the event, so the events never queue up behind each other.
    }
    times.sort();
    answers.sort();
    Phase {
        p50: pct(&times, 0.5),
        p99: pct(&times, 0.99),
        answer_p50: pct(&answers, 0.5),
        answer_p99: pct(&answers, 0.99),
    }
}

fn show(label: &str, p: &Phase) {
    println!(
        "{label}: addTask p50 {} p99 {} (the creation's answer alone: p50 {} p99 {})",
        ms(p.p50),
        ms(p.p99),
        ms(p.answer_p50),
        ms(p.answer_p99)
    );
}

async fn open_stream(client: &reqwest::Client, base: &str, token: &str) -> reqwest::Response {
    let res = client
        .get(format!("{base}/v1/ai/events"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    res
}

/// Session-check queries per check interval, read from the server's counters over a few
/// intervals.
async fn queries_per_check(state: &aivg_server::state::AppState, every: Duration) -> String {
    let streams = state.tasks.streams();
    let (r0, q0) = streams.session_check_counts();
    tokio::time::sleep(every * 3 + every / 2).await;
    let (r1, q1) = streams.session_check_counts();
    let rounds = r1.saturating_sub(r0).max(1);
    format!(
        "{} queries in {} checks: {:.1} per check",
        q1 - q0,
        r1 - r0,
        (q1 - q0) as f64 / rounds as f64
    )
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--client") {
        client(&args[1], &args[2]);
        return;
    }
    let n: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let samples: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    let nofile = raise_nofile();
    println!("open files allowed: {nofile}");
    let dir = tempfile::tempdir().expect("temp dir");
    let server_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let mut cfg = aivg_server::config::Config::for_tests(dir.path().to_path_buf());
    // `[slow]` prompts: the tasks wait in the queue, so the creations cost no generation.
    cfg.tasks.test_hooks = true;
    cfg.tasks.max_queued_per_user = 10_000;
    // `AIVG_STREAM_CHECK_S` as the server reads it; the bench's default is 2 s.
    cfg.tasks.stream_session_check = std::env::var("AIVG_STREAM_CHECK_S")
        .ok()
        .and_then(|v| v.parse().ok())
        .map_or(CHECK_EVERY, Duration::from_secs);
    let check_every = cfg.tasks.stream_session_check;
    cfg.user_cache = aivg_server::config::DEFAULT_USER_CACHE;
    let db = if cfg.database_url.starts_with("postgres") {
        "PostgreSQL"
    } else {
        "SQLite"
    };
    let running = server_rt
        .block_on(aivg_server::start(cfg))
        .expect("server starts");
    let base = format!("http://{}", running.addr);
    let state = running.state.clone();
    let client_rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    client_rt.block_on(async {
        let http = reqwest::Client::new();
        let tag = aivg_server::ids::random_token(6).to_lowercase();
        println!("{n} streams, {PER_USER} per user, {samples} creations a phase ({db}, server on 2 worker threads)");
        let me = accounts::make(&state, &format!("{tag}-me"), 1, 1_000_000)
            .await
            .expect("account");
        let token = me[0].token.clone();
        // Four streams: the user's own and three of one other user.
        let others = accounts::make(&state, &format!("{tag}-few"), 1, 0)
            .await
            .expect("account");
        let mut mine = open_stream(&http, &base, &token).await;
        let mut few = Vec::new();
        for _ in 0..3 {
            few.push(open_stream(&http, &base, &others[0].token).await);
        }
        // Warm-up (connections, statements): not part of the result.
        latencies(&http, &base, &token, &mut mine, 20).await;
        let few_phase = latencies(&http, &base, &token, &mut mine, samples).await;
        show("4 streams open", &few_phase);
        let (p50_few, p99_few) = (few_phase.p50, few_phase.p99);
        let load = accounts::make(&state, &format!("{tag}-load"), n.div_ceil(PER_USER), 0)
            .await
            .expect("accounts");
        let tokens_file = dir.path().join("tokens.txt");
        let mut lines = String::new();
        for i in 0..n {
            lines.push_str(&load[i / PER_USER].token);
            lines.push('\n');
        }
        std::fs::write(&tokens_file, lines).unwrap();
        let before_rss = rss_kb();
        let before_streams = state.tasks.stream_count();
        let mut child = std::process::Command::new(std::env::current_exe().unwrap())
            .arg("--client")
            .arg(&base)
            .arg(&tokens_file)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("client process");
        let out = child.stdout.take().unwrap();
        let report = tokio::task::spawn_blocking(move || {
            let mut line = String::new();
            std::io::BufReader::new(out).read_line(&mut line).unwrap();
            line
        })
        .await
        .unwrap();
        println!("client: {}", report.trim());
        // Until the server holds them all (or 30 s).
        let t = Instant::now();
        while state.tasks.stream_count() < before_streams + n && t.elapsed() < Duration::from_secs(30) {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        tokio::time::sleep(Duration::from_secs(2)).await;
        let open = state.tasks.stream_count() - before_streams;
        let after_rss = rss_kb();
        let per_stream = (after_rss.saturating_sub(before_rss) as f64) / open.max(1) as f64;
        println!(
            "server: {open} streams opened; RSS {before_rss} KB -> {after_rss} KB: {per_stream:.1} KB per stream (goal <= 32 KB)"
        );
        let many = latencies(&http, &base, &token, &mut mine, samples).await;
        show(&format!("{} streams open, just opened", open + 4), &many);
        // Again once every stream has passed its first keep-alive interval (15 s): streams
        // opened together would send theirs together from then on.
        tokio::time::sleep(Duration::from_secs(16)).await;
        let later = latencies(&http, &base, &token, &mut mine, samples).await;
        show(&format!("{} streams open, 16 s later", open + 4), &later);
        let (p50_many, p99_many) = if later.p99 > many.p99 {
            (later.p50, later.p99)
        } else {
            (many.p50, many.p99)
        };
        println!(
            "p99 ratio (the worse of the two) {:.2}x (goal <= 2x)",
            p99_many.as_secs_f64() / p99_few.as_secs_f64()
        );
        println!(
            "session checks with {} streams open: {}",
            open + 4,
            queries_per_check(&state, check_every).await
        );
        println!("\n| figure | 4 streams | {} streams |", open + 4);
        println!("|---|---|---|");
        println!("| addTask p50 | {} | {} |", ms(p50_few), ms(p50_many));
        println!("| addTask p99 | {} | {} |", ms(p99_few), ms(p99_many));
        println!("| RSS per stream | | {per_stream:.1} KB |");
        drop(child.stdin.take());
        let _ = child.kill();
        let _ = child.wait();
        drop(few);
        drop(mine);
    });
    server_rt.block_on(running.stop()).expect("stop");
}
