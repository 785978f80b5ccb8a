/**
 * Prerenders the payloads of the public pages (issue 6 item 8): for every indexable route of
 * core's route table, without its optional parameters, in every language but the zz
 * pseudo-locale, a `{page}/_payload.json` in devalue's format (`devalue.stringify`, which core's
 * `decodePayload` reads). The app loads it with the build id as `_t` (core's `getPagePayload`).
 *
 * A payload holds what the build knows about the page: route name, language, path, route
 * metadata, the title/description/keywords of the page in its language, the build id and the
 * prerender time (a Date, so the decoder's revivers are exercised on every page).
 */
import { addPrefix, languages, routeTable, type LanguageCode, type RouteDef } from "@aivg/core";
import { stringify } from "devalue";

export interface Tdk {
  title: string;
  description: string;
  keywords: string;
}

export interface PublicPage {
  route: RouteDef;
  language: LanguageCode;
  /** Path with the language prefix (none for English). */
  path: string;
}

export interface PrerenderOptions {
  buildId: string;
  timestamp: number;
  /** Title, description and keywords of a route in a language. */
  tdk: (route: RouteDef, language: LanguageCode) => Tdk;
}

/** The unprefixed path of a route without its optional parameters, or null if it needs one. */
export function basePath(route: RouteDef): string | null {
  const segments = route.path.split("/").filter(Boolean);
  const kept: string[] = [];
  for (const segment of segments) {
    if (segment.startsWith(":")) {
      if (!segment.endsWith("?")) return null; // a required parameter: no single page
      continue;
    }
    kept.push(segment);
  }
  return `/${kept.join("/")}`;
}

/** Every public page: indexable, not a redirect, in every language but zz. */
export function publicPages(): PublicPage[] {
  const langs = languages()
    .map((l) => l.code)
    .filter((code) => code !== "zz");
  const pages: PublicPage[] = [];
  for (const route of routeTable()) {
    if (route.noindex || route.redirectTo) continue;
    const base = basePath(route);
    if (base === null) continue;
    for (const language of langs) pages.push({ route, language, path: addPrefix(base, language) });
  }
  return pages;
}

/** Path → payload text, for every public page. Throws when two routes give one path. */
export function prerenderPayloads(options: PrerenderOptions): Map<string, string> {
  const out = new Map<string, string>();
  const prerenderedAt = new Date(options.timestamp);
  for (const { route, language, path } of publicPages()) {
    if (out.has(path)) throw new Error(`two public routes prerender the same path ${path}`);
    out.set(
      path,
      stringify({
        route: route.name,
        language,
        path,
        meta: route.meta,
        tdk: options.tdk(route, language),
        buildId: options.buildId,
        prerenderedAt,
      }),
    );
  }
  return out;
}

/** The file a page's payload is written to, relative to the build folder. */
export function payloadFile(path: string): string {
  return `${path.replace(/^\/+/, "").replace(/\/+$/, "")}/_payload.json`.replace(/^\/+/, "");
}
