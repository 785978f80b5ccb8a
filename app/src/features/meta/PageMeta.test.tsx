import { waitFor } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadAllMessages, renderApp } from "../../test/render-app";

beforeAll(loadAllMessages);
beforeEach(() => {
  localStorage.clear();
  document.cookie = "i18n_redirected=; max-age=0; path=/";
  vi.spyOn(navigator, "languages", "get").mockReturnValue(["en-US"]);
});

const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute("content");

describe("page metadata", () => {
  it("has the title, description, keywords, canonical and sharing image of the route in its language", async () => {
    renderApp("/jp/text-to-video?x=1");
    await waitFor(() => expect(document.title).toBe("テキストから動画を作るAIジェネレーター"));
    expect(meta('meta[name="description"]')).toBe("テキストのプロンプトをAIで動画にします。");
    expect(meta('meta[name="keywords"]')).toContain("テキストから動画");
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(`${location.origin}/ai/jp/text-to-video`);
    expect(meta('meta[property="og:image"]')).toBe(`${location.origin}/og-image.png`);
    expect(meta('meta[property="og:image:width"]')).toBe("1200");
    expect(meta('meta[property="og:image:height"]')).toBe("630");
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });

  it("marks noindex pages noindex, nofollow", async () => {
    renderApp("/404");
    await waitFor(() => expect(document.title).toBe("Page Not Found"));
    expect(meta('meta[name="robots"]')).toBe("noindex, nofollow");
  });
});
