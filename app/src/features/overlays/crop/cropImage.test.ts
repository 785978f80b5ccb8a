import { cropBoxSize, cropRect, cropRestore } from "@aivg/core/later";
import { describe, expect, it } from "vitest";
import { CANVAS_FAIL, cutForCrop, paintRgba, sizeForCrop } from "./cropImage";

/** Opaque RGBA pixels: red rises left to right, green top to bottom. */
function gradient(width: number, height: number) {
  const pixels = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      pixels[i] = Math.round((255 * x) / (width - 1));
      pixels[i + 1] = Math.round((255 * y) / (height - 1));
      pixels[i + 2] = 128;
      pixels[i + 3] = 255;
    }
  }
  return { pixels, width, height };
}

describe("crop pixels (docs/behaviour/uploads.md#image-crop: downscale when a side exceeds min(maxValue, 2000))", () => {
  it("downscales 4000×3000 to 2000×1500 with core", () => {
    const source = sizeForCrop(gradient(4000, 3000), null);
    expect(source.picture).toEqual({ width: 2000, height: 1500, originalWidth: 4000, originalHeight: 3000, downscaled: true });
    expect(source.pixels.length).toBe(2000 * 1500 * 4);
    // Lanczos keeps a smooth gradient: the middle pixel stays about half red, half green.
    const mid = (750 * 2000 + 1000) * 4;
    expect(Math.abs((source.pixels[mid] ?? 0) - 128)).toBeLessThan(3);
    expect(Math.abs((source.pixels[mid + 1] ?? 0) - 128)).toBeLessThan(3);
  });

  it("uses the model's smaller limit", () => {
    const source = sizeForCrop(gradient(2600, 1300), 1000);
    expect([source.width, source.height]).toEqual([1000, 500]);
  });

  it("keeps a picture within the limit as it is", () => {
    const decoded = gradient(640, 480);
    const source = sizeForCrop(decoded, null);
    expect(source.picture.downscaled).toBe(false);
    expect(source.pixels).toBe(decoded.pixels);
  });

  it("cuts the restored 1:1 view out of the middle", () => {
    const source = sizeForCrop(gradient(1200, 600), null);
    const box = cropBoxSize(1);
    const rect = cropRect(source.width, source.height, box, cropRestore(source.width, source.height, box));
    expect(rect).toEqual({ x: 300, y: 0, w: 600, h: 600 });
    const cut = cutForCrop(source, rect);
    expect([cut.width, cut.height]).toEqual([600, 600]);
    // The cut's first pixel is the source's pixel (300, 0).
    expect(cut.pixels[0]).toBe(source.pixels[300 * 4]);
  });

  it("rejects a rectangle outside the picture", () => {
    const source = sizeForCrop(gradient(100, 100), null);
    expect(() => cutForCrop(source, { x: 50, y: 50, w: 100, h: 10 })).toThrow();
  });

  it("reports a canvas without a 2D context as 'canvas getContext fail' (docs/behaviour/uploads.md#image-crop)", () => {
    const canvas = { getContext: () => null } as unknown as HTMLCanvasElement;
    expect(() => paintRgba(canvas, { pixels: new Uint8Array(4), width: 1, height: 1 })).toThrow(CANVAS_FAIL);
  });
});
