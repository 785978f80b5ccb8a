/**
 * The modal mount point of the frame. The overlays feature fills it by exporting `OverlayRoot` from
 * src/features/overlays/OverlayRoot.tsx; until that file exists the slot renders nothing. Picked up at
 * build time, so the frame has no import to edit.
 */
import type { ComponentType } from "react";

const modules = import.meta.glob<{ OverlayRoot?: ComponentType }>("../overlays/OverlayRoot.tsx", { eager: true });
const OverlayRoot = Object.values(modules)[0]?.OverlayRoot;

export function OverlaySlot() {
  return OverlayRoot ? <OverlayRoot /> : null;
}
