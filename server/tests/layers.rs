//! The server's layers, read from its source: `state.rs` and the domain modules at the bottom,
//! the areas above them, `app.rs` on top merging each area's `router()`. The test reads the
//! import graph of every `server/src/**/*.rs` file (`layers_support/`) and checks:
//!
//! - no import circle runs through files of two top-level modules (a circle inside one area,
//!   e.g. a `mod.rs` and the files it re-exports, is that area's business), except through the
//!   edges of [`ALLOWED_EDGES`];
//! - the state, the domain logic and the handles the state holds ([`BOTTOM`]) reach neither
//!   `app.rs` nor any file that defines a router, nor (but `state.rs`) the state;
//! - only `app.rs` (and the crate root) names `app`, and only `app.rs` calls an area's `router()`;
//! - seen as a whole (its files that name the application state), no area is in an import circle
//!   with another, and no domain file (one that does not name the state) imports an area.
//!
//! Edges name files: the bottom layers import the file that defines what they use, so they do
//! not depend on an area's `mod.rs`.

use crate::layers_support;

use layers_support::{Graph, production_code, reach, resolve};
use layers_support::{Module, chain, circles, graph, module, name, named_paths};
use std::collections::{BTreeMap, BTreeSet};

/// Edges left out of the circle check, each with why it cannot go yet. None today: add one only
/// with its reason and the move that will remove it.
const ALLOWED_EDGES: &[(&str, &str)] = &[];

/// The bottom of the layers: the foundation, the domain logic (callable without HTTP, on the
/// pool or the parts it needs) and the run-time handles the state holds. None of them may reach
/// `app`, a router or (except `state` itself) the application state.
const BOTTOM: &[&str] = &[
    "state",
    "clock",
    "ids",
    "db",
    "config",
    "api",
    "ledger",
    "accounts::auth",
    "accounts::auth::keys",
    "checkin::daily",
    "housekeeping",
    "limits",
    "models",
    "pay::payments",
    "uploads::objects",
    "uploads::storage",
    "tasks::hub",
    "tasks::lifecycle",
    "tasks::minutes",
    "tasks::modules",
    "tasks::record",
    "tasks::recovery",
];

/// The area modules `config/` still imports, each only for the plain settings struct the area
/// reads (the other areas' settings are defined under `config/`). The task settings and the rate
/// limits name types of their areas' leaf files (the engines file's engine names, the proxy
/// networks), which import neither the configuration nor the state; the model settings and the
/// security headers' are plain data read by their areas.
const CONFIG_READS: &[&str] = &[
    "tasks::settings",
    "limits::settings",
    "models::settings",
    "security",
];

/// Whether a file defines an area router (`pub fn router() -> …Router<AppState>`).
fn defines_router(code: &str) -> bool {
    code.contains("pub fn router() ->")
}

#[test]
fn no_import_circle_crosses_two_top_level_modules() {
    let g = graph();
    assert!(
        g.sources.len() > 50,
        "the source was read ({} files)",
        g.sources.len()
    );
    let mut problems = Vec::new();
    for scc in circles(&g, ALLOWED_EDGES) {
        let tops: BTreeSet<&String> = scc.iter().filter_map(|m| m.first()).collect();
        if tops.len() < 2 {
            continue;
        }
        let members: BTreeSet<&Module> = scc.iter().collect();
        let crossing: Vec<String> = scc
            .iter()
            .flat_map(|m| {
                g.edges[m]
                    .iter()
                    .filter(|t| members.contains(t) && t.first() != m.first())
                    .map(move |t| format!("{} → {}", name(m), name(t)))
            })
            .collect();
        problems.push(format!(
            "a circle through {tops:?}; its edges between modules: {crossing:?}"
        ));
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn the_state_and_the_domain_reach_no_router_and_no_app() {
    let g = graph();
    let routers: BTreeSet<&Module> = g
        .sources
        .iter()
        .filter(|(_, code)| defines_router(code))
        .map(|(m, _)| m)
        .collect();
    assert!(routers.len() >= 10, "the areas define routers: {routers:?}");
    let (app, state) = (module("app"), module("state"));
    let mut problems = Vec::new();
    for low in BOTTOM.iter().copied() {
        let from = module(low);
        assert!(g.sources.contains_key(&from), "{low} is a module file");
        let reached = reach(&g, &from);
        let mut bad: Vec<&Module> = routers
            .iter()
            .copied()
            .chain([&app])
            .filter(|m| reached.contains(*m))
            .collect();
        if low != "state" && reached.contains(&state) {
            bad.push(&state);
        }
        for b in bad {
            problems.push(chain(&g, &from, b));
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn only_app_merges_the_routers() {
    let g = graph();
    let app = module("app");
    let mut problems = Vec::new();
    for (m, code) in &g.sources {
        if m == &app {
            continue;
        }
        if g.edges[m].contains(&app) {
            problems.push(format!("{} imports app", name(m)));
        }
        if code.contains("::router()") {
            problems.push(format!("{} calls another area's router()", name(m)));
        }
    }
    let app_code = &g.sources[&app];
    for (m, code) in &g.sources {
        if defines_router(code) {
            let call = format!("crate::{}::router()", name(m));
            if !app_code.contains(&call) {
                problems.push(format!("app.rs does not merge {call}"));
            }
        }
    }
    for route in [".route(", ".nest("] {
        if app_code.contains(route) {
            problems.push(format!("app.rs defines a route ({route})"));
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn the_reader_resolves_use_trees_and_relative_paths() {
    let files: BTreeSet<Module> = ["tasks", "tasks::hub", "tasks::engines", "state", "api"]
        .into_iter()
        .map(module)
        .collect();
    let code = production_code(
        "use crate::{api::ApiError, tasks::{hub::Tasks, Other}};\nuse super::engines::X; // crate::state\nfn f() { crate::state::AppState::new(); }\n#[cfg(test)]\n#[allow(x)]\nmod tests { use crate::app; }\n",
    );
    let from = module("tasks::hub");
    let got: BTreeSet<String> = named_paths(&code)
        .iter()
        .filter_map(|p| resolve(&from, p, &files))
        .map(|m| name(&m))
        .collect();
    let want: BTreeSet<String> = ["api", "tasks::hub", "tasks", "tasks::engines", "state"]
        .into_iter()
        .map(str::to_owned)
        .collect();
    assert_eq!(got, want);
    // A path inside a longer one is read once, with it.
    let nested: Vec<String> = named_paths("fn g() { super::super::api::x(); }")
        .iter()
        .filter_map(|p| resolve(&from, p, &files))
        .map(|m| name(&m))
        .collect();
    assert_eq!(nested, ["api"]);
    // A tree's head is no import of its own: only its branches are.
    let branches: Vec<String> = named_paths("use crate::tasks::{hub, engines::X};")
        .iter()
        .filter_map(|p| resolve(&from, p, &files))
        .map(|m| name(&m))
        .collect();
    assert_eq!(branches, ["tasks::hub", "tasks::engines"]);
}

#[test]
fn the_configuration_imports_no_area_but_the_listed_settings() {
    let g = graph();
    let config = module("config");
    let mut imported: Vec<String> = g
        .edges
        .iter()
        .filter(|(m, _)| m.first() == config.first())
        .flat_map(|(_, ts)| ts.iter())
        .filter(|t| t.first() != config.first())
        .map(|t| name(t))
        .filter(|t| !["clock", "ids"].contains(&t.as_str()))
        .collect();
    imported.sort();
    imported.dedup();
    let mut listed: Vec<String> = CONFIG_READS.iter().map(|s| (*s).to_owned()).collect();
    listed.sort();
    assert_eq!(
        imported, listed,
        "what config/ imports from outside config/"
    );
}

/// What the area check sees of a file: an area is the HTTP part of a top-level module (its files
/// that name the application state: routers, handlers, extractors), seen as one; every other file
/// (the state, the foundation, the domain logic callable without HTTP) is seen alone, as the
/// file-level check above sees it.
fn layer_of(g: &Graph, m: &Module) -> Module {
    let http = m.first().is_some_and(|top| top != "state")
        && g.sources
            .get(m)
            .is_some_and(|code| code.contains("AppState"));
    if http {
        let mut area: Module = m.iter().take(1).cloned().collect();
        area.push("(http)".to_owned());
        area
    } else {
        m.clone()
    }
}

#[test]
fn no_import_circle_among_areas() {
    let g = graph();
    let mut layers = Graph {
        sources: BTreeMap::new(),
        edges: BTreeMap::new(),
    };
    for (m, targets) in &g.edges {
        let from = layer_of(&g, m);
        layers.sources.entry(from.clone()).or_default();
        let out = layers.edges.entry(from.clone()).or_default();
        out.extend(
            targets
                .iter()
                .map(|t| layer_of(&g, t))
                .filter(|t| t != &from),
        );
    }
    let mut problems = Vec::new();
    for scc in circles(&layers, &[]) {
        // A circle among the domain files of one module is that module's business, as in the
        // file-level check.
        let tops: BTreeSet<&String> = scc.iter().filter_map(|m| m.first()).collect();
        let has_area = scc.iter().any(|m| m.last().is_some_and(|l| l == "(http)"));
        if scc.len() < 2 || (tops.len() < 2 && !has_area) {
            continue;
        }
        let members: BTreeSet<&Module> = scc.iter().collect();
        let mut edges = Vec::new();
        for m in &scc {
            for t in layers.edges[m].iter().filter(|t| members.contains(t)) {
                let files: Vec<String> = g
                    .edges
                    .iter()
                    .filter(|(f, _)| &layer_of(&g, f) == m)
                    .flat_map(|(f, ts)| {
                        ts.iter()
                            .filter(|x| &layer_of(&g, x) == t)
                            .map(move |x| format!("{} → {}", name(f), name(x)))
                    })
                    .collect();
                edges.push(format!("{} → {}: {}", name(m), name(t), files.join(", ")));
            }
        }
        problems.push(format!(
            "a circle through {:?}: {edges:#?}",
            scc.iter().map(|m| name(m)).collect::<Vec<_>>()
        ));
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn the_domain_imports_no_area() {
    let g = graph();
    let mut problems = Vec::new();
    for (m, targets) in &g.edges {
        if layer_of(&g, m) != *m || m == &module("state") {
            continue;
        }
        for t in targets {
            if layer_of(&g, t) != *t {
                problems.push(format!("{} → {}", name(m), name(t)));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "domain files importing an area's HTTP part: {problems:#?}"
    );
}
