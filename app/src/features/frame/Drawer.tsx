/**
 * The phone menu (docs/behaviour/languages-and-routes.md#page-frame). Its dialog (DrawerDialog.tsx,
 * Radix) is rendered from the first opening on (see openedOnce.ts) and loaded then, like the
 * account dialogs (AccountDialog.tsx).
 */
import { lazy, Suspense } from "react";
import { useOpenedOnce } from "../overlays/openedOnce";
import type { DrawerProps } from "./DrawerDialog";

const DrawerDialog = lazy(() => import("./DrawerDialog"));

export function Drawer(props: DrawerProps) {
  const mounted = useOpenedOnce(props.open);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <DrawerDialog {...props} />
    </Suspense>
  );
}
