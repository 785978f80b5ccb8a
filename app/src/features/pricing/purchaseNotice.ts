/**
 * The main tab's word after a payment (docs/behaviour/pricing-and-purchase.md#purchase-popup "On a
 * purchase ... show a success toast"): when the balance or plan update of a purchase arrives, a
 * toast says what arrived: "+N credits added" (the rise of the balance) or the new plan's name.
 *
 * The project's decision: the toast waits for the update rather than the trade, so it never
 * announces credits the page does not show yet, and it is not tied to the buy dialog: a buy
 * click arms it, and it stays armed after the dialog closes (a visitor often closes it before
 * paying in the store's tab), for as long as the purchase session lives (core's
 * `sessionIdExpired`). While armed, the test store's "paid" message refreshes the user at the
 * purchase's refresh times (core's `timings().purchaseUserRefreshMs`).
 */
import { sessionIdExpired, timings } from "@aivg/core/rules";
import { i18n } from "../../i18n/setup";
import { appStore } from "../../state/jotai";
import { showToast } from "../overlays/toasts";
import { accountOrigin } from "../session/config";
import { flagsAtom, refreshUserAt } from "../session/session";
import type { PricedSku } from "./pricingData";

type Store = typeof appStore;

interface Armed {
  /** The plan label of a membership bought, else null (credits). */
  plan: string | null;
  credits: number;
  level: string;
  at: number;
}

let armed: Armed | null = null;
let stopWatching: (() => void) | null = null;

function level(store: Store): string {
  const flags = store.get(flagsAtom);
  return flags.isPremium ? "premium" : flags.isStandard ? "standard" : "free";
}

function disarm(): void {
  armed = null;
  stopWatching?.();
  stopWatching = null;
}

/** The toast's text for an update from `before` to the store's state now, or null if none arrived. */
export function noticeText(before: Pick<Armed, "plan" | "credits" | "level">, store: Store): string | null {
  const flags = store.get(flagsAtom);
  const gained = flags.curCredits - before.credits;
  const plan = level(store) !== before.level;
  if (before.plan && (plan || gained > 0))
    return i18n.t("pricing:paidPlan", { plan: i18n.t(`pricing:planLabel.${before.plan}` as "pricing:planLabel.premium_monthly") });
  if (gained > 0) return i18n.t("pricing:paidCredits", { count: gained });
  return null;
}

/** Arms the notice for a buy click of `item` (state before the purchase taken now). */
export function expectPurchase(item: PricedSku, store: Store = appStore, now = Date.now()): void {
  disarm();
  const flags = store.get(flagsAtom);
  armed = { plan: item.info.tier === "basic" ? null : item.info.planLabel, credits: flags.curCredits, level: level(store), at: now };
  const unsubscribe = store.sub(flagsAtom, () => {
    if (!armed) return;
    if (sessionIdExpired(armed.at, Date.now())) return disarm();
    const text = noticeText(armed, store);
    if (text) {
      disarm();
      showToast("success", text);
    }
  });
  const onMessage = (event: MessageEvent) => {
    if (event.origin === accountOrigin() && (event.data as { action?: unknown } | null)?.action === "store-paid")
      refreshUserAt(timings().purchaseUserRefreshMs, store);
  };
  window.addEventListener("message", onMessage);
  stopWatching = () => {
    unsubscribe();
    window.removeEventListener("message", onMessage);
  };
}

/** Forgets the armed notice (the checkout could not be opened). */
export function forgetPurchase(): void {
  disarm();
}

/** Whether a purchase notice is waiting for its update (the poll's generic toast then stays silent). */
export function purchaseExpected(): boolean {
  return armed !== null;
}
