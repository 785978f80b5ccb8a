/**
 * Focus back where it was when a dialog closes. Radix Dialog gives the focus back only to its own
 * `Dialog.Trigger`; the shell's dialogs open from shared state (atoms, the modal stack), so Radix
 * would drop the focus on the page's body. `useOpener` remembers the focused element when the
 * dialog opens, and `returnFocusOnClose` is the Content's `onCloseAutoFocus`.
 */
import { useLayoutEffect, useRef, type RefObject } from "react";

/** The focused element when `open` turned true (a layout effect runs before Radix moves the focus into the dialog). */
export function useOpener(open: boolean): RefObject<HTMLElement | null> {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);
  return opener;
}

/**
 * `onCloseAutoFocus`: focuses the opener while it is still on the page; otherwise Radix's own
 * behaviour. (An entry of the account menu closes the menu before its dialog opens, so the
 * floating menu has already given the focus back to the avatar, which the dialog then records.)
 */
export function returnFocusOnClose(opener: RefObject<HTMLElement | null>): (event: Event) => void {
  return (event) => {
    const target = opener.current;
    if (!target?.isConnected) return;
    event.preventDefault();
    target.focus();
  };
}
