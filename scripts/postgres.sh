#!/usr/bin/env bash
# Starts a throw-away PostgreSQL (Debian's package) on loopback for the server's test suite and
# prints its DATABASE_URL. `scripts/postgres.sh restart` restarts it (the cluster test);
# `scripts/postgres.sh stop` stops it and deletes its data (every test database with it: they are
# ~10 MB each and were left behind run after run). Installs the package when missing.
set -euo pipefail
port=${AIVG_PG_PORT:-55432}
dir=${AIVG_PG_DIR:-/tmp/aivg-pg-$port}
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
if ! ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1; then
  echo "[postgres] installing Debian's postgresql" >&2
  as_root apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq postgresql >/dev/null
fi
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
# initdb and the server refuse to run as root: use the postgres account Debian's package made.
run() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi; }
if [ "${1:-}" = stop ]; then
  [ -d "$dir" ] && run "$bin/pg_ctl -D $dir -m fast stop" >&2 || true
  # Moved aside and deleted in the background: a test run's data is a gigabyte of small files,
  # whose deletion took minutes on a busy disk at the end of `npm test`.
  if [ -d "$dir" ]; then
    gone="$dir.deleted-$$"
    mv "$dir" "$gone"
    setsid rm -rf "$gone" </dev/null >/dev/null 2>&1 &
  fi
  exit 0
fi
if [ "${1:-}" = restart ]; then
  # The cluster test's "PostgreSQL restarts": a fast shutdown (every connection cut) and a start.
  run "$bin/pg_ctl -D $dir -m fast -w restart -o '-p $port -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300' -l $dir/log" >&2
  exit 0
fi
if [ ! -f "$dir/PG_VERSION" ]; then
  mkdir -p "$dir"
  [ "$(id -u)" = 0 ] && chown postgres "$dir"
  run "$bin/initdb -D $dir -A trust -U postgres" >/dev/null
fi
if ! run "$bin/pg_ctl -D $dir status" >/dev/null 2>&1; then
  run "$bin/pg_ctl -D $dir -o '-p $port -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300' -l $dir/log -w start" >&2
fi
echo "postgres://postgres@127.0.0.1:$port/postgres"
