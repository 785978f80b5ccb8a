import { describe, expect, it } from "vitest";
import { cropChanged, type CropChoice } from "./cropChanged";

const start: CropChoice = { ratio: "1:1", box: { width: 412, height: 412 }, view: { scale: 0.5, offsetX: -10, offsetY: 0 } };

describe("cropChanged (whether Cancel must ask before discarding the clip)", () => {
  it("is false for the automatic clip, rounding aside", () => {
    expect(cropChanged(start, { ...start })).toBe(false);
    expect(cropChanged(start, { ...start, view: { ...start.view, offsetX: -10 + 1e-9 } })).toBe(false);
  });

  it("is true after a drag, a zoom, a resize or another ratio", () => {
    expect(cropChanged(start, { ...start, view: { ...start.view, offsetY: 3 } })).toBe(true);
    expect(cropChanged(start, { ...start, view: { ...start.view, scale: 0.7 } })).toBe(true);
    expect(cropChanged(start, { ...start, box: { width: 300, height: 300 } })).toBe(true);
    expect(cropChanged(start, { ...start, ratio: "16:9" })).toBe(true);
    expect(cropChanged({ ...start, ratio: null }, start)).toBe(true);
  });
});
