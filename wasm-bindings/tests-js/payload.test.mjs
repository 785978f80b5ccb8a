// decodePayload / decodeNuxtPayload (the package's devalue `parse`) against:
// - every case of fixtures/payload/*.json, canonicalised with the fixtures' own canonicaliser
//   (fixtures/payload/canonical.mjs) and the revivers fixtures/payload/generate.mjs used;
// - the real devalue.parse (devalue 5 and devalue 6 from the root devDependencies) on every valid
//   fixture text, compared structurally (types, prototypes, Dates, Maps, Sets, typed arrays and
//   their buffers, -0 / NaN, holes, shared references and cycles), and on every invalid one for
//   the message;
// - inputs too deep or too large for devalue itself: a million-deep reference chain, a sparse
//   array of length 2^32 - 1, revivers that re-enter the module.
// No timing is asserted here (benches/node/compare.mjs measures).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import * as devalue5 from "devalue";
import * as devalue6 from "devalue6";
import { decodePayload, decodeNuxtPayload } from "./pkg.mjs";
import { Revived, canonicalize, nuxtRevivers, testRevivers } from "../../fixtures/payload/canonical.mjs";
import { graphDiff } from "./graph-diff.mjs";

const dir = new URL("../../fixtures/payload/", import.meta.url);
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((f) => ({ file: f, cases: JSON.parse(readFileSync(new URL(f, dir), "utf8")).cases }));

const FNS = { decodePayload, decodeNuxtPayload };

/** The revivers a case's reviver names stand for (as generate.mjs built them). */
function reviversOf(c, withNuxt) {
  const names = c.args[1];
  const custom = testRevivers(names ?? []);
  return withNuxt ? { ...nuxtRevivers, ...custom } : custom;
}

/** Runs a case through the package: revivers only when the case names some, as the fixtures do. */
function runOurs(c) {
  const [text, names] = c.args;
  return names ? FNS[c.fn](text, testRevivers(names)) : FNS[c.fn](text);
}

/** Whether the runtime has what a case `requires` (Float16Array, Temporal). */
const supported = (c) => (c.requires ?? []).every((name) => typeof globalThis[name] !== "undefined");

for (const { file, cases } of files) {
  test(`fixtures/payload/${file}: ${cases.length} cases`, () => {
    const failures = [];
    let skipped = 0;
    for (const c of cases) {
      if (!supported(c)) {
        skipped += 1;
        continue;
      }
      try {
        const got = canonicalize(runOurs(c));
        if (c.error) {
          failures.push(`${c.name}: expected error ${c.error.code}, got a value`);
        } else if (JSON.stringify(got) !== JSON.stringify(c.expect)) {
          failures.push(`${c.name}:\n  want ${JSON.stringify(c.expect).slice(0, 300)}\n  got  ${JSON.stringify(got).slice(0, 300)}`);
        }
      } catch (e) {
        if (!c.error) failures.push(`${c.name}: threw ${e?.code} ${e?.message}`);
        else if (!(e instanceof Error) || e.code !== c.error.code) failures.push(`${c.name}: want code ${c.error.code}, got ${e?.code} (${e?.message})`);
        else if (c.error.message !== undefined && !e.message.includes(c.error.message)) {
          failures.push(`${c.name}: want message ${JSON.stringify(c.error.message)}, got ${JSON.stringify(e.message)}`);
        }
      }
    }
    assert.equal(failures.length, 0, `${failures.length} of ${cases.length} failed:\n${failures.join("\n")}`);
    assert.ok(skipped < cases.length || file === "modern-runtime.json");
  });
}

test("every valid fixture text decodes to the same value graph as devalue.parse (5 and 6)", () => {
  const failures = [];
  let compared = 0;
  for (const { file, cases } of files) {
    for (const c of cases) {
      if (c.error || !supported(c)) continue;
      const text = c.args[0];
      const withNuxt = c.fn === "decodeNuxtPayload";
      // Fresh revivers per run, so that both sides get their own Revived instances.
      const ours = FNS[c.fn](text, reviversOf(c, withNuxt));
      for (const [name, lib] of [["devalue6", devalue6], ["devalue5", devalue5]]) {
        // Cases where devalue 5 behaves differently say so (core follows devalue 6).
        if (name === "devalue5" && c.devalue5) continue;
        let theirs;
        try {
          theirs = lib.parse(text, reviversOf(c, withNuxt));
        } catch (e) {
          failures.push(`${file} / ${c.name}: ${name} throws ${e.message}`);
          continue;
        }
        const diff = graphDiff(ours, theirs);
        if (diff) failures.push(`${file} / ${c.name} vs ${name}: ${diff}`);
        compared += 1;
      }
    }
  }
  assert.equal(failures.length, 0, `${failures.length} differences:\n${failures.join("\n")}`);
  assert.ok(compared > 1000, `only ${compared} comparisons`);
});

test("invalid fixture texts throw devalue 6's message, with a code", () => {
  const failures = [];
  let compared = 0;
  for (const { file, cases } of files) {
    for (const c of cases) {
      if (!c.error || !supported(c)) continue;
      const withNuxt = c.fn === "decodeNuxtPayload";
      let theirs;
      try {
        devalue6.parse(c.args[0], reviversOf(c, withNuxt));
      } catch (e) {
        theirs = e;
      }
      let ours;
      try {
        runOurs(c);
      } catch (e) {
        ours = e;
      }
      if (!(ours instanceof Error) || typeof ours.code !== "string") {
        failures.push(`${file} / ${c.name}: no coded Error (${ours})`);
      } else if (theirs && ours.message !== theirs.message) {
        failures.push(`${file} / ${c.name}: ${JSON.stringify(ours.message)} vs devalue 6 ${JSON.stringify(theirs.message)}`);
      }
      compared += 1;
    }
  }
  assert.equal(failures.length, 0, `${failures.length} differences:\n${failures.join("\n")}`);
  assert.ok(compared > 150);
});

test("a reference chain a million deep decodes (devalue itself overflows the stack)", () => {
  const n = 1_000_000;
  const parts = new Array(n);
  for (let i = 0; i < n - 1; i += 1) parts[i] = `[${i + 1}]`;
  parts[n - 1] = '"end"';
  const value = decodePayload(`[${parts.join(",")}]`);
  let depth = 0;
  let v = value;
  while (Array.isArray(v)) {
    v = v[0];
    depth += 1;
  }
  assert.equal(depth, n - 1);
  assert.equal(v, "end");
  assert.throws(() => devalue6.parse(`[${parts.join(",")}]`), RangeError);
});

test("a million objects in one cycle stay one cycle", () => {
  const n = 1_000_000;
  const parts = new Array(n);
  for (let i = 0; i < n; i += 1) parts[i] = `{"n":${(i + 1) % n}}`;
  const first = decodePayload(`[${parts.join(",")}]`);
  let v = first;
  for (let i = 0; i < n; i += 1) v = v.n;
  assert.equal(v, first);
});

test("a sparse array of length 2^32 - 1 decodes without storage per slot", () => {
  const before = process.memoryUsage().rss;
  const value = decodePayload('[[-7,4294967295,5,1,4294967294,1],"x"]');
  assert.equal(value.length, 4294967295);
  assert.deepEqual(Object.keys(value), ["5", "4294967294"]);
  assert.equal(value[5], "x");
  assert.equal(value[4294967294], "x");
  assert.ok(!(0 in value));
  // 2^32 slots would be gigabytes; allow generous noise.
  assert.ok(process.memoryUsage().rss - before < 256 * 1024 * 1024);
  assert.equal(graphDiff(value, devalue6.parse('[[-7,4294967295,5,1,4294967294,1],"x"]')), null);
});

test("errors are Errors with devalue's message and a stable code", () => {
  const cases = [
    ["[1,", "invalid_json"],
    ["{}", "invalid_input"],
    ['[{"__proto__":1},2]', "proto_key"],
    ['[["Nope",1],2]', "unknown_type"],
    ['[["Custom",0]]', "unknown_type"],
    ['[["RegExp","(","g"]]', "invalid_regexp"],
    ['[["URL","not a url"]]', "invalid_url"],
  ];
  for (const [text, code] of cases) {
    let theirs;
    try {
      devalue6.parse(text);
    } catch (e) {
      theirs = e;
    }
    assert.throws(
      () => decodePayload(text),
      (e) => e instanceof Error && e.code === code && e.message === theirs.message,
      text,
    );
  }
  assert.throws(() => decodePayload(42), (e) => e.code === "invalid_argument");
});

test("revivers: own truthy functions only, called once per revived value, this undefined", () => {
  const text = devalue6.stringify({ a: new Revived("V", [1]), b: 1 }, { V: (v) => v instanceof Revived && v.value });
  // An inherited reviver is not used (devalue checks Object.hasOwn).
  const inherited = Object.create({ V: (v) => v });
  assert.throws(() => decodePayload(text, inherited), { message: "Unknown type V", code: "unknown_type" });
  assert.throws(() => devalue6.parse(text, inherited), { message: "Unknown type V" });
  // A falsy entry is no reviver.
  assert.throws(() => decodePayload(text, { V: 0 }), { message: "Unknown type V" });
  let calls = 0;
  let self = "unset";
  const got = decodePayload(text, {
    V(value) {
      calls += 1;
      self = this;
      return { revived: value };
    },
  });
  assert.equal(calls, 1);
  assert.equal(self, undefined);
  assert.deepEqual(got, { a: { revived: [1] }, b: 1 });
  // A reviver that throws: its own error comes through.
  const boom = new Error("boom");
  assert.throws(
    () =>
      decodePayload(text, {
        V() {
          throw boom;
        },
      }),
    (e) => e === boom,
  );
});

test("revivers may re-enter the module (and grow its memory) while the outer value is built", () => {
  const big = devalue6.stringify({ items: Array.from({ length: 20000 }, (_, i) => ({ i, s: `item ${i}`, d: new Date(i) })) });
  const value = {
    list: Array.from({ length: 2000 }, (_, i) => ({ n: i, t: new Revived("T", i), tags: ["a", "b", `c${i}`] })),
    m: new Map([[1, new Set(["x"])]]),
  };
  const text = devalue6.stringify(value, { T: (r) => r instanceof Revived && { v: r.value } });
  let inner = 0;
  const revivers = {
    T({ v }) {
      // Decoding a large payload here allocates in WebAssembly memory.
      if (v % 500 === 0) inner += decodePayload(big).items.length;
      return { t: v };
    },
  };
  const ours = decodePayload(text, revivers);
  const theirs = devalue6.parse(text, { T: ({ v }) => ({ t: v }) });
  assert.equal(inner, 4 * 20000);
  assert.equal(graphDiff(ours, theirs), null);
});

test("strings: escapes, non-ASCII, lone surrogates, long texts, keys that are indices", () => {
  const value = {
    "10": "ten",
    "2": "two",
    é: "é日本😀 \"q\" \\ \n\t\u2028\u2029 <script></script>",
    lone: "a\ud800b\udc00c",
    long: "x".repeat(100000) + "é",
    empty: "",
    ascii: "plain",
  };
  for (const lib of [devalue5, devalue6]) {
    const text = lib.stringify(value);
    assert.equal(graphDiff(decodePayload(text), lib.parse(text)), null);
  }
  // A text that is ASCII for its first 4 KiB and not after, and one with a BOM-like first string.
  const late = devalue6.stringify(["a".repeat(5000), "ü", "\ufeffbom"]);
  assert.equal(graphDiff(decodePayload(late), devalue6.parse(late)), null);
  const escapedBom = '["\\ufeffx","\\ufeff"]';
  assert.equal(graphDiff(decodePayload(escapedBom), devalue6.parse(escapedBom)), null);
});

test("object keys that differ only by a raw lone surrogate stay apart", () => {
  // Raw (unescaped) lone surrogates, and a BigInt so that neither the JSON.parse path nor the
  // plain path takes the text: core's general decoder, which sees the text as UTF-8 (each lone
  // surrogate a U+FFFD), must not merge the two keys.
  const text = `[[1,4],{"a\ud800":2,"b":3},1,["BigInt","1"],{"a\ud801":2,"b":3}]`;
  const ours = decodePayload(text);
  assert.equal(graphDiff(ours, devalue6.parse(text)), null);
  assert.deepEqual(Object.keys(ours[1]), ["a\ud801", "b"]);
});
