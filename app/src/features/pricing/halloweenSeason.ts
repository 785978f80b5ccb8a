/**
 * Whether the halloween campaign runs for the visitor
 * (docs/behaviour/pricing-and-purchase.md#coupons): core's `halloweenBannerActive` in the browser's
 * zone, as of the moment the calling component mounted (the buy dialog's opening), so the banner
 * and the prices under it agree. The checkout is sent the same zone (`time_zone`), and the server
 * applies the same rule to the price it charges.
 */
import { halloweenBannerActive } from "@aivg/core/later";
import { useState } from "react";
import { timeZone } from "../ads/adSlots";

export function useHalloweenSeason(): boolean {
  const [nowMs] = useState(() => Date.now());
  return halloweenBannerActive(nowMs, timeZone());
}
