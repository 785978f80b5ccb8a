//! The OpenAPI document (`GET /v1/openapi.json`, server/src/openapi/) against the real router.
//!
//! Both directions, so neither can drift:
//! - every route the areas' routers declare is found in the server's sources (tokenized with
//!   `proc-macro2`: each `.route(PATH, get(..).post(..))` call, PATH a literal or a `const`), and
//!   each public one must be an operation of the document with a summary. A new route without its
//!   description fails here. The operator's routes (`admin::route_list`, built from a table) are
//!   left out of the public document on purpose (openapi/mod.rs says why) and must stay out;
//! - every operation of the document is asked of the running server, which must route it: not
//!   405 and not the fallback's "no such call" / app page.
#![allow(clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use crate::common::TestServer;
use proc_macro2::{Delimiter, TokenStream, TokenTree};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const METHODS: &[&str] = &["get", "post", "put", "delete", "patch", "head", "options"];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("the source folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `#[cfg(test)]` starts at `i`.
fn is_cfg_test(tokens: &[TokenTree], i: usize) -> bool {
    matches!(
        (tokens.get(i), tokens.get(i + 1)),
        (Some(TokenTree::Punct(h)), Some(TokenTree::Group(g)))
            if h.as_char() == '#' && g.delimiter() == Delimiter::Bracket
                && g.stream().to_string().replace(' ', "") == "cfg(test)"
    )
}

/// Every token, groups followed by their contents, test items left out.
fn flatten(stream: TokenStream, out: &mut Vec<TokenTree>) {
    let tokens: Vec<TokenTree> = stream.into_iter().collect();
    let mut i = 0;
    while i < tokens.len() {
        if is_cfg_test(&tokens, i) {
            i += 2;
            while i < tokens.len() {
                let end = match &tokens[i] {
                    TokenTree::Group(g) => g.delimiter() == Delimiter::Brace,
                    TokenTree::Punct(p) => p.as_char() == ';',
                    _ => false,
                };
                i += 1;
                if end {
                    break;
                }
            }
            continue;
        }
        out.push(tokens[i].clone());
        if let TokenTree::Group(g) = &tokens[i] {
            flatten(g.stream(), out);
        }
        i += 1;
    }
}

fn literal(token: &TokenTree) -> Option<String> {
    let TokenTree::Literal(l) = token else {
        return None;
    };
    let text = l.to_string();
    Some(text.strip_prefix('"')?.strip_suffix('"')?.to_owned())
}

/// The top-level comma-separated parts of a group's stream.
fn arguments(stream: TokenStream) -> Vec<Vec<TokenTree>> {
    let mut parts = vec![Vec::new()];
    for t in stream {
        match &t {
            TokenTree::Punct(p) if p.as_char() == ',' => parts.push(Vec::new()),
            _ => parts.last_mut().expect("one part at least").push(t),
        }
    }
    parts
}

/// A route found in the sources: (method, path in OpenAPI's spelling) and the file.
type Found = BTreeMap<(String, String), String>;

/// Every `.route(PATH, METHOD_ROUTER)` of the server's sources outside `admin/` (whose routes
/// come from `admin::route_list`).
fn routes_in_sources() -> Found {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let tokens: Vec<(PathBuf, Vec<TokenTree>)> = files
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(&f).expect("a source file");
            let stream: TokenStream = text.parse().expect("Rust tokens");
            let mut out = Vec::new();
            flatten(stream, &mut out);
            (f, out)
        })
        .collect();
    // `const NAME: &str = "…";` anywhere: route paths may be named constants.
    let mut consts = BTreeMap::new();
    for (_, t) in &tokens {
        for w in t.windows(7) {
            if let (TokenTree::Ident(k), TokenTree::Ident(name)) = (&w[0], &w[1])
                && k == "const"
                && let Some(value) = literal(&w[6])
                && w[3].to_string() == "&"
                && w[4].to_string() == "str"
            {
                consts.insert(name.to_string(), value);
            }
        }
    }
    let admin = src().join("admin");
    let mut found = Found::new();
    for (file, t) in &tokens {
        if file.starts_with(&admin) {
            continue;
        }
        for w in t.windows(3) {
            let (TokenTree::Punct(dot), TokenTree::Ident(route), TokenTree::Group(args)) =
                (&w[0], &w[1], &w[2])
            else {
                continue;
            };
            if dot.as_char() != '.'
                || route != "route"
                || args.delimiter() != Delimiter::Parenthesis
            {
                continue;
            }
            let parts = arguments(args.stream());
            let (Some(path), Some(handler)) = (parts.first(), parts.get(1)) else {
                panic!("{}: a .route( call without two arguments", file.display());
            };
            let path = match path.as_slice() {
                [one] if literal(one).is_some() => literal(one).expect("checked"),
                named => {
                    let last = named.last().map(ToString::to_string).unwrap_or_default();
                    consts.get(&last).cloned().unwrap_or_else(|| {
                        panic!(
                            "{}: the route path {last} is no literal or &str const",
                            file.display()
                        )
                    })
                }
            };
            let path = path.replace("{*", "{");
            let mut methods = 0;
            for m in handler.windows(2) {
                if let (TokenTree::Ident(name), TokenTree::Group(g)) = (&m[0], &m[1])
                    && g.delimiter() == Delimiter::Parenthesis
                    && METHODS.contains(&name.to_string().as_str())
                {
                    methods += 1;
                    found.insert((name.to_string(), path.clone()), file.display().to_string());
                }
            }
            assert!(
                methods > 0,
                "{}: no method found for {path}",
                file.display()
            );
        }
    }
    found
}

fn document() -> Value {
    serde_json::to_value(aivg_server::openapi::document()).expect("the document as JSON")
}

/// (method, path) → the operation.
fn operations(doc: &Value) -> BTreeMap<(String, String), Value> {
    let mut ops = BTreeMap::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("a path item") {
            if METHODS.contains(&method.as_str()) {
                ops.insert((method.clone(), path.clone()), op.clone());
            }
        }
    }
    ops
}

#[test]
fn the_scan_finds_the_routes_it_must() {
    let found = routes_in_sources();
    for want in [
        ("post", "/v1/ai/create/{algorithm}"),
        ("get", "/v1/credit/balance"),
        ("post", "/account/register"),
        ("get", "/account/register"),
        ("put", "/oss/upload/{oss_path}"),
        ("get", "/legal/terms"),
        ("get", "/v1/openapi.json"),
    ] {
        assert!(
            found.contains_key(&(want.0.to_owned(), want.1.to_owned())),
            "{want:?} not found in {found:?}"
        );
    }
    assert!(found.len() > 70, "{} routes found", found.len());
}

#[test]
fn every_public_route_is_in_the_document_with_a_summary() {
    let ops = operations(&document());
    let mut missing = Vec::new();
    for ((method, path), file) in routes_in_sources() {
        match ops.get(&(method.clone(), path.clone())) {
            None => missing.push(format!(
                "{} {path} ({file}): not in the document",
                method.to_uppercase()
            )),
            Some(op) => {
                let summary = op["summary"].as_str().unwrap_or_default();
                if summary.trim().is_empty() {
                    missing.push(format!("{} {path}: no summary", method.to_uppercase()));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "describe these routes in server/src/openapi/mod.rs (its `paths` module):\n{}",
        missing.join("\n")
    );
    // The operator's routes stay out of the public document.
    let public: BTreeSet<String> = ops.keys().map(|(_, p)| p.clone()).collect();
    for (_, path) in aivg_server::admin::route_list() {
        assert!(!public.contains(path), "{path} is an operator's route");
    }
}

#[test]
fn every_operation_has_the_error_envelope_and_its_path_parameters() {
    let doc = document();
    assert_eq!(doc["openapi"], "3.1.0");
    assert!(doc["components"]["schemas"]["ErrorEnvelope"].is_object());
    for ((method, path), op) in operations(&doc) {
        assert!(
            op["responses"]["default"].is_object(),
            "{method} {path}: no error answer"
        );
        let declared: BTreeSet<&str> = op["parameters"]
            .as_array()
            .map(|ps| {
                ps.iter()
                    .filter(|p| p["in"] == "path")
                    .filter_map(|p| p["name"].as_str())
                    .collect()
            })
            .unwrap_or_default();
        let in_path: BTreeSet<&str> = path
            .split('/')
            .filter_map(|s| s.strip_prefix('{')?.strip_suffix('}'))
            .collect();
        assert_eq!(declared, in_path, "{method} {path}: path parameters");
    }
}

#[test]
fn the_calls_a_key_may_make_name_their_scope_and_the_others_refuse_keys() {
    use aivg_server::accounts::auth::api_keys::scope_of_route;
    let doc = document();
    let mut scoped = 0;
    for ((method, path), op) in operations(&doc) {
        let m: axum::http::Method = method.to_uppercase().parse().expect("a method");
        let description = op["description"].as_str().unwrap_or_default();
        match scope_of_route(&m, &path) {
            Some(scope) => {
                scoped += 1;
                assert_eq!(
                    op["security"],
                    serde_json::json!([{ "bearer": [scope.name()] }]),
                    "{method} {path}"
                );
                assert!(
                    description.contains(scope.name()),
                    "{method} {path}: {description}"
                );
            }
            None if op["security"].is_array() => {
                assert!(
                    description.contains("API keys are refused"),
                    "{method} {path}: {description}"
                );
            }
            None => {}
        }
    }
    assert_eq!(scoped, 10, "the key calls of docs/api.md");
    let ops = operations(&doc);
    let balance = &ops[&("get".to_owned(), "/v1/credit/balance".to_owned())];
    assert_eq!(balance["security"][0]["bearer"][0], "balance:read");
    let keys = &ops[&("post".to_owned(), "/v1/keys".to_owned())];
    assert!(
        keys["description"]
            .as_str()
            .unwrap()
            .contains("API keys are refused")
    );
}

#[tokio::test]
async fn the_document_is_served_and_each_operation_is_routed() {
    let s = TestServer::start().await;
    let (status, served) = s.get("/v1/openapi.json", None).await;
    assert_eq!(status, 200);
    assert_eq!(served, document());
    // Redirects are answers of their own (a signed-out /account goes to the sign-in page, which
    // the app's fallback serves).
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("a client");
    for (method, path) in operations(&served).into_keys() {
        let concrete: String = path
            .split('/')
            .map(|seg| if seg.starts_with('{') { "x" } else { seg })
            .collect::<Vec<_>>()
            .join("/");
        let res = http
            .request(
                method.to_uppercase().parse().expect("a method"),
                s.url(&concrete),
            )
            .send()
            .await
            .expect("an answer");
        let status = res.status().as_u16();
        let body = res.text().await.unwrap_or_default();
        assert_ne!(status, 405, "{method} {path}: not routed for this method");
        assert!(
            !body.contains("no such call") && !body.contains("the app is not built"),
            "{method} {path}: answered by the fallback: {body}"
        );
    }
}
