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
 * How long the page route's loader waits for its first screen's data (`prefetch`) beyond what the
 * page's module takes. Decided here (the spec says nothing of it): the data's request starts beside
 * the module's and is usually in first, and a page rendered before it renders again when it comes,
 * so its pictures (a tool page's largest element) paint one render later (docs/performance.md); but a
 * slow API must not hold the page for longer than this.
 */
export const FIRST_SCREEN_DATA_WAIT_MS = 400;

const waitAtMost = (data: Promise<void>, ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    void data.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * The page route's loader. The route's validation check
 * (docs/behaviour/languages-and-routes.md#routes) is that core's route for the URL has a module
 * here; failing it is the fatal 404. Redirecting routes (/ and bare prefixes → home, /create →
 * image to video) redirect with the query and hash kept. `prefetch` starts the requests of the
 * page's first screen while its module loads (routes/prefetch.ts); the loader resolves once both
 * are in, or the data has had `FIRST_SCREEN_DATA_WAIT_MS` more.
 */
export function pageLoader(modules: Partial<Record<RouteName, PageModule>>, prefetch: (match: RouteMatch) => Promise<void> = () => Promise.resolve()) {
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
    const data = prefetch(match);
    const Page = (await load()).default;
    await waitAtMost(data, FIRST_SCREEN_DATA_WAIT_MS);
    return { match, Page };
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
