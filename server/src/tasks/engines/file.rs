//! The engines file (`AIVG_ENGINES_FILE`, TOML): which engines may run each module, in order, and
//! the fal.ai models that replace the shipped defaults. `server/engines.example.toml` shows every
//! key:
//!
//! ```toml
//! default = ["comfyui", "fal"]          # modules not named below (absent: the environment's order)
//! [modules]
//! text2video = ["fal", "comfyui"]       # the first engine that can run it takes the task
//! tool_sf = ["local"]
//! [fal.models]
//! text_to_image = "fal-ai/flux/dev"     # by workflow name (every module running it) ...
//! wallpaper = "fal-ai/flux/schnell"     # ... or by module code (that module only)
//! video_erase = ""                      # empty: no fal model
//! ```
//!
//! Everything is checked when the server starts: unknown keys, engines, module codes and
//! workflow names are refused with the line they are on.

use super::kind::Engine;
use aivg_core::tasks::{TASK_MODULES, WorkflowName};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;

/// The engines file as read and checked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EnginesFile {
    /// The order of the modules the file does not name (`None`: the environment's order).
    pub default: Option<Vec<Engine>>,
    /// The order per module code.
    pub modules: BTreeMap<String, Vec<Engine>>,
    /// fal.ai model ids by workflow name or module code; an empty id removes the model.
    pub fal_models: BTreeMap<String, String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    default: Option<Vec<String>>,
    #[serde(default)]
    modules: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    fal: RawFal,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFal {
    #[serde(default)]
    models: BTreeMap<String, String>,
}

/// The names a `[fal.models]` key may take besides module codes: every catalogue workflow and
/// the speech step of the talking avatar with text.
pub fn fal_model_keys() -> Vec<&'static str> {
    let mut keys: Vec<&'static str> = WorkflowName::ALL.iter().map(|w| w.name()).collect();
    keys.push(super::super::fal::models::SPEECH);
    keys.sort_unstable();
    keys.dedup();
    keys
}

fn engines(list: &[String], place: &str) -> Result<Vec<Engine>, String> {
    if list.is_empty() {
        return Err(format!(
            "{place}: an empty list (name at least one of comfyui, fal, local)"
        ));
    }
    let mut out = Vec::new();
    for name in list {
        let e = Engine::from_name(name).ok_or_else(|| {
            format!("{place}: unknown engine {name:?} (the engines are comfyui, fal, local)")
        })?;
        if out.contains(&e) {
            return Err(format!("{place}: {name} is listed twice"));
        }
        out.push(e);
    }
    Ok(out)
}

/// A fal model id as fal names it (`owner/app[/path]`): it goes into URLs, so only letters,
/// digits, `.`, `_`, `-` and `/` between non-empty parts.
pub fn valid_model_id(id: &str) -> bool {
    let parts: Vec<&str> = id.split('/').collect();
    parts.len() >= 2
        && parts.iter().all(|p| {
            !p.is_empty()
                && *p != "."
                && *p != ".."
                && p.chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
        })
}

/// Parses and checks the text of an engines file.
pub fn parse(text: &str) -> Result<EnginesFile, String> {
    let raw: Raw = toml::from_str(text).map_err(|e| e.to_string().trim().to_owned())?;
    let default = raw
        .default
        .as_deref()
        .map(|l| engines(l, "default"))
        .transpose()?;
    let mut modules = BTreeMap::new();
    for (code, list) in &raw.modules {
        if !TASK_MODULES.iter().any(|m| m.code == code) {
            return Err(format!(
                "[modules]: unknown module {code:?} (module codes are case-sensitive, e.g. txt2Music)"
            ));
        }
        modules.insert(code.clone(), engines(list, &format!("[modules] {code}"))?);
    }
    let keys = fal_model_keys();
    for (key, id) in &raw.fal.models {
        let known = keys.contains(&key.as_str()) || TASK_MODULES.iter().any(|m| m.code == key);
        if !known {
            return Err(format!(
                "[fal.models]: {key:?} is neither a module code nor one of {}",
                keys.join(", ")
            ));
        }
        if !id.is_empty() && !valid_model_id(id) {
            return Err(format!(
                "[fal.models] {key}: {id:?} is not a fal model id like fal-ai/flux/dev"
            ));
        }
    }
    Ok(EnginesFile {
        default,
        modules,
        fal_models: raw.fal.models,
    })
}

/// Reads and checks the engines file at `path`.
pub fn load(path: &Path) -> Result<EnginesFile, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_file_parses() {
        let text = include_str!("../../../engines.example.toml");
        let f = parse(text).unwrap();
        assert!(f.default.is_some());
        assert!(!f.modules.is_empty());
    }

    #[test]
    fn orders_and_models_are_read() {
        let f = parse(
            "default = [\"comfyui\", \"fal\"]\n[modules]\ntext2video = [\"fal\", \"local\"]\n\
             [fal.models]\ntext_to_image = \"fal-ai/flux/dev\"\nvideo_erase = \"\"\n",
        )
        .unwrap();
        assert_eq!(f.default, Some(vec![Engine::ComfyUi, Engine::Fal]));
        assert_eq!(f.modules["text2video"], [Engine::Fal, Engine::Local]);
        assert_eq!(f.fal_models["text_to_image"], "fal-ai/flux/dev");
        assert_eq!(f.fal_models["video_erase"], "");
    }

    #[test]
    fn mistakes_are_named() {
        let bad = [
            (
                "[modules]\ntext2video = [\"gpu\"]",
                "unknown engine \"gpu\"",
            ),
            (
                "[modules]\ntxt2music = [\"fal\"]",
                "unknown module \"txt2music\"",
            ),
            ("[modules]\ntext2video = []", "empty list"),
            ("default = [\"fal\", \"fal\"]", "listed twice"),
            (
                "[fal.models]\nvideo = \"fal-ai/x\"",
                "neither a module code",
            ),
            (
                "[fal.models]\ntext_to_image = \"../admin\"",
                "not a fal model id",
            ),
            ("defaults = [\"fal\"]", "unknown field"),
            ("default = \"fal\"", "invalid type"),
        ];
        for (text, want) in bad {
            let e = parse(text).unwrap_err();
            assert!(e.contains(want), "{text}: {e}");
        }
    }
}
