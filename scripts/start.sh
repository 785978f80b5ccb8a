#!/usr/bin/env bash
# `npm start`: builds what is needed and runs the product: the server with its embedded SQLite
# database under ./data, on http://127.0.0.1:8080 unless AIVG_ADDR says otherwise.
# The server serves the built app (app/dist) and the API.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
echo "starting aivg-server: open http://${AIVG_ADDR:-127.0.0.1:8080}/ (Ctrl-C stops it)"
# The local demo buys through the test store (no real payment; labelled so on its page). A public
# site leaves AIVG_TEST_STORE unset.
AIVG_TEST_STORE="${AIVG_TEST_STORE:-1}" exec target/release/aivg-server
