/**
 * The site's marketing answer (`GET /v1/common/marketing`, client "" on desktop or "wap" on
 * phones), fetched once per client kind for the page's life. Null until it arrives; a failure
 * (logged) leaves it null, and what depends on it stays hidden: a promotion the server has not
 * confirmed for this visitor is not shown.
 */
import { getMarketing, type MarketingAnswer } from "@aivg/core/rules";
import { perClient, usePerClient } from "./perClient";

export const loadMarketing = perClient<MarketingAnswer | null>((client) => getMarketing({ client }), null, "marketing");

export function useMarketing(): MarketingAnswer | null {
  return usePerClient(loadMarketing, null);
}
