/**
 * The rules a public page's first load does not call live in their own WebAssembly module,
 * `@aivg/core/later` (docs/performance.md), so a first load downloads only the rules it runs. Files
 * only lazily loaded chunks import take it with a static import (the chunk waits for it); code
 * that every page carries but calls only after an action (a click, a login, an upload) asks for
 * it here when it first needs it. A failed download is forgotten, so the next need tries again.
 */
export type Later = typeof import("@aivg/core/later");

let loading: Promise<Later> | null = null;
let loaded: Later | null = null;

/** The later rules, downloaded and instantiated on the first call. */
export function loadLater(): Promise<Later> {
  loading ??= import("@aivg/core/later").then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The later rules if they have arrived, else null: for code whose order matters within one task
 * (the token renewal), which then runs synchronously once they are in.
 */
export function laterIfLoaded(): Later | null {
  return loaded;
}
