/**
 * After each client-side navigation (not the first load), a known newer build reloads the page
 * in full at the new address, limited by the reload guard
 * (docs/behaviour/languages-and-routes.md#build-updates).
 */
import type { RouteChange } from "../../routes/route-change";
import { buildUpdates } from "./updatesService";

export function onRouteChange({ previous, current }: RouteChange): void {
  if (previous === null || previous.key === current.key) return;
  buildUpdates().onNavigation(current.pathname + current.search + current.hash);
}
