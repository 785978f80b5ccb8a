// The built npm package as a user gets it: `npm pack` of wasm-bindings/pkg, installed from the
// tarball into a fresh Node project (offline, no dependencies), then imported with a plain
// `import` (no flags, no init call). Also: the `types` entry exists, the generated .d.ts has no
// `any`, declares each type once (no hand-written copy beside a tsify-generated one), says
// `unknown` only in the exports unknown-allowed.mjs lists, and types-check.ts type-checks against
// the installed package with `tsc --strict` (which also fails on a type name the .d.ts uses but
// no Rust struct or declaration defines).
//
// Builds nothing: run `npm run build:wasm` (or `AIVG_WASM_FAST=1 npm run build:wasm`) first.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { unknownAllowed } from "./unknown-allowed.mjs";

const pkgDir = fileURLToPath(new URL("../pkg/", import.meta.url));
const rootDir = fileURLToPath(new URL("../../", import.meta.url));
const here = fileURLToPath(new URL("./", import.meta.url));
const manifest = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
/** The package's parts, each its own WebAssembly module (scripts/build-wasm.sh). */
const PARTS = ["aivg_core", "aivg_imaging"];

let work; // temp folder holding the tarball and the fresh project
let project;

const npm = (args, cwd) =>
  execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

before(() => {
  work = mkdtempSync(join(tmpdir(), "aivg-core-pack-"));
  const packed = JSON.parse(npm(["pack", pkgDir, "--json", "--pack-destination", work], work));
  const tarball = join(work, packed[0].filename);
  project = join(work, "app");
  mkdirSync(project);
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify({ name: "aivg-core-consumer", version: "1.0.0", private: true, type: "module" }, null, 2),
  );
  npm(["install", tarball, "--offline", "--no-audit", "--no-fund"], project);
});

after(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

test("the tarball installs as @aivg/core with its files", () => {
  const installed = join(project, "node_modules", "@aivg", "core");
  const meta = JSON.parse(readFileSync(join(installed, "package.json"), "utf8"));
  assert.equal(meta.name, "@aivg/core");
  assert.equal(meta.dependencies, undefined, "the package must have no dependencies");
  const files = ["index.js", "index.d.ts", ...PARTS.flatMap((p) => [`${p}.js`, `${p}_bg.wasm`, `${p}.d.ts`])];
  const webCut = ["aivg_rules.js", "aivg_rules_bg.wasm", "aivg_rules.d.ts", "aivg_later.js", "aivg_later_bg.wasm", "aivg_later.d.ts", "aivg_payload.js", "aivg_payload_bg.wasm", "aivg_payload.d.ts", "payload-async.js", "payload-async.d.ts"].map(
    (file) => `bundler/${file}`,
  );
  for (const f of [...["nodejs", "bundler"].flatMap((target) => files.map((file) => `${target}/${file}`)), ...webCut]) {
    assert.ok(existsSync(join(installed, f)), `${f} is missing from the package`);
  }
});

test("a plain import works in Node (no flags, no init)", () => {
  const script = `
    import("@aivg/core").then((m) => {
      const out = {
        resolution: m.resolveLanguage({ path: "/", query: "a=1", savedLanguage: null, browserLanguages: ["de-AT"], stage: "production" }),
        route: m.matchRoute("/de/text-to-video/cat").name,
        url: m.buildGetUrl("https://api.example.com", "/v1/common/ad", { client: "wap" }, null, null),
        zoom: m.previewZoomIn(1),
        toast: m.toastPhase(3100, null),
      };
      let error;
      try { m.languageByCode("xx"); } catch (e) { error = { code: e.code, isError: e instanceof Error }; }
      process.stdout.write(JSON.stringify({ ...out, error }));
    }).catch((e) => { console.error(e); process.exit(1); });
  `;
  const out = execFileSync(process.execPath, ["-e", script], { cwd: project, encoding: "utf8" });
  assert.deepEqual(JSON.parse(out), {
    resolution: { language: "de", save: true, redirectTo: "/de?a=1", step: 3 },
    route: "TextToVideo",
    url: "https://api.example.com/v1/common/ad?client=wap",
    zoom: 1.2,
    toast: "fading",
    error: { code: "unsupported_language", isError: true },
  });
});

test("the main entry gives every export of both parts, and each part loads alone", () => {
  const script = `
    Promise.all([import("@aivg/core"), import("@aivg/core/rules"), import("@aivg/core/imaging")]).then(([all, rules, imaging]) => {
      const image = imaging.downscaleRgba(new Uint8Array(4 * 4 * 4).fill(255), 4, 4, 2);
      process.stdout.write(JSON.stringify({
        all: Object.keys(all).filter((k) => k !== "default").sort(),
        rules: Object.keys(rules).filter((k) => k !== "default"),
        imaging: Object.keys(imaging).filter((k) => k !== "default"),
        size: [image.width, image.height],
        opaque: all.isOpaque(image.pixels),
        route: all.matchRoute("/text-to-video").name,
      }));
    }).catch((e) => { console.error(e); process.exit(1); });
  `;
  const out = JSON.parse(execFileSync(process.execPath, ["-e", script], { cwd: project, encoding: "utf8" }));
  assert.deepEqual(out.size, [2, 2]);
  assert.equal(out.opaque, true);
  assert.equal(out.route, "TextToVideo");
  assert.ok(out.imaging.includes("downscaleRgba") && !out.rules.includes("downscaleRgba"), "the resampler belongs to the imaging part only");
  assert.ok(out.rules.includes("matchRoute") && !out.imaging.includes("matchRoute"), "the route table belongs to the rules part only");
  const parts = [...new Set([...out.rules, ...out.imaging])].filter((k) => !k.startsWith("__")).sort();
  assert.deepEqual(out.all, parts, "the main entry must re-export exactly the parts' exports");
});

test("the web app's cut of the rules (a bundler's @aivg/core/rules) leaves out only exports of the whole", () => {
  const functions = (file) =>
    new Set([...withoutComments(readFileSync(join(pkgDir, "bundler", file), "utf8")).matchAll(/^export function (\w+)\(/gm)].map((m) => m[1]));
  const whole = functions("aivg_core.d.ts");
  const cut = functions("aivg_rules.d.ts");
  const foreign = [...cut].filter((name) => !whole.has(name));
  assert.deepEqual(foreign, [], "the cut exports functions the whole does not");
  assert.ok(cut.has("matchRoute") && cut.has("getUserInfo"), "the cut lacks rules the app calls");
  // The rules a first load does not call are their own module: each web export in exactly one of the two.
  const later = functions("aivg_later.d.ts");
  assert.deepEqual([...later].filter((name) => !whole.has(name)), [], "the later part exports functions the whole does not");
  // (`start`, each module's own set-up, aside.)
  assert.deepEqual([...later].filter((name) => cut.has(name) && name !== "start"), [], "a function is in both web parts");
  assert.ok(later.has("formatPrice") && later.has("checkinPanelStep") && !cut.has("formatPrice"), "the buy dialog's and check-in panel's rules belong to the later part");
  // The HTTP client holds state (token, cache, listeners): one module has it all.
  assert.ok(!later.has("getUserInfo") && !later.has("setAccessToken"), "the later part has HTTP calls");
  // The payload decoder is its own module, loaded only for payloads the JSON.parse path leaves.
  const payload = functions("aivg_payload.d.ts");
  assert.ok(!cut.has("decodePayload") && payload.has("decodePayload") && whole.has("decodePayload"), "decodePayload belongs to the payload part");
  assert.deepEqual([...payload].filter((name) => !whole.has(name)), [], "the payload part exports functions the whole does not");
  // Protocol helpers the app reaches only through core's HTTP client.
  assert.ok(whole.has("buildGetUrl") && !cut.has("buildGetUrl"), "buildGetUrl belongs to the whole only");
  assert.equal(manifest.exports["./rules"].default, "./bundler/aivg_rules.js");
  assert.equal(manifest.exports["./rules"].node, "./nodejs/aivg_core.js", "Node's @aivg/core/rules is the whole");
  assert.equal(manifest.exports["./later"].default, "./bundler/aivg_later.js");
  assert.equal(manifest.exports["./later"].node, "./nodejs/aivg_core.js", "Node's @aivg/core/later is the whole");
});

test("the types entry exists and the exports give Node its build", () => {
  assert.equal(typeof manifest.types, "string");
  assert.ok(existsSync(join(pkgDir, manifest.types)), `types entry ${manifest.types} does not exist`);
  const dot = manifest.exports?.["."];
  assert.ok(dot && typeof dot.types === "string" && existsSync(join(pkgDir, dot.types)));
  assert.ok(typeof dot.node === "string" && existsSync(join(pkgDir, dot.node)));
  for (const sub of ["./rules", "./later", "./imaging", "./payload", "./payload-async"]) {
    const part = manifest.exports?.[sub];
    for (const condition of ["types", "node", "default"]) {
      assert.ok(typeof part?.[condition] === "string" && existsSync(join(pkgDir, part[condition])), `exports["${sub}"].${condition} is missing`);
    }
  }
});

/** The .d.ts text without comments (block and line), so words in docs do not count. */
function withoutComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
}

test("the generated .d.ts files contain no `any`", () => {
  for (const file of ["bundler", "nodejs"].flatMap((target) => PARTS.map((part) => join(pkgDir, target, `${part}.d.ts`)))) {
    const lines = withoutComments(readFileSync(file, "utf8")).split("\n");
    const hits = lines
      .map((line, i) => ({ line: line.trim(), i }))
      .filter(({ line }) => /\bany\b/.test(line))
      .map(({ line }) => `  ${line}`);
    assert.equal(hits.length, 0, `${file} has \`any\`:\n${hits.join("\n")}`);
  }
});

test("each type of the .d.ts is declared once", () => {
  const text = withoutComments(readFileSync(join(pkgDir, "bundler", "aivg_core.d.ts"), "utf8"));
  const names = [...text.matchAll(/^export (?:interface|type|declare namespace) (\w+)/gm)].map((m) => m[1]);
  assert.ok(names.length > 100, `expected the generated declarations, found ${names.length}`);
  const twice = [...new Set(names.filter((n, i) => names.indexOf(n) !== i))];
  // Interfaces declared twice merge silently: a hand-written copy would hide a drifted field.
  assert.deepEqual(twice, [], `declared more than once: ${twice.join(", ")}`);
});

test("`unknown` appears only in the exports allowed to take or return untyped data", () => {
  const text = PARTS.map((part) => withoutComments(readFileSync(join(pkgDir, "bundler", `${part}.d.ts`), "utf8"))).join("\n");
  const signatures = [...text.matchAll(/^export function (\w+)\((.*)\): (.*);$/gm)];
  assert.ok(signatures.length > 100, `expected the exported functions, found ${signatures.length}`);
  const untyped = signatures.filter((m) => /\bunknown\b/.test(`${m[2]} ${m[3]}`)).map((m) => m[1]);
  const unexpected = untyped.filter((name) => !unknownAllowed.has(name));
  assert.deepEqual(unexpected, [], `\`unknown\` in the signature of: ${unexpected.join(", ")} (give them a type, or list them in unknown-allowed.mjs with the reason)`);
  const stale = [...unknownAllowed].filter((name) => !untyped.includes(name));
  assert.deepEqual(stale, [], `listed in unknown-allowed.mjs but typed now (remove them): ${stale.join(", ")}`);
});

test("types-check.ts type-checks against the installed package (tsc --strict)", () => {
  const tsc = join(rootDir, "node_modules", "typescript", "bin", "tsc");
  assert.ok(existsSync(tsc), "typescript is not installed (npm install at the repository root)");
  copyFileSync(join(here, "types-check.ts"), join(project, "types-check.ts"));
  writeFileSync(
    join(project, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "ESNext",
        moduleResolution: "Bundler",
        lib: ["ES2022", "DOM"],
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: [],
      },
      files: ["types-check.ts"],
    }),
  );
  try {
    execFileSync(process.execPath, [tsc, "-p", project], { cwd: project, encoding: "utf8" });
  } catch (e) {
    assert.fail(`tsc found type errors:\n${e.stdout}${e.stderr}`);
  }
});
