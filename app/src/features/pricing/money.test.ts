import { describe, expect, it } from "vitest";
import { formatMoney } from "./money";

/** Intl writes a no-break space between amount and symbol; compare with plain spaces. */
const plain = (s: string) => s.replace(/\s/g, " ");

describe("prices in the page's language", () => {
  it("writes the currency the language's way", () => {
    expect(formatMoney({ amount: 0.07, currency: "USD", symbol: "$" }, "en")).toBe("$0.07");
    expect(plain(formatMoney({ amount: 0.07, currency: "USD", symbol: "$" }, "de"))).toBe("0,07 $");
    expect(plain(formatMoney({ amount: "1234.5", currency: "usd" }, "fr"))).toBe("1 234,50 $US");
    expect(formatMoney({ amount: 36.99, currency: "USD" }, "jp")).toBe("$36.99");
  });

  it("keeps core's rounding: the amount comes rounded as text", () => {
    expect(formatMoney({ amount: "1.01", currency: "USD" }, "en")).toBe("$1.01");
  });

  it("falls back to symbol and amount without a currency code, and to nothing without an amount", () => {
    expect(formatMoney({ amount: 1.5, symbol: "€" }, "de")).toBe("€1.50");
    expect(formatMoney({ amount: 1.5, currency: "NOPE", symbol: "$" }, "de")).toBe("$1.50");
    expect(formatMoney({ amount: "abc", currency: "USD" }, "en")).toBe("");
  });
});
