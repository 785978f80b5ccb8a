//! `docs/engines-fal-models.md` is the catalogue's fal.ai model table
//! (`aivg_core::tasks::fal_models_markdown`): this test fails when the committed file differs,
//! and with `AIVG_WRITE_DOCS=1` writes it instead (the generator).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;

#[test]
fn fal_models_doc_is_current() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/engines-fal-models.md");
    let want = aivg_core::tasks::fal_models_markdown();
    if std::env::var_os("AIVG_WRITE_DOCS").is_some() {
        std::fs::write(&path, &want).unwrap();
        return;
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "{} differs from the catalogue: run `AIVG_WRITE_DOCS=1 cargo test -p aivg-core --test fal_models_doc` and commit it",
        path.display()
    );
}
