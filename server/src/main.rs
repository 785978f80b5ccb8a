//! `aivg-server`: runs the API and the SPA with the configuration of `config/mod.rs`.
//! `aivg-server stats [--json]` prints the analytics report of the configured database instead
//! (counts per event, p75 of FCP and LCP per page; see `analytics/stats.rs`).
//! `aivg-server engines` asks each ComfyUI of `AIVG_COMFYUI_URL` for its nodes and model files
//! (see `tasks/comfyui/report.rs`), says whether fal.ai is configured, and prints per module its
//! engines in order and the one that takes its tasks, or why none can (`tasks/engines/`); it
//! exits 1 when a module can run nowhere.

use aivg_server::config::Config;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,sqlx=warn".into()),
        )
        .init();
    if let Err(e) = aivg_server::clock::apply_test_now_env() {
        eprintln!("aivg-server: configuration: {e}");
        return std::process::ExitCode::from(2);
    }
    let cfg = match Config::from_env() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("aivg-server: configuration: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None => {}
        Some("stats") => return print_stats(&cfg, args.get(1..).unwrap_or(&[])).await,
        Some("engines") => return print_engines(&cfg).await,
        Some("backup") => return run_backup(&cfg, args.get(1)).await,
        Some("admin") => return run_admin(&cfg, args.get(1..).unwrap_or(&[])).await,
        Some(other) => {
            eprintln!(
                "aivg-server: unknown command {other:?}; usage: aivg-server [stats [--json] | engines | backup PATH | admin grant|revoke EMAIL]"
            );
            return std::process::ExitCode::from(2);
        }
    }
    let running = match aivg_server::start(cfg).await {
        Ok(r) => r,
        Err(e) => {
            eprintln!("aivg-server: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    tracing::info!("aivg-server listening on http://{}", running.addr);
    stop_signal().await;
    tracing::info!("stopping: draining running tasks (AIVG_DRAIN_SECONDS)");
    match running.stop().await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("aivg-server: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// Ctrl-C or SIGTERM (what a container runtime or systemd sends to stop the server).
async fn stop_signal() {
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(e) => {
                tracing::warn!("no SIGTERM handler: {e}");
                std::future::pending::<()>().await;
            }
        }
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        () = term => {}
    }
}

/// `aivg-server backup PATH`: a snapshot of the SQLite database (see `backup.rs`).
async fn run_backup(cfg: &Config, path: Option<&String>) -> std::process::ExitCode {
    let Some(path) = path else {
        eprintln!("aivg-server: usage: aivg-server backup PATH");
        return std::process::ExitCode::from(2);
    };
    let done = match aivg_server::db::Db::connect(&cfg.database_url).await {
        Ok(db) => aivg_server::backup::backup(&db, std::path::Path::new(path))
            .await
            .map_err(|e| e.to_string()),
        Err(e) => Err(e.to_string()),
    };
    match done {
        Ok(()) => {
            println!("database copied to {path}");
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("aivg-server: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// `aivg-server admin grant|revoke EMAIL`: makes an account an admin of the console, or a user
/// again (audited as done on the server machine).
async fn run_admin(cfg: &Config, args: &[String]) -> std::process::ExitCode {
    let (role, email) = match args {
        [verb, email] if verb == "grant" => ("admin", email),
        [verb, email] if verb == "revoke" => ("user", email),
        _ => {
            eprintln!("aivg-server: usage: aivg-server admin grant|revoke EMAIL");
            return std::process::ExitCode::from(2);
        }
    };
    let done = match aivg_server::db::Db::connect(&cfg.database_url).await {
        Ok(db) => aivg_server::admin::roles::set_by_email(&db.pool, email, role)
            .await
            .map_err(|e| e.to_string()),
        Err(e) => Err(e.to_string()),
    };
    match done {
        Ok(before) => {
            println!("{email}: {before} → {role}");
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("aivg-server: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// `aivg-server engines`: what each engine can run and which one takes each module.
async fn print_engines(cfg: &Config) -> std::process::ExitCode {
    use aivg_server::tasks::engines::{Engines, table};
    let engines = Engines::new(cfg, true);
    match &engines.comfy {
        Some(comfy) => print!("{}", comfy.report().await.render()),
        None => println!("ComfyUI: AIVG_COMFYUI_URL is not set"),
    }
    match &engines.fal {
        Some(fal) => println!("{}", fal.describe()),
        None => println!("fal.ai: AIVG_FAL_KEY is not set"),
    }
    println!(
        "local: this server (real image tools and video enhancer, labelled previews where a model is needed)"
    );
    let t = table::build(&engines).await;
    print!("{}", t.render());
    if t.all_runnable() {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::FAILURE
    }
}

/// `aivg-server stats [--json]`: the analytics report of the configured database.
async fn print_stats(cfg: &Config, flags: &[String]) -> std::process::ExitCode {
    let json = match flags {
        [] => false,
        [flag] if flag == "--json" => true,
        _ => {
            eprintln!("aivg-server: usage: aivg-server stats [--json]");
            return std::process::ExitCode::from(2);
        }
    };
    let report = match aivg_server::db::Db::connect(&cfg.database_url).await {
        Ok(db) => aivg_server::analytics::stats::report(&db).await,
        Err(e) => Err(e),
    };
    match report {
        Ok(r) if json => match serde_json::to_string_pretty(&r) {
            Ok(text) => {
                println!("{text}");
                std::process::ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("aivg-server: stats: {e}");
                std::process::ExitCode::FAILURE
            }
        },
        Ok(r) => {
            print!("{}", aivg_server::analytics::stats::render(&r));
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("aivg-server: stats: database: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
