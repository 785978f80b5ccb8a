/** Core's match of the current location, for components outside the matched route. */
import { matchRoute, type RouteMatch } from "@aivg/core/rules";
import { useMemo } from "react";
import { useLocation } from "react-router";

export function useRouteMatch(): RouteMatch {
  const { pathname } = useLocation();
  return useMemo(() => matchRoute(pathname), [pathname]);
}
