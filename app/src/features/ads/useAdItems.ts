/**
 * The ad items of this client (spec 02 §7 `GET /v1/common/ad`, client "" desktop or "wap" phone),
 * fetched once per client kind for the page's life; a failure gives no ads (logged).
 */
import { getAds, isPhone, type AdItem } from "@aivg/core/rules";
import { useEffect, useState } from "react";
import { useIsPhone } from "../frame/viewport";

const cache = new Map<string, Promise<AdItem[]>>();

export function loadAdItems(phone: boolean): Promise<AdItem[]> {
  const client = phone ? "wap" : "";
  let items = cache.get(client);
  if (!items) {
    items = getAds({ client })
      .then((data) => (Array.isArray(data) ? (data as AdItem[]) : []))
      .catch((error: unknown) => {
        console.warn("ads failed", error);
        return [];
      });
    cache.set(client, items);
  }
  return items;
}

export function useAdItems(): AdItem[] {
  const phone = useIsPhone();
  const [items, setItems] = useState<AdItem[]>([]);
  useEffect(() => {
    let live = true;
    void loadAdItems(phone).then((list) => live && setItems(list));
    return () => {
      live = false;
    };
  }, [phone]);
  return items;
}

export { isPhone };
