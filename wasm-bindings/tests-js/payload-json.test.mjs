// The JSON.parse path of decodePayload (js/payload-json.mjs), on its own: whatever it decodes
// must be devalue's value, and whatever devalue rejects it must leave to aivg-core's decoder
// (`undefined`), never decode and never throw. Imports the source file: no build needed.
// No timing is asserted here (benches/node/compare.mjs measures).
import { test } from "node:test";
import assert from "node:assert/strict";
import * as devalue5 from "devalue";
import * as devalue6 from "devalue6";
import { decodeJson, decodeJsonIfSuited, isoDate, suitsJson } from "../js/payload-json.mjs";
import { testRevivers } from "../../fixtures/payload/canonical.mjs";
import { objectsPayload, stringsPayload } from "../../benches/node/make-payloads.mjs";
import { graphDiff } from "./graph-diff.mjs";
import { decodePayloadCases } from "./payload-cases.mjs";

const cases = decodePayloadCases;

test("every valid fixture it decodes is devalue's value (5 and 6); the plain ones it does decode", () => {
  const failures = [];
  let decoded = 0;
  for (const c of cases) {
    if (c.error) continue;
    const [text, names] = c.args;
    const ours = decodeJson(text, names ? testRevivers(names) : undefined);
    if (ours === undefined) continue;
    decoded += 1;
    for (const [name, lib] of [["devalue6", devalue6], ["devalue5", devalue5]]) {
      if (name === "devalue5" && c.devalue5) continue;
      const diff = graphDiff(ours, lib.parse(text, names ? testRevivers(names) : undefined));
      if (diff) failures.push(`${c.file} / ${c.name} vs ${name}: ${diff}`);
    }
  }
  assert.equal(failures.length, 0, failures.join("\n"));
  // Most fixtures are plain shapes; a path that gave up on everything would pass the loop above.
  assert.ok(decoded > 150, `only ${decoded} fixtures decoded`);
});

test("every invalid fixture is left to core (undefined), without throwing", () => {
  let seen = 0;
  for (const c of cases) {
    if (!c.error) continue;
    const [text, names] = c.args;
    assert.equal(decodeJson(text, names ? testRevivers(names) : undefined), undefined, `${c.file} / ${c.name}`);
    seen += 1;
  }
  assert.ok(seen > 100, `only ${seen} invalid fixtures`);
});

test("it gives up where devalue has a rule it does not cover", () => {
  const date = devalue6.stringify({ at: new Date(0) });
  for (const [text, revivers] of [
    [date, { Date: (v) => v }], // a reviver that applies
    ['[{"__proto__":1},2]', undefined],
    ['[["Object",1],"x"]', undefined],
    ['[[-7,3,0,1],"x"]', undefined], // sparse array
    ['[{"a":1.5},2]', undefined], // an index devalue reads with a quirk
    ['[{"a":"1"},2]', undefined],
    ['[["Map",1],2]', undefined],
    ["-1", undefined],
    ["[]", undefined],
    ["[1,", undefined],
    [42, undefined],
  ]) {
    assert.equal(decodeJson(text, revivers), undefined, String(text));
  }
  // Revivers for types the text does not use change nothing; inherited ones never apply.
  assert.equal(decodeJson(date, { Other: () => 1 }).at.getTime(), 0);
  assert.equal(decodeJson(date, Object.create({ Date: () => 1 })).at.getTime(), 0);
});

test("holes, constants, shared values and cycles come out as devalue's", () => {
  const shared = { s: "x" };
  const value = { a: [1, , 3], n: [NaN, Infinity, -Infinity, -0, undefined], shared: [shared, shared], m: new Map([[shared, new Set([shared])]]) };
  value.self = value;
  const text = devalue6.stringify(value);
  const ours = decodeJson(text);
  assert.notEqual(ours, undefined);
  assert.equal(graphDiff(ours, devalue6.parse(text)), null);
  // With an enumerable property on Object.prototype (for-in would list it) it leaves the text to core.
  Object.prototype.polluted = 1;
  try {
    assert.equal(decodeJson(text), undefined);
  } finally {
    delete Object.prototype.polluted;
  }
});

test("isoDate is new Date(text) for ISO texts, in range and out", () => {
  const texts = [
    "1970-01-01T00:00:00.000Z",
    "2024-02-28T23:59:59.999Z",
    "2024-02-29T12:00:00.000Z",
    "2023-02-31T00:00:00.000Z",
    "2024-12-31T00:00:00.000Z",
    "1000-01-01T00:00:00.000Z",
    "0999-12-31T23:59:59.999Z",
    "9999-12-31T23:59:59.999Z",
    "2024-13-01T00:00:00.000Z",
    "2024-01-01T24:00:00.000Z",
    "2024-01-01T00:60:00.000Z",
    "2024-0a-01T00:00:00.000Z",
    "2024-01-01T00:00:00.000+",
    "+275760-09-13T00:00:00.000Z",
    "",
    "not a date",
  ];
  for (let t = -62e12; t < 253e12; t += 7_777_777_777_77) texts.push(new Date(t).toISOString());
  for (const text of texts) assert.ok(Object.is(isoDate(text).getTime(), new Date(text).getTime()), text);
});

test("suitsJson picks JSON.parse for long strings and core for many small values", () => {
  assert.equal(suitsJson(devalue6.stringify(stringsPayload())), true);
  assert.equal(suitsJson(devalue6.stringify(objectsPayload())), false);
  assert.equal(suitsJson('["' + "word ".repeat(50) + '"]'), true);
  assert.equal(suitsJson("[[1,2,3,4,5,6,7,8],1,2,3,4,5,6,7,8]"), false);
  assert.equal(decodeJsonIfSuited("[[1,2,3,4,5,6,7,8],1,2,3,4,5,6,7,8]"), undefined);
  assert.equal(decodeJsonIfSuited('["' + "word ".repeat(50) + '"]'), "word ".repeat(50));
});
