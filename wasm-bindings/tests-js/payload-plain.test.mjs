// The plain path of decodePayload (core's payload::plain, materialised by js/payload-plain.mjs),
// on its own through `decodePlainPayload`: whatever it decodes must be devalue's value, and every
// text devalue rejects it must leave to the general decoder (`undefined`), never throw.
// No timing is asserted here (benches/node/compare.mjs measures).
import { test } from "node:test";
import assert from "node:assert/strict";
import * as devalue5 from "devalue";
import * as devalue6 from "devalue6";
import { decodePayload, decodePlainPayload } from "./pkg.mjs";
import { testRevivers } from "../../fixtures/payload/canonical.mjs";
import { objectsPayload, stringsPayload } from "../../benches/node/make-payloads.mjs";
import { graphDiff } from "./graph-diff.mjs";
import { decodePayloadCases } from "./payload-cases.mjs";
import { prng } from "../../fixtures/payload/prng.mjs";

const cases = decodePayloadCases;

function againstDevalue(ours, text, revivers, skip5) {
  for (const [name, lib] of [["devalue6", devalue6], ["devalue5", devalue5]]) {
    if (name === "devalue5" && skip5) continue;
    const diff = graphDiff(ours, lib.parse(text, revivers));
    if (diff) return `vs ${name}: ${diff}`;
  }
  return null;
}

test("every valid fixture it decodes is devalue's value (5 and 6); most plain ones it does decode", () => {
  const failures = [];
  let decoded = 0;
  for (const c of cases) {
    if (c.error) continue;
    const [text, names] = c.args;
    const revivers = names ? testRevivers(names) : undefined;
    const ours = decodePlainPayload(text, revivers);
    if (ours === undefined) continue;
    decoded += 1;
    const diff = againstDevalue(ours, text, revivers, c.devalue5);
    if (diff) failures.push(`${c.file} / ${c.name} ${diff}`);
  }
  assert.equal(failures.length, 0, failures.join("\n"));
  assert.ok(decoded > 100, `only ${decoded} fixtures decoded`);
});

test("every invalid fixture is left to the general decoder (undefined), without throwing", () => {
  let seen = 0;
  for (const c of cases) {
    if (!c.error) continue;
    const [text, names] = c.args;
    if (typeof text !== "string") continue;
    assert.equal(decodePlainPayload(text, names ? testRevivers(names) : undefined), undefined, `${c.file} / ${c.name}`);
    seen += 1;
  }
  assert.ok(seen > 100, `only ${seen} invalid fixtures`);
});

test("both bench payloads, and shapes that repeat, nest, share and cycle", () => {
  const shared = { s: "x\u2028y", n: -0 };
  const cyclic = { a: 1, b: [shared, shared, , NaN, Infinity, -Infinity, undefined, null, true, false] };
  cyclic.self = cyclic;
  const values = [
    objectsPayload(),
    stringsPayload(),
    cyclic,
    Array.from({ length: 50 }, (_, i) => (i % 3 ? { a: i, b: { c: `é${i}😀`, d: new Date(i * 1e9) } } : { b: i, a: "\n\"\\" })),
    { "ü": { "日本": 1, "a b": 2, "": 3 }, constructor: 5, toString: 6, hasOwnProperty: 7 },
    { big: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i])) },
  ];
  for (const v of values) {
    const text = devalue6.stringify(v);
    const ours = decodePlainPayload(text);
    assert.notEqual(ours, undefined, text.slice(0, 80));
    assert.equal(againstDevalue(ours, text), null);
    // The same value through decodePayload (whichever path it picks).
    assert.equal(againstDevalue(decodePayload(text), text), null);
  }
});

/** A random plain value: objects of a few recurring shapes, arrays with holes, shared values. */
function randomValue(rnd, depth, pool) {
  const r = rnd();
  if (depth > 3 || r < 0.3) {
    const leaves = [0, -0, 1.5, 2 ** 31, -7, NaN, Infinity, -Infinity, undefined, null, true, false, "", "é😀\n\"<\u2028", "x", new Date(Math.floor(rnd() * 4e12)), new Date(NaN)];
    return leaves[Math.floor(rnd() * leaves.length)];
  }
  if (r < 0.4 && pool.length > 0) return pool[Math.floor(rnd() * pool.length)];
  let v;
  if (r < 0.6) {
    v = Array.from({ length: Math.floor(rnd() * 5) }, () => randomValue(rnd, depth + 1, pool));
    if (v.length > 2 && rnd() < 0.3) delete v[1];
  } else {
    const keys = [["id", "name", "at"], ["w", "h"], ["a", "b", "c", "d"], ["ключ", "日本", "a b", "toString", ""]][Math.floor(rnd() * 4)];
    v = {};
    for (const k of keys) if (rnd() < 0.9) v[k] = randomValue(rnd, depth + 1, pool);
  }
  pool.push(v);
  return v;
}

test("random plain values decode as devalue decodes them", () => {
  const rnd = prng(7);
  let decoded = 0;
  for (let i = 0; i < 300; i += 1) {
    const pool = [];
    const value = randomValue(rnd, 0, pool);
    if (typeof value === "object" && value !== null && rnd() < 0.2) value.self = value;
    const text = devalue6.stringify(value);
    const ours = decodePlainPayload(text);
    if (ours === undefined) continue;
    decoded += 1;
    assert.equal(againstDevalue(ours, text), null, text);
  }
  assert.ok(decoded > 250, `only ${decoded} of 300 decoded`);
});

test("it gives up where another rule applies; an inherited setter runs as in devalue", () => {
  for (const text of ['[{"__proto__":1},2]', '[{"1":1},2]', '[{"a":1,"a":2},3,4]', '[["Set",1],2]', '[{"a":1.5},2]', "[]", "[1] "]) {
    assert.equal(decodePlainPayload(text), undefined, text);
  }
  // Lone surrogates of the text: strings keep them (cut from the text); keys that have one are
  // left to the general decoder (in UTF-8 every lone surrogate is the same U+FFFD).
  // (The JavaScript escapes below put raw lone surrogates in the texts.)
  const strings = '[{"k":1,"l":2},"a\uD800b","\uDC00"]';
  assert.equal(againstDevalue(decodePlainPayload(strings), strings), null);
  const keys = '[{"a\uD800":1,"b":1},{"a\uD801":1,"b":1},0]';
  assert.equal(decodePlainPayload(keys), undefined);
  const date = devalue6.stringify({ at: new Date(0) });
  assert.equal(decodePlainPayload(date, { Date: () => 1 }), undefined);
  assert.equal(decodePlainPayload(date, { Other: () => 1 }).at.getTime(), 0);
  const seen = [];
  Object.defineProperty(Object.prototype, "watched", { set(v) { seen.push(v); }, configurable: true });
  try {
    const text = '[{"watched":1,"other":2},"w","o"]';
    const ours = decodePlainPayload(text);
    const theirs = devalue6.parse(text);
    assert.deepEqual(seen, ["w", "w"]);
    assert.equal(Object.hasOwn(ours, "watched"), Object.hasOwn(theirs, "watched"));
  } finally {
    delete Object.prototype.watched;
  }
});
