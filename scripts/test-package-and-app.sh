#!/usr/bin/env bash
# The npm package's build, then the app's production build: what the browser tests need.
# `scripts/test.sh` starts this first, beside the Rust build, and starts the browser tests when
# both have ended. The package's node tests run later (one of them starts the server the Rust
# build makes). The package is built fast, and linted as it compiles (AIVG_WASM_FAST:
# no LTO, no wasm-opt; the same behaviour): no test measures its size or speed, the benchmarks and
# `npm start` build it whole.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
say() { printf '[package and app] %s (%d s after it began)\n' "$1" "$((SECONDS - start))"; }
# Linted by clippy as it compiles (AIVG_WASM_CLIPPY: the web package's lint for its own target).
AIVG_WASM_FAST=1 AIVG_WASM_CLIPPY=1 bash scripts/build-wasm.sh
say "the npm package is built"
bash scripts/build-app.sh
say "the app is built"
