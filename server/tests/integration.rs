//! The server's tests over real HTTP and a real database, one module per area.
//!
//! One test binary instead of one per file: each binary links the whole crate and its
//! dependencies again, which on a 2-core machine cost minutes of every fresh build
//! (docs/testing.md). Each file beside this one is a module here; `every_file_is_a_module`
//! fails when a new file is not (or is not a test binary of its own in Cargo.toml, as
//! `store_campaign` is: it moves the process's test clock), so no test file is left out silently. Run one file's tests
//! with `cargo test -p aivg-server --test integration FILE::`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod abuse_limits;
mod accounts;
mod admin;
mod admin_content;
mod admin_engines;
mod admin_lists;
mod admin_payments;
mod admin_skus;
mod admin_tasks;
mod ai_base;
mod analytics;
mod api_key_webhook;
mod api_keys;
mod bad_bodies;
mod bad_queries;
mod bounded_input;
mod comfyui;
mod comfyui_deck;
mod comfyui_fleet;
mod comfyui_inputs;
mod common;
mod configuration_doc;
mod containment;
mod credits;
mod domain_without_http;
mod engine_support;
mod engines;
mod envelope_support;
mod fal;
mod fal_support;
mod housekeeping;
mod idempotency;
mod instances;
mod layers;
mod layers_support;
mod ledger_draws;
mod local_models;
mod media_support;
mod nul_character;
mod openapi;
mod plan_level;
mod s3_storage;
mod s3_support;
mod site_builds;
mod site_cms;
mod site_explore;
mod site_languages;
mod site_links;
mod site_promotions;
mod site_templates;
mod site_visitor;
mod spa_assets;
mod spa_pages;
mod store;
mod store_offers;
mod store_plans;
mod store_support;
mod stripe_checkout;
mod stripe_refunds;
mod stripe_support;
mod stripe_webhook;
mod task_cancel;
mod task_charges;
mod task_events;
mod task_instant;
mod task_list;
mod task_minutes;
mod task_outputs;
mod task_previews;
mod task_queue;
mod task_refusals;
mod task_seeds;
mod templates;
mod uploads;
mod user_info_cache;
mod video;
mod video_inputs;
mod webhooks;
mod workflows;

#[test]
fn every_file_is_a_module() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let this = include_str!("integration.rs");
    let own_binaries = include_str!("../Cargo.toml");
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
        let own_binary = own_binaries.contains(&format!("path = \"tests/{module}.rs\""));
        if module != "integration" && !own_binary && !this.contains(&format!("\nmod {module};\n")) {
            missing.push(module);
        }
    }
    assert!(
        missing.is_empty(),
        "tests/{missing:?} are not modules of tests/integration.rs: add `mod NAME;` there"
    );
}
