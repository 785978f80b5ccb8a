#!/usr/bin/env bash
# `npm run build`: everything, release: the npm package, the app (app/dist) and
# target/release/aivg-server.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
bash scripts/setup.sh
bash scripts/build-wasm.sh
bash scripts/build-app.sh
cargo build --release -p aivg-server
echo "built: wasm-bindings/pkg (@aivg/core), app/dist and target/release/aivg-server"
