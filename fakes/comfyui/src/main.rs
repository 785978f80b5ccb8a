//! `fake-comfyui --port N --schemas PATH [--index PATH] [--steps N] [--step-ms N] [--prompt-log PATH]`:
//! the fake ComfyUI on 127.0.0.1:N for the browser and cluster tests. With `--index` (the
//! workflows' `index.json`) every model the shipped workflows need is installed; with
//! `--prompt-log` each accepted prompt's id is appended to that file. Ends on SIGTERM or ctrl-c.

use fake_comfyui::{FakeComfy, Options};
use std::path::PathBuf;

fn usage(why: &str) -> ! {
    eprintln!(
        "fake-comfyui: {why}\nusage: fake-comfyui --port N --schemas PATH [--index PATH] [--steps N] [--step-ms N] [--prompt-log PATH]"
    );
    std::process::exit(2);
}

#[tokio::main]
async fn main() {
    let mut port: u16 = 8188;
    let mut schemas: Option<PathBuf> = None;
    let mut index: Option<PathBuf> = None;
    let mut steps: Option<u64> = None;
    let mut step_ms: Option<u64> = None;
    let mut prompt_log: Option<PathBuf> = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || {
            args.next()
                .unwrap_or_else(|| usage(&format!("{a} needs a value")))
        };
        match a.as_str() {
            "--port" => {
                port = value()
                    .parse()
                    .unwrap_or_else(|_| usage("--port: a number"))
            }
            "--schemas" => schemas = Some(PathBuf::from(value())),
            "--index" => index = Some(PathBuf::from(value())),
            "--steps" => steps = value().parse().ok(),
            "--step-ms" => step_ms = value().parse().ok(),
            "--prompt-log" => prompt_log = Some(PathBuf::from(value())),
            other => usage(&format!("unknown argument {other}")),
        }
    }
    let schemas = schemas.unwrap_or_else(|| usage("--schemas is required"));
    let mut opts = Options::from_files(&schemas, index.as_deref()).unwrap_or_else(|e| usage(&e));
    opts.prompt_log = prompt_log;
    let addr = std::net::SocketAddr::from(([127, 0, 0, 1], port));
    let fake = match FakeComfy::start_on(addr, opts).await {
        Ok(f) => f,
        Err(e) => usage(&format!("cannot listen on {addr}: {e}")),
    };
    fake.behave(|b| {
        if let Some(s) = steps {
            b.steps = s;
        }
        if let Some(ms) = step_ms {
            b.step_ms = ms;
        }
    });
    println!("fake-comfyui listening on {}", fake.url);
    let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
        Ok(s) => s,
        Err(e) => usage(&format!("signals: {e}")),
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = term.recv() => {}
    }
}
