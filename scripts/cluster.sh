#!/usr/bin/env bash
# The cluster test (docs/operations.md#a-cluster-behind-nginx): a throw-away PostgreSQL and moto
# S3, then scripts/cluster/run.mjs (two fake ComfyUI backends, three aivg-server instances from
# deploy/aivg-server.service, nginx with deploy/nginx.conf, users, failures, checks).
# Needs the workspace's debug build (target/debug/aivg-server and fake-comfyui). Installs
# Debian's nginx when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
if ! command -v nginx >/dev/null 2>&1; then
  echo "[cluster] installing Debian's nginx" >&2
  as_root apt-get update -qq
  # The package starts its own service on port 80; the test runs its own nginx and stops that one.
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq nginx-light >/dev/null
  as_root nginx -s quit 2>/dev/null || true
fi
export AIVG_PG_PORT=${AIVG_CLUSTER_PG_PORT:-55470} AIVG_PG_DIR=/tmp/aivg-pg-cluster
export AIVG_S3_PORT=${AIVG_CLUSTER_S3_PORT:-55920} AIVG_S3_TEST_BUCKET=aivg-cluster
bash scripts/postgres.sh stop
DATABASE_URL=$(bash scripts/postgres.sh)
AIVG_CLUSTER_S3_URL=$(bash scripts/s3.sh)
trap 'bash scripts/postgres.sh stop; bash scripts/s3.sh stop' EXIT
# nginx's certificate, made here so Node trusts it from its start (NODE_EXTRA_CA_CERTS).
AIVG_CLUSTER_DIR=$(mktemp -d /tmp/aivg-cluster-XXXXXX)
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$AIVG_CLUSTER_DIR/key.pem" -out "$AIVG_CLUSTER_DIR/cert.pem" \
  -days 2 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 2>/dev/null
export DATABASE_URL AIVG_CLUSTER_S3_URL AIVG_CLUSTER_DIR NODE_EXTRA_CA_CERTS="$AIVG_CLUSTER_DIR/cert.pem"
status=0
node scripts/cluster/run.mjs || status=$?
[ "$status" = 0 ] && rm -rf "$AIVG_CLUSTER_DIR"
exit "$status"
