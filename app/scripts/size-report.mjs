// Prints the initial download of the production build (dist/): the JS that index.html loads (entry +
// modulepreload), the WASM it preloads (the modules the entry instantiates at start), and the CSS;
// raw, gzip -9 and brotli 11 (the precompressed files the server sends, app/build/assets-delivery.ts).
// Lazy chunks and lazily loaded WASM are listed apart. What one page really fetches until the
// network is idle (its lazy route chunk included) is measured by `npm run perf`. It measures; it
// asserts nothing. Run after `npm run build`.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { requireReleasePackage } from "../../scripts/require-release-package.mjs";

requireReleasePackage();

const GOAL_KB = 250;
const dist = new URL("../dist/", import.meta.url).pathname;
const html = readFileSync(join(dist, "index.html"), "utf8");
const attr = (re) => [...html.matchAll(re)].map((m) => m[1].replace(/^\//, ""));
const initialJs = new Set([...attr(/<script[^>]+type="module"[^>]+src="([^"]+)"/g), ...attr(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)]);
const initialWasm = new Set(attr(/<link[^>]+rel="preload"[^>]+href="([^"]+\.wasm)"/g));
const css = attr(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g);
const assets = readdirSync(join(dist, "assets")).map((f) => `assets/${f}`);
const lazyWasm = assets.filter((f) => f.endsWith(".wasm") && !initialWasm.has(f));
const lazyJs = assets.filter((f) => f.endsWith(".js") && !initialJs.has(f));

const brotli = (bytes) =>
  brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  }).length;
const size = (file) => {
  const bytes = readFileSync(join(dist, file));
  // The server sends the precompressed file when there is one.
  const br = existsSync(join(dist, `${file}.br`)) ? readFileSync(join(dist, `${file}.br`)).length : brotli(bytes);
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, br };
};
const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
const table = (title, files) => {
  const rows = files.map(size);
  const total = rows.reduce((t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip, br: t.br + r.br }), { raw: 0, gzip: 0, br: 0 });
  console.log(`\n${title}`);
  for (const r of rows) console.log(`  ${r.file.padEnd(52)} ${kb(r.raw).padStart(10)}  gzip ${kb(r.gzip).padStart(9)}  br ${kb(r.br).padStart(9)}`);
  console.log(`  ${"total".padEnd(52)} ${kb(total.raw).padStart(10)}  gzip ${kb(total.gzip).padStart(9)}  br ${kb(total.br).padStart(9)}`);
  return total;
};

const js = table("Initial JS (entry + modulepreload)", [...initialJs]);
const w = table("WASM (preloaded, instantiated at start)", [...initialWasm]);
const c = table("CSS (initial)", css);
table("Lazy WASM (loaded when a page needs it)", lazyWasm);
table("Lazy chunks (not initial)", lazyJs);
const br = js.br + w.br + c.br;
console.log(
  `\nInitial JS + WASM + CSS: ${kb(js.raw + w.raw + c.raw)} raw, ${kb(js.gzip + w.gzip + c.gzip)} gzip, ${kb(br)} brotli as sent` +
    ` (goal ≤ ${GOAL_KB} KB with the page's own lazy chunks: \`npm run perf\` measures that): ${br <= GOAL_KB * 1000 ? "met" : "NOT met"} before lazy chunks`,
);
