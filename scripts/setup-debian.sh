#!/usr/bin/env bash
# The Debian packages the tests and the server use, installed when missing: one `apt-get update`
# and one `apt-get install` for all of them (a new machine lacks most at once). Run by
# scripts/setup.sh, or by `npm test` beside its Rust build (which needs none of them).
set -euo pipefail
say() { printf '[setup] %s\n' "$*"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
missing=()

# Debian's Chromium for the browser tests, as its headless shell (Playwright never downloads a
# browser here). The full `chromium` is needed only by app/scripts/perf-report.ts.
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)

# Fonts for the browser tests' screenshots (app/e2e/screens.spec.ts): the same fonts on every
# machine render the same pixels, and Noto CJK draws Japanese, Korean and Chinese (without it they
# render as boxes). The app's font stack names Noto Sans and Noto Sans CJK (app/src/styles/global.css).
# (The list is read whole first: `fc-list | grep -q` fails under pipefail when grep stops early.)
families=$(fc-list : family 2>/dev/null || true)
if ! grep -q "Noto Sans CJK JP" <<< "$families" || ! grep -qx "Noto Sans" <<< "$families"; then
  missing+=(fontconfig fonts-noto-core fonts-noto-cjk)
fi

# ffmpeg: the server's local provider runs its video tools through it (it answers a clear error
# without it, but the tests exercise the real path).
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)

# espeak-ng: the text-to-speech step of the talking avatar with text (`talking_face_tts` on
# ComfyUI, see server/src/tasks/comfyui/tts.rs); without it that module fails with a clear error.
command -v espeak-ng >/dev/null 2>&1 || missing+=(espeak-ng)

# nginx: the cluster test (scripts/cluster.sh) runs three instances behind deploy/nginx.conf.
nginx_missing=0
command -v nginx >/dev/null 2>&1 || { missing+=(nginx-light); nginx_missing=1; }

# PostgreSQL: the tests' second database (scripts/postgres.sh, which would install it too).
ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1 || missing+=(postgresql)

[ "${#missing[@]}" = 0 ] && exit 0
say "installing Debian's ${missing[*]}"
as_root apt-get update -qq
DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${missing[@]}" >/dev/null
# nginx's own service is not wanted (the cluster test starts its own nginx): stopped if it started.
if [ "$nginx_missing" = 1 ]; then as_root nginx -s quit 2>/dev/null || true; fi
