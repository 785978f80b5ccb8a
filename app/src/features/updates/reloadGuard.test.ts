import { timings } from "@aivg/core/rules";
import { describe, expect, it, vi } from "vitest";
import { guardedReload, isChunkLoadError, readReloadGuard, RELOAD_GUARD_KEY } from "./reloadGuard";

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

describe("reload guard (docs/behaviour/languages-and-routes.md#build-updates)", () => {
  const guardMs = timings().reloadGuardMs;

  it("reloads when no guard is set, and sets the guard", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(guardedReload(reload, 1_000_000, storage)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(readReloadGuard(storage)).toBe(1_000_000);
  });

  it("blocks a second reload inside the guard's lifetime and allows it after", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    guardedReload(reload, 1_000_000, storage);
    expect(guardedReload(reload, 1_000_000 + guardMs - 1, storage)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(guardedReload(reload, 1_000_000 + guardMs, storage)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("treats an unreadable guard as absent and still reloads when storage fails", () => {
    const storage = memoryStorage();
    storage.setItem(RELOAD_GUARD_KEY, "garbage");
    expect(readReloadGuard(storage)).toBeNull();
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const reload = vi.fn();
    expect(guardedReload(reload, 5, broken)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it("recognises chunk-load errors of the browsers, and nothing else", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: https://x/assets/a.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/a.css"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});
