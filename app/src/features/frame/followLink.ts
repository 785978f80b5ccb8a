/**
 * Following a link by the link rules of docs/behaviour/languages-and-routes.md#links (core's
 * `classifyLink`): a direct link under the main site's AI path goes to the in-app route with its
 * query; other main-site, sub-domain and external links open in a new tab; any other string
 * replaces the location; dangerous schemes (javascript:, data:) are refused. Used where the app
 * opens a URL it was given (ads).
 */
import { classifyLink, type LinkAction } from "@aivg/core/rules";
import { siteOrigin } from "../../env";

export interface LinkDeps {
  navigate: (route: string) => void;
  openTab: (url: string) => void;
  assign: (url: string) => void;
}

const browserDeps = (navigate: (route: string) => void): LinkDeps => ({
  navigate,
  openTab: (url) => void window.open(url, "_blank", "noopener,noreferrer"),
  assign: (url) => window.location.assign(url),
});

/** Follows `href` by the rules; answers what was done. */
export function followLink(href: string, navigate: (route: string) => void, deps: LinkDeps = browserDeps(navigate)): LinkAction["kind"] {
  const action = classifyLink(href, { currentOrigin: window.location.origin, mainSiteOrigin: siteOrigin() });
  switch (action.kind) {
    case "internal":
      deps.navigate(action.route);
      break;
    case "newTab":
      deps.openTab(action.url);
      break;
    case "replace":
      deps.assign(action.url);
      break;
    case "refused":
      break;
  }
  return action.kind;
}
