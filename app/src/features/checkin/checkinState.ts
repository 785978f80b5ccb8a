/**
 * Whether the check-in popup is open, and the close time it records (spec 02 §4: the close button
 * records the close time; core's `checkinShouldAutoShow` compares it with the current cycle).
 */
import { atom, appStore } from "../../state/jotai";
import { readRaw, writeRaw } from "../session/storage";

export const checkinOpenAtom = atom(false);

/** Local-storage key of the last close time (name not shown in the spec). */
export const CHECKIN_CLOSED_KEY = "aivg.checkin-closed-at";

export function openCheckin(store = appStore): void {
  store.set(checkinOpenAtom, true);
}

export function closeCheckin(store = appStore, nowMs = Date.now()): void {
  store.set(checkinOpenAtom, false);
  writeRaw("local", CHECKIN_CLOSED_KEY, String(nowMs));
}

export function lastCheckinCloseMs(): number | null {
  const raw = readRaw("local", CHECKIN_CLOSED_KEY);
  const value = raw === null ? NaN : Number(raw);
  return Number.isFinite(value) ? value : null;
}
