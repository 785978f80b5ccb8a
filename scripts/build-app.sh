#!/usr/bin/env bash
# Builds the React app into app/dist (needs wasm-bindings/pkg: app/ depends on it as
# "file:../wasm-bindings/pkg", so its npm install comes after `scripts/build-wasm.sh`).
set -euo pipefail
cd "$(dirname "$0")/../app"
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "[app] installing npm dependencies"
  # `npm install`, not `npm ci`: the lock holds only the platform packages the registry mirror
  # serves (rollup's and esbuild's linux-x64 builds), and `npm ci` refuses a lock that lacks the
  # other platforms' optional entries. With the lock present, `npm install` installs exactly it.
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund --loglevel=error
fi
npm run --silent build
