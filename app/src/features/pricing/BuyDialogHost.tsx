/**
 * The buy dialog wrapper (docs/behaviour/pricing-and-purchase.md#purchase-popup): mounts the dialog
 * while `buyDialogAtom` says it is open. The dialog itself (OpenBuyDialog.tsx: V3 or legacy) loads
 * on the first opening, not with the page (docs/performance.md: the first load).
 */
import { lazy, Suspense } from "react";
import { useAtomValue } from "../../state/jotai";
import { buyDialogAtom } from "./buyState";

const OpenBuyDialog = lazy(() => import("./OpenBuyDialog"));

export function BuyDialogHost() {
  const { open } = useAtomValue(buyDialogAtom);
  return open ? (
    <Suspense fallback={null}>
      <OpenBuyDialog />
    </Suspense>
  ) : null;
}
