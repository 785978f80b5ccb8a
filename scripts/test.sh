#!/usr/bin/env bash
# `npm test`: every test of every part, after the set-up step.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
bash scripts/setup.sh

echo "== formatting and lints"
cargo fmt --all --check
cargo clippy --workspace --all-targets --quiet -- -D warnings

echo "== fixtures are what their generators make"
node fixtures/payload/generate.mjs --check

echo "== cargo tests"
cargo test --workspace
