/**
 * The ad items of this client (docs/behaviour/ads-and-experiments.md#ads `GET /v1/common/ad`,
 * client "" desktop or "wap" phone), fetched once per client kind for the page's life; a failure
 * gives no ads (logged).
 */
import { getAds, isPhone, type AdItem } from "@aivg/core/rules";
import { perClient, usePerClient } from "./perClient";

const NONE: AdItem[] = [];

export const loadAdItems = perClient<AdItem[]>((client) => getAds({ client }).then((data) => (Array.isArray(data) ? (data as AdItem[]) : NONE)), NONE, "ads");

export function useAdItems(): AdItem[] {
  return usePerClient(loadAdItems, NONE);
}

export { isPhone };
