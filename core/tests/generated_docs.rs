//! The docs pages core's catalogue generates: `docs/engines-fal-models.md`
//! (`aivg_core::tasks::fal_models_markdown`) and `docs/task-modules.md`
//! (`aivg_core::tasks::task_modules_markdown`). Each test fails when the committed file differs,
//! and with `AIVG_WRITE_DOCS=1` writes it instead (the generator).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;

fn check(page: &str, want: String) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../docs")
        .join(page);
    if std::env::var_os("AIVG_WRITE_DOCS").is_some() {
        std::fs::write(&path, &want).unwrap();
        return;
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "{} differs from the catalogue: run `AIVG_WRITE_DOCS=1 cargo test -p aivg-core --test rules generated_docs` and commit it",
        path.display()
    );
}

#[test]
fn fal_models_doc_is_current() {
    check(
        "engines-fal-models.md",
        aivg_core::tasks::fal_models_markdown(),
    );
}

#[test]
fn task_modules_doc_is_current() {
    check("task-modules.md", aivg_core::tasks::task_modules_markdown());
}
