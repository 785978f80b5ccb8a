#!/usr/bin/env bash
# Starts a throw-away S3-compatible server (PyPI's moto, in server mode) on loopback for the
# server's S3 tests, creates the test bucket and prints its URL, `http://127.0.0.1:PORT/BUCKET`
# (what `AIVG_TEST_S3_URL` takes). `scripts/s3.sh stop` stops it; moto keeps everything in memory,
# so nothing is left behind. Installs moto into a virtualenv under ~/.cache/aivg the first time
# (about half a minute, from PyPI).
set -euo pipefail
port=${AIVG_S3_PORT:-55900}
bucket=${AIVG_S3_TEST_BUCKET:-aivg-test}
moto_version=5.2.5
venv=${AIVG_MOTO_VENV:-$HOME/.cache/aivg/moto-$moto_version}
dir=/tmp/aivg-s3-$port
endpoint="http://127.0.0.1:$port"

if [ "${1:-}" = stop ]; then
  if [ -f "$dir/pid" ]; then
    kill "$(cat "$dir/pid")" 2>/dev/null || true
  fi
  rm -rf "$dir"
  exit 0
fi

if [ ! -x "$venv/bin/moto_server" ]; then
  echo "[s3] installing moto[server] $moto_version into $venv" >&2
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check "moto[server]==$moto_version" >&2
fi

# One request answers whether a server is already listening there (a second run reuses it): any
# HTTP answer counts. (moto's own `/moto-api/data.json` answers 500 once a test has deleted a
# bucket it lists, and a server left running then looked dead while it held the port.)
alive() {
  local code
  code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$endpoint/" || true)
  [ "$code" != 000 ] && [ -n "$code" ]
}
if ! alive; then
  mkdir -p "$dir"
  "$venv/bin/moto_server" -H 127.0.0.1 -p "$port" >"$dir/log" 2>&1 &
  echo $! >"$dir/pid"
  for _ in $(seq 1 100); do
    alive && break
    if ! kill -0 "$(cat "$dir/pid")" 2>/dev/null; then
      echo "[s3] moto_server did not start:" >&2
      cat "$dir/log" >&2
      exit 1
    fi
    sleep 0.1
  done
  alive || { echo "[s3] moto_server did not answer on $endpoint within 10 s" >&2; exit 1; }
fi
# moto accepts unsigned requests: a plain PUT creates the bucket (200 when it exists already).
status=$(curl -s -o /dev/null -w '%{http_code}' -X PUT "$endpoint/$bucket")
case "$status" in
  200|409) ;;
  *) echo "[s3] creating the bucket $bucket answered HTTP $status" >&2; exit 1 ;;
esac
echo "$endpoint/$bucket"
