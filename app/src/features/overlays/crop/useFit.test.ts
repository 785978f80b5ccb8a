import { describe, expect, it } from "vitest";
import { fitFactor } from "./useFit";

describe("fitFactor", () => {
  it("draws a box wider than its dialog smaller, never larger", () => {
    expect(fitFactor(330, 412)).toBeCloseTo(330 / 412);
    expect(fitFactor(800, 412)).toBe(1);
  });
  it("is 1 before the first measure or for an empty box", () => {
    expect(fitFactor(null, 412)).toBe(1);
    expect(fitFactor(0, 412)).toBe(1);
    expect(fitFactor(300, 0)).toBe(1);
  });
});
