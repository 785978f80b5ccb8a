// Writes the package.json (and README) for the two bindings built by build-wasm.sh, and the main
// entry of each binding, which re-exports the whole (aivg_core: every rule and the HTTP client;
// aivg_imaging: the pixel work), so `import ... from "@aivg/core"` keeps giving every export. A
// bundled app imports the parts by their subpaths (`@aivg/core/rules`: aivg_rules, the rules without
// the exports a web app never calls; `@aivg/core/imaging`) so each WebAssembly module loads only
// with the code that uses it.
import { readFileSync, writeFileSync, rmSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
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
  writeFileSync(inner, JSON.stringify({ type, sideEffects: target === "bundler" ? ["./aivg_core.js", "./aivg_rules.js", "./aivg_imaging.js", "./index.js", "./snippets/*"] : false }, null, 2) + "\n");
}
/** The part files (without extension) in the order the main entry re-exports them. */
const PARTS = ["aivg_core", "aivg_imaging"];

/** The names a .d.ts exports (functions, classes, constants, interfaces, types, enums). */
function declaredNames(dts) {
  const text = dts.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
  return new Set(
    [...text.matchAll(/^export (?:declare )?(?:function|class|const|let|interface|type|enum|namespace) (\w+)/gm)].map((m) => m[1]),
  );
}

// Which part exports what: a name both parts export (a boundary type of core's) comes from the first.
const owner = new Map();
const valueNames = new Map(); // part -> runtime export names it owns
const require = createRequire(import.meta.url);
for (const part of PARTS) {
  const runtime = Object.keys(require(new URL(`nodejs/${part}.js`, pkg).pathname)).filter((n) => !n.startsWith("__"));
  const types = declaredNames(readFileSync(new URL(`bundler/${part}.d.ts`, pkg), "utf8"));
  const own = [];
  for (const name of new Set([...runtime, ...types])) {
    if (owner.has(name)) continue;
    owner.set(name, part);
    if (runtime.includes(name)) own.push(name);
  }
  valueNames.set(part, own);
}
const ownedBy = (part) => [...owner].filter(([, p]) => p === part).map(([n]) => n).sort();
const header = "// The whole package: every part's exports (written by scripts/package-wasm.mjs).\n";
// bundler: ES modules; the first part whole, the others by name (a name both export would be ambiguous).
const [first, ...rest] = PARTS;
writeFileSync(
  new URL("bundler/index.js", pkg),
  header + `export * from "./${first}.js";\n` + rest.map((p) => `export { ${valueNames.get(p).sort().join(", ")} } from "./${p}.js";\n`).join(""),
);
writeFileSync(
  new URL("bundler/index.d.ts", pkg),
  header + `export * from "./${first}";\n` + rest.map((p) => `export { ${ownedBy(p).join(", ")} } from "./${p}";\n`).join(""),
);
// nodejs: CommonJS, one `exports.name =` per name so Node's ESM import finds every named export.
writeFileSync(
  new URL("nodejs/index.js", pkg),
  header +
    PARTS.map((p, i) => `const part${i} = require("./${p}.js");\n`).join("") +
    PARTS.map((p, i) => valueNames.get(p).sort().map((n) => `exports.${n} = part${i}.${n};\n`).join("")).join(""),
);
writeFileSync(new URL("nodejs/index.d.ts", pkg), readFileSync(new URL("bundler/index.d.ts", pkg), "utf8"));

/** The export conditions of one part (or of the main entry, `index`). */
const entry = (file) => ({
  types: `./bundler/${file}.d.ts`,
  node: `./nodejs/${file}.js`,
  default: `./bundler/${file}.js`,
});
const manifest = {
  name: "@aivg/core",
  version: root.version,
  description: "Every rule of ai-video-generator (routes, languages, pricing, check-in, payload decoding, image resampling) and its HTTP client, compiled from Rust to WebAssembly.",
  license: root.license,
  type: "module",
  types: "./bundler/index.d.ts",
  exports: {
    ".": entry("index"),
    // Node gets the whole rules module (a superset); a bundler the web app's cut.
    "./rules": { types: "./bundler/aivg_rules.d.ts", node: "./nodejs/aivg_core.js", default: "./bundler/aivg_rules.js" },
    "./imaging": entry("aivg_imaging"),
  },
  files: ["bundler", "nodejs", "README.md"],
  sideEffects: [...PARTS.map((p) => `./bundler/${p}.js`), "./bundler/aivg_rules.js", "./bundler/index.js", "./bundler/snippets/*"],
  engines: { node: ">=20" },
};
writeFileSync(new URL("package.json", pkg), JSON.stringify(manifest, null, 2) + "\n");
writeFileSync(
  new URL("README.md", pkg),
  "# @aivg/core\n\nThe rules of ai-video-generator as WebAssembly. `import { resolveLanguage } from \"@aivg/core\"` works in Node 20+ as is, and in Vite with vite-plugin-wasm.\n\n" +
    "Parts, each its own WebAssembly module: `@aivg/core/rules` (every rule and the HTTP client a web app calls; in Node, every rule) and `@aivg/core/imaging` (resampling and cropping RGBA pixels). " +
    "`@aivg/core` re-exports everything; a bundled web app imports the parts by subpath so a page loads the imaging module only when it uses it.\n",
);
for (const part of [...PARTS, "aivg_rules"]) {
  const wasm = readFileSync(new URL(`bundler/${part}_bg.wasm`, pkg));
  console.log(`@aivg/core ${part}: ${(wasm.length / 1024).toFixed(1)} KiB wasm, ${(gzipSync(wasm, { level: 9 }).length / 1024).toFixed(1)} KiB gzipped`);
}
