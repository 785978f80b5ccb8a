/**
 * The site's marketing answer (`GET /v1/common/marketing`, client "" on desktop or "wap" on
 * phones), fetched once per client kind for the page's life. Null until it arrives; a failure
 * (logged) leaves it null, and what depends on it stays hidden: a promotion the server has not
 * confirmed for this visitor is not shown.
 */
import { getMarketing, type MarketingAnswer } from "@aivg/core/rules";
import { useEffect, useState } from "react";
import { useIsPhone } from "../frame/viewport";

const cache = new Map<string, Promise<MarketingAnswer | null>>();

export function loadMarketing(phone: boolean): Promise<MarketingAnswer | null> {
  const client = phone ? "wap" : "";
  let answer = cache.get(client);
  if (!answer) {
    answer = getMarketing({ client }).catch((error: unknown) => {
      console.warn("marketing failed", error);
      return null;
    });
    cache.set(client, answer);
  }
  return answer;
}

export function useMarketing(): MarketingAnswer | null {
  const phone = useIsPhone();
  const [answer, setAnswer] = useState<MarketingAnswer | null>(null);
  useEffect(() => {
    let live = true;
    void loadMarketing(phone).then((value) => live && setAnswer(value));
    return () => {
      live = false;
    };
  }, [phone]);
  return answer;
}
