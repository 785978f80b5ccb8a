/**
 * The dialog of the account features (sign-in, check-in, promotions, credit history, buying). Its
 * Radix frame (AccountDialogFrame.tsx) is rendered from the first opening on (see openedOnce.ts)
 * and loaded then: Radix Dialog with its focus trap, dismissable layer and scroll lock is ~10 KB
 * a first load does not need (docs/performance.md).
 */
import { lazy, Suspense } from "react";
import { useOpenedOnce } from "../overlays/openedOnce";
import type { AccountDialogProps } from "./AccountDialogFrame";
import "./account.css";

const AccountDialogFrame = lazy(() => import("./AccountDialogFrame"));

export function AccountDialog(props: AccountDialogProps) {
  const mounted = useOpenedOnce(props.open);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <AccountDialogFrame {...props} />
    </Suspense>
  );
}
