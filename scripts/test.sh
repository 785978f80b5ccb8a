#!/usr/bin/env bash
# `npm test`: every test of every part, after the set-up step.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
# Each step says when it starts, in seconds since this script began: where a run's time goes.
step() { printf '== %s (at %d s)\n' "$1" "$SECONDS"; }
bash scripts/setup.sh
# wasm-bindgen-cli, when missing (a new machine), installs beside the Rust build: the npm package's
# build, later, waits for that install (scripts/setup-wasm-bindgen.sh) instead of doing it then.
bindgen_log=$(mktemp)
setsid bash scripts/setup-wasm-bindgen.sh >"$bindgen_log" 2>&1 &
bindgen_pid=$!
stop_bindgen() { kill -- "-$bindgen_pid" 2>/dev/null || true; }
trap stop_bindgen EXIT

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
cargo test --workspace --all-targets --no-run --quiet
cargo clippy -p aivg-wasm --target wasm32-unknown-unknown --quiet -- -D warnings

# The npm package's release builds (one core each: LTO, one codegen unit), its node tests and
# the app's build, lint and unit tests run beside the Rust tests, which spend much of their time
# waiting on sockets and timers (scripts/test-package-and-app.sh). No clippy wrapper there. Its
# own session (setsid), so a failing run stops the whole chain with it.
wasm_log=$(mktemp)
env -u RUSTC_WORKSPACE_WRAPPER -u CLIPPY_ARGS setsid bash scripts/test-package-and-app.sh >"$wasm_log" 2>&1 &
wasm_pid=$!
stop_wasm() { kill -- "-$wasm_pid" 2>/dev/null || true; }
trap 'stop_bindgen; stop_wasm' EXIT

step "fixtures are what their generators make"
bash scripts/check-fixtures.sh

step "the README stays short and the docs' links resolve"
python3 scripts/check-docs.py

step "cargo tests (the server on SQLite; its S3 tests on moto)"
# Three test threads on two cores: the server's tests mostly wait on sockets, timers and the
# engines' fakes (its integration binary used about a third of the time's CPU).
export RUST_TEST_THREADS="${RUST_TEST_THREADS:-3}"
# server/tests/s3_storage.rs runs against it, here and on PostgreSQL below.
AIVG_TEST_S3_URL=$(bash scripts/s3.sh)
export AIVG_TEST_S3_URL
trap 'stop_bindgen; stop_wasm; bash scripts/s3.sh stop' EXIT
cargo test --workspace

step "the server's tests on PostgreSQL, the cluster test and schemathesis, beside the browser tests"
# The PostgreSQL pass, the cluster test (scripts/cluster.sh: its own PostgreSQL and moto, three
# instances behind nginx, failures) and schemathesis (scripts/schemathesis.sh: every operation of
# the OpenAPI document with an API key, on its own throw-away server) mostly wait on sockets, their
# fakes and timers: they run in the background while the browser tests start as soon as the npm
# package and the app are ready. Each writes its own log, printed when it ends.
schemathesis_log=$(mktemp)
AIVG_SERVER_BIN="$PWD/target/debug/aivg-server" setsid bash scripts/schemathesis.sh >"$schemathesis_log" 2>&1 &
schemathesis_pid=$!
stop_schemathesis() { kill -- "-$schemathesis_pid" 2>/dev/null || true; }
cluster_log=$(mktemp)
setsid bash scripts/cluster.sh >"$cluster_log" 2>&1 &
cluster_pid=$!
stop_cluster() { kill -- "-$cluster_pid" 2>/dev/null || true; }
trap 'stop_bindgen; stop_wasm; stop_cluster; stop_schemathesis; bash scripts/s3.sh stop' EXIT
# A fresh cluster: one a killed run left behind would still hold that run's databases.
bash scripts/postgres.sh stop
pg_url=$(bash scripts/postgres.sh)
# --workspace, as above: `-p aivg-server` alone would resolve other feature sets and rebuild
# half the dependency tree. Only the tests that can reach a database run again: the crates' own
# (--lib, --bins) and the server's over HTTP; core's, the models' and the fakes' know no database.
pg_log=$(mktemp)
DATABASE_URL="$pg_url" setsid cargo test --workspace --lib --bins --test integration --test store_campaign >"$pg_log" 2>&1 &
pg_pid=$!
stop_pg() { kill -- "-$pg_pid" 2>/dev/null || true; }
trap 'stop_bindgen; stop_wasm; stop_cluster; stop_schemathesis; stop_pg; bash scripts/postgres.sh stop; bash scripts/s3.sh stop' EXIT

step "the npm package and the app (built and tested beside the cargo tests)"
unset RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS
wait "$wasm_pid" || { cat "$wasm_log"; echo "the npm package or the app failed" >&2; exit 1; }
cat "$wasm_log"

step "the browser tests against the real server"
# The server binary `cargo test` built above; Playwright drives Debian's Chromium.
(cd app && AIVG_SERVER_BIN="$PWD/../target/debug/aivg-server" npm run --silent e2e)

step "the server's tests on PostgreSQL"
wait "$pg_pid" || { cat "$pg_log"; echo "the server's tests on PostgreSQL failed" >&2; exit 1; }
grep -a '^test result' "$pg_log"

step "schemathesis against the OpenAPI document"
wait "$schemathesis_pid" || { cat "$schemathesis_log"; echo "schemathesis found answers the document does not describe" >&2; exit 1; }
tail -n 4 "$schemathesis_log"

step "the cluster test"
wait "$cluster_pid" || { cat "$cluster_log"; echo "the cluster test failed" >&2; exit 1; }
grep -a '^\[cluster' "$cluster_log"
step "done"
