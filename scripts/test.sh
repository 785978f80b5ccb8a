#!/usr/bin/env bash
# `npm test`: every test of every part, after the set-up step.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
bash scripts/setup.sh

echo "== formatting and lints"
cargo fmt --all --check
cargo clippy --workspace --all-targets --quiet -- -D warnings
cargo clippy -p aivg-wasm --target wasm32-unknown-unknown --quiet -- -D warnings

echo "== fixtures are what their generators make"
bash scripts/check-fixtures.sh

echo "== the README stays short and the docs' links resolve"
python3 scripts/check-docs.py

echo "== cargo tests (the server on SQLite; its S3 tests on moto)"
# server/tests/s3_storage.rs runs against it, here and on PostgreSQL below.
AIVG_TEST_S3_URL=$(bash scripts/s3.sh)
export AIVG_TEST_S3_URL
trap 'bash scripts/s3.sh stop' EXIT
cargo test --workspace

echo "== the server's tests on PostgreSQL"
# A fresh cluster: one a killed run left behind would still hold that run's databases.
bash scripts/postgres.sh stop
pg_url=$(bash scripts/postgres.sh)
trap 'bash scripts/postgres.sh stop; bash scripts/s3.sh stop' EXIT
# --workspace, as above: `-p aivg-server` alone would resolve other feature sets and rebuild
# half the dependency tree. Only the tests that can reach a database run again: the crates' own
# (--lib, --bins) and the server's over HTTP; core's, the models' and the fakes' know no database.
DATABASE_URL="$pg_url" cargo test --workspace --lib --bins --test integration --test store_campaign

echo "== the npm package @aivg/core"
bash scripts/build-wasm.sh
node --test wasm-bindings/tests-js/

echo "== the app: lint, unit tests, production build, browser tests against the real server"
bash scripts/build-app.sh
(
  cd app
  npm run --silent lint
  npm run --silent test
  # The server binary `cargo test` built above; Playwright drives Debian's Chromium.
  AIVG_SERVER_BIN="$PWD/../target/debug/aivg-server" npm run --silent e2e
)
