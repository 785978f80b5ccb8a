/**
 * Plugs the CMS flow (cmsFlow.ts) into the frame's on-route-change hook point: one flow per page
 * load, fed the path of every committed navigation; its own first-load and same-path rules apply.
 */
import { classifyLink, getCmsDataDebounced } from "@aivg/core/rules";
import { envText, siteOrigin } from "../../env";
import type { NavigateFunction } from "react-router";
import { i18n } from "../../i18n/setup";
import type { RouteChange } from "../../routes/route-change";
import { CmsFlow, TEMPLATE_CSS_FILE } from "./cmsFlow";
import { loadCmsSanitizer } from "./sanitize";
import { rememberEmbedMode, storedEmbedMode, storedLoggedIn } from "./storageFlags";

/** Where template.min.css lives: the asset host (`VITE_ASSET_HOST`), else this site. */
export function templateStylesheetHref(): string {
  const host = envText("VITE_ASSET_HOST");
  return `${host.replace(/\/+$/, "")}/${TEMPLATE_CSS_FILE}`;
}

function storage(kind: "localStorage" | "sessionStorage"): Storage | undefined {
  try {
    return window[kind];
  } catch {
    return undefined;
  }
}

let navigate: NavigateFunction | undefined;
let flow: CmsFlow | undefined;

function cmsFlow(): CmsFlow {
  flow ??= new CmsFlow({
    fetchCms: getCmsDataDebounced,
    isLoggedIn: () => storedLoggedIn(storage("localStorage"), Date.now()),
    embedMode: () => storedEmbedMode(storage("sessionStorage")),
    doc: document,
    navigate: (to, replace) => void navigate?.(to, { replace }),
    classifyLink: (href) => classifyLink(href, { currentOrigin: window.location.origin, mainSiteOrigin: siteOrigin() }),
    openTab: (url) => void window.open(url, "_blank", "noopener,noreferrer"),
    assign: (url) => window.location.assign(url),
    stylesheetHref: templateStylesheetHref(),
    sanitizer: loadCmsSanitizer,
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
    label: (block) => i18n.t(`cms:region.${block}`),
    warn: (message, error) => console.warn(message, error),
  });
  return flow;
}

/**
 * The placeholder routes of docs/behaviour/languages-and-routes.md#routes (red1-…, red2-…), which
 * exist only for server redirect rules. Core has no predicate for them yet, so their naming pattern
 * decides.
 */
export function isRedirectPlaceholder(routeName: string): boolean {
  return /^red[12]-/.test(routeName);
}

export function onRouteChange(change: RouteChange): void {
  navigate = change.navigate;
  rememberEmbedMode(change.current.search, storage("sessionStorage"));
  cmsFlow().onRoute(change.current.pathname, isRedirectPlaceholder(change.match.name));
}
