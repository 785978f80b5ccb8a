/**
 * Whether the check-in popup is open, and the close time it records
 * (docs/behaviour/credits-and-checkin.md#daily-check-in: the close button records the close time;
 * core's `checkinAutoShow` keeps a popup closed in this cycle closed). Decision: a guest's close
 * and a signed-in visitor's close are kept apart, so a guest who closes the popup and then signs up
 * is still offered the claim they can now make.
 */
import { atom, appStore } from "../../state/jotai";
import { flagsAtom } from "../session/session";
import { readRaw, writeRaw } from "../session/storage";

export const checkinOpenAtom = atom(false);
/**
 * Whether the automatic popup is still being decided (the status call in flight): other
 * unsolicited popups (the daily ad) wait, so the check-in comes first. True until the first
 * decision (CheckinHost and the ad popups mount together in the header).
 */
export const checkinDecidingAtom = atom(true);

/** Local-storage key of the last close time of a signed-in visitor (name not shown in the spec). */
export const CHECKIN_CLOSED_KEY = "aivg.checkin-closed-at";
/** The same for guests. */
export const CHECKIN_GUEST_CLOSED_KEY = "aivg.checkin-closed-at.guest";

function closedKey(store = appStore): string {
  return store.get(flagsAtom).isLogin ? CHECKIN_CLOSED_KEY : CHECKIN_GUEST_CLOSED_KEY;
}

export function openCheckin(store = appStore): void {
  store.set(checkinOpenAtom, true);
}

export function closeCheckin(store = appStore, nowMs = Date.now()): void {
  store.set(checkinOpenAtom, false);
  writeRaw("local", closedKey(store), String(nowMs));
}

export function lastCheckinCloseMs(store = appStore): number | null {
  const raw = readRaw("local", closedKey(store));
  const value = raw === null ? NaN : Number(raw);
  return Number.isFinite(value) ? value : null;
}
