/**
 * The buy dialog's data: the SKU list of `GET /v1/buy/sku-info` for the visitor's pricing plan
 * (the `pricing_plan` experiment through core's `pricingPlan`, default 4) and country, and the
 * pricing batch (core's `pricingBatch`: 1 for check-in countries, else 2). A signed-in user's plan
 * is asked for their uid: the group the server sells to them at checkout.
 */
import { describeSku, getSkuInfo, pricingBatch, pricingPlan, type Sku, type SkuDerived } from "@aivg/core";
import { abTestPlan } from "../experiments/abTest";
import { visitorCountry } from "../experiments/country";
import { appStore } from "../../state/jotai";
import { userAtom } from "../session/session";

export interface PricedSku {
  sku: Sku;
  info: SkuDerived;
  /** Index in the server's list (core's ordering functions answer indices). */
  index: number;
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
    priced: skus.map((sku, index) => ({ sku, info: describeSku(sku), index })),
    batch: pricingBatch(country),
    country,
    zeroBuyChecked: answer.zero_buy_checked === true || answer.zero_buy_checked === 1,
  };
}

/** Pay-as-you-go packs and credit plans (no plan tier), with their indices. */
export function creditSkus(data: PricingData): PricedSku[] {
  return data.priced.filter((p) => p.info.tier === "basic");
}

/** The periodic credit plans (weekly or monthly) and the one-off packs. */
export function splitCredits(list: PricedSku[]): { plans: PricedSku[]; packs: PricedSku[] } {
  return {
    plans: list.filter((p) => p.info.isSubscription),
    packs: list.filter((p) => !p.info.isSubscription),
  };
}
