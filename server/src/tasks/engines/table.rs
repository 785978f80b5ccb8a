//! The routing table `aivg-server engines` prints: per module, its engines in order, the one
//! that takes its tasks now (with what it runs: the ComfyUI workflow, the fal model, local work
//! or preview) and why the engines before it cannot.

use super::{Engine, Engines};
use aivg_core::tasks::TASK_MODULES;
use std::fmt::Write;

/// One module's row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub code: &'static str,
    pub order: Vec<Engine>,
    /// The engine that takes the module's tasks and what it runs there.
    pub runs_on: Option<(Engine, String)>,
    /// The engines before it (all of them when none can) and why they cannot.
    pub skipped: Vec<(Engine, String)>,
}

/// The table of every module.
#[derive(Debug, Clone, Default)]
pub struct Table {
    pub rows: Vec<Row>,
    /// Where the orders come from (the engines file or the environment).
    pub source: String,
}

impl Table {
    /// True when every module can run somewhere.
    pub fn all_runnable(&self) -> bool {
        self.rows.iter().all(|r| r.runs_on.is_some())
    }

    /// The row of a module.
    pub fn row(&self, code: &str) -> Option<&Row> {
        self.rows.iter().find(|r| r.code == code)
    }

    pub fn render(&self) -> String {
        let mut out = format!("Routes ({}):\n", self.source);
        let width = self.rows.iter().map(|r| r.code.len()).max().unwrap_or(0);
        for r in &self.rows {
            let order: Vec<&str> = r.order.iter().map(|e| e.name()).collect();
            let head = match &r.runs_on {
                Some((e, what)) => format!("{e} ({what})"),
                None => "CANNOT RUN".to_owned(),
            };
            let _ = write!(
                out,
                "{:width$}  {head}  [order: {}]",
                r.code,
                order.join(", ")
            );
            for (e, why) in &r.skipped {
                let _ = write!(out, "; {e}: {why}");
            }
            out.push('\n');
        }
        out
    }
}

/// Checks every module against the engines as they are now.
pub async fn build(engines: &Engines) -> Table {
    let source = match engines.file_path() {
        Some(p) => format!("AIVG_ENGINES_FILE {}", p.display()),
        None => "from the environment: AIVG_COMFYUI_URL, then AIVG_FAL_KEY, else local".into(),
    };
    let mut rows = Vec::new();
    for m in TASK_MODULES {
        let order = engines.order(m);
        let mut row = Row {
            code: m.code,
            order: order.clone(),
            runs_on: None,
            skipped: Vec::new(),
        };
        for e in order {
            match engines.check(e, m, None).await {
                Ok(what) => {
                    row.runs_on = Some((e, what));
                    break;
                }
                Err(why) => row.skipped.push((e, why)),
            }
        }
        rows.push(row);
    }
    Table { rows, source }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    fn config(f: impl FnOnce(&mut Config)) -> Config {
        let mut cfg = Config::for_tests(std::env::temp_dir());
        f(&mut cfg);
        cfg
    }

    #[tokio::test]
    async fn without_engines_everything_is_local() {
        let t = build(&Engines::new(&config(|_| {}), true)).await;
        assert!(t.all_runnable());
        let row = t.row("text2image").unwrap();
        assert_eq!(
            row.runs_on,
            Some((Engine::Local, "a labelled preview".into()))
        );
        assert_eq!(t.row("tool_sf").unwrap().order, [Engine::Local]);
    }

    #[tokio::test]
    async fn the_local_enhancer_says_whether_its_model_is_installed() {
        let dir = tempfile::tempdir().unwrap();
        let runs_on = |t: &Table| t.row("mai_imagesharpen").unwrap().runs_on.clone().unwrap();
        let cfg = config(|c| c.models.dir = Some(dir.path().to_path_buf()));
        let (e, what) = runs_on(&build(&Engines::new(&cfg, true)).await);
        assert_eq!(e, Engine::Local);
        assert!(what.contains("not installed"), "{what}");
        for id in [
            aivg_models::ModelId::Upscale,
            aivg_models::ModelId::UpscaleGraph,
        ] {
            let path = aivg_models::model_path(dir.path(), id).unwrap();
            std::fs::write(path, b"checked when loaded").unwrap();
        }
        let t = build(&Engines::new(&cfg, true)).await;
        assert!(runs_on(&t).1.contains("Real-ESRGAN"), "{}", t.render());
        assert_eq!(
            t.row("tool_itr").unwrap().runs_on,
            t.row("mai_imagesharpen").unwrap().runs_on
        );
    }

    #[tokio::test]
    async fn local_background_removal_says_whether_its_model_is_installed() {
        let dir = tempfile::tempdir().unwrap();
        let cfg = config(|c| c.models.dir = Some(dir.path().to_path_buf()));
        let what = |t: &Table, code: &str| t.row(code).unwrap().runs_on.clone().unwrap().1;
        let t = build(&Engines::new(&cfg, true)).await;
        assert!(
            what(&t, "mai_fs").contains("labelled preview"),
            "{}",
            t.render()
        );
        let path = aivg_models::model_path(dir.path(), aivg_models::ModelId::Background).unwrap();
        std::fs::write(path, b"checked when loaded").unwrap();
        let t = build(&Engines::new(&cfg, true)).await;
        for code in ["mai_fs", "tool_gb"] {
            assert!(what(&t, code).contains("U²-Net-p"), "{}", t.render());
        }
    }

    #[tokio::test]
    async fn a_fal_key_alone_sends_every_module_with_a_model_to_fal() {
        let cfg = config(|c| {
            c.tasks.fal_key = Some("k".into());
            c.public_url = Some("https://video.example.com".into());
        });
        let t = build(&Engines::new(&cfg, true)).await;
        for m in TASK_MODULES {
            let r = t.row(m.code).unwrap();
            let engine = r.runs_on.as_ref().map(|(e, _)| *e);
            // fal.ai runs a module when core names a model for each of its workflows.
            let has_model =
                !m.workflows().is_empty() && m.workflows().iter().all(|w| w.fal().is_some());
            let want = if has_model {
                Engine::Fal
            } else {
                Engine::Local
            };
            assert_eq!(engine, Some(want), "{}: {r:?}", m.code);
        }
        let text = t.render();
        assert!(text.contains("fal-ai/flux/schnell"), "{text}");
    }

    #[tokio::test]
    async fn the_file_orders_and_reasons_are_shown() {
        let file = super::super::file::parse(
            "default = [\"comfyui\", \"fal\"]\n[modules]\nmai_fs = [\"local\"]\n",
        )
        .unwrap();
        let cfg = config(|c| c.tasks.engines = Some(("engines.toml".into(), file)));
        let t = build(&Engines::new(&cfg, true)).await;
        assert!(!t.all_runnable());
        let row = t.row("text2video").unwrap();
        assert_eq!(row.runs_on, None);
        assert_eq!(row.skipped.len(), 2);
        assert!(t.render().contains("comfyui: AIVG_COMFYUI_URL is not set"));
        // Installed or not (the default models folder), the local engine takes it.
        let (engine, what) = t.row("mai_fs").unwrap().runs_on.clone().unwrap();
        assert_eq!(engine, Engine::Local);
        assert!(what.contains("background model"), "{what}");
    }
}
