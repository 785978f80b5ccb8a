/**
 * `shellChunk`: Rollup's `manualChunks` that puts every module the entry imports statically (the
 * shell: React, the router, i18next, core's rules module, the frame and main.tsx itself) into one
 * chunk, "shell".
 *
 * Why: left to itself Rollup splits that code into ~23 chunks by which lazily loaded pages share
 * each module, and a first load then issues and evaluates ~23 module requests before anything
 * renders; on a throttled phone the requests alone cost ~130 ms of the main thread
 * (docs/performance.md). The shell is loaded on every page anyway, so one file costs no byte more (brotli
 * even packs it ~9 KB smaller). Only the static closure of the entries goes there, so the chunk
 * imports nothing statically and no chunk cycle can form. A page chunk imports the shell, so no
 * module of the shell may wait at its top level for a page module (main.tsx renders once the first
 * navigation is done with a promise, not a top-level await: that would never settle).
 */
import type { Rollup } from "vite";
import { staticClosure } from "./closure";

type ManualChunks = (id: string, meta: Rollup.ManualChunkMeta) => string | undefined;

export function shellChunk(): ManualChunks {
  let shell: Set<string> | undefined;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!shell) {
      const entries = [...getModuleIds()].filter((m) => getModuleInfo(m)?.isEntry);
      shell = staticClosure(entries, (m) => getModuleInfo(m)?.importedIds ?? []);
    }
    return shell.has(id) ? "shell" : undefined;
  };
}
