#!/usr/bin/env bash
# `npm run build:wasm`: builds the npm package @aivg/core into wasm-bindings/pkg/.
# Two parts, each its own WebAssembly module, so a page downloads only what it runs (README "Speed"):
# `rules` (aivg_core: every rule and the HTTP client) and `imaging` (aivg_imaging: the pixel work),
# built from wasm-bindings with one cargo feature each. Each part is bound twice: `bundler` (ES module
# importing the .wasm, for Vite with vite-plugin-wasm) and `nodejs` (loads the .wasm synchronously,
# so a plain `import` works in Node 20+ with no flag and no init call). package.json routes each
# to its own via "exports"; its main entry re-exports both parts (scripts/package-wasm.mjs).
set -euo pipefail
# AIVG_WASM_FAST=1 (for development): release code without LTO, compiled in parallel units;
# several times quicker to build, same behaviour, larger and somewhat slower .wasm.
if [ "${AIVG_WASM_FAST:-}" = 1 ]; then
  export CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_OPT_LEVEL=2
fi
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"   # wasm-opt from the npm package binaryen
# Build into a fresh folder and swap it in at the end, so a test reading pkg/ meanwhile never
# sees a half-written package.
out="pkg-build-$$"
trap 'rm -rf "wasm-bindings/$out"' EXIT
for part in rules:aivg_core imaging:aivg_imaging; do
  feature=${part%%:*} name=${part#*:}
  for target in bundler nodejs; do
    wasm-pack --quiet build wasm-bindings --release --target "$target" \
      --out-dir "$out/$target" --out-name "$name" --no-pack \
      -- --no-default-features --features "$feature" 2>&1 | grep -v "could not check for a newer version" || true
    test -f "wasm-bindings/$out/$target/${name}_bg.wasm" || { echo "wasm-pack failed for $feature ($target)" >&2; exit 1; }
  done
done
node scripts/package-wasm.mjs "wasm-bindings/$out"
rm -rf wasm-bindings/pkg
mv "wasm-bindings/$out" wasm-bindings/pkg
