/**
 * Icons by name (docs/behaviour/languages-and-routes.md#page-frame: SVG fetched from the image host
 * at /app_static/icons/{name}.svg; docs/behaviour/calls-and-errors.md#the-error-catalogue: a failed
 * fetch or a non-200 answer gives an empty icon, silently).
 *
 * The SVG is never put into the page: Icon draws it as a CSS mask filled with the text colour
 * (the project's icons draw with `currentColor`), and the browser renders a mask image like an
 * `<img>`, with no scripts and no requests of its own. So nothing needs sanitising (the page
 * no longer loads DOMPurify for its icons; docs/performance.md). Whether an icon can be had is learnt
 * by loading it as an image first: a 404, a failed request or a body that is not an image fails
 * that load, and the icon stays empty.
 *
 * One load per name for the life of the page: the promise is cached, so icons rendered at the
 * same time share it, and a failure is cached too, so a missing icon is not asked for again on
 * every render.
 */
import { apiBase } from "../../env";

/** Names the server can have: lowercase letters, digits and dashes (nothing that leaves the folder). */
const NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

const cache = new Map<string, Promise<boolean>>();
const done = new Map<string, boolean>();

/** The URL of an icon. */
export function iconUrl(name: string, base: string = apiBase): string {
  return `${base}/app_static/icons/${name}.svg`;
}

/** Whether the browser can load `url` as an image (never rejects). */
function loadsAsImage(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(true);
    image.onerror = () => resolve(false);
    image.src = url;
  });
}

/** Whether the icon can be drawn (false when it cannot be had). Never rejects. */
export function loadIcon(name: string): Promise<boolean> {
  if (!NAME.test(name)) return Promise.resolve(false);
  let pending = cache.get(name);
  if (!pending) {
    pending = loadsAsImage(iconUrl(name)).then((ok) => {
      done.set(name, ok);
      return ok;
    });
    cache.set(name, pending);
  }
  return pending;
}

/** Whether the icon can be drawn, when already known (so a second icon of a name renders at once). */
export function cachedIcon(name: string): boolean | undefined {
  return done.get(name);
}

/** Forgets every icon (tests). */
export function clearIconCache(): void {
  cache.clear();
  done.clear();
}
