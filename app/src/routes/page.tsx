/**
 * The one page route (see table.tsx): its loader asks core which route a URL is, follows core's
 * redirect for the redirecting routes, and loads that route's module; the route renders it.
 */
import { matchRoute, routeRedirect, type RouteMatch, type RouteName } from "@aivg/core/rules";
import type { ComponentType } from "react";
import { redirect, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { validationFailed } from "./route-error";

export type PageModule = () => Promise<{ default: ComponentType }>;

/** The page route's data: core's match of the URL and the module that shows it. */
export interface PageData {
  match: RouteMatch;
  Page: ComponentType;
}

/**
 * The page route's loader. The route's validation check (spec 01 §5) is that core's route for the
 * URL has a module here; failing it is the fatal 404. Redirecting routes (/ and bare prefixes →
 * home, /create → image to video) redirect with the query and hash kept. `prefetch` starts the
 * requests of the page's first screen while its module loads (routes/prefetch.ts).
 */
export function pageLoader(modules: Partial<Record<RouteName, PageModule>>, prefetch: (match: RouteMatch) => void = () => {}) {
  return async ({ request }: LoaderFunctionArgs): Promise<PageData | Response> => {
    const url = new URL(request.url);
    const match = matchRoute(url.pathname);
    if (match.redirectTo) {
      const target = routeRedirect(url.pathname, url.search);
      if (target === undefined) throw validationFailed(url);
      return redirect(target + url.hash);
    }
    const load = modules[match.name];
    if (!load) throw validationFailed(url);
    prefetch(match);
    return { match, Page: (await load()).default };
  };
}

/** Core's match of the current page's URL, for the page modules. */
export function usePageMatch(): RouteMatch {
  return (useLoaderData() as PageData).match;
}

export function PageHost() {
  const { Page } = useLoaderData() as PageData;
  return <Page />;
}
