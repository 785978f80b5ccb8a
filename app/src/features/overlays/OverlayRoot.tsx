/** The overlays of the shell, mounted once by the frame's OverlaySlot: modals and toasts. */
import { ModalHost } from "./ModalHost";
import { ToastHost } from "./ToastHost";
import { exposeTestHooks } from "./testHooks";

exposeTestHooks();

export function OverlayRoot() {
  return (
    <>
      <ModalHost />
      <ToastHost />
    </>
  );
}
