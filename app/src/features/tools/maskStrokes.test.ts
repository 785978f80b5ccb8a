import { describe, expect, it } from "vitest";
import { brushPixels, extendStroke, rasterizeMask, startStroke, undoStroke, type Stroke } from "./maskStrokes";

/** The colour at (x, y): "w" white, "b" black, anything else spelled out. */
function at(px: Uint8ClampedArray, width: number, x: number, y: number): string {
  const o = (y * width + x) * 4;
  const rgba = [px[o], px[o + 1], px[o + 2], px[o + 3]].join(",");
  return rgba === "255,255,255,255" ? "w" : rgba === "0,0,0,255" ? "b" : rgba;
}

function count(px: Uint8ClampedArray, colour: "w" | "b", width: number, height: number): number {
  let n = 0;
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) if (at(px, width, x, y) === colour) n += 1;
  return n;
}

describe("the painted mask", () => {
  it("is black and opaque where nothing is painted, at the picture's size", () => {
    const px = rasterizeMask([], 7, 5);
    expect(px.length).toBe(7 * 5 * 4);
    expect(count(px, "b", 7, 5)).toBe(35);
  });

  it("is white within half the brush of a stroke and black elsewhere", () => {
    // A horizontal stroke from (10, 10) to (30, 10), brush 6 px: rows 7..12 between x 7 and 32.
    let strokes: Stroke[] = startStroke([], { x: 10, y: 10 }, 6);
    strokes = extendStroke(strokes, { x: 30, y: 10 });
    const px = rasterizeMask(strokes, 40, 20);
    expect(at(px, 40, 20, 10)).toBe("w");
    expect(at(px, 40, 10, 7)).toBe("w");
    expect(at(px, 40, 10, 12)).toBe("w");
    expect(at(px, 40, 10, 6)).toBe("b");
    expect(at(px, 40, 10, 13)).toBe("b");
    expect(at(px, 40, 35, 10)).toBe("b");
    expect(at(px, 40, 0, 0)).toBe("b");
    // Only white and black: a mask, no grey edge.
    expect(count(px, "w", 40, 20) + count(px, "b", 40, 20)).toBe(800);
    // A 20 px line 6 px wide with round ends: about 20 × 6 + π × 3².
    expect(count(px, "w", 40, 20)).toBeGreaterThan(130);
    expect(count(px, "w", 40, 20)).toBeLessThan(160);
  });

  it("paints a dot for a tap, and clips strokes at the picture's edges", () => {
    const dot = rasterizeMask(startStroke([], { x: 0, y: 0 }, 4), 10, 10);
    expect(at(dot, 10, 0, 0)).toBe("w");
    // Pixel centres within 2 px of the corner: (0,0), (1,0), (0,1); (1,1)'s centre is 2.12 away.
    expect(at(dot, 10, 1, 0)).toBe("w");
    expect(at(dot, 10, 0, 1)).toBe("w");
    expect(at(dot, 10, 1, 1)).toBe("b");
    expect(count(dot, "w", 10, 10)).toBe(3);
  });

  it("undo removes the last stroke whatever its length; clear is no stroke", () => {
    let strokes: Stroke[] = startStroke([], { x: 5, y: 5 }, 4);
    strokes = startStroke(strokes, { x: 20, y: 5 }, 4);
    strokes = [
      { x: 21, y: 6 },
      { x: 22, y: 7 },
      { x: 23, y: 8 },
    ].reduce(extendStroke, strokes);
    expect(strokes.map((s) => s.points.length)).toEqual([1, 4]);
    const undone = undoStroke(strokes);
    expect(undone).toHaveLength(1);
    const px = rasterizeMask(undone, 30, 12);
    expect(at(px, 30, 5, 5)).toBe("w");
    expect(at(px, 30, 21, 6)).toBe("b");
    expect(undoStroke(undone)).toEqual([]);
    expect(count(rasterizeMask(undoStroke(undone), 30, 12), "w", 30, 12)).toBe(0);
    expect(extendStroke([], { x: 1, y: 1 })).toEqual([]);
  });

  it("sizes the brush by the picture's longer side within the slider's bounds", () => {
    expect(brushPixels(4, 1000, 500)).toBe(40);
    expect(brushPixels(100, 1000, 500)).toBe(150);
    expect(brushPixels(0, 20, 10)).toBe(1);
  });
});
