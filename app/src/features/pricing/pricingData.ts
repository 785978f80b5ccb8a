/**
 * The buy dialog's data: the SKU list of `GET /v1/buy/sku-info` for the visitor's pricing plan
 * (the `pricing_plan` experiment through core's `pricingPlan`, default 4) and country, and the
 * pricing batch (core's `pricingBatch`: 1 for check-in countries, else 2). A signed-in user's plan
 * is asked for their uid: the group the server sells to them at checkout.
 */
import { getSkuInfo, type Sku, type SkuDerived } from "@aivg/core/rules";
import { creditSkuSets, describeSku, isRecommendActivity, pricingBatch, pricingPlan, recommendedSku, skuSavingPercent } from "@aivg/core/later";
import { abTestPlan } from "../experiments/abTest";
import { visitorCountry } from "../experiments/country";
import { appStore } from "../../state/jotai";
import { userAtom } from "../session/session";

export interface PricedSku {
  sku: Sku;
  info: SkuDerived;
  /** Index in the server's list (core's ordering functions answer indices). */
  index: number;
  /** "Save N %": core's saving against a real reference price in the same list, if any. */
  saving: number | null;
}

export interface PricingData {
  skus: Sku[];
  priced: PricedSku[];
  batch: number;
  country: string;
  zeroBuyChecked: boolean;
}

export async function loadPricing(): Promise<PricingData> {
  const uid = appStore.get(userAtom)?.uid || null;
  const [country, abPlan] = await Promise.all([visitorCountry(), abTestPlan("pricing_plan", uid)]);
  const plan = pricingPlan(abPlan || null);
  const answer = await getSkuInfo(country ? { plan, country } : { plan });
  const skus = (answer.sku_buy_list ?? []) as Sku[];
  return {
    skus,
    priced: skus.map((sku, index) => ({ sku, info: describeSku(sku), index, saving: skuSavingPercent(skus, index) })),
    batch: pricingBatch(country),
    country,
    zeroBuyChecked: answer.zero_buy_checked === true || answer.zero_buy_checked === 1,
  };
}

/** One list of the credits tab: its SKUs in display order and the recommended one's index. */
export interface CreditList {
  items: PricedSku[];
  /** Index (in the server's list) of the recommended SKU, if any. */
  recommended: number | undefined;
}

function creditList(data: PricingData, indices: number[]): CreditList {
  return {
    items: indices.map((i) => data.priced[i]).filter((p): p is PricedSku => p !== undefined),
    recommended: recommendedSku(data.skus, indices, data.country),
  };
}

/**
 * The credits tab's two lists for this mode, the same on a desktop and a phone (core's
 * `creditSkuSets`, docs/behaviour/pricing-and-purchase.md#purchase-popup): the periodic credit
 * plans and the pay-as-you-go packs, each with its recommended SKU.
 */
export function creditLists(data: PricingData, activity: string | null): { plans: CreditList; packs: CreditList; recommend: boolean } {
  const recommend = isRecommendActivity(activity ?? undefined);
  const sets = creditSkuSets(data.skus, recommend, data.batch);
  return { plans: creditList(data, sets.plans), packs: creditList(data, sets.packs), recommend };
}
