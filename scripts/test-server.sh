#!/usr/bin/env bash
# The server's tests, run by `scripts/test.sh` beside the browser tests once the Rust build is
# done: cargo's tests on SQLite (the server's S3 tests on moto), then the PostgreSQL pass with the
# cluster test (scripts/cluster.sh: its own PostgreSQL and moto, three instances behind nginx,
# failures) and schemathesis (scripts/schemathesis.sh: every operation of the OpenAPI document with
# an API key, on its own throw-away server) beside it. They mostly wait on sockets, their fakes and
# timers. Each background part writes its own log, printed when it ends; the first failure ends
# the script with its log.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
# The same build as scripts/test.sh's (clippy's wrapper): nothing is compiled again.
export RUSTC_WORKSPACE_WRAPPER=clippy-driver CLIPPY_ARGS=-Dwarnings
start=$SECONDS
say() { printf '[server tests] %s (%d s after they began)\n' "$1" "$((SECONDS - start))"; }
# Three test threads on two cores: the server's tests mostly wait on sockets, timers and the
# engines' fakes (its integration binary used about a third of the time's CPU).
export RUST_TEST_THREADS="${RUST_TEST_THREADS:-3}"
# server/tests/s3_storage.rs runs against it, on SQLite and on PostgreSQL.
AIVG_TEST_S3_URL=$(bash scripts/s3.sh)
export AIVG_TEST_S3_URL
pids=()
stop_all() {
  for pid in "${pids[@]}"; do kill -- "-$pid" 2>/dev/null || true; done
  bash scripts/postgres.sh stop >/dev/null 2>&1 || true
  bash scripts/s3.sh stop
}
trap stop_all EXIT

# The test executables of the Rust build, run by scripts/test-binaries.py: the integration tests,
# the others (the local models' and core's rules tests), then again on PostgreSQL, without a
# second `cargo test` that would resolve other features and compile again.
# scripts/test.sh passes the list its build wrote (AIVG_TEST_LIST); run alone, this script asks
# cargo for it.
list=${AIVG_TEST_LIST:-}
if [ -z "$list" ]; then
  list=$(mktemp)
  cargo test --workspace --all-targets --no-run --quiet --message-format=json-render-diagnostics >"$list"
fi
# One after the other: beside the browser tests, the models' tests computing at the same time as
# the integration tests loaded the machine enough for browser tests to overrun their waits.
python3 scripts/test-binaries.py "$list" integration
python3 scripts/test-binaries.py "$list" others
# Not quiet: a `Compiling` line here would mean this command built again what the Rust build made.
cargo test --workspace --doc 2>&1 | { grep -av '^\(running 0 tests\|test result: ok. 0 passed.*\|\)$' || true; }
say "cargo's tests passed on SQLite"

schemathesis_log=$(mktemp)
AIVG_SERVER_BIN="$PWD/target/debug/aivg-server" setsid bash scripts/schemathesis.sh >"$schemathesis_log" 2>&1 &
schemathesis_pid=$!
cluster_log=$(mktemp)
setsid bash scripts/cluster.sh >"$cluster_log" 2>&1 &
cluster_pid=$!
pids=("$schemathesis_pid" "$cluster_pid")
# A fresh cluster: one a killed run left behind would still hold that run's databases.
bash scripts/postgres.sh stop
pg_url=$(bash scripts/postgres.sh)
# Only the tests that can reach a database run again: the crates' own unit tests and the
# server's over HTTP; core's rules, the models' and the fakes' protocol tests know no database.
pg_log=$(mktemp)
DATABASE_URL="$pg_url" python3 scripts/test-binaries.py "$list" database >"$pg_log" 2>&1 ||
  { cat "$pg_log"; echo "the server's tests on PostgreSQL failed" >&2; exit 1; }
grep -a '^test result' "$pg_log"
say "the server's tests passed on PostgreSQL"

wait "$schemathesis_pid" || { cat "$schemathesis_log"; echo "schemathesis found answers the document does not describe" >&2; exit 1; }
tail -n 4 "$schemathesis_log"
say "schemathesis passed"
wait "$cluster_pid" || { cat "$cluster_log"; echo "the cluster test failed" >&2; exit 1; }
grep -a '^\[cluster' "$cluster_log"
say "the cluster test passed"
