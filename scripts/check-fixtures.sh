#!/usr/bin/env bash
# Fixture files made by a generator must be exactly what it makes: run every generator and
# fail (naming the files) when any output changed. Generators are deterministic. The ComfyUI
# generator also writes server/workflows/*.json and README.md (the shipped workflows), checked too.
# Rewriting those files makes the server's build script (which watches server/workflows) run
# again, so the next cargo command compiles the server: `npm test` runs this before its build.
set -euo pipefail
cd "$(dirname "$0")/.."
before=$(find fixtures server/workflows \( -name '*.json' -o -path server/workflows/README.md \) -type f -print0 | sort -z | xargs -0 sha256sum)
for gen in fixtures/*/generate.py; do (cd "$(dirname "$gen")" && python3 generate.py >/dev/null); done
for gen in fixtures/*/generate.mjs; do [ -f "$gen" ] && node "$gen" >/dev/null; done
after=$(find fixtures server/workflows \( -name '*.json' -o -path server/workflows/README.md \) -type f -print0 | sort -z | xargs -0 sha256sum)
if [ "$before" != "$after" ]; then
  echo "fixtures differ from what their generators make (now regenerated):" >&2
  diff <(echo "$before") <(echo "$after") >&2 || true
  exit 1
fi
echo "fixtures: $(echo "$after" | wc -l) files match their generators"
