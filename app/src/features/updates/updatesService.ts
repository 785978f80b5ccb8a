/**
 * The one BuildUpdates instance of the page, wired to core's client, the browser's timers and
 * session storage; also the chunk-load error handler
 * (docs/behaviour/languages-and-routes.md#build-updates: a full reload, limited by the 10-second
 * guard).
 */
import { getBuildManifest, getLatestBuild, manifestPrefetchDelay } from "@aivg/core/rules";
import type { DataRouter } from "react-router";
import { BUILD_ID } from "./buildInfo";
import { envText } from "../../env";
import { BuildUpdates, DEFAULT_BUILD_POLL_MS } from "./buildUpdates";
import { guardedReload, isChunkLoadError } from "./reloadGuard";

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** `navigator.connection.effectiveType` where the browser has it. */
function effectiveType(): string | undefined {
  const nav = navigator as Navigator & { connection?: { effectiveType?: string } };
  return nav.connection?.effectiveType;
}

function pollMs(): number {
  const text = envText("VITE_BUILD_POLL_MS");
  const configured = text ? Number(text) : NaN;
  return Number.isFinite(configured) && configured > 0 ? configured : DEFAULT_BUILD_POLL_MS;
}

let service: BuildUpdates | undefined;

/** The page's build-update service, started on first use. */
export function buildUpdates(): BuildUpdates {
  if (!service) {
    service = new BuildUpdates({
      currentId: BUILD_ID,
      fetchLatest: getLatestBuild,
      fetchManifest: getBuildManifest,
      prefetchDelayMs: manifestPrefetchDelay(effectiveType() ?? null),
      pollMs: pollMs(),
      reload: (url) => window.location.assign(url),
      now: () => Date.now(),
      storage: sessionStore(),
      setTimeout: (fn, ms) => window.setTimeout(fn, ms),
      setInterval: (fn, ms) => window.setInterval(fn, ms),
      clearTimer: (h) => window.clearTimeout(h as number),
      warn: (message, error) => console.warn(message, error),
    });
    service.start();
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") void service?.check();
    });
    installChunkErrorReload();
  }
  return service;
}

let appRouter: DataRouter | undefined;

/** The router, so a chunk-error reload loads the page being navigated to. */
export function setUpdatesRouter(router: DataRouter): void {
  appRouter = router;
}

/**
 * Reloads after a failed chunk load, unless a reload happened in the last 10 s. The full load
 * goes to the navigation's target when one is pending (the failed chunk was the next page's),
 * else to the current address.
 */
export function reloadForChunkError(error: unknown): boolean {
  if (!isChunkLoadError(error)) return false;
  const target = appRouter?.state.navigation.location ?? window.location;
  const url = target.pathname + target.search + target.hash;
  return guardedReload(() => window.location.assign(url), Date.now(), sessionStore());
}

let chunkHandlerInstalled = false;

/** Vite reports failed preloads as `vite:preloadError`; lazy routes reject with the import error. */
function installChunkErrorReload(): void {
  if (chunkHandlerInstalled) return;
  chunkHandlerInstalled = true;
  window.addEventListener("vite:preloadError", (event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    if (reloadForChunkError(payload ?? new Error("Failed to fetch dynamically imported module"))) event.preventDefault();
  });
  window.addEventListener("unhandledrejection", (event) => {
    if (reloadForChunkError(event.reason)) event.preventDefault();
  });
}
