/**
 * The open modals (docs/behaviour/languages-and-routes.md#overlays): any open modal locks page
 * scroll. The modals themselves (ModalLayers.tsx, Radix Dialog) load when the first one opens, like
 * the account dialogs (AccountDialog.tsx): a first load does not need them (docs/performance.md).
 */
import { lazy, Suspense, useEffect } from "react";
import { useAtomValue } from "../../state/jotai";
import { modalsAtom, scrollLockedAtom } from "./modalAtoms";
import "./overlays.css";

const ModalLayers = lazy(() => import("./ModalLayers"));

/** Locks page scroll while `locked` (restores the previous value after). */
function useScrollLock(locked: boolean): void {
  useEffect(() => {
    if (!locked) return;
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = "hidden";
    root.setAttribute("data-modal-open", "");
    return () => {
      root.style.overflow = previous;
      root.removeAttribute("data-modal-open");
    };
  }, [locked]);
}

export function ModalHost() {
  const modals = useAtomValue(modalsAtom);
  useScrollLock(useAtomValue(scrollLockedAtom));
  if (modals.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ModalLayers modals={modals} />
    </Suspense>
  );
}
