/**
 * Toasts (docs/behaviour/calls-and-errors.md#toasts: info, warn, success, error; 3000 ms, 200 ms
 * fade, top 100 px + 70 px per toast). Every number comes from core: `toastKind` reads the type,
 * `toastPhase` says whether a toast is visible, fading or gone, `toastTop` where the n-th one sits.
 */
import { atom, appStore } from "../../state/jotai";
import { timings, toastKind, toastPhase, toastTop, type ToastKind } from "@aivg/core/rules";

export interface Toast {
  id: number;
  kind: ToastKind;
  /** Already translated text. */
  text: string;
  /** When it appeared (epoch ms). */
  shownAt: number;
  /** null: core's default (3000 ms); 0 or less: stays until closed. */
  durationMs: number | null;
}

/** The toasts on screen, oldest first (the oldest is at the top). */
export const toastsAtom = atom<Toast[]>([]);

let nextId = 0;

/** A new toast record; `kind` may be any spelling core reads ("Warning" → warn). */
export function makeToast(kind: string, text: string, nowMs: number, durationMs: number | null = null): Toast {
  nextId += 1;
  return { id: nextId, kind: toastKind(kind), text, shownAt: nowMs, durationMs };
}

/** The toasts still on screen at `nowMs` (gone ones dropped). */
export function liveToasts(list: readonly Toast[], nowMs: number): Toast[] {
  return list.filter((t) => toastPhase(nowMs - t.shownAt, t.durationMs) !== "gone");
}

/** Each toast with its phase and top offset: stacked by position among the live ones. */
export function layoutToasts(list: readonly Toast[], nowMs: number) {
  return liveToasts(list, nowMs).map((toast, index) => ({
    toast,
    phase: toastPhase(nowMs - toast.shownAt, toast.durationMs),
    top: toastTop(index),
  }));
}

/** The next moment a toast of the list changes phase, in ms from `nowMs` (undefined: none). */
export function nextToastChange(list: readonly Toast[], nowMs: number): number | undefined {
  const { toastDurationMs, toastFadeMs } = timings();
  let soonest: number | undefined;
  for (const t of list) {
    const duration = t.durationMs ?? toastDurationMs;
    if (duration <= 0) continue; // sticky
    for (const edge of [duration, duration + toastFadeMs]) {
      const wait = t.shownAt + edge - nowMs;
      if (wait > 0 && (soonest === undefined || wait < soonest)) soonest = wait;
    }
  }
  return soonest;
}

/** Shows a toast and answers its id. */
export function showToast(kind: ToastKind | string, text: string, durationMs: number | null = null, store = appStore): number {
  const toast = makeToast(kind, text, Date.now(), durationMs);
  store.set(toastsAtom, (list) => [...liveToasts(list, toast.shownAt), toast]);
  return toast.id;
}

/** Removes a toast at once (its close button). */
export function dismissToast(id: number, store = appStore): void {
  store.set(toastsAtom, (list) => list.filter((t) => t.id !== id));
}
