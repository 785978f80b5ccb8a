// A page whose Content-Security-Policy forbids making functions from text (the server's allows
// only 'wasm-unsafe-eval'): `new Function` throws an EvalError there. The plain path must then
// build its objects with plain assignments and give the same value. Its own file, so the
// process that pretends to forbid it is this test's alone (node --test runs each file apart).
import { test } from "node:test";
import assert from "node:assert/strict";
import * as devalue from "devalue";
import { decodePlainPayload } from "./pkg.mjs";
import { graphDiff } from "./graph-diff.mjs";

test("without new Function (CSP), object shapes are still decoded to devalue's value", () => {
  const value = {
    list: Array.from({ length: 50 }, (_, i) => ({ cspId: i, cspName: `item ${i}`, cspTags: ["a", "b"], cspOn: i % 2 === 0 })),
  };
  const text = devalue.stringify(value);
  const real = globalThis.Function;
  let tried = 0;
  globalThis.Function = function forbidden() {
    tried += 1;
    throw new EvalError("Refused to evaluate a string as JavaScript because 'unsafe-eval' is not allowed");
  };
  try {
    const ours = decodePlainPayload(text);
    assert.notEqual(ours, undefined, "the plain path takes this text");
    assert.equal(graphDiff(ours, devalue.parse(text)), null);
    assert.ok(tried > 0, "the path did try to compile a shape");
    // Known unavailable: not tried again for the next shapes.
    const before = tried;
    const again = decodePlainPayload(devalue.stringify([{ cspOther: 1, cspMore: 2 }, { cspOther: 3, cspMore: 4 }]));
    assert.deepEqual(again, [{ cspOther: 1, cspMore: 2 }, { cspOther: 3, cspMore: 4 }]);
    assert.equal(tried, before);
  } finally {
    globalThis.Function = real;
  }
});
