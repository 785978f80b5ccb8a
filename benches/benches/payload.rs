//! Criterion bench of the devalue payload decoder (`aivg_core::payload::decode`) on the two
//! ~1 MB payloads `benches/node/make-payloads.mjs` writes to `benches/data/`, the same bytes
//! `benches/node/devalue-parse.mjs` times `devalue.parse` on.
//!
//! `cargo bench -p aivg-benches --bench payload` (add `-- --quick` for a short run).

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::Command;

use aivg_core::payload::decode;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const FILES: [(&str, &str); 2] = [
    ("strings", "payload-strings.json"),
    ("objects", "payload-objects.json"),
];
const MAKE: &str = "node benches/node/make-payloads.mjs";

/// Reads a bench payload, running the Node script once to make the files when missing.
fn load(file: &str) -> Option<String> {
    let path: PathBuf = aivg_benches::data_dir().join(file);
    if !path.exists() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let made = Command::new("node")
            .arg("benches/node/make-payloads.mjs")
            .current_dir(&root)
            .status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!(
                "{} is missing and `{MAKE}` (from the repository root) failed; run it first",
                path.display()
            );
            return None;
        }
    }
    std::fs::read_to_string(&path).ok()
}

fn payload(c: &mut Criterion) {
    let mut group = c.benchmark_group("payload");
    for (name, file) in FILES {
        let Some(text) = load(file) else { continue };
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(format!("decode/{name}"), |b| {
            b.iter(|| decode(black_box(text.as_str()), &[] as &[&str]).map(|p| p.nodes().len()))
        });
        group.bench_function(format!("decode+canonical/{name}"), |b| {
            b.iter(|| {
                decode(black_box(text.as_str()), &[] as &[&str])
                    .map(|p| p.to_canonical_json().len())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, payload);
criterion_main!(benches);
