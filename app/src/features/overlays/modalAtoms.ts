/**
 * The one modal system of the shell: an atom holding the open records, and `openModal` /
 * `closeModal` usable from components and from plain flows (CMS, promotion) alike.
 */
import { atom, appStore } from "../../state/jotai";
import type { ComponentType } from "react";
import { locksScroll, pushModal, removeModal, removeModalsOfType, type ModalRecord } from "./modalStack";
import type { ModalDataMap, ModalType } from "./modalTypes";

/** Every open modal, in display order (bottom first). */
export const modalsAtom = atom<ModalRecord[]>([]);

/** Whether page scroll is locked: any open modal (docs/behaviour/languages-and-routes.md#overlays). */
export const scrollLockedAtom = atom((get) => locksScroll(get(modalsAtom)));

let seq = 0;

export interface OpenModalOptions<T extends ModalType> {
  /** Reuse an id to replace an open record (e.g. to mark a progress modal done). */
  id?: string;
  modalLevel?: number;
  component?: ModalRecord<T>["component"];
}

/** Opens a modal and answers its id. */
export function openModal<T extends ModalType>(type: T, data: ModalDataMap[T], options: OpenModalOptions<T> = {}, store = appStore): string {
  seq += 1;
  const id = options.id ?? `${type}-${seq}`;
  const record = {
    id,
    type,
    data,
    component: options.component,
    modalLevel: options.modalLevel ?? 0,
    seq,
  } as ModalRecord<T>;
  store.set(modalsAtom, (list) => pushModal(list, record as unknown as ModalRecord));
  return id;
}

/** Opens a modal whose body is a caller's component (the record's slot). */
export function openCustomModal(
  component: ComponentType<{ record: ModalRecord<"custom">; close: () => void }>,
  data: Record<string, unknown> = {},
  options: Omit<OpenModalOptions<"custom">, "component"> = {},
  store = appStore,
): string {
  return openModal("custom", data, { ...options, component }, store);
}

/** Closes one modal; closing one that is not open does nothing. */
export function closeModal(id: string, store = appStore): void {
  store.set(modalsAtom, (list) => removeModal(list, id));
}

/** Closes every modal of a type. */
export function closeModalsOfType(type: ModalType, store = appStore): void {
  store.set(modalsAtom, (list) => removeModalsOfType(list, type));
}

/** Closes every modal (e.g. on a full navigation). */
export function closeAllModals(store = appStore): void {
  store.set(modalsAtom, []);
}

/**
 * Guards asked before Escape (or a backdrop click, where it closes) dismisses a record: a body
 * with unsaved work registers one that answers false and asks the user itself.
 */
const dismissGuards = new Map<string, () => boolean>();

/** Sets (or with null removes) the dismiss guard of the open record `id`. */
export function setDismissGuard(id: string, guard: (() => boolean) | null): void {
  if (guard) dismissGuards.set(id, guard);
  else dismissGuards.delete(id);
}

/** Whether Escape or the backdrop may dismiss record `id` now (true without a guard). */
export function mayDismiss(id: string): boolean {
  return dismissGuards.get(id)?.() ?? true;
}
