import { afterEach, describe, expect, it, vi } from "vitest";
import { copyText } from "./copyText";

function withClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, "clipboard", { value: writeText ? { writeText } : undefined, configurable: true });
}

describe("copyText", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    withClipboard(undefined);
  });

  it("uses the Clipboard API when present", async () => {
    const writeText = vi.fn(async () => {});
    withClipboard(writeText);
    await expect(copyText("hello")).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith("hello");
  });

  it("falls back to execCommand when the API refuses, and cleans up", async () => {
    withClipboard(async () => {
      throw new DOMException("denied", "NotAllowedError");
    });
    let selected = "";
    document.execCommand = vi.fn(() => {
      const area = document.querySelector("textarea");
      selected = area ? area.value.slice(area.selectionStart, area.selectionEnd) : "";
      return true;
    });
    await expect(copyText("fallback text")).resolves.toBe(true);
    expect(selected).toBe("fallback text");
    expect(document.querySelector("textarea")).toBeNull();
  });

  it("answers false, without throwing, when nothing works", async () => {
    withClipboard(undefined);
    document.execCommand = vi.fn(() => {
      throw new Error("not supported");
    });
    await expect(copyText("x")).resolves.toBe(false);
    document.execCommand = vi.fn(() => false);
    await expect(copyText("x")).resolves.toBe(false);
    expect(document.querySelector("textarea")).toBeNull();
  });
});
