#!/usr/bin/env bash
# `npm run build`: everything, release.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
bash scripts/setup.sh
cargo build --workspace --release
