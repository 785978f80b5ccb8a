/**
 * Icons by name (spec 01 §7: SVG fetched from the image host at /app_static/icons/{name}.svg;
 * spec 01 §8, 02 §8: a failed fetch or a non-200 answer gives an empty icon, silently).
 *
 * One fetch per name for the life of the page: the promise is cached, so icons rendered at the same
 * time share it, and a failure is cached too (as ""), so a missing icon is not asked for again on
 * every render. The markup is sanitised with DOMPurify's SVG profile before it reaches the page
 * (loaded on first use, after first paint; the CMS shares the chunk).
 */
import { apiBase } from "../../env";

/** Names the server can have: lowercase letters, digits and dashes (nothing that leaves the folder). */
const NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

const cache = new Map<string, Promise<string>>();
const done = new Map<string, string>();

/** The URL of an icon. */
export function iconUrl(name: string, base: string = apiBase): string {
  return `${base}/app_static/icons/${name}.svg`;
}

async function sanitizeSvg(text: string): Promise<string> {
  const { default: purify } = await import("dompurify");
  const clean = purify.sanitize(text, { USE_PROFILES: { svg: true, svgFilters: true } });
  return typeof clean === "string" && clean.trimStart().startsWith("<svg") ? clean : "";
}

async function load(name: string): Promise<string> {
  try {
    const response = await fetch(iconUrl(name));
    if (response.status !== 200) return "";
    const text = await response.text();
    if (!text.trimStart().startsWith("<svg")) return "";
    return await sanitizeSvg(text);
  } catch {
    return "";
  }
}

/** The icon's sanitised SVG markup, "" when it cannot be had. Never rejects. */
export function loadIcon(name: string): Promise<string> {
  if (!NAME.test(name)) return Promise.resolve("");
  let pending = cache.get(name);
  if (!pending) {
    pending = load(name).then((svg) => {
      done.set(name, svg);
      return svg;
    });
    cache.set(name, pending);
  }
  return pending;
}

/** The markup when already loaded (so a second icon of a name renders at once), else undefined. */
export function cachedIcon(name: string): string | undefined {
  return done.get(name);
}

/** Forgets every icon (tests). */
export function clearIconCache(): void {
  cache.clear();
  done.clear();
}
