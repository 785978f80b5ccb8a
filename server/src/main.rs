//! `aivg-server`: runs the API and the SPA with the configuration of `config.rs`.

use aivg_server::config::Config;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,sqlx=warn".into()),
        )
        .init();
    let cfg = match Config::from_env() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("aivg-server: configuration: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    let running = match aivg_server::start(cfg).await {
        Ok(r) => r,
        Err(e) => {
            eprintln!("aivg-server: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    tracing::info!("aivg-server listening on http://{}", running.addr);
    let _ = tokio::signal::ctrl_c().await;
    tracing::info!("stopping");
    match running.stop().await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("aivg-server: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
