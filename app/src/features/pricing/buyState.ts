/**
 * The buy dialog's open state (docs/behaviour/pricing-and-purchase.md#purchase-popup "Buy dialog").
 * The smart choice: membership for free users, credits otherwise (core's `smartPopupTab`). Opening
 * records the expose event and the open time (the payment poll's `time_before` counts from it).
 */
import { smartPopupTab, type BuyTab, type UserType } from "@aivg/core/rules";
import { atom, appStore } from "../../state/jotai";
import { flagsAtom } from "../session/session";
import { track, trackPurchaseExpose } from "../session/track";

export interface BuyDialogState {
  open: boolean;
  tab: BuyTab;
  /** Epoch ms of the opening. */
  openedAt: number;
  /** Membership tab shows the standard tier ("upgrade mode") instead of premium. */
  upgradeMode: boolean;
  /** Activity type that opened it (cleared on close). */
  activity: string | null;
}

export const buyDialogAtom = atom<BuyDialogState>({ open: false, tab: "credits", openedAt: 0, upgradeMode: false, activity: null });

export interface OpenBuyOptions {
  tab?: BuyTab;
  upgradeMode?: boolean;
  activity?: string | null;
}

export function openBuyDialog(options: OpenBuyOptions = {}, store = appStore, nowMs = Date.now()): void {
  const flags = store.get(flagsAtom);
  const tab = options.tab ?? smartPopupTab(flags.planLevel as UserType);
  trackPurchaseExpose({ tab, activity: options.activity ?? null });
  store.set(buyDialogAtom, {
    open: true,
    tab,
    openedAt: nowMs,
    upgradeMode: options.upgradeMode ?? false,
    activity: options.activity ?? null,
  });
}

export function closeBuyDialog(store = appStore): void {
  track("purchase_interface_close", { tab: store.get(buyDialogAtom).tab });
  store.set(buyDialogAtom, (s) => ({ ...s, open: false, activity: null }));
}
