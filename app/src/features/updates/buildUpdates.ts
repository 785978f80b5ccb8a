/**
 * Build updates (docs/behaviour/languages-and-routes.md#build-updates): the app polls
 * `builds/latest.json` (core's `getLatestBuild`); once the id differs from the running build, the
 * next navigation reloads the whole page, limited by the reload guard. The build manifest
 * (`builds/meta/{id}.json`, core's `getBuildManifest`) is prefetched `manifestPrefetchDelay` after
 * start (1 s, none on slow-2g) and shared with the page-payload loader, which needs its list of
 * prerendered paths.
 *
 * Decisions (spec: "not shown"): the poll runs every hour (Nuxt's default for this check,
 * `VITE_BUILD_POLL_MS` overrides it) and whenever the tab becomes visible again; a failed poll
 * is logged and retried at the next tick.
 */
import type { BuildManifest, LatestBuild } from "@aivg/core/rules";
import { guardedReload } from "./reloadGuard";

/** Default poll period (ms): Nuxt's `checkOutdatedBuildInterval`. */
export const DEFAULT_BUILD_POLL_MS = 3_600_000;

export interface BuildUpdatesDeps {
  /** Id of the running build. */
  currentId: string;
  fetchLatest: () => Promise<LatestBuild>;
  fetchManifest: (id: string) => Promise<BuildManifest | undefined>;
  /** Core's `manifestPrefetchDelay` for the connection (undefined: no prefetch). */
  prefetchDelayMs: number | undefined;
  pollMs: number;
  reload: (url: string) => void;
  now: () => number;
  storage: Pick<Storage, "getItem" | "setItem"> | undefined;
  setTimeout: (fn: () => void, ms: number) => unknown;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  warn?: (message: string, error?: unknown) => void;
}

export class BuildUpdates {
  private outdatedId: string | undefined;
  private manifestPromise: Promise<BuildManifest | undefined> | undefined;
  private timers: unknown[] = [];
  private listeners = new Set<(id: string) => void>();

  constructor(private readonly deps: BuildUpdatesDeps) {}

  /** Starts the poll and schedules the manifest prefetch. */
  start(): void {
    const { prefetchDelayMs, pollMs } = this.deps;
    if (prefetchDelayMs !== undefined) {
      this.timers.push(this.deps.setTimeout(() => void this.manifest(), prefetchDelayMs));
    }
    if (pollMs > 0) this.timers.push(this.deps.setInterval(() => void this.check(), pollMs));
  }

  stop(): void {
    for (const t of this.timers) this.deps.clearTimer(t);
    this.timers = [];
  }

  /** The id of a newer build once one was seen. */
  get newerBuildId(): string | undefined {
    return this.outdatedId;
  }

  /** Called once when a newer build is first seen. */
  onOutdated(listener: (id: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Asks the server for the newest build; answers whether the running one is outdated. */
  async check(): Promise<boolean> {
    try {
      const { id } = await this.deps.fetchLatest();
      if (typeof id === "string" && id !== "" && id !== this.deps.currentId && id !== this.outdatedId) {
        this.outdatedId = id;
        for (const l of this.listeners) l(id);
      }
    } catch (error) {
      this.deps.warn?.("build check failed", error);
    }
    return this.outdatedId !== undefined;
  }

  /**
   * Call after each client-side navigation: when a newer build is known, loads `url` in full
   * (guarded). Answers whether a reload started.
   */
  onNavigation(url: string): boolean {
    if (this.outdatedId === undefined) return false;
    return guardedReload(() => this.deps.reload(url), this.deps.now(), this.deps.storage);
  }

  /** The manifest of the running build, fetched once (undefined when the server has none). */
  manifest(): Promise<BuildManifest | undefined> {
    this.manifestPromise ??= this.deps.fetchManifest(this.deps.currentId).catch((error: unknown) => {
      this.deps.warn?.("build manifest failed", error);
      this.manifestPromise = undefined; // a later caller may try again
      return undefined;
    });
    return this.manifestPromise;
  }
}
