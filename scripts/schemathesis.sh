#!/usr/bin/env bash
# Checks the running server against its own OpenAPI document (GET /v1/openapi.json) with
# schemathesis (PyPI): every public operation is called with generated requests, signed with an
# API key that has every scope, and no answer may be a 500, have a status, content type or body
# the document does not describe. A throw-away server (its own data folder and port) is started
# from AIVG_SERVER_BIN (default target/debug/aivg-server) and stopped at the end.
#
# Kept fast for `npm test` (docs/testing.md): a few examples per operation (AIVG_SCHEMATHESIS_EXAMPLES,
# default 5), no shrinking, a fixed seed so a failure repeats. Installs schemathesis into a
# virtualenv under ~/.cache/aivg the first time (about a minute, from PyPI).
set -euo pipefail
cd "$(dirname "$0")/.."
version=4.32.5
venv=${AIVG_SCHEMATHESIS_VENV:-$HOME/.cache/aivg/schemathesis-$version}
bin=${AIVG_SERVER_BIN:-target/debug/aivg-server}
examples=${AIVG_SCHEMATHESIS_EXAMPLES:-5}

if [ ! -x "$venv/bin/st" ]; then
  echo "[schemathesis] installing schemathesis $version into $venv" >&2
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check "schemathesis==$version" >&2
fi

data=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
origin="http://127.0.0.1:$port"
AIVG_ADDR="127.0.0.1:$port" AIVG_DATA_DIR="$data" AIVG_PUBLIC_URL="$origin" \
  AIVG_LIMIT_SIGNUP=off AIVG_LIMIT_LOGIN_IP=off AIVG_LIMIT_LOGIN_ACCOUNT=off \
  AIVG_LIMIT_LOGIN_NETWORK=off AIVG_LIMIT_CODE=off AIVG_LIMIT_FREE_IP=off \
  AIVG_LIMIT_FREE_USER=off AIVG_LIMIT_ANON=off AIVG_LIMIT_API_KEY=off AIVG_BUSY_WAIT_MS=60000 \
  "$bin" >"$data/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$data"' EXIT
for _ in $(seq 1 300); do
  curl -sf -o /dev/null "$origin/v1/openapi.json" && break
  kill -0 $server 2>/dev/null || { cat "$data/server.log" >&2; exit 1; }
  sleep 0.1
done

# A user, signed in, and a key with every scope.
field() { python3 -c "import json,sys; print(json.load(sys.stdin)['data']['$1'])"; }
post() { curl -sf -X POST -H 'Content-Type: application/json' ${3:+-H "Authorization: Bearer $3"} -d "$2" "$origin$1"; }
code=$(post /account/register '{"email":"schemathesis@example.com","password":"secret123"}' | field code)
token=$(post /v1/oauth/token "{\"code\":\"$code\"}" | field access_token)
key=$(post /v1/keys '{"name":"schemathesis","scopes":["tasks:create","tasks:read","balance:read"]}' "$token" | field key)

# The event stream never ends by itself: it is left out (server/tests/task_events.rs tests it).
# Run from the throw-away folder: schemathesis keeps a cache (.schemathesis/) where it runs.
cd "$data"
"$venv/bin/st" run "$origin/v1/openapi.json" \
  --header "Authorization: Bearer $key" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
  --exclude-path /v1/ai/events \
  --phases examples,coverage,fuzzing \
  --max-examples "$examples" --no-shrink --seed 1 \
  --request-timeout 20 --max-redirects 0 \
  --workers 2 --warnings off
