//! A fleet of ComfyUI servers (docs/engines.md#a-fleet-of-gpus): the time to pick a server for
//! a task with 1, 10 and 50 of them, and the idle gap of a server between the end of one prompt
//! and the start of the next with three `aivg-server` instances sharing 50 servers.
//!
//! `cargo run --profile load -p aivg-benches --bin comfyui_fleet -- [seconds of load = 20] [ms a prompt = 2000] [spread % = 0]`
//! with `DATABASE_URL` naming a PostgreSQL database (`scripts/postgres.sh`): the three instances
//! share it as a cluster does (SQLite cannot be shared by separate instances). The servers are
//! the fake ComfyUI (`fakes/comfyui`), in this process, each prompt running two sampler
//! steps (and writing a real image: the fake and the instances share the machine's cores, so a
//! shorter prompt measures the CPU more than the dispatch). With a spread of 0 every prompt is
//! equally long, so the 50 servers, started together on the full queue, end their prompts in
//! waves (the worst case); a spread of P % gives the servers prompts from -P % to +P % long,
//! as a fleet's mixed work does. Goals: the pick does not grow with the number of servers (no call to any server;
//! the old pick's `GET /queue` on each is printed beside it), and the idle gap p99 ≤ 50 ms.
//! A report, never an assertion on time.
#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::print_stdout,
    clippy::cast_precision_loss,
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap
)]

use aivg_benches::load::accounts;
use aivg_server::tasks::comfyui::backends::Backends;
use fake_comfyui::{FakeComfy, Options};
use std::path::Path;
use std::time::{Duration, Instant};

/// Sampler steps of each fake prompt.
const STEPS: u64 = 2;
/// Servers of the load run and instances sharing them.
const SERVERS: usize = 50;
const INSTANCES: usize = 3;
/// Task workers per instance: enough for its share of the slots and a task lined up behind
/// each (`AIVG_COMFYUI_DECK`, `server/src/tasks/comfyui/deck.rs`), with one to spare.
const WORKERS: usize = 64;
/// Picks timed per fleet size.
const PICKS: usize = 2000;

/// `n` fake servers whose sampler steps take `step_ms`, spread by ± `spread` % across the
/// servers (0: every prompt equally long).
async fn fakes(n: usize, step_ms: u64, spread: u64) -> Vec<FakeComfy> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let opts = Options::from_files(
        &root.join("fixtures/comfyui/node_schemas.json"),
        Some(&root.join("server/workflows/index.json")),
    )
    .expect("fake options");
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let f = FakeComfy::start(opts.clone()).await.expect("fake starts");
        // From -spread % (the first) to +spread % (the last).
        let pos = (i * 200 / n.max(2).saturating_sub(1)) as i64 - 100;
        let ms = (step_ms as i64 * (10_000 + pos * spread as i64) / 10_000).max(1) as u64;
        f.behave(|b| {
            b.steps = STEPS;
            b.step_ms = ms;
            b.previews = false;
        });
        out.push(f);
    }
    out
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// The pick of a slot (and its release) with `n` servers, in µs: p50, p99; and the old pick's
/// `GET /queue` on every server, one after another, in µs (p50).
async fn pick_times(
    n: usize,
    leases: Option<aivg_server::tasks::comfyui::leases::Leases>,
) -> (f64, f64, f64) {
    let fleet = fakes(n, 1000, 0).await;
    let servers: Vec<(String, usize)> = fleet.iter().map(|f| (f.url.clone(), 1)).collect();
    let backends = std::sync::Arc::new(Backends::new(
        &servers,
        Duration::from_secs(30),
        Duration::from_secs(3600),
    ));
    if let Some(l) = leases {
        backends.use_leases(l);
    }
    let module = aivg_server::tasks::modules::find("text2image").expect("module");
    let name = module.workflow_for(false).expect("workflow").name();
    let wf = aivg_server::workflows::load(module.code, name, None).expect("workflow loads");
    backends.refresh_new().await;
    let mut times = Vec::with_capacity(PICKS);
    for _ in 0..PICKS {
        let t = Instant::now();
        let slot = backends
            .acquire(&wf.graph, wf.info.as_ref(), &[], "bench")
            .await
            .expect("a slot");
        slot.release().await;
        times.push(t.elapsed().as_secs_f64() * 1e6);
    }
    times.sort_by(f64::total_cmp);
    let client = reqwest::Client::new();
    let mut old = Vec::new();
    for _ in 0..50 {
        let t = Instant::now();
        for f in &fleet {
            let _ = client
                .get(format!("{}/queue", f.url))
                .send()
                .await
                .expect("GET /queue")
                .bytes()
                .await;
        }
        old.push(t.elapsed().as_secs_f64() * 1e6);
    }
    old.sort_by(f64::total_cmp);
    (
        percentile(&times, 0.5),
        percentile(&times, 0.99),
        percentile(&old, 0.5),
    )
}

async fn queued(pool: &sqlx::AnyPool) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM tasks WHERE status = 'queued'")
        .fetch_one(pool)
        .await
        .unwrap_or(0)
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

#[tokio::main]
async fn main() {
    let secs: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .filter(|s| (1..=600).contains(s))
        .unwrap_or(20);
    let prompt_ms: u64 = std::env::args()
        .nth(2)
        .and_then(|a| a.parse().ok())
        .filter(|ms| (2..=60_000).contains(ms))
        .unwrap_or(2000);
    let spread: u64 = std::env::args()
        .nth(3)
        .and_then(|a| a.parse().ok())
        .filter(|p| *p <= 50)
        .unwrap_or(0);
    let step_ms = prompt_ms / STEPS;
    println!("pick of a ComfyUI server for a task (acquire a slot + release, in memory):");
    println!("| servers | pick p50 | pick p99 | old pick (GET /queue on each) p50 |");
    println!("|---|---|---|---|");
    for n in [1, 10, 50] {
        let (p50, p99, old) = pick_times(n, None).await;
        println!(
            "| {n} | {p50:.1} µs | {p99:.1} µs | {:.2} ms |",
            old / 1000.0
        );
    }

    let Ok(url) = std::env::var("DATABASE_URL") else {
        println!(
            "\nDATABASE_URL is not set: the three-instance run needs PostgreSQL (scripts/postgres.sh)"
        );
        return;
    };
    if !url.starts_with("postgres") {
        println!(
            "\nDATABASE_URL is not PostgreSQL: the three-instance run needs a shared database"
        );
        return;
    }
    let fleet = fakes(SERVERS, step_ms, spread).await;
    let list: Vec<String> = fleet.iter().map(|f| f.url.clone()).collect();
    let list = list.join(",");
    let config = |dir: &Path, workers: usize| {
        let mut cfg = aivg_server::config::Config::for_tests(dir.to_path_buf());
        cfg.tasks.comfyui_url = Some(list.clone());
        cfg.tasks.workers = workers;
        cfg.tasks.test_hooks = false;
        cfg.tasks.max_queued_per_user = 20;
        // `AIVG_COMFYUI_DECK`: 0 measures the dispatch without tasks lined up.
        if let Some(d) = std::env::var("AIVG_COMFYUI_DECK")
            .ok()
            .and_then(|d| d.parse().ok())
        {
            cfg.tasks.comfyui_deck = d;
        }
        cfg
    };
    // The queue is filled first by an instance without workers, so the measure starts with
    // every server wanted at once and work waiting for each freed slot (a queue being filled
    // while it is measured shows the creations' pace, not the dispatch).
    let filler_dir = tempfile::tempdir().expect("temp dir");
    let filler = aivg_server::start(config(filler_dir.path(), 0))
        .await
        .expect("server starts");
    let state = filler.state.clone();
    let pool = state.db.pool.clone();
    // The pick with its lease in the shared database: one statement whatever the fleet's size.
    println!("\npick + its slot lease in PostgreSQL (one upsert, one delete):");
    println!("| servers | pick p50 | pick p99 |");
    println!("|---|---|---|");
    for n in [1, 10, 50] {
        let leases =
            aivg_server::tasks::comfyui::leases::Leases::new(pool.clone(), "i-bench", 30_000);
        let (p50, p99, _) = pick_times(n, Some(leases)).await;
        println!("| {n} | {p50:.1} µs | {p99:.1} µs |");
    }
    // Enough tasks to keep every server busy for the run: ~secs / prompt time each.
    let per_prompt_s = (STEPS * step_ms) as f64 / 1000.0;
    let tasks = ((secs as f64 / per_prompt_s) as usize * SERVERS).max(SERVERS * 2);
    // Five tasks a user: a user runs at most 2 at once (`AIVG_TASK_MAX_RUNNING_PER_USER`), a
    // task lined up included, so with 10 a user (50 users, 100 at once) the limit would equal
    // the 50 slots and their 50 tasks lined up, and measure the fairness rule, not the dispatch.
    let per_user = 5;
    let users = accounts::make(
        &state,
        &aivg_server::ids::random_token(6).to_lowercase(),
        tasks.div_ceil(per_user),
        10_000,
    )
    .await
    .expect("accounts");
    println!(
        "\n{INSTANCES} instances (PostgreSQL, {WORKERS} task workers each, {} task(s) lined up per slot) sharing {SERVERS} fake ComfyUI servers (1 slot each, prompts of {STEPS} × {step_ms} ms ± {spread} % across the servers): {tasks} text2image tasks queued first",
        config(filler_dir.path(), 0).tasks.comfyui_deck
    );
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(64)
        .build()
        .unwrap();
    let created = Instant::now();
    let base = format!("http://{}", filler.addr);
    let mut made = 0;
    'create: for round in 0..per_user {
        for (u, acc) in users.iter().enumerate() {
            if made >= tasks {
                break 'create;
            }
            let r = client
                .post(format!("{base}/v1/ai/create/text2image"))
                .bearer_auth(&acc.token)
                .json(&serde_json::json!({"data": {"prompt": format!("fleet {u} {round}")}}))
                .send()
                .await
                .expect("create");
            assert!(r.status().is_success(), "create: {}", r.status());
            made += 1;
        }
    }
    println!(
        "  {} queued in {:.1} s",
        queued(&pool).await,
        created.elapsed().as_secs_f64()
    );
    filler.stop().await.expect("stop");
    // The gates open: the three instances start together on the full queue.
    let dirs: Vec<tempfile::TempDir> = (0..INSTANCES)
        .map(|_| tempfile::tempdir().expect("temp dir"))
        .collect();
    let started = Instant::now();
    let (a, b, c) = tokio::join!(
        aivg_server::start(config(dirs[0].path(), WORKERS)),
        aivg_server::start(config(dirs[1].path(), WORKERS)),
        aivg_server::start(config(dirs[2].path(), WORKERS)),
    );
    let running = [a, b, c].map(|r| r.expect("server starts"));
    let pool = running[0].state.db.pool.clone();
    // Gaps are counted once every instance runs (a server's first prompt has no gap before it)
    // and until the queue's first empty moment (gaps after it are a lack of work).
    let created_at = now_ms();
    let empty_at = loop {
        if queued(&pool).await == 0 {
            break now_ms();
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let busy_s = started.elapsed().as_secs_f64();
    // Let the last prompts end.
    loop {
        let running_n: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM tasks WHERE status IN ('queued', 'running')")
                .fetch_one(&pool)
                .await
                .unwrap_or(0);
        if running_n == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (ok, failed): (i64, i64) = sqlx::query_as(
        "SELECT COALESCE(SUM(CASE WHEN status = 'succeeded' THEN 1 ELSE 0 END), 0), COALESCE(SUM(CASE WHEN status = 'failed' THEN 1 ELSE 0 END), 0) FROM tasks",
    )
    .fetch_one(&pool)
    .await
    .unwrap_or((0, 0));
    let mut gaps = Vec::new();
    // (gap, server, when it began in s after the start): the worst are printed.
    let mut worst: Vec<(u64, usize, f64)> = Vec::new();
    let mut prompts = 0;
    let mut over = 0;
    for (n, f) in fleet.iter().enumerate() {
        let seen = f.seen();
        prompts += seen.runs.len();
        if seen.most_held > 1 {
            over += 1;
        }
        let mut runs = seen.runs.clone();
        runs.sort_by_key(|r| r.1);
        for w in runs.windows(2) {
            if w[0].2 >= created_at && w[1].1 <= empty_at {
                let gap = w[1].1.saturating_sub(w[0].2);
                gaps.push(gap as f64);
                worst.push((gap, n, w[0].2.saturating_sub(created_at) as f64 / 1000.0));
            }
        }
    }
    gaps.sort_by(f64::total_cmp);
    println!(
        "  queue drained {busy_s:.1} s after the start; {ok} succeeded, {failed} failed; {prompts} prompts run"
    );
    println!(
        "  idle gap of a server between two prompts while tasks waited ({} gaps): p50 {:.0} ms, p99 {:.0} ms, max {:.0} ms (goal p99 <= 50 ms)",
        gaps.len(),
        percentile(&gaps, 0.5),
        percentile(&gaps, 0.99),
        gaps.last().copied().unwrap_or(f64::NAN)
    );
    worst.sort_by_key(|w| std::cmp::Reverse(w.0));
    let listed: Vec<String> = worst
        .iter()
        .take(6)
        .map(|(g, n, at)| format!("{g} ms (server {n}, {at:.1} s)"))
        .collect();
    println!("  the longest gaps: {}", listed.join(", "));
    println!("  servers that ever held 2 prompts at once (double fill): {over} of {SERVERS}");
    for r in running {
        r.stop().await.expect("stop");
    }
}
