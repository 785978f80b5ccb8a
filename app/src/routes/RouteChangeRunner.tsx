/** Calls the registered on-route-change hooks (see route-change.ts) after each navigation. */
import { matchRoute } from "@aivg/core/rules";
import { useEffect, useRef } from "react";
import { useLocation, useNavigate, type Location } from "react-router";
import { routeChangeHooks, type RouteChangeHook } from "./route-change";

export function RouteChangeRunner({ hooks = routeChangeHooks }: { hooks?: RouteChangeHook[] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const previous = useRef<Location | null>(null);
  const cleanups = useRef<Array<() => void>>([]);

  useEffect(() => {
    for (const cleanup of cleanups.current) cleanup();
    cleanups.current = [];
    const match = matchRoute(location.pathname);
    for (const hook of hooks) {
      try {
        const cleanup = hook({ previous: previous.current, current: location, match, navigate });
        if (typeof cleanup === "function") cleanups.current.push(cleanup);
      } catch (err) {
        console.error("on-route-change hook failed", err);
      }
    }
    previous.current = location;
  }, [location, navigate, hooks]);

  return null;
}
