#!/usr/bin/env bash
# wasm-bindgen-cli at exactly the version Cargo.lock pins (the CLI must match the library the
# package is compiled with), installed once with cargo from crates.io. Run by scripts/build-wasm.sh,
# so only what builds the npm package waits for it: `npm test` builds the package beside cargo's
# tests (scripts/test-package-and-app.sh) instead of before its Rust build.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
[ "$have" = "$want" ] && exit 0
printf '[setup] installing wasm-bindgen-cli %s (a few minutes, once)\n' "$want"
# No --locked: the registry mirror lacks one of its locked dependencies.
cargo install wasm-bindgen-cli --version "$want" --force --quiet
