//! `docs/configuration.md` lists every environment variable the product reads, and names no
//! variable that nothing reads. The variables are found in the code, not in a list kept by hand:
//!
//! - every Rust file under `server/src` and `models/src`, at any depth, is tokenized
//!   (`proc-macro2`, so comments, raw strings and char literals are read as Rust reads them) and
//!   every string literal that is exactly a variable name (`AIVG_…`, `DATABASE_URL`) counts, as
//!   does the first literal given to a call named `var` or `var_os` (`std::env::var("X")`, and
//!   the `var` closure each area's settings read through). Items marked `#[cfg(test)]` are
//!   skipped, so a unit test may use a made-up name;
//! - the app's build-time variables are the `VITE_…` names its code reads
//!   (`import.meta.env.VITE_…` and `"VITE_…"` literals under `app/src` and `app/build`);
//! - a few variables are read by a library the server calls ([`LIBRARY_READS`]); each stays
//!   documented only while the call that reads it is still in the server's code.
//!
//! The page documents a variable by naming it in backticks in the first cell of a table row;
//! any other `AIVG_`, `VITE_` or `AWS_` name in its text must be a real variable too.
#![allow(clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Variables a library reads for us: (variable, the library call that reads it, as the last two
/// segments of its path in our code).
const LIBRARY_READS: &[(&str, (&str, &str))] = &[
    // object_store's S3 builder reads the AWS_* variables (uploads/storage.rs).
    ("AWS_ACCESS_KEY_ID", ("AmazonS3Builder", "from_env")),
    ("AWS_SECRET_ACCESS_KEY", ("AmazonS3Builder", "from_env")),
    ("AWS_SESSION_TOKEN", ("AmazonS3Builder", "from_env")),
    // tracing-subscriber's filter reads RUST_LOG (main.rs).
    ("RUST_LOG", ("EnvFilter", "try_from_default_env")),
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("server/ has a parent")
        .to_path_buf()
}

fn files(dir: &Path, ext: &[&str], out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            files(&path, ext, out);
        } else if path
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| ext.iter().any(|e| n.ends_with(e)) && !n.ends_with(".d.ts"))
        {
            out.push(path);
        }
    }
}

/// A token stream flattened, with `#[cfg(test)]` items left out.
fn flatten(stream: TokenStream, out: &mut Vec<TokenTree>) {
    let tokens: Vec<TokenTree> = stream.into_iter().collect();
    let mut i = 0;
    while i < tokens.len() {
        if is_cfg_test(&tokens, i) {
            // Skip the attribute, then the item: up to its body (a brace group) or its `;`.
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
        if let TokenTree::Group(g) = &tokens[i] {
            out.push(tokens[i].clone());
            flatten(g.stream(), out);
        } else {
            out.push(tokens[i].clone());
        }
        i += 1;
    }
}

/// `#[cfg(test)]` starts at `i`.
fn is_cfg_test(tokens: &[TokenTree], i: usize) -> bool {
    let (Some(TokenTree::Punct(hash)), Some(TokenTree::Group(attr))) =
        (tokens.get(i), tokens.get(i + 1))
    else {
        return false;
    };
    hash.as_char() == '#'
        && attr.delimiter() == Delimiter::Bracket
        && attr.stream().to_string().replace(' ', "") == "cfg(test)"
}

/// The text of a plain string literal (`"…"`), without its quotes.
fn string_literal(token: &TokenTree) -> Option<String> {
    let TokenTree::Literal(lit) = token else {
        return None;
    };
    let text = lit.to_string();
    let inner = text.strip_prefix('"')?.strip_suffix('"')?;
    Some(inner.to_owned())
}

fn is_variable_name(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
        && s.starts_with(|c: char| c.is_ascii_uppercase())
}

/// What the Rust sources read: variable → the files naming it; and the `A::B` call pairs seen.
struct RustReads {
    variables: BTreeMap<String, BTreeSet<String>>,
    calls: BTreeSet<(String, String)>,
}

fn rust_reads() -> RustReads {
    let root = root();
    let mut paths = Vec::new();
    for dir in ["server/src", "models/src"] {
        files(&root.join(dir), &[".rs"], &mut paths);
    }
    assert!(paths.len() > 20, "the server's sources were not found");
    let mut reads = RustReads {
        variables: BTreeMap::new(),
        calls: BTreeSet::new(),
    };
    for path in paths {
        let text = std::fs::read_to_string(&path).expect("a readable source file");
        let stream: TokenStream = text
            .parse()
            .unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        let mut tokens = Vec::new();
        flatten(stream, &mut tokens);
        let file = path
            .strip_prefix(&root)
            .unwrap_or(&path)
            .display()
            .to_string();
        for (i, token) in tokens.iter().enumerate() {
            if let Some(s) = string_literal(token)
                && is_variable_name(&s)
                && (s.starts_with("AIVG_") || s == "DATABASE_URL")
            {
                reads.variables.entry(s).or_default().insert(file.clone());
            }
            if let TokenTree::Ident(id) = token {
                let id = id.to_string();
                // `var("X")` / `var_os("X")`: the group, then its first token.
                if (id == "var" || id == "var_os")
                    && let Some(TokenTree::Group(g)) = tokens.get(i + 1)
                    && g.delimiter() == Delimiter::Parenthesis
                    && let Some(s) = tokens.get(i + 2).and_then(string_literal)
                    && is_variable_name(&s)
                {
                    reads.variables.entry(s).or_default().insert(file.clone());
                }
                // `A::B`
                if let (
                    Some(TokenTree::Punct(a)),
                    Some(TokenTree::Punct(b)),
                    Some(TokenTree::Ident(next)),
                ) = (tokens.get(i + 1), tokens.get(i + 2), tokens.get(i + 3))
                    && a.as_char() == ':'
                    && b.as_char() == ':'
                {
                    reads.calls.insert((id, next.to_string()));
                }
            }
        }
    }
    reads
}

/// The `VITE_…` names the app's code reads (comments left out).
fn app_reads() -> BTreeMap<String, BTreeSet<String>> {
    let root = root();
    let mut paths = Vec::new();
    for dir in ["app/src", "app/build"] {
        files(&root.join(dir), &[".ts", ".tsx"], &mut paths);
    }
    assert!(paths.len() > 20, "the app's sources were not found");
    let mut reads: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for path in paths {
        let text = std::fs::read_to_string(&path).expect("a readable source file");
        let file = path
            .strip_prefix(&root)
            .unwrap_or(&path)
            .display()
            .to_string();
        for line in text.lines() {
            let code = line.trim_start();
            if code.starts_with("//") || code.starts_with('*') || code.starts_with("/*") {
                continue;
            }
            let code = code.split(" //").next().unwrap_or(code);
            for marker in ["import.meta.env.VITE_", "\"VITE_"] {
                for (at, _) in code.match_indices(marker) {
                    let rest = &code[at + marker.len()..];
                    let tail: String = rest
                        .chars()
                        .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == '_')
                        .collect();
                    if !tail.is_empty() {
                        reads
                            .entry(format!("VITE_{tail}"))
                            .or_default()
                            .insert(file.clone());
                    }
                }
            }
        }
    }
    reads
}

/// The page's variables: those documented (a table row's first cell) and every name mentioned.
struct Page {
    documented: BTreeSet<String>,
    mentioned: BTreeSet<String>,
}

fn page() -> Page {
    let path = root().join("docs/configuration.md");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut documented = BTreeSet::new();
    for line in text.lines() {
        let Some(row) = line.trim().strip_prefix('|') else {
            continue;
        };
        let first = row.split('|').next().unwrap_or("");
        for (i, span) in first.split('`').enumerate() {
            if i % 2 == 1 && is_variable_name(span) && span.len() > 1 {
                documented.insert(span.to_owned());
            }
        }
    }
    let mut mentioned = BTreeSet::new();
    for word in text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
        if ["AIVG_", "VITE_", "AWS_"]
            .iter()
            .any(|p| word.starts_with(p))
        {
            mentioned.insert(word.to_owned());
        }
    }
    Page {
        documented,
        mentioned,
    }
}

#[test]
fn the_configuration_page_lists_exactly_the_variables_the_code_reads() {
    let rust = rust_reads();
    let app = app_reads();
    let page = page();
    let mut problems = Vec::new();

    let mut read: BTreeMap<String, BTreeSet<String>> = rust.variables.clone();
    for (name, files) in &app {
        read.entry(name.clone()).or_default().extend(files.clone());
    }
    for (name, (a, b)) in LIBRARY_READS {
        if rust.calls.contains(&((*a).to_owned(), (*b).to_owned())) {
            read.entry((*name).to_owned())
                .or_default()
                .insert(format!("the library call {a}::{b}"));
        } else if page.documented.contains(*name) || page.mentioned.contains(*name) {
            problems.push(format!(
                "docs/configuration.md names {name}, read by {a}::{b}, which the server no longer calls"
            ));
        }
    }

    for (name, files) in &read {
        if !page.documented.contains(name) {
            let files: Vec<&str> = files.iter().map(String::as_str).collect();
            problems.push(format!(
                "{name} is read by {} but docs/configuration.md has no table row for it",
                files.join(", ")
            ));
        }
    }
    for name in page.documented.union(&page.mentioned) {
        let known = if let Some(prefix) = name.strip_suffix('_') {
            // `AIVG_S3_*` and the like: a family of variables.
            read.keys().any(|k| k.starts_with(prefix))
        } else {
            read.contains_key(name)
        };
        if !known {
            problems.push(format!(
                "docs/configuration.md names {name}, which no code reads"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_scan_finds_the_variables_it_must() {
    // A guard on the scan itself: variables read in different ways (the configuration's own
    // `var`, an area's settings, `std::env::var`, a library, the app).
    let rust = rust_reads();
    for name in [
        "AIVG_ADDR",
        "AIVG_TASK_WORKERS",
        "AIVG_TEST_NOW_MS",
        "DATABASE_URL",
        "HOME",
    ] {
        assert!(rust.variables.contains_key(name), "{name} not found");
    }
    assert!(
        rust.calls
            .contains(&("AmazonS3Builder".to_owned(), "from_env".to_owned()))
    );
    let app = app_reads();
    for name in ["VITE_STAGE", "VITE_FEEDBACK_URL"] {
        assert!(app.contains_key(name), "{name} not found");
    }
}
