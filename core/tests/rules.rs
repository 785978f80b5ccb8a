//! Core's rules tested from outside the crate, one module per area.
//!
//! One test binary instead of one per file: each binary links the whole crate and its
//! dependencies again, which on a 2-core machine cost minutes of every fresh build
//! (docs/testing.md). Each file beside this one is a module here; `every_file_is_a_module`
//! fails when a new file is not, so no test file can be left out silently. Run one file's tests
//! with `cargo test -p aivg-core --test rules FILE::`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod ads;
mod checkin;
mod common;
mod credits;
mod crop;
mod explore;
mod generated_docs;
mod imaging;
mod lang;
mod payload;
mod pricing;
mod progress;
mod request;
mod routes;
mod session;
mod tasks_constants;
mod templates;
mod timers;
mod toast;
mod ui;

#[test]
fn every_file_is_a_module() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let this = include_str!("rules.rs");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let module = if path.is_dir() && path.join("mod.rs").is_file() {
            path.file_name()
        } else if path.extension().is_some_and(|e| e == "rs") {
            path.file_stem()
        } else {
            continue;
        };
        let module = module.unwrap().to_string_lossy().into_owned();
        if module != "rules" && !this.contains(&format!("\nmod {module};\n")) {
            missing.push(module);
        }
    }
    assert!(
        missing.is_empty(),
        "tests/{missing:?} are not modules of tests/rules.rs: add `mod NAME;` there"
    );
}
