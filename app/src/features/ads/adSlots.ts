/**
 * The per-slot local-storage records of docs/behaviour/ads-and-experiments.md#ads (pc_popup,
 * banner, mobile_popup: lastShownDate, closedAt) and the header icon's dismissal key (core's
 * `adDismissalKey`). Whether a slot shows is core's `adSlotVisible` (closed within 24 h, or already
 * shown today → no).
 */
import { adDismissalKey, adSlotVisible, recordAdClosed, recordAdShown, type AdModule, type AdSlot, type AdSlotRecord } from "@aivg/core/rules";
import { atom } from "../../state/jotai";
import { readRaw, writeRaw } from "../session/storage";

/** The header banner is on screen: the header icon (same main_header item) steps aside meanwhile. */
export const bannerShownAtom = atom(false);

/**
 * The daily ad popup of this page load: still to be decided, shown (open or closed since), or not
 * shown. The promotion modal waits for the decision and steps aside for the ad popup.
 */
export const adPopupStateAtom = atom<"pending" | "shown" | "none">("pending");

/** Key of a slot's record (the spec names the fields, not the key). */
export const slotKey = (slot: AdSlot) => `aivg.ad-slot.${slot}`;

let zone: string | undefined;

/**
 * The browser's IANA time zone, read once per page load: building an `Intl.DateTimeFormat` is
 * costly (the ad slots, the promotion countdown's every tick and the halloween banner asked for it
 * again and again: ~40 ms of a first load at 4× CPU throttling, profiled), and a page keeps its zone.
 */
export function timeZone(): string {
  if (zone === undefined) {
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
    } catch {
      zone = "UTC";
    }
  }
  return zone;
}

export function readSlot(slot: AdSlot): AdSlotRecord {
  const raw = readRaw("local", slotKey(slot));
  if (raw === null) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "object" && value !== null ? (value as AdSlotRecord) : {};
  } catch (error) {
    console.warn(`ad slot record ${slot} unreadable`, error);
    return {};
  }
}

export function slotVisible(slot: AdSlot, isLoggedIn: boolean, phone: boolean, nowMs = Date.now()): boolean {
  return adSlotVisible(slot, readSlot(slot), nowMs, timeZone(), isLoggedIn, phone);
}

export function markSlotShown(slot: AdSlot, nowMs = Date.now()): void {
  writeRaw("local", slotKey(slot), JSON.stringify(recordAdShown(readSlot(slot), nowMs, timeZone())));
}

export function markSlotClosed(slot: AdSlot, nowMs = Date.now()): void {
  writeRaw("local", slotKey(slot), JSON.stringify(recordAdClosed(readSlot(slot), nowMs)));
}

export function moduleDismissed(module: AdModule): boolean {
  return readRaw("local", adDismissalKey(module)) !== null;
}

export function dismissModule(module: AdModule, nowMs = Date.now()): void {
  writeRaw("local", adDismissalKey(module), String(nowMs));
}
