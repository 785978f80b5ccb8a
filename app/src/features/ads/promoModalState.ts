/**
 * The promotion modal's state: open or not, and its last-shown time in local storage
 * (docs/behaviour/ads-and-experiments.md#promotions "Promo modal last-shown interval 1440 minutes",
 * core's `promoModalMayShow`; the key is ours).
 */
import { promoModalMayShow } from "@aivg/core/rules";
import { atom } from "../../state/jotai";
import { readRaw, writeRaw } from "../session/storage";

export const promoModalOpenAtom = atom(false);

/** Local-storage key of the last time the modal showed (epoch ms). */
export const PROMO_MODAL_SHOWN_KEY = "aivg.promo-modal.last-shown";

export function promoModalLastShown(): number | undefined {
  const raw = readRaw("local", PROMO_MODAL_SHOWN_KEY);
  const value = raw === null ? Number.NaN : Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

export function promoModalDue(nowMs = Date.now()): boolean {
  return promoModalMayShow(promoModalLastShown(), nowMs);
}

export function markPromoModalShown(nowMs = Date.now()): void {
  writeRaw("local", PROMO_MODAL_SHOWN_KEY, String(nowMs));
}
