//! Shared parts of the fal.ai tests: a fake fal queue (crate `fakes/fal`) and a server whose
//! `AIVG_PUBLIC_URL` is its own address, so the fake fetches the signed input URLs as fal would.
#![allow(dead_code, clippy::unwrap_used, clippy::panic)]

use crate::common::{TestServer, poll_until};
use crate::media_support::start_with;
use aivg_server::config::Config;
use aivg_server::tasks::engines::file;
use fake_fal::FakeFal;
use std::time::Duration;

pub const KEY: &str = "test-key-id:test-secret";

/// A fake fal.ai accepting [`KEY`].
pub async fn fake() -> FakeFal {
    FakeFal::start(KEY).await.unwrap()
}

/// A free loopback port (bound and released: the server binds it next).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Points the configuration at `fal` with a fast poll, and makes the server's public address
/// its own (fal must be able to fetch the inputs).
pub fn use_fal(cfg: &mut Config, fal: &FakeFal) {
    cfg.tasks.fal_key = Some(fal.key.clone());
    cfg.tasks.fal_url = fal.url.clone();
    cfg.tasks.fal_poll = Duration::from_millis(20);
    let port = free_port();
    cfg.addr = std::net::SocketAddr::from(([127, 0, 0, 1], port));
    cfg.public_url = Some(format!("http://127.0.0.1:{port}"));
}

/// A server on `fal` only (the environment's routing: `AIVG_FAL_KEY` alone).
pub async fn server(fal: &FakeFal) -> TestServer {
    start_with(|cfg| use_fal(cfg, fal)).await
}

/// An engines file's configuration value (parsed as the server would).
pub fn engines_file(text: &str) -> (std::path::PathBuf, file::EnginesFile) {
    ("engines.toml".into(), file::parse(text).unwrap())
}

/// Waits until the fake has seen a request whose input mentions `needle`.
pub async fn wait_submitted(fal: &FakeFal, needle: &str) -> String {
    let id = poll_until(
        Duration::from_secs(60),
        Duration::from_millis(25),
        async || {
            fal.seen()
                .submits
                .iter()
                .find(|s| s.input.to_string().contains(needle))
                .map(|s| s.id.clone())
        },
    )
    .await;
    id.unwrap_or_else(|| panic!("fal never saw a request with {needle}"))
}
