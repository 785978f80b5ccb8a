/**
 * How the built files reach the browser fastest (first load, see docs/performance.md):
 *
 * - `precompressAssets`: every hashed file under `dist/assets/` that compresses gets a `.br` (brotli
 *   at its highest quality) and a `.gz` (gzip -9) beside it. The server sends those as they are when
 *   the browser accepts them (server/src/spa/mod.rs), instead of compressing on the fly at the fast, weak
 *   levels a per-request compressor must use (brotli 4): the WASM module shrinks by about a fifth more.
 * - `preloadWasm`: index.html gets `<link rel="preload" as="fetch">` for each `.wasm` the entry
 *   instantiates, so its download runs beside the JavaScript's instead of starting only once the
 *   whole module graph has loaded and evaluated. `crossorigin` makes the preload's request match
 *   the `fetch(url)` of vite-plugin-wasm's loader (same-origin credentials), so the browser reuses it.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin, Rollup } from "vite";
import { chunkClosure } from "./closure";

/** Extensions worth compressing (images other than SVG and fonts are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|wasm|svg|json|html|txt)$/;

/** The `.br` and `.gz` of `bytes`, each only when it is smaller than `bytes`. */
export function compressions(bytes: Buffer): { br?: Buffer; gz?: Buffer } {
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: 24,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gz = gzipSync(bytes, { level: 9 });
  return { br: br.length < bytes.length ? br : undefined, gz: gz.length < bytes.length ? gz : undefined };
}

/** Writes `<file>.br` and `<file>.gz` beside every compressible file under `dir` (recursively). */
export function precompressDir(dir: string): void {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) {
      precompressDir(file);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const { br, gz } = compressions(readFileSync(file));
    if (br) writeFileSync(`${file}.br`, br);
    if (gz) writeFileSync(`${file}.gz`, gz);
  }
}

export function precompressAssets(): Plugin {
  let assetsDir = "";
  return {
    name: "aivg-precompress-assets",
    apply: "build",
    configResolved(config) {
      assetsDir = resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    closeBundle: {
      order: "post",
      handler() {
        precompressDir(assetsDir);
      },
    },
  };
}

/**
 * The `.wasm` files the entry chunk and its static imports reference (a lazily imported chunk's
 * WASM is left to load when that chunk does).
 */
export function entryWasm(bundle: Rollup.OutputBundle): Set<string> {
  const entries = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === "chunk" && c.isEntry);
  const assets = chunkClosure(bundle, entries).flatMap((c) => [...(c.viteMetadata?.importedAssets ?? [])]);
  return new Set(assets.filter((asset) => asset.endsWith(".wasm")));
}

export function preloadWasm(): Plugin {
  let base = "/";
  return {
    name: "aivg-preload-wasm",
    apply: "build",
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        return [...entryWasm(ctx.bundle ?? {})].map((file) => ({
          tag: "link",
          attrs: { rel: "preload", href: `${base}${file}`, as: "fetch", type: "application/wasm", crossorigin: "" },
          injectTo: "head" as const,
        }));
      },
    },
  };
}
