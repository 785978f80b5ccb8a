// decodePayloadAsync (@aivg/core/payload-async, written by scripts/package-wasm.mjs): the same value
// or the same error as decodePayload for every fixture, through the JSON.parse path where it covers
// the text and core's decoder otherwise. The web app decodes prerendered payloads with it, so a page
// loads the decoder's WebAssembly only for a payload the JSON.parse path leaves.
import { test } from "node:test";
import assert from "node:assert/strict";
import { decodePayloadAsync } from "../pkg/nodejs/payload-async.mjs";
import { decodePayload } from "./pkg.mjs";
import { testRevivers } from "../../fixtures/payload/canonical.mjs";
import { graphDiff } from "./graph-diff.mjs";
import { decodePayloadCases } from "./payload-cases.mjs";

const cases = decodePayloadCases;

const outcome = async (run) => {
  try {
    return { value: await run() };
  } catch (error) {
    return { error };
  }
};

test("every fixture: decodePayload's value, or its error with the same code and message", async () => {
  const failures = [];
  let values = 0;
  let errors = 0;
  for (const c of cases) {
    const [text, names] = c.args;
    const revivers = () => (names ? testRevivers(names) : undefined);
    const sync = await outcome(() => decodePayload(text, revivers()));
    const lazy = await outcome(() => decodePayloadAsync(text, revivers()));
    if ("error" in sync) {
      errors += 1;
      if (!("error" in lazy)) failures.push(`${c.file} / ${c.name}: decodePayload threw ${sync.error.code}, the async one resolved`);
      else if (lazy.error.code !== sync.error.code || lazy.error.message !== sync.error.message) {
        failures.push(`${c.file} / ${c.name}: ${lazy.error.code} ${lazy.error.message} instead of ${sync.error.code} ${sync.error.message}`);
      }
      continue;
    }
    values += 1;
    if ("error" in lazy) failures.push(`${c.file} / ${c.name}: rejected with ${lazy.error.code} ${lazy.error.message}`);
    else {
      const diff = graphDiff(lazy.value, sync.value);
      if (diff) failures.push(`${c.file} / ${c.name}: ${diff}`);
    }
  }
  assert.equal(failures.length, 0, failures.join("\n"));
  assert.ok(values > 150 && errors > 100, `only ${values} values and ${errors} errors`);
});

test("a payload the JSON.parse path does not cover still decodes, through core", async () => {
  // A BigInt: no JSON.parse path; core's decoder builds it.
  assert.deepEqual(await decodePayloadAsync('[["BigInt","12345678901234567890"]]'), 12345678901234567890n);
  // A page's payload, plain data with a date: the JSON.parse path's.
  const page = await decodePayloadAsync('[{"route":1,"at":2},"Home",["Date","2026-11-26T00:00:00.000Z"]]');
  assert.deepEqual(page, { route: "Home", at: new Date("2026-11-26T00:00:00.000Z") });
});
