import { describe, expect, it } from "vitest";
import { textToVideoHref } from "./HeroPrompt";

describe("textToVideoHref", () => {
  it("carries the trimmed prompt into text to video under the page's language", () => {
    expect(textToVideoHref("  a cat & a dog ", "en")).toBe("/text-to-video?prompt=a+cat+%26+a+dog");
    expect(textToVideoHref("ein Fuchs", "de")).toBe("/de/text-to-video?prompt=ein+Fuchs");
  });
  it("opens text to video without a query when the box is empty", () => {
    expect(textToVideoHref("   ", "jp")).toBe("/jp/text-to-video");
  });
});
