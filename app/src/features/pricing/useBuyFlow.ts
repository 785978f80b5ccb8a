/**
 * Everything the buy dialog does besides drawing
 * (docs/behaviour/pricing-and-purchase.md#purchase-popup "Buy dialog"): load the data (a failure
 * sends a load event with status fail and duration 0,
 * docs/behaviour/calls-and-errors.md#the-error-catalogue), a new purchase session id on each
 * opening (renewed after 30 min, core's `sessionIdExpired`), trial checkboxes reset to core's
 * `trialCheckboxDefault`, the buy click (login first; else a one-time checkout of the SKU with the
 * session id, opened in a new tab: its URL carries only the checkout's id, never the access token),
 * and the payment poll with its purchase handling (close, user now and at 3, 6, 9 s, success
 * toast: what arrived, once the update does, purchaseNotice.ts).
 */
import { createCheckout, getTradeInfo, timings, type Sku, sessionIdExpired } from "@aivg/core/rules";
import { freeTrialSelectorVisible, skuBuyUrl, trialCheckboxDefault } from "@aivg/core/later";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { appStore, useAtomValue } from "../../state/jotai";
import { timeZone } from "../ads/adSlots";
import { openLoginDialog } from "../login/loginState";
import { showToast } from "../overlays/toasts";
import { accountOrigin } from "../session/config";
import { flagsAtom, refreshUserAt } from "../session/session";
import { track, trackPurchaseClick, trackPurchaseLoad } from "../session/track";
import { buyDialogAtom, closeBuyDialog } from "./buyState";
import { PaymentPoll } from "./paymentPoll";
import { expectPurchase, forgetPurchase, purchaseExpected } from "./purchaseNotice";
import { loadPricing, type PricedSku, type PricingData } from "./pricingData";

/** docs/behaviour/pricing-and-purchase.md#purchase-popup: the store is told where the purchase came from. */
export const PURCHASE_SOURCE = "pricing tabs";

export interface BuyFlow {
  data: PricingData | null;
  failed: boolean;
  trial: Record<number, boolean>;
  setTrial: (index: number, ticked: boolean) => void;
  buy: (item: PricedSku) => void;
}

function newSessionId(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** Whether a buy click asks for the free trial: the choice core's `skuBuyUrl` makes. */
export function wantsTrial(sku: Sku, ticked: boolean, isSubscribed: boolean): boolean {
  return ticked && freeTrialSelectorVisible(isSubscribed, sku);
}

/**
 * Sends a tab opened during the click (so no popup blocker stops it) to the checkout's page;
 * without a tab, this one goes. A failed checkout closes the tab and answers false.
 */
export async function openCheckout(tab: Window | null, checkout: () => Promise<{ url: string }>): Promise<boolean> {
  try {
    const { url } = await checkout();
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    return true;
  } catch (error: unknown) {
    console.warn("checkout failed", error);
    tab?.close();
    return false;
  }
}

export function useBuyFlow(): BuyFlow {
  const { t } = useTranslation("pricing");
  const state = useAtomValue(buyDialogAtom);
  const flags = useAtomValue(flagsAtom);
  const [data, setData] = useState<PricingData | null>(null);
  const [failed, setFailed] = useState(false);
  const [trial, setTrialMap] = useState<Record<number, boolean>>({});
  const session = useRef<{ id: string; createdAt: number } | null>(null);

  // Opening: new session id, data (re)load, trial boxes reset.
  useEffect(() => {
    if (!state.open) return;
    session.current = { id: newSessionId(), createdAt: Date.now() };
    let live = true;
    const started = performance.now();
    loadPricing().then(
      (loaded) => {
        if (!live) return;
        setFailed(false);
        setData(loaded);
        const reset: Record<number, boolean> = {};
        for (const p of loaded.priced) reset[p.index] = trialCheckboxDefault(p.sku, loaded.zeroBuyChecked);
        setTrialMap(reset);
        trackPurchaseLoad("success", performance.now() - started);
      },
      (error: unknown) => {
        if (!live) return;
        console.warn("purchase popup load failed", error);
        trackPurchaseLoad("fail", 0);
        setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [state.open, state.tab, flags.isLogin]);

  // The payment poll runs while the dialog is open for a signed-in user.
  useEffect(() => {
    if (!state.open || !flags.isLogin) return;
    const poll = new PaymentPoll(state.openedAt, {
      tradeInfo: (params) => getTradeInfo(params),
      hidden: () => document.visibilityState === "hidden",
      now: () => Date.now(),
      schedule: (fn, ms) => {
        const timer = setTimeout(fn, ms);
        return () => clearTimeout(timer);
      },
      onPurchase: (skuId) => {
        track("purchase_success", { sku_id: skuId });
        closeBuyDialog(appStore);
        // With a buy click of this page behind it, the notice says what arrived when the update
        // does (purchaseNotice.ts); otherwise the trade alone is known.
        const specific = purchaseExpected();
        refreshUserAt(timings().purchaseUserRefreshMs, appStore);
        if (!specific) showToast("success", t("purchaseSuccess"));
      },
    });
    const onVisible = () => document.visibilityState === "visible" && poll.resume();
    // The test store tells its opener when it was paid: poll at once instead of waiting.
    const onMessage = (event: MessageEvent) => {
      if (event.origin === accountOrigin() && (event.data as { action?: unknown } | null)?.action === "store-paid") poll.pollNow();
    };
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("message", onMessage);
    poll.start();
    return () => {
      poll.stop();
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("message", onMessage);
    };
  }, [state.open, state.openedAt, flags.isLogin, t]);

  const setTrial = useCallback((index: number, ticked: boolean) => setTrialMap((m) => ({ ...m, [index]: ticked })), []);

  const buy = useCallback(
    (item: PricedSku) => {
      trackPurchaseClick({ sku_id: item.sku.sku_id, plan: item.info.planLabel, price: item.sku.price, tab: appStore.get(buyDialogAtom).tab });
      const current = appStore.get(flagsAtom);
      if (!current.isLogin) {
        openLoginDialog("login");
        return;
      }
      if (!session.current || sessionIdExpired(session.current.createdAt, Date.now())) session.current = { id: newSessionId(), createdAt: Date.now() };
      const base = skuBuyUrl(item.sku, trial[item.index] === true, current.isSubscribed);
      if (!base) {
        console.warn("SKU without a store address", item.sku.sku_id);
        showToast("error", t("noStoreUrl"));
        return;
      }
      const zero = wantsTrial(item.sku, trial[item.index] === true, current.isSubscribed);
      expectPurchase(item);
      const tab = window.open("", "_blank");
      const checkout = () =>
        createCheckout({
          sku_id: item.sku.sku_id ?? "",
          zero: zero ? 1 : 0,
          session: session.current?.id ?? "",
          source: PURCHASE_SOURCE,
          time_zone: timeZone(),
        });
      // The tab opens during the click (popup blockers), then goes to the checkout's page.
      void openCheckout(tab, checkout).then((opened) => {
        if (opened) return;
        forgetPurchase();
        showToast("error", t("noStoreUrl"));
      });
    },
    [trial, t],
  );

  return { data, failed, trial, setTrial, buy };
}
