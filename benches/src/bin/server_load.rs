//! Server capacity: for each call, the highest request rate it holds with p99 ≤ 10 ms, open loop
//! over loopback (see `load/`), and an exact ledger after 200 concurrent check-in claims.
//!
//! `cargo run --profile load -p aivg-benches --bin server_load -- [seconds per run = 3] [calls]`
//! where calls is a comma list of `floor,user,status,claim,create` (default: all; `floor` is a call
//! with no database work, the ceiling of the HTTP path and generator on this machine). The server runs in
//! this process on its own runtime (2 worker threads, like the 2-core machine) with a temporary
//! SQLite database, or the PostgreSQL database `DATABASE_URL` names; the generator runs on a
//! separate single-threaded runtime. Goals: ≥ 10,000 req/s for the reads (`POST /v1/user`,
//! check-in status) and ≥ 500 req/s for the writes (check-in claim, `POST /v1/ai/create`). A
//! report, never an assertion on time; the ledger check does fail the run (exit 1).
#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use aivg_benches::load::{accounts, capacity, open_loop};
use std::sync::Arc;
use std::time::Duration;

const BOUND: Duration = Duration::from_millis(10);
const READ_GOAL: u64 = 10_000;
const WRITE_GOAL: u64 = 500;
/// Where the writes' capacity search starts (req/s).
const WRITE_START: u64 = 250;
/// Tasks one load account creates (under the per-user waiting limit).
const TASKS_PER_ACCOUNT: u64 = 10;

fn ok_200(s: reqwest::StatusCode) -> bool {
    s.is_success()
}

struct Bench {
    client: reqwest::Client,
    base: String,
    state: aivg_server::state::AppState,
    secs: f64,
    tag: String,
}

impl Bench {
    async fn accounts(&self, n: usize, credits: i64) -> Arc<Vec<accounts::Account>> {
        let tag = format!(
            "{}-{}",
            self.tag,
            aivg_server::ids::random_token(6).to_lowercase()
        );
        Arc::new(
            accounts::make(&self.state, &tag, n, credits)
                .await
                .expect("accounts"),
        )
    }

    async fn reads(&self, what: &str, path: &'static str, post: bool) -> u64 {
        let users = self.accounts(64, 0).await;
        println!("  {what}");
        let cap = capacity::search(1000, 32_000, 3, BOUND, |rate| {
            let (users, client, url) = (
                users.clone(),
                self.client.clone(),
                format!("{}{path}", self.base),
            );
            async move {
                let req = move |i: u64| {
                    let token = &users[i as usize % users.len()].token;
                    let rb = if post {
                        client.post(&url).json(&serde_json::json!({}))
                    } else {
                        client.get(&url)
                    };
                    rb.bearer_auth(token)
                };
                open_loop(rate, self.secs, req, ok_200).await
            }
        })
        .await;
        cap.held
    }

    /// Each claim from a fresh account (one claim a day each), made before the run.
    async fn claims(&self) -> u64 {
        println!("  check-in claim (POST /v1/activity/checkin, a fresh account each)");
        let url = format!("{}/v1/activity/checkin", self.base);
        let mut run = |rate: u64| {
            let (client, url) = (self.client.clone(), url.clone());
            async move {
                let n = (rate as f64 * self.secs).round() as usize;
                let users = self.accounts(n, 0).await;
                let req = move |i: u64| {
                    client
                        .post(&url)
                        .bearer_auth(&users[i as usize].token)
                        .json(&serde_json::json!({"code": "daily_checkin"}))
                };
                open_loop(rate, self.secs, req, ok_200).await
            }
        };
        warm_up(&mut run).await;
        capacity::search(WRITE_START, 8000, 2, BOUND, run)
            .await
            .held
    }

    /// `[slow]` tasks (the test hook) wait without using the CPU, so the run measures creation
    /// (checks, ledger spend, task row, queue), not the local provider's work.
    async fn creates(&self) -> u64 {
        println!(
            "  task creation (POST /v1/ai/create/text2image, {TASKS_PER_ACCOUNT} per account)"
        );
        let url = format!("{}/v1/ai/create/text2image", self.base);
        let mut run = |rate: u64| {
            let (client, url) = (self.client.clone(), url.clone());
            async move {
                let n = ((rate as f64 * self.secs) / TASKS_PER_ACCOUNT as f64).ceil() as usize;
                let users = self.accounts(n, 1000).await;
                let req = move |i: u64| {
                    client
                        .post(&url)
                        .bearer_auth(&users[(i / TASKS_PER_ACCOUNT) as usize].token)
                        .json(&serde_json::json!({"data": {"prompt": "[slow] load"}}))
                };
                open_loop(rate, self.secs, req, ok_200).await
            }
        };
        warm_up(&mut run).await;
        capacity::search(WRITE_START, 8000, 2, BOUND, run)
            .await
            .held
    }
}

/// One run of a write call at half its search's start rate, before the search and not part of
/// its result: the call's first runs also paid for the database connections the pool opens as
/// concurrency grows and for each connection's first preparation of the call's statements (the
/// first rate of a search failed in some runs and held in others, then the next rates held).
async fn warm_up<F, Fut>(run: &mut F)
where
    F: FnMut(u64) -> Fut,
    Fut: std::future::Future<Output = aivg_benches::load::Report>,
{
    println!("    warm-up: {}", run(WRITE_START / 2).await);
}

fn verdict(held: u64, goal: u64) -> String {
    if goal == 0 {
        "none: the ceiling of loopback HTTP with this generator here".into()
    } else if held >= goal {
        format!(">= {goal}: goal met")
    } else {
        format!(">= {goal}: goal NOT met")
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let secs = match args.first().map(|a| a.parse::<f64>()) {
        None => 3.0,
        Some(Ok(s)) if s > 0.0 && s <= 600.0 => s,
        Some(_) => {
            eprintln!(
                "usage: server_load [seconds per run, 0-600] [floor,user,status,claim,create]"
            );
            std::process::exit(2);
        }
    };
    let calls: Vec<String> = args
        .get(1)
        .map(|c| c.split(',').map(str::to_owned).collect())
        .unwrap_or_else(|| {
            ["floor", "user", "status", "claim", "create"]
                .map(String::from)
                .to_vec()
        });
    let dir = tempfile::tempdir().expect("temp dir");
    let server_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let mut cfg = aivg_server::config::Config::for_tests(dir.path().to_path_buf());
    // `[slow]` prompts for the creation run; nothing else of the test hooks is used.
    cfg.tasks.test_hooks = true;
    cfg.tasks.max_queued_per_user = TASKS_PER_ACCOUNT as usize;
    // `AIVG_TOKEN_CACHE_MS=0` measures the token check read from the database on every call.
    if let Some(ms) = std::env::var("AIVG_TOKEN_CACHE_MS")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        cfg.token_cache = Duration::from_millis(ms);
    }
    println!("token checks kept {} ms", cfg.token_cache.as_millis());
    // The server's default (`Config::for_tests` turns it off); `AIVG_USER_CACHE_MS=0` measures the
    // user info read from the database on every call. Kept on both databases (user_infos.rs).
    cfg.user_cache = std::env::var("AIVG_USER_CACHE_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .map_or(
            aivg_server::config::DEFAULT_USER_CACHE,
            Duration::from_millis,
        );
    println!("user infos kept {} ms", cfg.user_cache.as_millis());
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
    let ledger_ok = client_rt.block_on(async {
        let client = reqwest::Client::builder().pool_max_idle_per_host(1024).build().unwrap();
        let bench = Bench { client, base, state, secs, tag: aivg_server::ids::random_token(6).to_lowercase() };
        println!("capacity at p99 <= 10 ms, open loop on loopback, {secs} s a run ({db}, server on 2 worker threads)");
        // Warm-up: connections and prepared statements (not part of the result).
        let warm = bench.accounts(8, 0).await;
        let (client, url) = (bench.client.clone(), format!("{}/v1/user", bench.base));
        let r = open_loop(500, 1.0, |i| client.post(&url).bearer_auth(&warm[i as usize % 8].token).json(&serde_json::json!({})), ok_200).await;
        println!("  warm-up: {r}");
        let mut table = Vec::new();
        for call in &calls {
            let row = match call.as_str() {
                // No database and no token check: what the HTTP path and this generator hold on
                // this machine, the ceiling any call's figure is read against.
                "floor" => ("GET /v1/common/country (floor: no database)", bench.reads("GET /v1/common/country", "/v1/common/country", false).await, 0),
                "user" => ("POST /v1/user", bench.reads("POST /v1/user", "/v1/user", true).await, READ_GOAL),
                "status" => {
                    let path = "/v1/activity/checkin/status?code=daily_checkin";
                    ("GET check-in status", bench.reads("GET /v1/activity/checkin/status", path, false).await, READ_GOAL)
                }
                "claim" => ("POST check-in claim", bench.claims().await, WRITE_GOAL),
                "create" => ("POST /v1/ai/create", bench.creates().await, WRITE_GOAL),
                other => {
                    eprintln!("unknown call {other:?} (floor, user, status, claim, create)");
                    std::process::exit(2);
                }
            };
            table.push(row);
        }
        println!("\n| call | highest rate with p99 <= 10 ms | goal |");
        println!("|---|---|---|");
        for (call, held, goal) in &table {
            println!("| {call} | {held} req/s | {} |", verdict(*held, *goal));
        }
        aivg_benches::load::ledger::concurrent_claims(&bench.client, &bench.base, &bench.state, 200).await
    });
    server_rt.block_on(running.stop()).expect("stop");
    if let Err(e) = ledger_ok {
        eprintln!("LEDGER CHECK FAILED: {e}");
        std::process::exit(1);
    }
}
