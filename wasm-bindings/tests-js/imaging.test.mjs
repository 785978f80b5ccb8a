// The pixel functions of @aivg/core through the built package: every case of
// fixtures/imaging/*.json (expanded and summarised exactly as core/tests/imaging.rs does), then
// a camera-sized image, crops and the error codes JavaScript callers rely on.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { describe, test } from "node:test";

import {
  cropRect,
  cropRgba,
  downscaleRgba,
  downscaleTarget,
  enhanceRgba,
  fitLongSide,
  imagingConstants,
  isOpaque,
} from "./pkg.mjs";
import * as pkg from "./pkg.mjs";

const FIXTURES = new URL("../../fixtures/imaging/", import.meta.url);

// ---- Fixture conventions (the module doc of core/tests/imaging.rs) ----

/** Expands a pixel-buffer argument: {bytes}, {base64} or {pattern, width, height, rgba?, split?}. */
function pixels(spec) {
  if (spec.bytes !== undefined) return Uint8Array.from(spec.bytes);
  if (spec.base64 !== undefined) return new Uint8Array(Buffer.from(spec.base64, "base64"));
  const { pattern, width: w, height: h } = spec;
  const rgba = spec.rgba ?? [0, 0, 0, 0];
  const split = spec.split ?? 0;
  const out = new Uint8Array(w * h * 4);
  let i = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const r = x % 256;
      const g = y % 256;
      const b = (x ^ y) % 256;
      let px;
      switch (pattern) {
        case "solid":
          px = rgba;
          break;
        case "xor":
          px = [r, g, b, 255];
          break;
        case "xorAlpha":
          px = [r, g, b, ((x + y) * 37) % 256];
          break;
        case "redOnTransparent":
          px = x < split ? [255, 0, 0, 255] : [0, 0, 0, 0];
          break;
        default:
          throw new Error(`unknown pattern ${pattern}`);
      }
      out.set(px, i);
      i += 4;
    }
  }
  return out;
}

/** 32-bit FNV-1a as 8 lowercase hex digits. */
function fnv1a(bytes) {
  let hash = 0x811c9dc5;
  for (const b of bytes) hash = Math.imul(hash ^ b, 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, "0");
}

/** The fixture summary of an image result. */
function summary(img) {
  const { width: w, height: h } = img;
  const px = (x, y) => Array.from(img.pixels.subarray((y * w + x) * 4, (y * w + x) * 4 + 4));
  return {
    width: w,
    height: h,
    fnv1a: fnv1a(img.pixels),
    corners: [px(0, 0), px(w - 1, 0), px(0, h - 1), px(w - 1, h - 1)],
    centre: px(Math.floor(w / 2), Math.floor(h / 2)),
  };
}

/** Runs one fixture case through the package, as the Rust dispatcher does. */
const dispatch = {
  downscaleRgba: (a) => summary(downscaleRgba(pixels(a[0]), a[1], a[2], a[3])),
  cropRgba: (a) => summary(cropRgba(pixels(a[0]), a[1], a[2], a[3])),
  enhanceRgba: (a) => summary(enhanceRgba(pixels(a[0]), a[1], a[2])),
  isOpaque: (a) => isOpaque(pixels(a[0])),
};

/** Asserts that `fn` throws an Error with `code` (and a message containing `message`). */
function assertCode(fn, code, message) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof Error, `expected an Error, got ${e}`);
    assert.equal(e.code, code, `code of: ${e.message}`);
    if (message !== undefined) assert.ok(e.message.includes(message), e.message);
    return true;
  });
}

// codec.json: decodeImage / encodeImage are core's (server) codecs, not in the package.
const files = readdirSync(FIXTURES)
  .filter((f) => f.endsWith(".json") && f !== "codec.json")
  .sort();

describe("fixtures/imaging", () => {
  test("has fixture files", () => assert.ok(files.length >= 3));
  for (const file of files) {
    const fixture = JSON.parse(readFileSync(new URL(file, FIXTURES), "utf8"));
    describe(file, () => {
      for (const c of fixture.cases) {
        test(`${c.name} (${c.fn})`, () => {
          const run = dispatch[c.fn];
          assert.ok(run, `no export dispatched for ${c.fn}`);
          if (c.error) {
            assertCode(() => run(c.args), c.error.code, c.error.message);
          } else if (c.expect === null) {
            assert.ok(run(c.args) == null);
          } else {
            assert.deepStrictEqual(run(c.args), c.expect);
          }
        });
      }
    });
  }
});

// ---- A camera-sized image ----

/** A smooth 4000 × 3000 opaque gradient: r follows x, g follows y, b = 128. */
function gradient(w, h) {
  const out = new Uint8Array(w * h * 4);
  let i = 0;
  for (let y = 0; y < h; y++) {
    const g = Math.round((y * 255) / (h - 1));
    for (let x = 0; x < w; x++) {
      out[i] = Math.round((x * 255) / (w - 1));
      out[i + 1] = g;
      out[i + 2] = 128;
      out[i + 3] = 255;
      i += 4;
    }
  }
  return out;
}

describe("4000 × 3000 image", () => {
  const W = 4000;
  const H = 3000;
  const source = gradient(W, H);

  test("a 4000 × 3000 image downscales to 2000 × 1500", () => {
    const decoded = { pixels: source, width: W, height: H };
    assert.equal(decoded.width, W);
    assert.equal(decoded.height, H);
    assert.equal(decoded.pixels.length, W * H * 4);
    const out = downscaleRgba(decoded.pixels, decoded.width, decoded.height, 2000);
    assert.deepEqual(Object.keys(out).sort(), ["height", "pixels", "width"]);
    assert.ok(out.pixels instanceof Uint8Array);
    assert.equal(out.width, 2000);
    assert.equal(out.height, 1500);
    assert.equal(out.pixels.length, 2000 * 1500 * 4);
    // The gradient survives Lanczos3: the centre is mid-grey red and green.
    const [r, g, b, a] = out.pixels.subarray((750 * 2000 + 1000) * 4, (750 * 2000 + 1000) * 4 + 4);
    assert.ok(Math.abs(r - 128) <= 4 && Math.abs(g - 128) <= 4 && Math.abs(b - 128) <= 4, `${[r, g, b]}`);
    assert.equal(a, 255);
  });

  test("the raw RGBA downscale matches the size rule of downscaleTarget and fitLongSide", () => {
    const out = downscaleRgba(source, W, H, 2000);
    const target = downscaleTarget(W, H, null);
    assert.deepEqual({ width: out.width, height: out.height }, { width: target.width, height: target.height });
    assert.deepEqual(fitLongSide(W, H, 2000), { width: 2000, height: 1500 });
    assert.ok(isOpaque(out.pixels));
  });

  test("an unchanged-size call returns the same dimensions and pixels", () => {
    const small = downscaleRgba(source, W, H, 2000);
    const again = downscaleRgba(small.pixels, small.width, small.height, 2000);
    assert.equal(again.width, 2000);
    assert.equal(again.height, 1500);
    assert.deepStrictEqual(again.pixels, small.pixels);
    // A copy, not a view of WebAssembly memory: changing it leaves the input alone.
    again.pixels[0] ^= 0xff;
    assert.notEqual(again.pixels[0], small.pixels[0]);
  });
});

// ---- Crops ----

describe("cropRgba", () => {
  const w = 8;
  const h = 6;
  const src = pixels({ pattern: "xor", width: w, height: h });

  test("cuts the rows of the rectangle", () => {
    const out = cropRgba(src, w, h, { x: 2, y: 1, w: 3, h: 2 });
    assert.equal(out.width, 3);
    assert.equal(out.height, 2);
    const want = [];
    for (let y = 1; y < 3; y++) for (let x = 2; x < 5; x++) want.push(x, y, x ^ y, 255);
    assert.deepStrictEqual(Array.from(out.pixels), want);
  });

  test("the whole image is the image", () => {
    const out = cropRgba(src, w, h, { x: 0, y: 0, w, h });
    assert.deepStrictEqual(out.pixels, src);
  });

  test("accepts the Uint8ClampedArray of an ImageData", () => {
    const clamped = new Uint8ClampedArray(src.buffer, src.byteOffset, src.length);
    const out = cropRgba(clamped, w, h, { x: 7, y: 5, w: 1, h: 1 });
    assert.deepStrictEqual(Array.from(out.pixels), [7, 5, 7 ^ 5, 255]);
  });

  test("the rectangle of the crop geometry cuts the pixels the box shows", () => {
    // A 412 box over a 1000 × 500 image at base scale, centred: the middle 500 × 500 square.
    const rect = cropRect(1000, 500, { width: 412, height: 412 }, { scale: 0.824, offsetX: -206, offsetY: 0 });
    assert.deepStrictEqual(rect, { x: 250, y: 0, w: 500, h: 500 });
    const image = pixels({ pattern: "xor", width: 1000, height: 500 });
    const out = cropRgba(image, 1000, 500, rect);
    assert.equal(out.width, 500);
    assert.equal(out.height, 500);
    assert.deepStrictEqual(Array.from(out.pixels.subarray(0, 4)), [250, 0, 250, 255]);
  });

  test("a rectangle leaving the image is invalid_crop_rect", () => {
    assertCode(() => cropRgba(src, w, h, { x: 6, y: 0, w: 3, h: 1 }), "invalid_crop_rect");
    assertCode(() => cropRgba(src, w, h, { x: 0, y: 0, w: 0, h: 1 }), "invalid_crop_rect");
  });

  test("a rectangle that is not whole numbers is invalid_argument", () => {
    assertCode(() => cropRgba(src, w, h, { x: 0.5, y: 0, w: 1, h: 1 }), "invalid_argument", "rect");
    assertCode(() => cropRgba(src, w, h, { x: 0, y: 0, w: 1 }), "invalid_argument", "rect");
  });
});

// ---- Error codes ----

describe("error codes", () => {
  const one = new Uint8Array([12, 34, 56, 78]);
  const xor = pixels({ pattern: "xor", width: 8, height: 6 });
  const rect = { x: 0, y: 0, w: 1, h: 1 };

  test("width 0 is empty_image", () => {
    const empty = new Uint8Array(0);
    assertCode(() => downscaleRgba(empty, 0, 6, 10), "empty_image", "0x6");
    assertCode(() => cropRgba(empty, 0, 6, rect), "empty_image");
    assertCode(() => enhanceRgba(empty, 0, 6), "empty_image");
  });

  test("a wrong buffer length is buffer_size_mismatch", () => {
    assertCode(() => downscaleRgba(xor, 8, 7, 4), "buffer_size_mismatch", "needs 224");
    assertCode(() => cropRgba(xor, 8, 7, rect), "buffer_size_mismatch");
    assertCode(() => enhanceRgba(xor, 8, 7), "buffer_size_mismatch");
  });

  test("20000 × 20000 is image_too_large, refused before allocating", () => {
    assertCode(() => downscaleRgba(one, 20000, 20000, 2000), "image_too_large", "16384 pixels per side");
    assertCode(() => cropRgba(one, 20000, 20000, rect), "image_too_large");
    assertCode(() => enhanceRgba(one, 20000, 20000), "image_too_large");
    assert.ok(20000 > imagingConstants().maxSide);
  });

  test("sizes that are not whole numbers are invalid_argument", () => {
    assertCode(() => downscaleRgba(xor, 8.5, 6, 4), "invalid_argument", "width");
    assertCode(() => downscaleRgba(xor, 8, -6, 4), "invalid_argument", "height");
    assertCode(() => downscaleRgba(xor, 8, 6, Number.NaN), "invalid_argument", "maxSide");
  });

  test("maxSide 0 is invalid_max_side", () => {
    assertCode(() => downscaleRgba(xor, 8, 6, 0), "invalid_max_side");
  });

});

describe("codecs and constants", () => {
  test("the package leaves file codecs to the browser (core's are for the server)", () => {
    // Browsers decode (createImageBitmap) and encode (canvas.toBlob) natively; the codecs would
    // add ~550 KB of WebAssembly. fixtures/imaging/codec.json runs in cargo test only.
    assert.equal("decodeImage" in pkg, false);
    assert.equal("encodeImage" in pkg, false);
  });

  test("imagingConstants states the limits", () => {
    const c = imagingConstants();
    assert.equal(c.maxSide, 16384);
    assert.equal(c.maxPixels, 64 * 1024 * 1024);
    assert.equal(c.upscaleFactor, 2);
    assert.deepStrictEqual(c.sharpenKernel, [1, 4, 6, 4, 1]);
  });
});
