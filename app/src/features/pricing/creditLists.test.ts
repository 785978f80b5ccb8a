import { type Sku } from "@aivg/core/rules";
import { describeSku } from "@aivg/core/later";
import { describe, expect, it } from "vitest";
import { creditLists, type PricingData } from "./pricingData";

const code = "credits_2024";
function sku(sku_id: number, credits: number, price: number, original_price: number, period_unit?: "week" | "month"): Sku {
  return { sku_id, price, original_price, period_unit, feature_code_list: [{ feature_code: code, sale_unit_value: credits }] };
}

/** A server list in no particular order, with a membership that credit lists never show. */
const skus: Sku[] = [
  {
    sku_id: 24109016,
    sub_tpl_name: "Premium Yearly",
    period_unit: "year",
    price: 143.88,
    original_price: 359.88,
    feature_code_list: [{ feature_code: code, sale_unit_value: 500 }],
  },
  sku(1, 2000, 179.99, 299.99),
  sku(2, 25, 2.99, 3.99, "week"),
  sku(3, 100, 8.99, 12.99, "month"),
  sku(4, 10, 1.99, 1.99),
  sku(5, 1000, 99.99, 149.99),
  sku(6, 500, 36.99, 54.99, "month"),
  sku(7, 500, 59.99, 74.99),
  sku(8, 10, 1.49, 1.99, "month"),
];
const data: PricingData = {
  skus,
  priced: skus.map((s, index) => ({ sku: s, info: describeSku(s), index, saving: null })),
  batch: 1,
  country: "US",
  zeroBuyChecked: false,
};
const ids = (list: { items: { sku: Sku }[] }) => list.items.map((p) => p.sku.sku_id);

describe("the credits tab's lists, the same on a desktop and a phone", () => {
  it("the monthly plans and every pack, each with its best discount recommended", () => {
    const { plans, packs, recommend } = creditLists(data, null);
    expect(recommend).toBe(false);
    expect(ids(plans)).toEqual([8, 3, 6]);
    expect(ids(packs)).toEqual([4, 7, 5, 1]);
    expect(plans.recommended).toBe(6);
    expect(packs.recommended).toBe(1);
  });

  it("recommend-activity mode adds the weekly plans", () => {
    const { plans, packs, recommend } = creditLists(data, "recommend");
    expect(recommend).toBe(true);
    expect(ids(plans)).toEqual([8, 2, 3, 6]);
    expect(ids(packs)).toEqual([4, 7, 5, 1]);
    expect(ids(creditLists(data, "3_days_free").plans)).toEqual([8, 3, 6]);
  });
});
