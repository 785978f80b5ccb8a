// Writes the package.json (and README) for the two bindings built by build-wasm.sh, and the main
// entry of each binding, which re-exports the whole (aivg_core: every rule and the HTTP client;
// aivg_imaging: the pixel work), so `import ... from "@aivg/core"` keeps giving every export. A
// bundled app imports the parts by their subpaths (`@aivg/core/rules`: aivg_rules, the rules without
// what a public page's first load calls, and the HTTP client; `@aivg/core/later`: aivg_later, the
// rest of what a web app calls; `@aivg/core/payload`: aivg_payload; `@aivg/core/payload-async`,
// written here; `@aivg/core/imaging`) so each WebAssembly module loads only with the code that uses it.
import { readFileSync, writeFileSync, existsSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { gzipSync } from "node:zlib";

import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

// The folder to finish (default wasm-bindings/pkg), given by build-wasm.sh.
const pkg = pathToFileURL(resolve(process.argv[2] ?? "wasm-bindings/pkg") + "/");
const root = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
for (const target of ["bundler", "nodejs"]) {
  const inner = new URL(`${target}/package.json`, pkg);
  // Keep a minimal package.json per folder: it tells Node the nodejs build is CommonJS.
  const type = target === "nodejs" ? "commonjs" : "module";
  writeFileSync(inner, JSON.stringify({ type, sideEffects: target === "bundler" ? ["./aivg_core.js", "./aivg_rules.js", "./aivg_later.js", "./aivg_payload.js", "./aivg_imaging.js", "./index.js", "./snippets/*"] : false }, null, 2) + "\n");
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

// decodePayloadAsync (`@aivg/core/payload-async`): decodePayload without loading the payload
// decoder's WebAssembly when the JSON.parse path (payload-json.mjs, decodePayload's own first path)
// covers the text; any other text goes to core's decoder, which owns every rule and error. The
// decoder module is imported on first need: aivg_payload in a bundler, the whole aivg_core in Node.
const asyncDecoder = (snippet, decoder) =>
  "// decodePayload, loading the decoder's WebAssembly only when needed (scripts/package-wasm.mjs).\n" +
  `import { decodeJson } from "./${snippet}";\n\n` +
  "export async function decodePayloadAsync(text, revivers) {\n" +
  "  const value = decodeJson(text, revivers);\n" +
  "  if (value !== undefined) return value;\n" +
  `  const { decodePayload } = await import("./${decoder}");\n` +
  "  return decodePayload(text, revivers);\n" +
  "}\n";
for (const [target, decoder, file] of [
  ["bundler", "aivg_payload.js", "payload-async.js"],
  ["nodejs", "aivg_core.js", "payload-async.mjs"],
]) {
  const snippets = new URL(`${target}/snippets/`, pkg);
  const dir = readdirSync(snippets).find((d) => existsSync(new URL(`${d}/js/payload-json.mjs`, snippets)));
  if (!dir) throw new Error(`no payload-json.mjs snippet in ${target}`);
  writeFileSync(new URL(`${target}/${file}`, pkg), asyncDecoder(`snippets/${dir}/js/payload-json.mjs`, decoder));
}
writeFileSync(
  new URL("bundler/payload-async.d.ts", pkg),
  'import type { PayloadRevivers } from "./aivg_payload";\n\n' +
    "/**\n * `decodePayload`, resolving with the value: through `JSON.parse` when that path covers the text (no\n" +
    " * WebAssembly loaded), else through core's decoder, loaded on first need; rejects with core's error.\n" +
    " * ```js\n * const value = await decodePayloadAsync('[{\"a\":1},\"x\"]')\n * ```\n */\n" +
    "export function decodePayloadAsync(text: string, revivers?: PayloadRevivers): Promise<unknown>;\n",
);

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
    // The rest of what a web app calls, its own module a page loads when it first needs one (Node:
    // the whole rules module too).
    "./later": { types: "./bundler/aivg_later.d.ts", node: "./nodejs/aivg_core.js", default: "./bundler/aivg_later.js" },
    "./imaging": entry("aivg_imaging"),
    // The payload decoder alone (Node: the whole rules module), and decodePayload that loads it only
    // when its JSON.parse path does not cover the text.
    "./payload": { types: "./bundler/aivg_payload.d.ts", node: "./nodejs/aivg_core.js", default: "./bundler/aivg_payload.js" },
    "./payload-async": { types: "./bundler/payload-async.d.ts", node: "./nodejs/payload-async.mjs", default: "./bundler/payload-async.js" },
  },
  files: ["bundler", "nodejs", "README.md"],
  sideEffects: [...PARTS.map((p) => `./bundler/${p}.js`), "./bundler/aivg_rules.js", "./bundler/aivg_later.js", "./bundler/aivg_payload.js", "./bundler/index.js", "./bundler/snippets/*"],
  engines: { node: ">=20" },
};
writeFileSync(new URL("package.json", pkg), JSON.stringify(manifest, null, 2) + "\n");
writeFileSync(
  new URL("README.md", pkg),
  "# @aivg/core\n\nThe rules of ai-video-generator as WebAssembly. `import { resolveLanguage } from \"@aivg/core\"` works in Node 20+ as is, and in Vite with vite-plugin-wasm.\n\n" +
    "Parts, each its own WebAssembly module: `@aivg/core/rules` (the rules a page's first load calls and the HTTP client; in Node, every rule), `@aivg/core/later` (the other rules a web app calls; in Node, every rule), `@aivg/core/payload` (the payload decoder; `@aivg/core/payload-async` loads it only for payloads its JSON.parse path does not cover) and `@aivg/core/imaging` (resampling and cropping RGBA pixels). " +
    "`@aivg/core` re-exports everything; a bundled web app imports the parts by subpath so a page loads the imaging module only when it uses it.\n",
);
for (const part of [...PARTS, "aivg_rules", "aivg_later", "aivg_payload"]) {
  const wasm = readFileSync(new URL(`bundler/${part}_bg.wasm`, pkg));
  console.log(`@aivg/core ${part}: ${(wasm.length / 1024).toFixed(1)} KiB wasm, ${(gzipSync(wasm, { level: 9 }).length / 1024).toFixed(1)} KiB gzipped`);
}
