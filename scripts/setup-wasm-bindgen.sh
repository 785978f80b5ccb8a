#!/usr/bin/env bash
# wasm-bindgen-cli at exactly the version Cargo.lock pins (the CLI must match the library the
# package is compiled with), installed once with cargo from crates.io. scripts/build-wasm.sh runs
# this before it first binds a part; `npm test` starts it at once in the background, beside its
# Rust build (about two CPU-minutes on a new machine), and the package's build waits here for that
# install (one install at a time: the lock) instead of starting its own.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
installed() { [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)" = "$want" ]; }
installed && exit 0
mkdir -p target
exec 9>target/.wasm-bindgen-install.lock
flock 9
installed && exit 0
printf '[setup] installing wasm-bindgen-cli %s (a few minutes, once)\n' "$want"
# No --locked: the registry mirror lacks one of its locked dependencies. Unoptimised and without
# debug info: it compiles in under half the CPU time of a release build (118 against 267
# CPU-seconds) and still binds each part in under a second, with the same output.
CARGO_PROFILE_DEV_DEBUG=0 cargo install wasm-bindgen-cli --version "$want" --force --quiet --debug
