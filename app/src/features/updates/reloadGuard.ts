/**
 * The reload guard (docs/behaviour/languages-and-routes.md#build-updates "Build updates",
 * #build-updates chunk-loading error): a timestamp in session storage set at each update reload;
 * core's `reloadAllowed` says whether it still blocks another (10 s). Storage failures are
 * tolerated (docs/behaviour/calls-and-errors.md#the-error-catalogue): without storage the reload is
 * allowed, since a loop cannot be detected anyway and a stale page is worse.
 */
import { reloadAllowed } from "@aivg/core/rules";

/** Session-storage key of the guard. */
export const RELOAD_GUARD_KEY = "aivg:reload-guard";

/** When the guard was set (epoch ms), or null. */
export function readReloadGuard(storage: Pick<Storage, "getItem"> | undefined): number | null {
  try {
    const raw = storage?.getItem(RELOAD_GUARD_KEY);
    if (raw == null) return null;
    const at = Number(raw);
    return Number.isFinite(at) ? at : null;
  } catch (error) {
    console.warn("reload guard unreadable", error);
    return null;
  }
}

/**
 * Reloads through `reload` unless the guard blocks it; sets the guard first. Answers whether
 * the reload was started.
 */
export function guardedReload(reload: () => void, nowMs: number, storage: Pick<Storage, "getItem" | "setItem"> | undefined): boolean {
  if (!reloadAllowed(readReloadGuard(storage), nowMs)) return false;
  try {
    storage?.setItem(RELOAD_GUARD_KEY, String(nowMs));
  } catch (error) {
    console.warn("reload guard not saved", error);
  }
  reload();
  return true;
}

/** Whether an error is a failed load of a lazy chunk (Vite, Chromium, Firefox, Safari wording). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error ?? "");
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Unable to preload CSS/i.test(
    message,
  );
}
