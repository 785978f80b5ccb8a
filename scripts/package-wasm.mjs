// Writes the package.json (and README) for the two bindings built by build-wasm.sh.
import { readFileSync, writeFileSync, rmSync, existsSync } from "node:fs";
import { gzipSync } from "node:zlib";

import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

// The folder to finish (default wasm-bindings/pkg), given by build-wasm.sh.
const pkg = pathToFileURL(resolve(process.argv[2] ?? "wasm-bindings/pkg") + "/");
const root = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
for (const target of ["bundler", "nodejs"]) {
  // wasm-pack's own package.json and files we do not ship
  for (const f of [".gitignore", "README.md", "LICENSE"]) {
    const u = new URL(`${target}/${f}`, pkg);
    if (existsSync(u)) rmSync(u);
  }
  const inner = new URL(`${target}/package.json`, pkg);
  // Keep a minimal package.json per folder: it tells Node the nodejs build is CommonJS.
  const type = target === "nodejs" ? "commonjs" : "module";
  writeFileSync(inner, JSON.stringify({ type, sideEffects: target === "bundler" ? ["./aivg_core.js", "./snippets/*"] : false }, null, 2) + "\n");
}
const manifest = {
  name: "@aivg/core",
  version: root.version,
  description: "Every rule of ai-video-generator (routes, languages, pricing, check-in, payload decoding, image resampling) and its HTTP client, compiled from Rust to WebAssembly.",
  license: root.license,
  type: "module",
  types: "./bundler/aivg_core.d.ts",
  exports: {
    ".": {
      types: "./bundler/aivg_core.d.ts",
      node: "./nodejs/aivg_core.js",
      default: "./bundler/aivg_core.js",
    },
  },
  files: ["bundler", "nodejs", "README.md"],
  sideEffects: ["./bundler/aivg_core.js", "./bundler/snippets/*"],
  engines: { node: ">=20" },
};
writeFileSync(new URL("package.json", pkg), JSON.stringify(manifest, null, 2) + "\n");
writeFileSync(new URL("README.md", pkg), "# @aivg/core\n\nThe rules of ai-video-generator as WebAssembly. `import { resolveLanguage } from \"@aivg/core\"` works in Node 20+ as is, and in Vite with vite-plugin-wasm.\n");
const wasm = readFileSync(new URL("bundler/aivg_core_bg.wasm", pkg));
console.log(`@aivg/core: ${(wasm.length / 1024).toFixed(1)} KiB wasm, ${(gzipSync(wasm, { level: 9 }).length / 1024).toFixed(1)} KiB gzipped`);
