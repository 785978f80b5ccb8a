/**
 * Route loaders. They hold no rule: core's `resolveLanguage`, `matchRoute` and `routeRedirect`
 * decide; the loaders turn the decisions into redirects, errors or route data.
 */
import { matchRoute, routeRedirect, type RouteMatch, type RouteName } from "@aivg/core/rules";
import { redirect, type LoaderFunctionArgs } from "react-router";
import { applyLanguage, decideLanguage } from "../features/language/apply";
import { validationFailed } from "./route-error";

/** Root loader, run on every navigation: language resolution of spec 01 §4. */
export async function languageGuard({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const decision = decideLanguage(url);
  if ("redirectTo" in decision) throw redirect(decision.redirectTo);
  await applyLanguage(decision.language);
  return null;
}

/**
 * Loader of a page route: the route's validation check is that core matches the URL to this very
 * route (core owns the route table; the router only dispatches). A mismatch is the fatal 404 of
 * spec 01 §5. The match (params, metadata, noindex) is the page's loader data.
 */
export function validatedRoute(name: RouteName) {
  return ({ request }: LoaderFunctionArgs): RouteMatch => {
    const url = new URL(request.url);
    let match: RouteMatch;
    try {
      match = matchRoute(url.pathname);
    } catch {
      throw validationFailed(url);
    }
    if (match.name !== name) throw validationFailed(url);
    return match;
  };
}

/** Loader of the redirecting routes (/ and bare prefixes → home, /create → image to video); query kept. */
export function redirectingRoute({ request }: LoaderFunctionArgs): Response {
  const url = new URL(request.url);
  const target = routeRedirect(url.pathname, url.search);
  if (target === undefined) throw validationFailed(url);
  return redirect(target + url.hash);
}
