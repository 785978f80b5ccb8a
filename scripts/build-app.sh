#!/usr/bin/env bash
# Builds the React app into app/dist (needs wasm-bindings/pkg: app/ depends on it as
# "file:../wasm-bindings/pkg", so its npm install comes after `scripts/build-wasm.sh`).
set -euo pipefail
cd "$(dirname "$0")/../app"
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "[app] installing npm dependencies"
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
fi
npm run --silent build
