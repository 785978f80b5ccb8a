#!/usr/bin/env bash
# The npm package's release build and its node tests, then the app's production build, lint and
# unit tests: what the browser tests need. `scripts/test.sh` runs this beside cargo's tests
# (which mostly wait on sockets and timers) and waits for it before the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
say() { printf '[package and app] %s (%d s after it began)\n' "$1" "$((SECONDS - start))"; }
bash scripts/build-wasm.sh
say "the npm package is built"
node --test wasm-bindings/tests-js/
say "its node tests passed"
bash scripts/build-app.sh
say "the app is built"
cd app
npm run --silent lint
npm run --silent test
say "the app's lint and unit tests passed"
