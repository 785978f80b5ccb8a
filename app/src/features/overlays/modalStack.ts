/**
 * The modal records of the shell (docs/behaviour/languages-and-routes.md#overlays "Overlays of the
 * shell"): one list of `{ type, data, component, modalLevel }`, shown bottom to top by `modalLevel`
 * (then by opening order). Pure functions, so the rules are tested without React.
 *
 * Decisions (spec: "not shown"):
 * - a record opened with the `id` of an open record replaces it (re-opening a dialog updates it);
 * - only the image-play modal (the image preview) closes on a backdrop click
 *   (docs/behaviour/languages-and-routes.md#overlays); the progress modal ignores Escape too,
 *   because it only ends through its cancel callback.
 */
import type { ComponentType } from "react";
import type { ModalDataMap, ModalType } from "./modalTypes";

/** One open modal. `component` is the slot a caller may fill with its own body. */
export interface ModalRecord<T extends ModalType = ModalType> {
  id: string;
  type: T;
  data: ModalDataMap[T];
  component?: ComponentType<{ record: ModalRecord<T>; close: () => void }>;
  /** Higher levels stack above lower ones; default 0. */
  modalLevel: number;
  /** Opening order, the tie-breaker between equal levels. */
  seq: number;
}

/** The modal whose backdrop click closes it (docs/behaviour/languages-and-routes.md#overlays). */
export const BACKDROP_CLOSES: ReadonlySet<ModalType> = new Set<ModalType>(["imagePreview"]);
/** Modals that only close through their own buttons. */
export const ESCAPE_IGNORED: ReadonlySet<ModalType> = new Set<ModalType>(["progress"]);

/** The list with `record` added (or replacing the record of the same id), in display order. */
export function pushModal(list: readonly ModalRecord[], record: ModalRecord): ModalRecord[] {
  if (!Number.isFinite(record.modalLevel)) {
    throw new Error(`modalLevel must be a finite number, got ${String(record.modalLevel)}`);
  }
  const rest = list.filter((m) => m.id !== record.id);
  return sortModals([...rest, record]);
}

/** The list without the record `id` (unchanged when it is not open). */
export function removeModal(list: readonly ModalRecord[], id: string): ModalRecord[] {
  const next = list.filter((m) => m.id !== id);
  return next.length === list.length ? (list as ModalRecord[]) : next;
}

/** The list without every record of a type. */
export function removeModalsOfType(list: readonly ModalRecord[], type: ModalType): ModalRecord[] {
  return list.filter((m) => m.type !== type);
}

/** Display order: by level, then by opening order. */
export function sortModals(list: readonly ModalRecord[]): ModalRecord[] {
  return [...list].sort((a, b) => a.modalLevel - b.modalLevel || a.seq - b.seq);
}

/** Any open modal locks page scroll (docs/behaviour/languages-and-routes.md#overlays). */
export function locksScroll(list: readonly ModalRecord[]): boolean {
  return list.length > 0;
}

/** The topmost record, the one that receives Escape and backdrop clicks. */
export function topModal(list: readonly ModalRecord[]): ModalRecord | undefined {
  return list[list.length - 1];
}

/** Whether a click on the backdrop of this record closes it. */
export function backdropCloses(record: Pick<ModalRecord, "type">): boolean {
  return BACKDROP_CLOSES.has(record.type);
}

/** Whether Escape closes this record. */
export function escapeCloses(record: Pick<ModalRecord, "type">): boolean {
  return !ESCAPE_IGNORED.has(record.type);
}
