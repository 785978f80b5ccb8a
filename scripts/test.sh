#!/usr/bin/env bash
# `npm test`: every test of every part, after the set-up step.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
# Each step says when it starts, in seconds since this script began: where a run's time goes.
step() { printf '== %s (at %d s)\n' "$1" "$SECONDS"; }
# Background parts run in their own sessions (setsid): a failing run stops each with its children.
bg_pids=()
stop_bg() { for pid in "${bg_pids[@]}"; do kill -- "-$pid" 2>/dev/null || true; done; }
trap stop_bg EXIT
# Debian's packages (browser, fonts, ffmpeg, PostgreSQL, nginx: scripts/setup-debian.sh) install
# beside the Rust build, which needs none of them; the tests wait for them after it.
debian_log=$(mktemp)
setsid bash scripts/setup-debian.sh >"$debian_log" 2>&1 &
debian_pid=$!
bg_pids+=("$debian_pid")
AIVG_SETUP_DEBIAN=later bash scripts/setup.sh
# Before any build: the generators rewrite server/workflows/ (the same bytes), which the server's
# build script watches, so a check after the Rust build made the next cargo command compile the
# server again (~4 minutes of both cores beside the browser tests).
step "fixtures are what their generators make"
bash scripts/check-fixtures.sh
# wasm-bindgen-cli, when missing (a new machine), installs beside the Rust build: the npm package's
# build, started beside it too, waits for that install (scripts/setup-wasm-bindgen.sh) before it
# binds its first part instead of installing it again.
bindgen_log=$(mktemp)
setsid bash scripts/setup-wasm-bindgen.sh >"$bindgen_log" 2>&1 &
bg_pids+=($!)
# The npm package and the app's production build, which the browser tests need besides the
# server, start at once too (scripts/test-package-and-app.sh, linted by clippy as it compiles).
package_log=$(mktemp)
setsid bash scripts/test-package-and-app.sh >"$package_log" 2>&1 &
package_pid=$!
bg_pids+=("$package_pid")

step "formatting"
cargo fmt --all --check

step "the Rust build, linted by clippy as it compiles"
# clippy-driver compiles the workspace's crates in place of rustc (RUSTC_WORKSPACE_WRAPPER):
# the same lints as `cargo clippy --all-targets -- -D warnings`, without compiling every
# dependency a second time in check mode. Every cargo command below runs with the same
# variables, so they reuse this build.
export RUSTC_WORKSPACE_WRAPPER=clippy-driver CLIPPY_ARGS=-Dwarnings
# A first build (a fresh clone, CI) writes incremental caches nobody reads: off then.
[ -d target/debug ] || export CARGO_INCREMENTAL=0
# Cargo's JSON names every test executable it built: scripts/test-server.sh runs them from it.
export AIVG_TEST_LIST="$PWD/target/test-executables.json"
cargo test --workspace --all-targets --no-run --quiet --message-format=json-render-diagnostics >"$AIVG_TEST_LIST"
wait "$debian_pid" || { cat "$debian_log"; echo "Debian's packages could not be installed" >&2; exit 1; }
cat "$debian_log"

# From here three lines run side by side on the machine's cores, as each mostly waits on sockets,
# timers and a browser: the server's tests (scripts/test-server.sh: SQLite, then PostgreSQL with
# the cluster test and schemathesis), the browser tests once the package and the app are built,
# and beside them the lints and unit tests nothing waits for.
server_log=$(mktemp)
setsid bash scripts/test-server.sh >"$server_log" 2>&1 &
server_pid=$!
bg_pids+=("$server_pid")
unset RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS

step "the README stays short and the docs' links resolve"
python3 scripts/check-docs.py

step "the npm package and the app (built beside the Rust build)"
wait "$package_pid" || { cat "$package_log"; echo "the npm package or the app failed" >&2; exit 1; }
cat "$package_log"

# Beside the browser tests: the package's node tests (wasm-bindings/tests-js/, one against the
# debug server), the app's lint (eslint, prettier, tsc) and its unit tests (vitest). The web
# package was linted for its own target as it was built (AIVG_WASM_CLIPPY).
lint_log=$(mktemp)
setsid bash -c 'set -e
  node --test wasm-bindings/tests-js/
  cd app && npm run --silent lint && npm run --silent test' >"$lint_log" 2>&1 &
lint_pid=$!
bg_pids+=("$lint_pid")

step "the browser tests against the real server"
# The server binary the Rust build made; Playwright drives Debian's Chromium.
(cd app && AIVG_SERVER_BIN="$PWD/../target/debug/aivg-server" npm run --silent e2e)

step "the package's node tests, the app's lint and unit tests"
wait "$lint_pid" || { cat "$lint_log"; echo "the package's node tests, the app's lint or its unit tests failed" >&2; exit 1; }
grep -a '^# \(tests\|pass\|fail\) ' "$lint_log" || true
tail -n 6 "$lint_log"

step "the server's tests"
wait "$server_pid" || { cat "$server_log"; echo "the server's tests failed" >&2; exit 1; }
cat "$server_log"
step "done"
