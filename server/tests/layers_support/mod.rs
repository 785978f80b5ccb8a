//! The import graph of the server's source, for `tests/layers.rs`: every `server/src/**/*.rs`
//! file (up to its `#[cfg(test)] mod`) is a module; its edges are the module paths it names
//! (`use crate::…`, `use super::…`, `use child::…` trees and inline `crate::`, `super::`,
//! `self::` paths), each resolved to the longest module file it names. Paths are resolved to
//! files, not items: `crate::tasks::Tasks` (a re-export) is the edge `tasks` (its `mod.rs`),
//! `crate::tasks::hub::Tasks` is `tasks::hub`.
#![allow(clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

pub type Module = Vec<String>;

pub fn name(m: &[String]) -> String {
    m.join("::")
}

/// Every module file under `src`, by module path (`tasks/mod.rs` is `tasks`), with its source.
pub fn modules(src: &Path) -> BTreeMap<Module, String> {
    let mut out = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = path.strip_prefix(src).expect("under src");
            let mut parts: Module = rel
                .with_extension("")
                .iter()
                .map(|p| p.to_string_lossy().into_owned())
                .collect();
            if parts.last().is_some_and(|p| p == "mod") {
                parts.pop();
            }
            if parts == ["lib"] || parts == ["main"] {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("a readable source file");
            out.insert(parts, text);
        }
    }
    out
}

/// The source without its unit tests (`#[cfg(test)]`, maybe more attributes, then a `mod`) and
/// without line comments.
pub fn production_code(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = String::new();
    for (at, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]") {
            let item = lines
                .iter()
                .skip(at + 1)
                .map(|l| l.trim_start())
                .find(|l| !l.is_empty() && !l.starts_with("#["))
                .unwrap_or_default();
            if item.starts_with("mod ") || item.starts_with("pub mod ") {
                break;
            }
        }
        let code = match line.find("//") {
            Some(cut) => &line[..cut],
            None => line,
        };
        out.push_str(code);
        out.push('\n');
    }
    out
}

/// The paths of a `use` tree (`a::{b, c::{d, e as f}}` → `a::b`, `a::c::d`, `a::c::e`).
pub fn expand(tree: &str, prefix: &[String], out: &mut Vec<Module>) {
    let tree = tree.trim();
    if tree.is_empty() {
        return;
    }
    let Some(open) = tree.find('{') else {
        let path = tree.split(" as ").next().unwrap_or(tree);
        let mut full = prefix.to_vec();
        full.extend(
            path.split("::")
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_owned),
        );
        out.push(full);
        return;
    };
    let mut head = prefix.to_vec();
    head.extend(
        tree[..open]
            .split("::")
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned),
    );
    let close = tree.rfind('}').filter(|c| *c > open).unwrap_or(tree.len());
    let inner = &tree[open + 1..close];
    let (mut depth, mut start) = (0_i32, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                expand(&inner[start..i], &head, out);
                start = i + 1;
            }
            _ => {}
        }
    }
    expand(&inner[start..], &head, out);
}

pub fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Every module path a source names: `use` declarations (a line starting with `use` or
/// `pub… use`, up to its `;`) and inline `crate::`/`super::`/`self::` paths.
pub fn named_paths(code: &str) -> Vec<Module> {
    let mut out = Vec::new();
    let mut offset = 0;
    for line in code.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let decl = ["use ", "pub use ", "pub(crate) use ", "pub(super) use "]
            .iter()
            .find(|p| trimmed.starts_with(**p));
        if let Some(prefix) = decl {
            let start = offset + (line.len() - trimmed.len()) + prefix.len();
            let rest = &code[start..];
            let end = rest.find(';').unwrap_or(rest.len());
            expand(&rest[..end], &[], &mut out);
        }
        offset += line.len();
    }
    for root in ["crate::", "super::", "self::"] {
        for (at, _) in code.match_indices(root) {
            // Inside a longer path (`super::super::x`, `a::self::b`): read with that path.
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| is_ident(c) || c == ':') {
                continue;
            }
            let path: String = code[at..]
                .chars()
                .take_while(|c| is_ident(*c) || *c == ':')
                .collect();
            // The head of a `use` tree (`crate::a::{b, c}`): read by `expand` as its branches.
            if path.ends_with("::") {
                continue;
            }
            out.push(
                path.split("::")
                    .filter(|s| !s.is_empty())
                    .map(str::to_owned)
                    .collect(),
            );
        }
    }
    out
}

/// The module file a path names from module `from`: the longest module prefix of it.
pub fn resolve(from: &[String], path: &[String], files: &BTreeSet<Module>) -> Option<Module> {
    let first = path.first()?;
    let mut full: Module = match first.as_str() {
        "crate" => path[1..].to_vec(),
        "super" | "self" => {
            let mut base = from.to_vec();
            let mut rest = path;
            while rest.first().is_some_and(|s| s == "super") {
                base.pop();
                rest = &rest[1..];
            }
            if rest.first().is_some_and(|s| s == "self") {
                rest = &rest[1..];
            }
            base.extend(rest.iter().cloned());
            base
        }
        child => {
            let mut own = from.to_vec();
            own.push(child.to_owned());
            if !files.contains(&own) {
                return None;
            }
            let mut base = from.to_vec();
            base.extend(path.iter().cloned());
            base
        }
    };
    while !full.is_empty() {
        if files.contains(&full) {
            return Some(full);
        }
        full.pop();
    }
    None
}

pub struct Graph {
    pub sources: BTreeMap<Module, String>,
    pub edges: BTreeMap<Module, BTreeSet<Module>>,
}

pub fn graph() -> Graph {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let sources: BTreeMap<Module, String> = modules(&src)
        .into_iter()
        .map(|(m, text)| (m, production_code(&text)))
        .collect();
    let files: BTreeSet<Module> = sources.keys().cloned().collect();
    let mut edges = BTreeMap::new();
    for (m, code) in &sources {
        let targets: BTreeSet<Module> = named_paths(code)
            .iter()
            .filter_map(|p| resolve(m, p, &files))
            .filter(|t| t != m)
            .collect();
        edges.insert(m.clone(), targets);
    }
    Graph { sources, edges }
}

/// The modules `from` reaches through its imports.
pub fn reach(g: &Graph, from: &Module) -> BTreeSet<Module> {
    let mut seen = BTreeSet::new();
    let mut stack = vec![from.clone()];
    while let Some(m) = stack.pop() {
        for t in g.edges.get(&m).into_iter().flatten() {
            if seen.insert(t.clone()) {
                stack.push(t.clone());
            }
        }
    }
    seen
}

/// One import chain from `from` to `to`, for the failure messages.
pub fn chain(g: &Graph, from: &Module, to: &Module) -> String {
    let mut back: BTreeMap<Module, Module> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([from.clone()]);
    while let Some(m) = queue.pop_front() {
        if &m == to {
            let mut path = vec![name(&m)];
            let mut at = m;
            while let Some(prev) = back.get(&at) {
                path.push(name(prev));
                at = prev.clone();
            }
            path.reverse();
            return path.join(" → ");
        }
        for t in g.edges.get(&m).into_iter().flatten() {
            if t != from && !back.contains_key(t) {
                back.insert(t.clone(), m.clone());
                queue.push_back(t.clone());
            }
        }
    }
    format!("{} ↛ {}", name(from), name(to))
}

/// Strongly connected components (Tarjan), over the edges minus `allowed` (`(from, to)` names).
pub fn circles(g: &Graph, allowed: &[(&str, &str)]) -> Vec<Vec<Module>> {
    struct Walk<'a> {
        edges: BTreeMap<&'a Module, Vec<&'a Module>>,
        index: BTreeMap<&'a Module, usize>,
        low: BTreeMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        on: BTreeSet<&'a Module>,
        found: Vec<Vec<Module>>,
    }
    fn visit<'a>(w: &mut Walk<'a>, v: &'a Module) {
        let i = w.index.len();
        w.index.insert(v, i);
        w.low.insert(v, i);
        w.stack.push(v);
        w.on.insert(v);
        for t in w.edges.get(v).cloned().unwrap_or_default() {
            if !w.index.contains_key(t) {
                visit(w, t);
                let lt = w.low[t];
                let lv = w.low.get_mut(v).expect("visited");
                *lv = (*lv).min(lt);
            } else if w.on.contains(t) {
                let it = w.index[t];
                let lv = w.low.get_mut(v).expect("visited");
                *lv = (*lv).min(it);
            }
        }
        if w.low[v] == w.index[v] {
            let mut scc = Vec::new();
            while let Some(m) = w.stack.pop() {
                w.on.remove(m);
                scc.push(m.clone());
                if m == v {
                    break;
                }
            }
            w.found.push(scc);
        }
    }
    let is_allowed = |from: &Module, to: &Module| {
        allowed
            .iter()
            .any(|(a, b)| name(from) == *a && name(to) == *b)
    };
    let mut w = Walk {
        edges: g
            .edges
            .iter()
            .map(|(m, ts)| (m, ts.iter().filter(|t| !is_allowed(m, t)).collect()))
            .collect(),
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        found: Vec::new(),
    };
    for m in g.sources.keys() {
        if !w.index.contains_key(m) {
            visit(&mut w, m);
        }
    }
    w.found
}

pub fn module(path: &str) -> Module {
    path.split("::").map(str::to_owned).collect()
}
