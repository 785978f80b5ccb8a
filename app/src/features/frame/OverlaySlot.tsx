/** The modal mount point of the frame: the overlays feature's hosts (modals and toasts). */
import { OverlayRoot } from "../overlays/OverlayRoot";

export function OverlaySlot() {
  return <OverlayRoot />;
}
