/** Core's match of the current location, for components outside the matched route. */
import { matchRoute, type RouteMatch } from "@aivg/core/rules";
import { useMemo } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import type { PageData } from "../../routes/page";

/**
 * The page route's loader already asked core (src/routes/page.tsx), so its answer is reused: each
 * call is a conversion of the whole match out of WebAssembly, and the frame, the menu and the
 * metadata all ask on every render. Without page data (a failed page load, a test's own router)
 * core is asked here.
 */
export function useRouteMatch(): RouteMatch {
  const { pathname } = useLocation();
  const page = useRouteLoaderData("page") as PageData | undefined;
  const loaded = page?.match;
  return useMemo(() => loaded ?? matchRoute(pathname), [loaded, pathname]);
}
