/**
 * The page-content (CMS) flow on route change
 * (docs/behaviour/languages-and-routes.md#page-content), free of React and of the router so its
 * rules are tested with a fake document and fake timers:
 *
 * 1. skipped on the first load and when the path is unchanged;
 * 2. otherwise the old injected blocks are removed, the CMS data of the new path is fetched
 *    without blocking navigation (core's `getCmsDataDebounced`: 300 s cache, shared requests);
 * 3. a server redirect rule answers a client-side redirect, or a full load for an external target;
 * 4. title, description and keywords are applied;
 * 5. head, content and bottom are injected after 50 ms, sanitised, unless the user is logged in
 *    or the session flag `embedmode` is `www-sideapp`
 *    (docs/behaviour/languages-and-routes.md#page-content); the template stylesheet is loaded once,
 *    when content is first injected;
 * 6. links in the injected blocks follow the link rules of
 *    docs/behaviour/languages-and-routes.md#links (core's `classifyLink`): a main-site AI link
 *    opens its internal route, other main-site, sub-domain and external links open a new tab, a
 *    refused scheme does nothing, any other link navigates as links do.
 *
 * Decisions (spec: "not shown"): the redirect and the title/description/keywords apply to every
 * visitor (they are about the page, not promotional blocks); an answer that arrives after the
 * visitor has moved on is dropped; the server sends a rule as `redirect: { to, external }`
 * (server/src/site/cms.rs). A placeholder route (red1-…, red2-…,
 * docs/behaviour/languages-and-routes.md#routes) exists only for its redirect rule, so when a visit
 * starts on one, the first load fetches too, for the redirect only: without a server-side render
 * nothing else would ever send the visitor on.
 */
import { requestConstants, type CmsData, type LinkAction } from "@aivg/core/rules";
import type { CmsSanitizer } from "./sanitize";
import { setHeadTag } from "../meta/head";

const constants = requestConstants();
/** Injection delay after the data arrives (docs/behaviour/languages-and-routes.md#page-content: 50 ms), from core. */
export const CMS_INJECT_DELAY_MS = constants.cmsInjectDelayMs;
/** The session flag value that turns injection off (docs/behaviour/languages-and-routes.md#page-content), from core. */
export const EMBED_MODE_SIDEAPP = constants.embedModeSideapp;
/** Session-storage key of the embed mode flag, from core. */
export const EMBED_MODE_KEY = constants.embedModeKey;
/** The template stylesheet's file name, from core. */
export const TEMPLATE_CSS_FILE = constants.templateCssFile;
/** Marks every node the flow adds, so the next route can remove them. */
export const INJECTED_ATTR = "data-cms-injected";

export type CmsBlock = "head" | "content" | "bottom";

export interface CmsRedirect {
  to: string;
  external: boolean;
}

export interface CmsFlowDeps {
  fetchCms: (path: string) => Promise<CmsData | undefined>;
  isLoggedIn: () => boolean;
  /** The session flag `embedmode` (null when unset or unreadable). */
  embedMode: () => string | null;
  doc: Document;
  /** Client-side navigation: replacing the entry for a redirect, pushing one for a link. */
  navigate: (path: string, replace: boolean) => void;
  /** Full page load, for an external redirect. */
  assign: (url: string) => void;
  /** Absolute URL of template.min.css. */
  stylesheetHref: string;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  /** The HTML sanitiser (loaded on first use). */
  sanitizer: () => Promise<CmsSanitizer>;
  /** Core's link rule for an href of server content (docs/behaviour/languages-and-routes.md#links). */
  classifyLink: (href: string) => LinkAction;
  /** Opens a URL in a new tab. */
  openTab: (url: string) => void;
  /** The accessible name of an injected body block, in the page's language. */
  label: (block: Exclude<CmsBlock, "head">) => string;
  warn?: (message: string, error?: unknown) => void;
}

/** The reason a route change did not fetch, or "fetched". */
export type CmsRouteOutcome = "first-load" | "first-load-redirect" | "unchanged" | "fetched";

/** A `redirect` rule in CMS data, when it is well formed. */
export function cmsRedirect(data: CmsData | undefined): CmsRedirect | undefined {
  const rule = data?.redirect;
  if (!rule || typeof rule !== "object") return undefined;
  const { to, external } = rule as { to?: unknown; external?: unknown };
  if (typeof to !== "string" || to === "") return undefined;
  return { to, external: external === true };
}

/** Whether blocks may be injected for this visitor (docs/behaviour/languages-and-routes.md#page-content). */
export function injectionAllowed(loggedIn: boolean, embedMode: string | null): boolean {
  return !loggedIn && embedMode !== EMBED_MODE_SIDEAPP;
}

export class CmsFlow {
  private lastPath: string | undefined;
  /** Bumped on every route change; an answer for an older one is dropped. */
  private generation = 0;
  private timer: unknown;
  private stylesheetLoaded = false;

  constructor(private readonly deps: CmsFlowDeps) {}

  /**
   * Call on every route change with the new path (no query or hash); `placeholder` when the
   * route exists only for a server redirect rule.
   */
  onRoute(path: string, placeholder = false): CmsRouteOutcome {
    const first = this.lastPath === undefined;
    if (!first && path === this.lastPath) return "unchanged";
    this.lastPath = path;
    if (first && !placeholder) return "first-load";
    this.generation += 1;
    const generation = this.generation;
    if (this.timer !== undefined) this.deps.clearTimeout(this.timer);
    this.timer = undefined;
    this.removeInjected();
    // Not awaited: navigation never waits for the CMS.
    void this.deps
      .fetchCms(path)
      .then((data) => {
        if (generation !== this.generation || !data) return;
        if (first) this.followRedirect(data);
        else this.apply(data, generation);
      })
      .catch((error: unknown) => this.deps.warn?.("CMS data failed", error));
    return first ? "first-load-redirect" : "fetched";
  }

  /** Removes every injected node (head, content, bottom). */
  removeInjected(): void {
    this.deps.doc.querySelectorAll(`[${INJECTED_ATTR}]`).forEach((node) => node.remove());
  }

  /** Follows a redirect rule of the data; answers whether there was one. */
  private followRedirect(data: CmsData): boolean {
    const redirect = cmsRedirect(data);
    if (!redirect) return false;
    if (redirect.external) this.deps.assign(redirect.to);
    else this.deps.navigate(redirect.to, true);
    return true;
  }

  private apply(data: CmsData, generation: number): void {
    if (this.followRedirect(data)) return;
    this.applyTdk(data.tdk);
    if (!injectionAllowed(this.deps.isLoggedIn(), this.deps.embedMode())) return;
    const sanitizer = this.deps.sanitizer(); // loads during the delay
    this.timer = this.deps.setTimeout(() => {
      this.timer = undefined;
      sanitizer
        .then((s) => {
          if (generation === this.generation) this.inject(data, s);
        })
        .catch((error: unknown) => this.deps.warn?.("CMS sanitiser failed to load", error));
    }, CMS_INJECT_DELAY_MS);
  }

  private applyTdk(tdk: CmsData["tdk"]): void {
    if (!tdk) return;
    const { doc } = this.deps;
    if (typeof tdk.title === "string" && tdk.title !== "") doc.title = tdk.title;
    for (const name of ["description", "keywords"] as const) {
      const value = tdk[name];
      if (typeof value === "string" && value !== "") setHeadTag(doc, { name }, value);
    }
  }

  private inject(data: CmsData, sanitizer: CmsSanitizer): void {
    const { doc } = this.deps;
    const head = typeof data.head === "string" ? sanitizer.head(data.head, doc) : [];
    for (const node of head) {
      node.setAttribute(INJECTED_ATTR, "head");
      doc.head.appendChild(node);
    }
    const injectedBody = this.injectBlock("content", data.content, sanitizer) + this.injectBlock("bottom", data.bottom, sanitizer);
    if (injectedBody > 0 && !this.stylesheetLoaded) this.loadStylesheet();
  }

  /** Puts one body block in its slot; answers 1 when something was injected. */
  private injectBlock(block: Exclude<CmsBlock, "head">, html: unknown, sanitizer: CmsSanitizer): number {
    if (typeof html !== "string" || html.trim() === "") return 0;
    const { doc } = this.deps;
    const wrapper = doc.createElement("section");
    wrapper.className = `cms-${block}`;
    wrapper.setAttribute("aria-label", this.deps.label(block));
    wrapper.setAttribute(INJECTED_ATTR, block);
    wrapper.appendChild(sanitizer.html(html, doc));
    wrapper.addEventListener("click", (event) => this.onLinkClick(event));
    // The frame marks where blocks go; without a slot they follow the main content.
    const slot = doc.querySelector(`[data-cms-slot="${block}"]`) ?? doc.querySelector("main") ?? doc.body;
    slot.appendChild(wrapper);
    return 1;
  }

  /** Applies the link rules to a click inside an injected block. */
  private onLinkClick(event: MouseEvent): void {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest?.("a[href]");
    const href = anchor?.getAttribute("href");
    if (!href) return;
    const action = this.deps.classifyLink(href);
    switch (action.kind) {
      case "internal":
        event.preventDefault();
        this.deps.navigate(action.route, false);
        break;
      case "newTab":
        event.preventDefault();
        this.deps.openTab(action.url);
        break;
      case "refused":
        event.preventDefault();
        break;
      case "replace":
        break; // the browser follows the link as usual
    }
  }

  private loadStylesheet(): void {
    const { doc, stylesheetHref } = this.deps;
    this.stylesheetLoaded = true;
    if (doc.head.querySelector("link[data-cms-stylesheet]")) return;
    const link = doc.createElement("link");
    link.rel = "stylesheet";
    link.href = stylesheetHref;
    link.setAttribute("data-cms-stylesheet", "");
    doc.head.appendChild(link);
  }
}
