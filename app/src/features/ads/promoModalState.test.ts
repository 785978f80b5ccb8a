import { afterEach, describe, expect, it } from "vitest";
import { markPromoModalShown, PROMO_MODAL_SHOWN_KEY, promoModalDue, promoModalLastShown } from "./promoModalState";

const MINUTE = 60_000;
const T = Date.UTC(2026, 2, 10, 12);

afterEach(() => localStorage.clear());

describe("the promotion modal's interval", () => {
  it("is due when it never showed, and again 1440 minutes after it showed", () => {
    expect(promoModalDue(T)).toBe(true);
    markPromoModalShown(T);
    expect(promoModalLastShown()).toBe(T);
    expect(promoModalDue(T + 1439 * MINUTE)).toBe(false);
    expect(promoModalDue(T + 1440 * MINUTE)).toBe(true);
  });

  it("reads an unreadable record as never shown", () => {
    localStorage.setItem(PROMO_MODAL_SHOWN_KEY, "soon");
    expect(promoModalLastShown()).toBeUndefined();
    expect(promoModalDue(T)).toBe(true);
  });
});
