import { describe, expect, it, vi } from "vitest";
import { followLink, type LinkDeps } from "./followLink";

function deps(): LinkDeps & { navigate: ReturnType<typeof vi.fn>; openTab: ReturnType<typeof vi.fn>; assign: ReturnType<typeof vi.fn> } {
  return { navigate: vi.fn(), openTab: vi.fn(), assign: vi.fn() };
}

describe("following a link by docs/behaviour/languages-and-routes.md#links rules", () => {
  const origin = window.location.origin;

  it("goes to the in-app route, query kept, for a link under the main site's AI path", () => {
    const d = deps();
    expect(followLink(`${origin}/ai/text-to-video?prompt=cat`, d.navigate, d)).toBe("internal");
    expect(d.navigate).toHaveBeenCalledWith("/text-to-video?prompt=cat");
    expect(d.openTab).not.toHaveBeenCalled();
  });

  it("opens an external link in a new tab", () => {
    const d = deps();
    expect(followLink("https://partner.example.org/offer", d.navigate, d)).toBe("newTab");
    expect(d.openTab).toHaveBeenCalledWith("https://partner.example.org/offer");
  });

  it("follows nothing for a javascript: link", () => {
    const d = deps();
    expect(followLink("javascript:alert(1)", d.navigate, d)).toBe("refused");
    expect([d.navigate, d.openTab, d.assign].every((f) => f.mock.calls.length === 0)).toBe(true);
  });
});
