/**
 * `compileHints`: the JavaScript a first load runs starts with V8's explicit compile hint
 * `//# allFunctionsCalledOnLoad` (Chrome 136 on; other engines read a comment). Without it V8
 * compiles a function on the main thread when it is first called; with it, it compiles the file's
 * functions eagerly on a background thread while the file streams in. A trace of the image
 * enhancer's throttled load measured 160–200 ms of main-thread `V8.CompileCode` before the LCP
 * without the hint, 7–24 ms with it (docs/performance.md).
 *
 * Which files: those a first load of some page fetches (the entry's static closure and each page
 * route's files, as page-preloads.ts lists them); lazily loaded dialogs and panels, of which a
 * first load runs nothing, keep V8's lazy compilation.
 *
 * The comment goes first in the file as the hint's documentation asks, so this runs after Vite's
 * own `generateBundle` (which prepends its `__vite__mapDeps` helper); like that helper, it changes
 * the code after Rollup hashed it, with the same text in every build, so a file name still names
 * one content.
 */
import type { Plugin, Rollup } from "vite";
import { chunkClosure } from "./closure";
import { routeFiles } from "./page-preloads";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** The file names of the chunks some page's first load fetches. */
export function firstLoadChunks(bundle: Rollup.OutputBundle, sources: Record<string, string>, srcDir: string): Set<string> {
  const entries = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === "chunk" && c.isEntry);
  const names = new Set(chunkClosure(bundle, entries).map((c) => c.fileName));
  for (const files of Object.values(routeFiles(bundle, sources, srcDir, ""))) for (const js of files.js) names.add(js);
  return names;
}

export function compileHints(options: { sources: Record<string, string>; srcDir: string }): Plugin {
  return {
    name: "aivg-compile-hints",
    apply: "build",
    generateBundle: {
      order: "post",
      handler(_output, bundle) {
        for (const name of firstLoadChunks(bundle, options.sources, options.srcDir)) {
          const chunk = bundle[name];
          if (chunk?.type === "chunk" && !chunk.code.startsWith(COMPILE_HINT)) chunk.code = COMPILE_HINT + chunk.code;
        }
      },
    },
  };
}
