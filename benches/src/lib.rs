//! Shared inputs for the criterion benches in `benches/benches/`: the benched data lives in
//! files so the Node scripts in `benches/node/` time the JavaScript libraries on the very same bytes.

use std::path::{Path, PathBuf};

/// The folder holding generated bench inputs (`benches/data/`).
pub fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data")
}

/// Open-loop load and the capacity search of the `server_load` binary.
pub mod load;
