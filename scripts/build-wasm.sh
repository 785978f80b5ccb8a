#!/usr/bin/env bash
# `npm run build:wasm`: builds the npm package @aivg/core into wasm-bindings/pkg/.
# Parts, each its own WebAssembly module, so a page downloads only what it runs (docs/performance.md),
# built from wasm-bindings with cargo features:
# - aivg_core (`rules,later,extra,payload`): every rule and the HTTP client; the main entry's and Node's;
# - aivg_rules (`rules`): what a public page's first load calls, and the HTTP client
#   (`@aivg/core/rules` in a bundler; bundler only);
# - aivg_later (`later`): the rest of what the web app calls, pure functions its callers load on
#   first need (`@aivg/core/later` in a bundler; bundler only);
# - aivg_payload (`payload`): the payload decoder (`@aivg/core/payload` in a bundler, which
#   `@aivg/core/payload-async` imports only for a payload its JSON.parse path does not cover);
# - aivg_imaging (`imaging`): the pixel work (`@aivg/core/imaging`).
# Each is bound for `bundler` (ES module importing the .wasm, for Vite with vite-plugin-wasm) and
# `nodejs` (loads the .wasm synchronously, so a plain `import` works in Node 20+ with no flag and no
# init call). package.json routes each to its own via "exports"; its main entry re-exports aivg_core
# and aivg_imaging (scripts/package-wasm.mjs).
set -euo pipefail
# AIVG_WASM_FAST=1 (development, and `npm test`, which measures no size or speed): release code
# without LTO, compiled in parallel units, every part at opt-level 2 in one target directory (the
# dependencies built once), no wasm-opt pass; several times quicker to build, the same behaviour,
# larger and somewhat slower .wasm. `npm start`, `npm run build:wasm` and the benchmarks build
# without it (docs/testing.md).
fast="${AIVG_WASM_FAST:-0}"
if [ "$fast" = 1 ]; then
  export CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16
fi
# AIVG_WASM_CLIPPY=1 (`npm test`): clippy-driver compiles the workspace's crates in place of rustc,
# so the build also lints core and the bindings for wasm32 with every warning an error, as
# `cargo clippy --target wasm32-unknown-unknown -- -D warnings` would, without checking every
# dependency a second time; the parts together cover every feature.
if [ "${AIVG_WASM_CLIPPY:-0}" = 1 ]; then
  export RUSTC_WORKSPACE_WRAPPER=clippy-driver CLIPPY_ARGS=-Dwarnings
fi
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"   # wasm-opt from the npm package binaryen
# Build into a fresh folder and swap it in at the end, so a test reading pkg/ meanwhile never
# sees a half-written package.
out="pkg-build-$$"
trap 'rm -rf "wasm-bindings/$out"' EXIT
# The fourth field is the part's optimisation: `speed` (opt-level 3, wasm-opt -O3: what Node and the
# benchmarks run) or `size` (opt-level "z", wasm-opt -Oz: the web app's rules module, which every
# public page downloads before it can render; 8% less brotli, 20% less to compile, docs/performance.md).
wasm_opt_flags=(--enable-simd --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue)
# One part: its cargo build, wasm-bindgen per target, and wasm-opt: the three steps `wasm-pack build
# --no-pack` runs, called directly (wasm-pack itself took minutes to install on a new machine and
# added nothing we use: scripts/package-wasm.mjs writes the package).
build_part() {
  IFS=: read -r features name targets optimise <<< "$1"
  local opt=() level=3
  if [ "$fast" = 1 ]; then
    level=2
  elif [ "$optimise" = size ]; then
    opt=("${wasm_opt_flags[@]}" -Oz)
    level=z
  else
    opt=(-O3 --enable-simd --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals)
  fi
  CARGO_PROFILE_RELEASE_OPT_LEVEL=$level cargo build --quiet --manifest-path wasm-bindings/Cargo.toml \
    --lib --release --target wasm32-unknown-unknown --no-default-features --features "$features" || return 1
  local built="${CARGO_TARGET_DIR:-$PWD/target}/wasm32-unknown-unknown/release/aivg_wasm.wasm"
  # wasm-bindgen-cli installed (or its install, started elsewhere, waited for) only now: on a new
  # machine the first part's dependencies compile meanwhile.
  env -u CARGO_TARGET_DIR -u RUSTC_WORKSPACE_WRAPPER -u CLIPPY_ARGS bash scripts/setup-wasm-bindgen.sh || return 1
  for target in ${targets//,/ }; do
    wasm-bindgen "$built" --out-dir "wasm-bindings/$out/$target" --out-name "$name" --typescript --target "$target" || return 1
    [ "$fast" = 1 ] || wasm-opt "${opt[@]}" "wasm-bindings/$out/$target/${name}_bg.wasm" -o "wasm-bindings/$out/$target/${name}_bg.wasm" || return 1
  done
}
# Two groups side by side: a part's final step (LTO, one codegen unit) keeps one core busy, so
# the size-optimised parts build in their own target directory (cargo locks one directory per
# build) beside the speed-optimised ones. Each group's parts share their dependencies' builds.
# Fast: one directory, one part after another (every part at one opt-level shares the builds).
(
  [ "$fast" = 1 ] || export CARGO_TARGET_DIR="$PWD/target/wasm-size"
  for part in rules:aivg_rules:bundler:size later:aivg_later:bundler:size; do build_part "$part" || exit 1; done
) &
size_group=$!
if [ "$fast" = 1 ]; then
  wait "$size_group" || exit 1
  size_group=""
fi
speed_ok=0
for part in rules,later,extra,payload:aivg_core:bundler,nodejs:speed payload:aivg_payload:bundler:speed imaging:aivg_imaging:bundler,nodejs:speed; do
  build_part "$part" || { speed_ok=1; break; }
done
[ -z "$size_group" ] || wait "$size_group" || exit 1
[ "$speed_ok" = 0 ] || exit 1
node scripts/package-wasm.mjs "wasm-bindings/$out"
# The size and speed reports refuse a fast build (they would measure what never ships).
if [ "$fast" = 1 ]; then
  echo "built with AIVG_WASM_FAST=1: run npm run build:wasm before measuring sizes or speed" >"wasm-bindings/$out/FAST-BUILD"
fi
rm -rf wasm-bindings/pkg
mv "wasm-bindings/$out" wasm-bindings/pkg
