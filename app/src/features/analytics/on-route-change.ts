/** A page view on the first load and on every change of path (docs/behaviour/ads-and-experiments.md#analytics). */
import type { RouteChange } from "../../routes/route-change";
import { trackPageView } from "./events";

export function onRouteChange({ previous, current, match }: RouteChange): void {
  // Redirecting routes (/ → /home) show nothing: the page they lead to counts.
  if (previous?.pathname === current.pathname || match.redirectTo) return;
  trackPageView(match.name, match.language);
}
