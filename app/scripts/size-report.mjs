// Prints the initial download of the production build (dist/): the JS that index.html loads (entry +
// modulepreload), the WASM the entry instantiates at start, and the CSS, raw and gzip (level 9).
// Lazy route chunks are listed apart. It measures; it asserts nothing. Run after `npm run build`.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const dist = new URL("../dist/", import.meta.url).pathname;
const html = readFileSync(join(dist, "index.html"), "utf8");
const attr = (re) => [...html.matchAll(re)].map((m) => m[1].replace(/^\//, ""));
const initialJs = new Set([
  ...attr(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
  ...attr(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
]);
const css = attr(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g);
const assets = readdirSync(join(dist, "assets")).map((f) => `assets/${f}`);
const wasm = assets.filter((f) => f.endsWith(".wasm"));
const lazyJs = assets.filter((f) => f.endsWith(".js") && !initialJs.has(f));

const size = (file) => {
  const bytes = readFileSync(join(dist, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const table = (title, files) => {
  const rows = files.map(size);
  const total = rows.reduce((t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip }), { raw: 0, gzip: 0 });
  console.log(`\n${title}`);
  for (const r of rows) console.log(`  ${r.file.padEnd(52)} ${kb(r.raw).padStart(11)}  gzip ${kb(r.gzip).padStart(10)}`);
  console.log(`  ${"total".padEnd(52)} ${kb(total.raw).padStart(11)}  gzip ${kb(total.gzip).padStart(10)}`);
  return total;
};

const js = table("Initial JS (entry + modulepreload)", [...initialJs]);
const w = table("WASM (instantiated at start)", wasm);
table("CSS (initial)", css);
table("Lazy route chunks (not initial)", lazyJs);
console.log(`\nInitial JS + WASM: ${kb(js.raw + w.raw)} raw, ${kb(js.gzip + w.gzip)} gzip (goal ≤ 250 KB gzip)`);
