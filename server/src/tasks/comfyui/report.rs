//! What each module can run on: printed by `aivg-server engines` and logged at start.
//!
//! Per server: up (with its number of node types) or why not. Per module: the servers that can
//! run its workflow(s), or what the first server that answers lacks (node types, model files
//! with their download URL); modules without a workflow run on the server itself.

use super::backends::Backends;
use super::probe::{self, Missing};
use crate::workflows;
use aivg_core::tasks::TASK_MODULES;
use std::fmt::Write;
use std::path::Path;

/// One module's line.
#[derive(Debug, Clone)]
pub struct ModuleLine {
    pub code: &'static str,
    pub workflows: Vec<&'static str>,
    /// Servers that can run every workflow of the module.
    pub runnable_on: Vec<String>,
    /// Why it cannot run (when `runnable_on` is empty and it has a workflow).
    pub why_not: Option<String>,
    /// Each server that answers but cannot run it, with what it lacks (the console shows it
    /// per server).
    pub lacking: Vec<(String, String)>,
}

/// The whole report.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// (server, `None` when up else why not, node type count).
    pub servers: Vec<(String, Option<String>, usize)>,
    pub modules: Vec<ModuleLine>,
}

impl Report {
    /// True when every module with a workflow can run somewhere.
    pub fn all_runnable(&self) -> bool {
        self.modules
            .iter()
            .all(|m| m.workflows.is_empty() || !m.runnable_on.is_empty())
    }

    pub fn render(&self) -> String {
        let mut out = String::new();
        for (url, down, nodes) in &self.servers {
            let _ = match down {
                None => writeln!(out, "ComfyUI {url}: up, {nodes} node types"),
                Some(why) => writeln!(out, "ComfyUI {url}: DOWN ({why})"),
            };
        }
        for m in &self.modules {
            let wf = m.workflows.join(" / ");
            let _ = if m.workflows.is_empty() {
                writeln!(out, "{}: runs on this server (no model)", m.code)
            } else if !m.runnable_on.is_empty() {
                writeln!(
                    out,
                    "{} ({wf}): runnable on {}",
                    m.code,
                    m.runnable_on.join(", ")
                )
            } else {
                writeln!(
                    out,
                    "{} ({wf}): CANNOT RUN: {}",
                    m.code,
                    m.why_not.as_deref().unwrap_or("no server answers")
                )
            };
        }
        out
    }
}

/// The report of the servers as last probed.
pub fn build(backends: &Backends, workflows_dir: Option<&Path>) -> Report {
    let mut report = Report::default();
    for b in backends.all() {
        let caps = b.capabilities();
        report.servers.push((
            b.base().to_owned(),
            (!b.is_up()).then(|| b.last_error()),
            caps.map_or(0, |c| c.node_count()),
        ));
    }
    for m in TASK_MODULES {
        let names: Vec<&'static str> = m.workflows().iter().map(|w| w.name()).collect();
        let mut line = ModuleLine {
            code: m.code,
            workflows: names.clone(),
            runnable_on: Vec::new(),
            why_not: None,
            lacking: Vec::new(),
        };
        if names.is_empty() {
            report.modules.push(line);
            continue;
        }
        let mut loaded = Vec::new();
        for name in &names {
            match workflows::load(m.code, name, workflows_dir) {
                Ok(wf) => loaded.push(wf),
                Err(e) => line.why_not = Some(format!("workflow {name}: {e}")),
            }
        }
        if line.why_not.is_none() {
            for b in backends.all().iter().filter(|b| b.is_up()) {
                let caps = b.capabilities().unwrap_or_default();
                let mut lacks = Missing::default();
                for wf in &loaded {
                    let m = probe::missing(&wf.graph, wf.info.as_ref(), &caps);
                    lacks.nodes.extend(m.nodes);
                    lacks.models.extend(m.models);
                    lacks.problems.extend(m.problems);
                    lacks.needs = lacks.needs.or(m.needs);
                }
                if lacks.is_empty() {
                    line.runnable_on.push(b.base().to_owned());
                } else {
                    let what = lacks.describe();
                    if line.why_not.is_none() {
                        line.why_not = Some(format!("{}: {what}", b.base()));
                    }
                    line.lacking.push((b.base().to_owned(), what));
                }
            }
        }
        report.modules.push(line);
    }
    report
}
