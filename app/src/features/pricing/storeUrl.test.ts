import { describe, expect, it } from "vitest";
import { PURCHASE_SOURCE, storeUrl } from "./useBuyFlow";

describe("store URL of a buy click", () => {
  it("carries the cart item, the source, the session id, and the token in the fragment only", () => {
    const url = new URL(storeUrl("https://shop.example.com/store/checkout?sku_id=24120100&zero=0", { sku_id: 24120100 }, "s-1", "tok en"));
    expect(url.searchParams.get("sku_id")).toBe("24120100");
    expect(url.searchParams.get("cart_item")).toBe("24120100");
    expect(url.searchParams.get("source")).toBe(PURCHASE_SOURCE);
    expect(url.searchParams.get("session")).toBe("s-1");
    expect(url.searchParams.get("token")).toBeNull();
    expect(new URLSearchParams(url.hash.slice(1)).get("token")).toBe("tok en");
  });
});
