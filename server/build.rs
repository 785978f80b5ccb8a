//! The SQL migrations are embedded at compile time (`sqlx::migrate!` in `db.rs`): a new or
//! changed file under `migrations/` must rebuild the crate, which cargo does not know by itself.
//!
//! The shipped ComfyUI workflows (`workflows/*.json` but `index.json`) are embedded too: this
//! writes `$OUT_DIR/shipped_workflows.rs`, the table `SHIPPED` of `workflows/shipped.rs`, so a new
//! workflow is only its file (the workflows test checks the files against core's `WorkflowName`).
use std::fmt::Write as _;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=migrations");
    println!("cargo:rerun-if-changed=workflows");
    if let Err(e) = shipped_workflows() {
        println!("cargo:warning=the shipped workflows: {e}");
        std::process::exit(1);
    }
}

fn shipped_workflows() -> Result<(), Box<dyn std::error::Error>> {
    let dir = Path::new(&std::env::var("CARGO_MANIFEST_DIR")?).join("workflows");
    let mut names = Vec::new();
    for entry in std::fs::read_dir(&dir)? {
        let path = entry?.path();
        let stem = path.file_stem().and_then(|s| s.to_str()).map(str::to_owned);
        let is_json = path.extension().is_some_and(|e| e == "json");
        if let (true, Some(stem)) = (is_json, stem)
            && stem != "index"
        {
            names.push(stem);
        }
    }
    names.sort();
    let mut out = String::from(
        "/// Every shipped workflow: (name, API-format JSON), by name.\n\
         pub const SHIPPED: &[(&str, &str)] = &[\n",
    );
    for name in &names {
        let file = dir.join(format!("{name}.json"));
        writeln!(out, "    ({name:?}, include_str!({:?})),", file.display())?;
    }
    out.push_str("];\n");
    let target = Path::new(&std::env::var("OUT_DIR")?).join("shipped_workflows.rs");
    std::fs::write(target, out)?;
    Ok(())
}
