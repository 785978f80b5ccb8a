// The two-image rule (docs/behaviour/uploads.md#aspect-ratios) as the crop dialog of the second
// picture uses it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { cropPresets, imagesRatioOk, pairCropBounds } from "./pkg.mjs";

test("a 16:9 first picture leaves the presets that keep the pair within 0.5..2", () => {
  const b = pairCropBounds(1600, 900, true, 0.5, 2);
  assert.ok(Math.abs(b.minRatio - 0.5 * (16 / 9)) < 1e-12);
  assert.ok(Math.abs(b.maxRatio - 2 * (16 / 9)) < 1e-12);
  assert.deepEqual(cropPresets(b.minRatio, b.maxRatio).map((p) => p.label), ["16:9", "1:1", "4:3"]);
});

test("every preset offered for either side passes imagesRatioOk, every other one fails", () => {
  const sides = [[1600, 900], [900, 1600], [1000, 1000], [1200, 900], [900, 1200]];
  for (const [kw, kh] of sides) {
    for (const first of [true, false]) {
      const b = pairCropBounds(kw, kh, first, 0.5, 2);
      const offered = new Set(cropPresets(b.minRatio, b.maxRatio).map((p) => p.label));
      for (const p of cropPresets(null, null)) {
        const [w, h] = [p.width * 100, p.height * 100];
        const ok = first ? imagesRatioOk(kw, kh, w, h, 0.5, 2) : imagesRatioOk(w, h, kw, kh, 0.5, 2);
        assert.equal(offered.has(p.label), ok, `${kw}x${kh} first=${first} ${p.label}`);
      }
    }
  }
});

test("bad sizes and bounds are errors with a message, not panics", () => {
  assert.throws(() => pairCropBounds(0, 900, true, 0.5, 2), /at least 1 pixel/);
  assert.throws(() => pairCropBounds(1.5, 900, true, 0.5, 2), /knownWidth/);
  assert.throws(() => pairCropBounds(1600, 900, true, 2, 0.5), /bounds are not valid/);
});
