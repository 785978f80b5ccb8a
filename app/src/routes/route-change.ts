/**
 * The frame's on-route-change hook point. A feature plugs in by adding a file
 * `src/features/<feature>/on-route-change.ts` that exports `onRouteChange`; it is picked up here at
 * build time (no registration to edit). Hooks run after each committed navigation, first load included
 * (`previous === null`), in feature-name order. A hook may return a cleanup run before its next call.
 */
import type { RouteMatch } from "@aivg/core/rules";
import type { Location, NavigateFunction } from "react-router";

export interface RouteChange {
  /** The previous location; null on the first load of the page. */
  previous: Location | null;
  current: Location;
  /** Core's match of the current path (name, language, params, meta, noindex). */
  match: RouteMatch;
  navigate: NavigateFunction;
}

export type RouteChangeHook = (change: RouteChange) => void | (() => void);

interface HookModule {
  onRouteChange?: RouteChangeHook;
}

const modules = import.meta.glob<HookModule>("../features/*/on-route-change.ts", { eager: true });

/** The registered hooks, in path order. */
export const routeChangeHooks: RouteChangeHook[] = Object.keys(modules)
  .sort()
  .map((path) => modules[path]?.onRouteChange)
  .filter((hook): hook is RouteChangeHook => typeof hook === "function");
