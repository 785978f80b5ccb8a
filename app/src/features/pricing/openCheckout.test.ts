import { describe, expect, it, vi } from "vitest";
import { openCheckout } from "./useBuyFlow";

function fakeTab() {
  return { location: { href: "about:blank" }, close: vi.fn() };
}

describe("a buy click's checkout", () => {
  it("sends the tab opened during the click to the checkout URL (no token in it)", async () => {
    const tab = fakeTab();
    const opened = await openCheckout(tab as unknown as Window, () => Promise.resolve({ url: "https://shop.example.com/store/checkout?checkout=co_abc" }));
    expect(opened).toBe(true);
    expect(tab.location.href).toBe("https://shop.example.com/store/checkout?checkout=co_abc");
    expect(tab.close).not.toHaveBeenCalled();
  });

  it("closes the tab when the checkout is refused", async () => {
    const tab = fakeTab();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const opened = await openCheckout(tab as unknown as Window, () => Promise.reject(new Error("sku_id: not sold in US")));
    expect(opened).toBe(false);
    expect(tab.close).toHaveBeenCalledOnce();
    expect(tab.location.href).toBe("about:blank");
    warn.mockRestore();
  });
});
